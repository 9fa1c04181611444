// The chart adapter, continued: zoom and pan of line panels (see panelchart.h). Every view is
// thinned anew for the plot's width in pixel columns, so a 1,000,000-sample series draws a few
// thousand points at any zoom, and zooming in far enough draws every sample.
#include "ui/charts/panelchart_p.h"

#include <QMouseEvent>
#include <QLogValueAxis>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

bool PanelChart::Impl::xExtent(double *from, double *to) const
{
    bool any = false;
    for (const PlotSeries &series : panel.series) {
        for (double x : series.x) {
            if (!drawableX(x))
                continue;
            *from = any ? std::min(*from, x) : x;
            *to = any ? std::max(*to, x) : x;
            any = true;
        }
    }
    return any;
}

void PanelChart::rethin()
{
    if (!d->panel.isLine() || d->lines.size() != static_cast<qsizetype>(d->drawnSeries()))
        return;
    for (std::size_t s = 0; s < d->drawnSeries(); ++s) {
        d->computeKept(s);
        QLineSeries *line = d->lines[static_cast<qsizetype>(s)];
        line->replace(d->linePoints(s));
        line->setPointsVisible(line->count() <= Impl::kMarkerLimit);
    }
    d->keyPoint = -1;
    updateRanges();
}

void PanelChart::setXView(double from, double to)
{
    double low = 0, high = 0;
    if (!d->panel.isLine() || !d->xExtent(&low, &high) || !(high > low) || !d->drawableX(from) || !d->drawableX(to))
        return;
    // In the axis' own units (log10(x) on a logarithmic axis), where a width is a width.
    from = d->toAxis(from);
    to = d->toAxis(to);
    low = d->toAxis(low);
    high = d->toAxis(high);
    if (from > to)
        std::swap(from, to);
    const double width = std::min(to - from, high - low);
    // Clamped to the data, keeping the width (a pan stops at the edge instead of shrinking).
    from = std::clamp(from, low, high - width);
    to = from + width;
    if (!(width > 0) || (from <= low && to >= high)) {
        resetXView();
        return;
    }
    d->zoomed = true;
    d->viewFrom = d->fromAxis(from);
    d->viewTo = d->fromAxis(to);
    rethin();
}

void PanelChart::resetXView()
{
    const bool was = d->zoomed;
    d->zoomed = false;
    if (was)
        rethin();
}

bool PanelChart::isZoomed() const { return d->zoomed; }

QPair<double, double> PanelChart::xView() const
{
    const QList<QAbstractAxis *> horizontal = d->chart()->axes(Qt::Horizontal);
    if (auto *axis = horizontal.isEmpty() ? nullptr : qobject_cast<QValueAxis *>(horizontal.constFirst()))
        return {axis->min(), axis->max()};
    if (auto *axis = horizontal.isEmpty() ? nullptr : qobject_cast<QLogValueAxis *>(horizontal.constFirst()))
        return {axis->min(), axis->max()};
    return {0, 0};
}

void PanelChart::zoomAt(double x, double factor)
{
    if (!d->panel.isLine() || !(factor > 0))
        return;
    const auto [from, to] = d->zoomed ? QPair<double, double>(d->viewFrom, d->viewTo) : xView();
    if (!d->drawableX(x) || !d->drawableX(from) || !d->drawableX(to))
        return;
    // About x in the axis' units: on a logarithmic axis the factor applies to log10(x).
    const double a = std::clamp(d->toAxis(x), d->toAxis(from), d->toAxis(to));
    setXView(d->fromAxis(a - (a - d->toAxis(from)) * factor), d->fromAxis(a + (d->toAxis(to) - a) * factor));
}

// Wheel zooms about the pointer, a left-button drag pans, double-click shows everything.
// Returns true when the event was used.
bool PanelChart::zoomEvent(QEvent *event)
{
    if (!d->panel.isLine() || d->lines.isEmpty())
        return false;
    const QRectF plot = d->chart()->plotArea();
    const auto valueAt = [this](const QPointF &viewportPosition) {
        const QPointF inChart = d->chart()->mapFromScene(d->view->mapToScene(viewportPosition.toPoint()));
        return d->chart()->mapToValue(inChart, d->lines.constFirst()).x();
    };
    switch (event->type()) {
    case QEvent::Wheel: {
        const auto *wheel = static_cast<QWheelEvent *>(event);
        const int steps = wheel->angleDelta().y();
        if (steps == 0)
            return false;
        zoomAt(valueAt(wheel->position()), std::pow(0.8, steps / 120.0));
        return true;
    }
    case QEvent::MouseButtonPress: {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() == Qt::LeftButton && d->zoomed) {
            d->dragFrom = mouse->position().toPoint();
            d->dragViewFrom = d->viewFrom;
            d->dragViewTo = d->viewTo;
        }
        return false;
    }
    case QEvent::MouseMove: {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        if (d->dragFrom.isNull() || !(mouse->buttons() & Qt::LeftButton) || plot.width() < 1)
            return false;
        const double from = d->toAxis(d->dragViewFrom);
        const double to = d->toAxis(d->dragViewTo);
        const double shift = (mouse->position().x() - d->dragFrom.x()) * (to - from) / plot.width();
        setXView(d->fromAxis(from - shift), d->fromAxis(to - shift));
        return true;
    }
    case QEvent::MouseButtonRelease:
        d->dragFrom = QPoint();
        return false;
    case QEvent::MouseButtonDblClick:
        resetXView();
        return true;
    default:
        return false;
    }
}
