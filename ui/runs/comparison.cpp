#include "ui/runs/comparison.h"

#include "core/artifact/artifact.h"
#include "core/lesson/lessonartifacts.h"
#include "core/timing/statistics.h"

#include <QCoreApplication>

#include <cmath>

using namespace lessonscope;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("Comparison", text);
}

std::optional<double> ratioOf(std::optional<double> a, std::optional<double> b)
{
    if (!a || !b || *a == 0 || !std::isfinite(*a) || !std::isfinite(*b))
        return std::nullopt;
    return *b / *a;
}

// side 0 is A, 1 is B: a panel's only series is named by its origin and takes the side's colour
// (one legend outside the charts names both); several series keep their names, tagged by side.
void addSeries(PlotPanel &merged, const PlotPanel &panel, const QString &origin, int side)
{
    for (const PlotSeries &series : panel.series) {
        PlotSeries copy;
        const bool alone = panel.series.size() == 1;
        copy.label = alone ? origin : QStringLiteral("%1 (%2)").arg(series.label, side == 0 ? QStringLiteral("A") : QStringLiteral("B"));
        copy.colorSlot = alone ? side : -1;
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

std::vector<ComparisonRow> comparisonRows(const Artifact &a, const Artifact &b)
{
    // The lesson's compared figures, by key; a figure that summarises samples adds their spread
    // (MAD, unscaled) and their fastest.
    const LessonSummary sa = summarizeArtifact(a);
    const LessonSummary sb = summarizeArtifact(b);
    std::vector<ComparisonRow> rows;
    for (const Figure &fa : sa.figures) {
        const Figure *fb = sb.figure(fa.key);
        if (!fa.compared || !fb)
            continue;
        const auto row = [&rows](QString name, std::optional<double> x, std::optional<double> y, bool isDuration) {
            rows.push_back({std::move(name), x, y, isDuration, ratioOf(x, y)});
        };
        row(QString::fromStdString(fa.label), fa.value, fb->value, fa.isDuration);
        if (fa.samples.empty() && fb->samples.empty())
            continue;
        const auto spread = [](const Figure &f) -> std::pair<std::optional<double>, std::optional<double>> {
            if (f.samples.empty())
                return {};
            const Statistics stats = summarize(f.samples);
            return {stats.mad, stats.min};
        };
        const auto [madA, minA] = spread(fa);
        const auto [madB, minB] = spread(*fb);
        row(tr("MAD of %1").arg(QString::fromStdString(fa.samplesLabel)), madA, madB, true);
        row(tr("fastest of %1").arg(QString::fromStdString(fa.samplesLabel)), minA, minB, true);
    }
    // The headline's ratio, said once more as the comparison's conclusion.
    if (const Figure *ha = sa.headline(), *hb = sb.headline(); ha && hb) {
        const std::optional<double> ratio = ratioOf(ha->value, hb->value);
        rows.push_back({tr("ratio of %1s (B ÷ A)").arg(QString::fromStdString(ha->label)),
                        ratio ? std::optional<double>(1.0) : std::nullopt, ratio, false, std::nullopt});
    }
    return rows;
}

std::vector<PanelItem> overlayPanels(const Artifact &a, const QString &originA, const Artifact &b,
                                     const QString &originB)
{
    std::vector<PanelItem> fromA = drawable(a);
    std::vector<PanelItem> fromB = drawable(b);
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
    return {QStringLiteral("A: %1").arg(originA), QStringLiteral("B: %1").arg(originB)};
}
