// The axes' ranges of PanelChart, from the span of what is drawn: a linear x axis in nice
// steps (whole numbers for sample indices), a log axis in whole decades with room for a bar's
// label, a linear y axis from zero.
#include "ui/charts/panelchart_p.h"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

double niceStep(double raw)
{
    if (!(raw > 0))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / magnitude;
    return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * magnitude;
}

} // namespace

// What the drawn values span: y of the bars and lines, x of the lines' points.
PanelChart::Impl::DrawnExtent PanelChart::Impl::drawnExtent() const
{
    DrawnExtent e;
    const auto include = [&e](double v) {
        e.low = e.any ? std::min(e.low, v) : v;
        e.high = e.any ? std::max(e.high, v) : v;
        e.any = true;
    };
    if (bars) {
        for (std::size_t s = 0; s < drawnSeries(); ++s) {
            const std::vector<double> &y = panel.series[s].y;
            for (qsizetype c = 0; c < drawnCategories() && static_cast<std::size_t>(c) < y.size(); ++c) {
                if (drawable(y[static_cast<std::size_t>(c)]))
                    include(barValue(s, c));
            }
        }
    }
    for (QLineSeries *line : std::as_const(lines)) {
        e.linePoints = std::max(e.linePoints, line->count());
        for (const QPointF &p : line->points()) {
            include(p.y());
            e.xLow = e.anyX ? std::min(e.xLow, p.x()) : p.x();
            e.xHigh = e.anyX ? std::max(e.xHigh, p.x()) : p.x();
            e.anyX = true;
            e.integral = e.integral && p.x() == std::floor(p.x());
        }
    }
    return e;
}

void PanelChart::Impl::updateXRange(DrawnExtent e)
{
    const QList<QAbstractAxis *> horizontal = chart()->axes(Qt::Horizontal);
    if (auto *axis = horizontal.isEmpty() ? nullptr : qobject_cast<QValueAxis *>(horizontal.constFirst())) {
        if (!e.anyX) {
            e.xLow = 1;
            e.xHigh = 2;
        }
        if (zoomed) { // the view, not the points drawn (they reach one beyond each edge)
            e.xLow = viewFrom;
            e.xHigh = viewTo;
            e.integral = e.integral && (e.xHigh - e.xLow) >= 6;
            e.linePoints = std::numeric_limits<int>::max();
        }
        const double step = std::max(niceStep((e.xHigh - e.xLow) / 6), e.integral ? 1.0 : 0.0);
        // A few points sit between ticks with room around them; many fill the axis edge to edge.
        const double pad = e.linePoints <= 30 ? step / 2 : 0;
        // Interval and range in the order that never asks for more ticks than either view has
        // (zooming out from a fine interval would create hundreds of thousands of tick items).
        const bool coarser = step > axis->tickInterval();
        if (coarser)
            axis->setTickInterval(step);
        axis->setRange(e.xLow - pad, e.xHigh > e.xLow ? e.xHigh + pad : e.xLow + pad + step);
        if (!coarser)
            axis->setTickInterval(step);
        axis->setLabelFormat(e.integral ? QStringLiteral("%.0f") : QStringLiteral("%g"));
    }
    if (auto *axis = horizontal.isEmpty() ? nullptr : qobject_cast<QLogValueAxis *>(horizontal.constFirst()))
        updateLogXRange(axis, e.anyX ? e.xLow : 1, e.anyX ? e.xHigh : 10);
}

void PanelChart::Impl::updateYRange(const DrawnExtent &e)
{
    const QList<QAbstractAxis *> vertical = chart()->axes(Qt::Vertical);
    if (vertical.isEmpty())
        return;
    if (auto *axis = qobject_cast<QLogValueAxis *>(vertical.constFirst())) {
        const double lo = e.any && e.low > 0 ? std::pow(10.0, std::floor(std::log10(e.low))) : 1;
        double hi = e.any && e.high > 0 ? std::pow(10.0, std::ceil(std::log10(e.high))) : 10;
        // Headroom: a bar within a third of a decade of the top has no room for its label.
        if (e.any && e.high > 0 && bars && e.high * 3 > hi)
            hi *= 10;
        hi = hi > lo ? hi : lo * 10;
        axis->setRange(lo, hi);
        // A line every few decades when they are many, where the labels are (setDecadeLabels);
        // minor lines help within a few decades, across ten they are a grey wash.
        const int step = decadeStep(lo, hi);
        axis->setBase(std::pow(10.0, step));
        axis->setMinorTickCount(step > 1 ? 0 : 8);
        axis->setMinorGridLineVisible(hi / lo <= 1e3);
        setDecadeLabels(lo, hi);
    } else if (auto *linear = qobject_cast<QValueAxis *>(vertical.constFirst())) {
        setDecadeLabels(0, 0);
        const double lo = e.any ? std::min(e.low, 0.0) : 0;
        const double hi = e.any ? std::max(e.high, 0.0) * (bars ? 1.15 : 1.05) : 1;
        linear->setRange(lo, hi > lo ? hi : lo + 1);
        linear->applyNiceNumbers();
    }
}
