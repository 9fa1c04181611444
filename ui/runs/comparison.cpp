#include "ui/runs/comparison.h"

#include "core/artifact/artifact.h"

#include <cmath>

using namespace lessonscope;

namespace {

// side 0 is A, 1 is B: a panel's only series is named by its origin (one legend outside the
// charts names both); several series keep their names, tagged by side. Each series keeps the
// colour it has in its own artifact's view; the side is told by the drawing (B hatched or dashed),
// so that a colour means one thing in every view.
void addSeries(PlotPanel &merged, const PlotPanel &panel, const QString &origin, int side)
{
    for (std::size_t index = 0; index < panel.series.size(); ++index) {
        const PlotSeries &series = panel.series[index];
        PlotSeries copy;
        const bool alone = panel.series.size() == 1;
        copy.label = alone ? origin : QStringLiteral("%1 (%2)").arg(series.label, side == 0 ? QStringLiteral("A") : QStringLiteral("B"));
        copy.colorSlot = static_cast<int>(index);
        copy.side = side + 1;
        copy.x = series.x;
        if (merged.isBar()) {
            // Re-index the values over the merged categories; a category the panel lacks gets NaN.
            copy.y.assign(static_cast<std::size_t>(merged.labels.size()), std::nan(""));
            for (qsizetype i = 0; i < panel.labels.size() && static_cast<std::size_t>(i) < series.y.size(); ++i)
                copy.y[static_cast<std::size_t>(merged.labels.indexOf(panel.labels[i]))] = series.y[static_cast<std::size_t>(i)];
        } else {
            copy.y = series.y;
        }
        merged.series.push_back(std::move(copy));
    }
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

std::vector<PanelItem> overlayItems(const std::vector<PanelItem> &fromA, const QString &originA,
                                    const std::vector<PanelItem> &fromB, const QString &originB)
{
    std::vector<bool> usedB(fromB.size(), false);
    std::vector<PanelItem> merged;

    const auto take = [&](const PanelItem *itemA, const PanelItem *itemB) {
        PanelItem item = itemA ? *itemA : *itemB;
        item.plot.series.clear();
        if (itemA && itemB && item.plot.isBar()) {
            for (const QString &label : itemB->plot.labels) {
                if (!item.plot.labels.contains(label))
                    item.plot.labels << label;
            }
        }
        if (itemA)
            addSeries(item.plot, itemA->plot, originA, 0);
        if (itemB)
            addSeries(item.plot, itemB->plot, originB, 1);
        item.rawJson.clear();
        merged.push_back(std::move(item));
    };

    for (const PanelItem &itemA : fromA) {
        const PanelItem *match = nullptr;
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
