// The chart adapter, continued: what a screen reader hears of a chart (see panelchart.h). The
// chart's accessible name is its title; its description says the values, as a table would: a
// bar chart's every value (up to a limit), a line chart's series by count, range and median.
#include "ui/charts/panelchart_p.h"

#include "core/base/units.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace {

constexpr std::size_t kDescribedBars = 24; // beyond, "and 76 more"

} // namespace

QString PanelChart::valueText(double value) const
{
    return QString::fromStdString(d->scale.isDuration ? lessonscope::formatDuration(value)
                                                      : lessonscope::formatNumber(value));
}

QString PanelChart::valuesDescription() const
{
    const PlotPanel &panel = d->panel;
    QStringList parts;
    if (panel.isBar()) {
        std::size_t said = 0, total = 0;
        for (const PlotSeries &series : panel.series) {
            for (qsizetype c = 0; c < panel.labels.size() && static_cast<std::size_t>(c) < series.y.size(); ++c) {
                ++total;
                if (said >= kDescribedBars)
                    continue;
                const QString where = panel.series.size() > 1
                    ? QStringLiteral("%1, %2").arg(series.label, panel.labels[c])
                    : panel.labels[c];
                parts << QStringLiteral("%1: %2").arg(where, valueText(series.y[static_cast<std::size_t>(c)]));
                ++said;
            }
        }
        if (total > said)
            parts << tr("and %1 more")
                         .arg(
                             QString::fromStdString(lessonscope::formatCount(static_cast<std::int64_t>(total - said))));
        return tr("Bar chart. %1.").arg(parts.join(QStringLiteral("; ")));
    }
    for (const PlotSeries &series : panel.series) {
        // Neither copied nor reordered: a copy of 10⁷ values for the median was 80 MB on top of
        // everything a comparison of two such panels holds.
        std::size_t finite = 0;
        double low = std::numeric_limits<double>::infinity(), high = -low;
        for (const double y : series.y) {
            if (!std::isfinite(y))
                continue;
            ++finite;
            low = std::min(low, y);
            high = std::max(high, y);
        }
        if (finite == 0) {
            parts << tr("%1: no values").arg(series.label);
            continue;
        }
        const double middle = lessonscope::medianOfFinite(series.y);
        parts << tr("%1: %2 points from %3 to %4, median %5")
                     .arg(series.label,
                          QString::fromStdString(lessonscope::formatCount(static_cast<std::int64_t>(finite))),
                          valueText(low), valueText(high), valueText(middle));
    }
    return tr("Line chart of %1 against %2. %3.").arg(panel.ylabel, panel.xlabel, parts.join(QStringLiteral("; ")));
}
