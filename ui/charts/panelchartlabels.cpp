// The chart adapter, continued: where the texts drawn over a chart go so that they never cover
// one another or the data — the bars' values, the categories' names, the median's label.
#include "ui/charts/panelchart_p.h"

#include <QBarCategoryAxis>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace {

constexpr double kLabelGap = 4; // px between two texts that are both shown

} // namespace

void PanelChart::Impl::placeBarLabels()
{
    if (!bars || barLabels.empty())
        return;
    const double sets = static_cast<double>(bars->count());
    const double width = kBarWidth / sets;
    // Left to right: a value that would touch one already shown is left to the hover text
    // ("96.6 µs199 µs" never runs together).
    std::vector<std::pair<double, const BarLabel *>> order;
    for (const BarLabel &label : barLabels) {
        const double x
            = static_cast<double>(label.category) - kBarWidth / 2 + (static_cast<double>(label.series) + 0.5) * width;
        const QPointF top = chart()->mapToPosition(QPointF(x, barValue(label.series, label.category)), bars);
        const QRectF box = label.item->boundingRect();
        label.item->setPos(top.x() - box.width() / 2, top.y() - box.height() - 2);
        order.emplace_back(top.x(), &label);
    }
    std::sort(order.begin(), order.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<QRectF> shown;
    const QRectF plot = chart()->plotArea();
    for (const auto &[x, label] : order) {
        const QRectF rect = label->item->sceneBoundingRect().adjusted(-kLabelGap / 2, 0, kLabelGap / 2, 0);
        const bool clear
            = std::none_of(shown.begin(), shown.end(), [&rect](const QRectF &other) { return other.intersects(rect); });
        const bool inside = rect.left() >= plot.left() - kLabelGap && rect.right() <= plot.right() + kLabelGap;
        label->item->setVisible(clear && inside);
        if (clear && inside)
            shown.push_back(rect);
    }
}

void PanelChart::Impl::fitCategoryLabels()
{
    auto *axis = bars ? qobject_cast<QBarCategoryAxis *>(chart()->axes(Qt::Horizontal).value(0)) : nullptr;
    const qsizetype count = drawnCategories();
    if (!axis || count == 0 || categoryNames.size() != count)
        return;
    // Upright, every name if they fit side by side, else every k-th: never a stack of turned
    // labels. The others become distinct invisible names (the axis wants unique ones); the
    // hover text still names every bar.
    const QFontMetricsF metrics(axis->labelsFont());
    double widest = 0;
    for (const QString &name : std::as_const(categoryNames))
        widest = std::max(widest, metrics.horizontalAdvance(name));
    const double slot = chart()->plotArea().width() / static_cast<double>(count);
    const int step = slot > 0 ? std::max(1, static_cast<int>(std::ceil((widest + 2 * kLabelGap) / slot))) : 1;
    if (step == categoryStep)
        return;
    categoryStep = step;
    QStringList shown;
    for (qsizetype c = 0; c < count; ++c)
        shown << (c % step == 0 ? categoryNames[c] : QString(static_cast<int>(c + 1), QChar(0x200B)));
    axis->setCategories(shown);
}

void PanelChart::Impl::placeMedianLabel()
{
    if (!medianLine || !medianLabel || medianLine->count() < 2)
        return;
    const QPointF start = chart()->mapToPosition(medianLine->at(0), medianLine);
    const QPointF end = chart()->mapToPosition(medianLine->at(1), medianLine);
    const QRectF box = medianLabel->boundingRect();
    const QRectF plot = chart()->plotArea();
    // Above the line at its right end, or its left end, or below: wherever it covers fewest of
    // the points drawn, and never out of the plot area onto the axis's labels (a median near
    // the bottom of the axis goes above its line).
    const double right = std::min(end.x(), plot.right()) - box.width() - 4;
    const double left = std::max(start.x(), plot.left()) + 4;
    const QPointF places[] = {{right, end.y() - box.height() - 2},
                              {left, end.y() - box.height() - 2},
                              {right, end.y() + 2},
                              {left, end.y() + 2}};
    std::size_t best = 0;
    int fewest = -1;
    for (std::size_t i = 0; i < std::size(places); ++i) {
        const QRectF rect(places[i], box.size());
        int covered = plot.contains(rect) ? 0 : 1'000'000;
        for (QLineSeries *line : std::as_const(lines)) {
            for (const QPointF &point : line->points())
                covered += rect.adjusted(-4, -4, 4, 4).contains(chart()->mapToPosition(point, line)) ? 1 : 0;
        }
        if (fewest < 0 || covered < fewest) {
            fewest = covered;
            best = i;
        }
    }
    medianLabel->setPos(places[best]);
    medianLabel->setVisible(plot.contains(QPointF(plot.center().x(), end.y())));
}

bool PanelChart::Impl::isGeometricSweep(const PlotPanel &panel)
{
    constexpr std::size_t kMostPoints = 32; // a sweep of sizes, not a series of calls
    if (!panel.isLine() || panel.series.empty())
        return false;
    for (const PlotSeries &series : panel.series) {
        if (series.x.size() < 3 || series.x.size() > kMostPoints)
            return false;
        for (std::size_t i = 0; i < series.x.size(); ++i) {
            const double x = series.x[i];
            if (!(x > 0) || !std::isfinite(x) || (i > 0 && !(x >= 1.5 * series.x[i - 1])))
                return false;
        }
        if (!(series.x.back() >= 50 * series.x.front()))
            return false;
    }
    return true;
}

bool PanelChart::Impl::spansDecades(const PlotPanel &panel)
{
    double low = 0, high = 0;
    for (const PlotSeries &series : panel.series) {
        for (double y : series.y) {
            if (!(y > 0) || !std::isfinite(y))
                return false; // a zero or negative value has no place on a log axis
            low = low > 0 ? std::min(low, y) : y;
            high = std::max(high, y);
        }
    }
    return low > 0 && high >= 100 * low;
}
