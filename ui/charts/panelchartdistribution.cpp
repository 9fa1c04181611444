// The chart adapter, continued: a long line of durations shown as its distribution (see
// panelchart.h).
#include "ui/charts/panelchart_p.h"

#include "core/timing/histogram.h"

#include <algorithm>
#include <cmath>

namespace {

constexpr std::size_t kDistributionFrom = 100; // fewer samples read better in order

PlotPanel distributionOf(const PlotPanel &line)
{
    const PlotSeries &series = line.series.front();
    const lessonscope::Histogram histogram = lessonscope::histogramOf(series.y);
    PlotPanel bars;
    bars.kind = QStringLiteral("bar");
    bars.title = PanelChart::tr("%1: distribution").arg(line.title);
    bars.xlabel = PanelChart::tr("duration, from");
    bars.ylabel = PanelChart::tr("calls");
    for (const std::string &label : histogram.labels)
        bars.labels << QString::fromStdString(label);
    PlotSeries counts;
    counts.label = series.label;
    for (std::int64_t count : histogram.counts)
        counts.y.push_back(static_cast<double>(count));
    bars.series.push_back(std::move(counts));
    return bars;
}

} // namespace

bool PanelChart::canShowDistribution() const
{
    const PlotPanel &line = d->inOrder ? *d->inOrder : d->panel;
    if (!line.isLine() || line.series.empty() || !meansSeconds(line.ylabel))
        return false;
    const std::vector<double> &y = line.series.front().y;
    return y.size() >= kDistributionFrom && std::all_of(y.begin(), y.end(), [](double v) { return std::isfinite(v); });
}

void PanelChart::setDistributionShown(bool shown)
{
    if (shown == isDistributionShown() || (shown && !canShowDistribution()))
        return;
    if (shown) {
        d->inOrder = d->panel;
        d->panel = distributionOf(*d->inOrder);
    } else {
        d->panel = *d->inOrder;
        d->inOrder.reset();
    }
    d->zoomed = false;
    rebuild();
}

bool PanelChart::isDistributionShown() const { return d->inOrder.has_value(); }
