#include "ui/runs/comparison.h"

#include "core/artifact/artifact.h"

#include <QHash>

#include <cmath>

using namespace lessonscope;

namespace {

// side 0 is A, 1 is B: a panel's only series is named by its origin (one legend outside the
// charts names both); several series keep their names, tagged by side. Each series keeps the
// colour it has in its own artifact's view; the side is told by the drawing (B hatched or dashed),
// so that a colour means one thing in every view. The panel's data is moved, never copied: two
// artifacts of 10⁷ points each are compared in the memory they already take.
void addSeries(PlotPanel &merged, const QHash<QString, qsizetype> &categoryIndex, PlotPanel &&panel,
               const QString &origin, int side)
{
    const bool alone = panel.series.size() == 1;
    for (std::size_t index = 0; index < panel.series.size(); ++index) {
        PlotSeries &series = panel.series[index];
        PlotSeries moved;
        moved.label = alone
            ? origin
            : QStringLiteral("%1 (%2)").arg(series.label, side == 0 ? QStringLiteral("A") : QStringLiteral("B"));
        moved.colorSlot = static_cast<int>(index);
        moved.side = side + 1;
        moved.x = std::move(series.x);
        if (merged.isBar()) {
            // Re-index the values over the merged categories; a category the panel lacks gets NaN.
            moved.y.assign(static_cast<std::size_t>(merged.labels.size()), std::nan(""));
            for (qsizetype i = 0; i < panel.labels.size() && static_cast<std::size_t>(i) < series.y.size(); ++i)
                moved.y[static_cast<std::size_t>(categoryIndex.value(panel.labels[i]))]
                    = series.y[static_cast<std::size_t>(i)];
        } else {
            moved.y = std::move(series.y);
        }
        merged.series.push_back(std::move(moved));
    }
}

// Two runs of one lesson usually have the same x (sample 1 … n): B's series then hold A's, so a
// comparison of two 10⁷-point panels holds 10⁷ abscissae once.
void shareCommonAbscissae(PlotPanel &merged)
{
    if (!merged.isLine())
        return;
    for (PlotSeries &later : merged.series) {
        for (const PlotSeries &earlier : merged.series) {
            if (&earlier == &later || earlier.side == later.side || later.x.sharesWith(earlier.x))
                continue;
            if (earlier.side < later.side && earlier.x == later.x) {
                later.x = earlier.x;
                break;
            }
        }
    }
}

// A bar panel's categories and then the other's it lacks, each once, with where each one is:
// a hash, since a panel may have hundreds of thousands of categories.
QHash<QString, qsizetype> mergeCategories(QStringList &labels, const QStringList *more)
{
    QHash<QString, qsizetype> index;
    QStringList merged;
    const auto add = [&](const QStringList &from) {
        for (const QString &label : from) {
            if (!index.contains(label)) {
                index.insert(label, merged.size());
                merged << label;
            }
        }
    };
    add(labels);
    if (more)
        add(*more);
    labels = std::move(merged);
    return index;
}

std::vector<PanelItem> drawable(const Artifact &artifact)
{
    std::vector<PanelItem> items;
    for (PanelItem &item : panelItemsFor(artifact, {})) {
        if (item.drawable)
            items.push_back(std::move(item));
    }
    return items;
}

} // namespace

std::vector<PanelItem> overlayPanels(const Artifact &a, const QString &originA, const Artifact &b,
                                     const QString &originB)
{
    return overlayItems(drawable(a), originA, drawable(b), originB);
}

std::vector<PanelItem> overlayItems(std::vector<PanelItem> fromA, const QString &originA, std::vector<PanelItem> fromB,
                                    const QString &originB)
{
    std::vector<bool> usedB(fromB.size(), false);
    std::vector<PanelItem> merged;

    const auto take = [&](PanelItem *itemA, PanelItem *itemB) {
        PanelItem &first = itemA ? *itemA : *itemB;
        PanelItem item;
        item.kind = first.kind;
        item.pointer = first.pointer;
        item.drawable = first.drawable;
        item.note = first.note;
        // The panel's fields without its series, which come from both sides below.
        std::vector<PlotSeries> firstSeries = std::move(first.plot.series);
        first.plot.series.clear();
        item.plot = first.plot;
        first.plot.series = std::move(firstSeries);
        QHash<QString, qsizetype> categoryIndex;
        if (item.plot.isBar())
            categoryIndex = mergeCategories(item.plot.labels, itemA && itemB ? &itemB->plot.labels : nullptr);
        if (itemA)
            addSeries(item.plot, categoryIndex, std::move(itemA->plot), originA, 0);
        if (itemB)
            addSeries(item.plot, categoryIndex, std::move(itemB->plot), originB, 1);
        shareCommonAbscissae(item.plot);
        merged.push_back(std::move(item));
    };

    for (PanelItem &itemA : fromA) {
        PanelItem *match = nullptr;
        for (std::size_t j = 0; j < fromB.size() && !match; ++j) {
            if (!usedB[j] && fromB[j].kind == itemA.kind && fromB[j].plot.title == itemA.plot.title) {
                usedB[j] = true;
                match = &fromB[j];
            }
        }
        take(&itemA, match);
    }
    for (std::size_t j = 0; j < fromB.size(); ++j) {
        if (!usedB[j])
            take(nullptr, &fromB[j]);
    }
    return merged;
}

std::pair<QString, QString> distinctOrigins(const QString &originA, const QString &timeA, const QString &originB,
                                            const QString &timeB)
{
    if (originA != originB)
        return {originA, originB};
    if (timeA != timeB)
        return {QStringLiteral("%1 (%2)").arg(originA, timeA), QStringLiteral("%1 (%2)").arg(originB, timeB)};
    // The same file twice, or two copies: the views put "A: " and "B: " before each label.
    return {QStringLiteral("%1 (first)").arg(originA), QStringLiteral("%1 (second)").arg(originB)};
}
