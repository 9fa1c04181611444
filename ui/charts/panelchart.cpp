#include "ui/charts/panelchart.h"

#include "ui/charts/panelchart_p.h"
#include "ui/common/plaintext.h"
#include "ui/charts/seriesthinning.h"
#include "core/artifact/problemlimit.h"
#include "core/base/units.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QGraphicsSimpleTextItem>
#include <QEvent>
#include <QHash>
#include <QLogValueAxis>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <span>

int PanelChart::Impl::columns() const
{
    const int width = static_cast<int>(chart()->plotArea().width());
    return width >= 2 ? width : kThinColumns;
}

void PanelChart::Impl::computeKept(std::size_t s)
{
    kept.resize(panel.series.size());
    const PlotSeries &series = panel.series[s];
    const std::size_t n = std::min(series.x.size(), series.y.size());
    // Zoomed: only the samples in view, plus one beyond each edge so the line runs to the axis.
    std::size_t lo = 0, hi = n;
    const auto xBegin = series.x.begin();
    if (zoomed && std::is_sorted(xBegin, xBegin + static_cast<std::ptrdiff_t>(n))) {
        lo = static_cast<std::size_t>(std::lower_bound(xBegin, xBegin + static_cast<std::ptrdiff_t>(n), viewFrom)
                                      - xBegin);
        hi = static_cast<std::size_t>(std::upper_bound(xBegin, xBegin + static_cast<std::ptrdiff_t>(n), viewTo)
                                      - xBegin);
        lo = lo > 0 ? lo - 1 : 0;
        hi = std::min(n, hi + 1);
    }
    thinnedFor = columns();
    const std::span<const double> xInView(series.x.data() + lo, hi - lo);
    const std::span<const double> yInView(series.y.data() + lo, hi - lo);
    std::vector<std::size_t> indices;
    if (!logX() && !logY()) {
        // Linear axes: the values are where they are drawn, and thinning drops what is not
        // finite, so the series is thinned in place rather than copied (10⁷ points are 80 MB).
        indices = thinMinMax(xInView, yInView, thinnedFor);
    } else {
        // A log axis has no place for what is not positive, and buckets x in log10(x).
        std::vector<double> y(yInView.begin(), yInView.end());
        for (double &v : y) {
            if (!drawable(v))
                v = std::nan("");
        }
        std::vector<double> x(xInView.begin(), xInView.end());
        for (double &v : x)
            v = drawableX(v) ? toAxis(v) : std::nan("");
        indices = thinMinMax(x, y, thinnedFor);
    }
    for (std::size_t &i : indices)
        i += lo;
    kept[s] = std::move(indices);
}

QList<QPointF> PanelChart::Impl::linePoints(std::size_t s) const
{
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(kept[s].size()));
    for (std::size_t i : kept[s])
        points.append(
            QPointF(logX() ? onLogAxis(panel.series[s].x[i]) : panel.series[s].x[i], displayed(panel.series[s].y[i])));
    return points;
}

double PanelChart::Impl::barValue(std::size_t s, qsizetype category) const
{
    const std::vector<double> &y = panel.series[s].y;
    const auto c = static_cast<std::size_t>(category);
    return c < y.size() && drawable(y[c]) ? displayed(y[c]) : 0.0;
}

QString PanelChart::Impl::limitText() const
{
    QStringList parts;
    if (panel.isBar() && panel.labels.size() > kMaxCategories) {
        parts << PanelChart::tr("first %1 of %2 categories drawn")
                     .arg(kMaxCategories)
                     .arg(QString::fromStdString(
                         lessonscope::groupedNumber(static_cast<std::size_t>(panel.labels.size()))));
    }
    if (panel.series.size() > kMaxSeries) {
        parts << PanelChart::tr("and %1 more series not drawn")
                     .arg(QString::fromStdString(lessonscope::groupedNumber(panel.series.size() - kMaxSeries)));
    }
    // Values a log axis cannot hold, drawn at its edge.
    std::size_t clamped = 0;
    for (std::size_t s = 0; (logX() || logY()) && s < drawnSeries(); ++s) {
        const PlotSeries &series = panel.series[s];
        for (std::size_t i = 0; i < series.y.size(); ++i) {
            const double y = scale.toDisplay(series.y[i]);
            const bool beyondY = logY() && drawable(series.y[i]) && (y < kLogAxisLow || y > kLogAxisHigh);
            const bool beyondX = logX() && i < series.x.size() && drawableX(series.x[i])
                && (series.x[i] < kLogAxisLow || series.x[i] > kLogAxisHigh);
            clamped += beyondY || beyondX ? 1 : 0;
        }
    }
    if (clamped > 0) {
        parts << PanelChart::tr("%1 beyond the log axis's 10⁻²⁵⁰ … 10²⁵⁰, drawn at its edge")
                     .arg(clamped == 1 ? PanelChart::tr("1 value")
                                       : PanelChart::tr("%1 values")
                                             .arg(QString::fromStdString(lessonscope::groupedNumber(clamped))));
    }
    return parts.join(QStringLiteral("; "));
}

PanelChart::PanelChart(QWidget *parent) : QWidget(parent), d(std::make_unique<Impl>())
{
    d->view = new QChartView(new QChart, this);
    d->view->setRenderHint(QPainter::Antialiasing);
    // Repaint the whole chart on any change. With the default minimal updates, Qt Charts leaves
    // fragments of markers where points stood before a range change (antialiased markers reach
    // past the bounding rectangles the view repaints); a chart is small enough to redraw whole.
    d->view->setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    d->view->setFrameShape(QFrame::NoFrame);
    d->view->viewport()->setMouseTracking(true);
    d->view->setFocusPolicy(Qt::NoFocus); // the chart itself takes the keys (see keyPressEvent)
    setFocusPolicy(Qt::StrongFocus);
    d->view->viewport()->installEventFilter(this);
    d->chart()->setBackgroundRoundness(0);
    connect(d->chart(), &QChart::plotAreaChanged, this, [this] {
        d->fitCategoryLabels();
        d->placeBarLabels();
        d->placeDecadeLabels();
        d->placeMedianLabel();
        // A wider or narrower plot has more or fewer pixel columns: thin again (once per burst).
        if (d->lines.isEmpty() || d->rethinQueued || d->columns() == d->thinnedFor)
            return;
        d->rethinQueued = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                d->rethinQueued = false;
                if (d->columns() != d->thinnedFor)
                    rethin();
            },
            Qt::QueuedConnection);
    });
    d->chart()->setMargins(QMargins(4, 4, 4, 4));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2); // room for the focus frame (paintEvent)
    layout->addWidget(d->view);
    d->note = new QLabel(this);
    d->note->setObjectName(QStringLiteral("limitNote"));
    d->note->setTextFormat(Qt::PlainText);
    d->note->setForegroundRole(QPalette::PlaceholderText);
    d->note->hide();
    layout->addWidget(d->note);
    d->legend = new QLabel(this);
    d->legend->setObjectName(QStringLiteral("legend"));
    d->legend->setTextFormat(Qt::RichText); // the names are escaped: see updateLegend
    d->legend->setWordWrap(true);
    d->legend->setAlignment(Qt::AlignHCenter);
    d->legend->hide();
    layout->addWidget(d->legend);
    setMinimumSize(280, 240);
}

PanelChart::~PanelChart() = default;

void PanelChart::setPanel(PlotPanel panel)
{
    d->panel = std::move(panel);
    d->inOrder.reset();
    d->zoomed = false;
    rebuild();
}

const PlotPanel &PanelChart::panel() const { return d->panel; }
bool PanelChart::logScale() const { return d->log; }
bool PanelChart::xLogScale() const { return d->logX(); }
const ValueScale &PanelChart::valueScale() const { return d->scale; }

void PanelChart::setLogScale(bool logScale)
{
    if (d->log == logScale)
        return;
    d->log = logScale;
    rebuild();
}

void PanelChart::setSeriesData(int series, std::vector<double> x, std::vector<double> y)
{
    if (series < 0 || static_cast<std::size_t>(series) >= d->panel.series.size())
        return;
    const auto s = static_cast<std::size_t>(series);
    d->panel.series[s].x = std::move(x);
    d->panel.series[s].y = std::move(y);
    if (s >= d->drawnSeries())
        return; // kept for exports, not drawn
    const bool sameShape = d->panel.isLine() && d->lines.size() == static_cast<qsizetype>(d->drawnSeries());
    if (!sameShape || valueScaleFor(d->panel).perUnit != d->scale.perUnit) {
        rebuild(); // the unit changed (or the shape): every point is redrawn in the new unit
        return;
    }
    d->computeKept(s);
    QLineSeries *line = d->lines[series];
    line->replace(d->linePoints(s));
    line->setPointsVisible(line->count() <= Impl::kMarkerLimit);
    updateRanges();
}

void PanelChart::rebuild()
{
    QChart *chart = d->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    for (const Impl::BarLabel &label : d->barLabels)
        delete label.item;
    d->barLabels.clear();
    d->setDecadeLabels(0, 0);
    delete d->medianLabel;
    d->medianLabel = nullptr;
    d->medianLine = nullptr; // removed with the chart's series above
    d->lines.clear();
    d->bars = nullptr;
    d->keyPoint = -1;
    d->scale = valueScaleFor(d->panel);
    d->geometricX = Impl::isGeometricSweep(d->panel);
    d->geometricY = d->geometricX && Impl::spansDecades(d->panel);
    d->lineOnLogX = d->panel.isLine() && (d->panel.logX || d->geometricX);
    d->kept.assign(d->panel.series.size(), {});
    chart->setTitle(lessonscope::chartText(d->panel.title));

    if (d->panel.isBar())
        rebuildBars();
    else if (d->panel.isLine())
        rebuildLines();
    rebuildValueAxis();

    chart->legend()->setVisible(false); // updateLegend names them under the chart, whole
    d->note->setText(d->limitText());
    d->note->setVisible(!d->note->text().isEmpty());
    updateRanges();
    applyPalette();
    setAccessibleDescription(valuesDescription());
}

void PanelChart::rebuildBars()
{
    QChart *chart = d->chart();
    d->bars = new QBarSeries;
    d->bars->setBarWidth(Impl::kBarWidth);
    const qsizetype categories = d->drawnCategories();
    for (std::size_t s = 0; s < d->drawnSeries(); ++s) {
        auto *set = new QBarSet(lessonscope::chartText(d->panel.series[s].label));
        for (qsizetype c = 0; c < categories; ++c)
            set->append(d->barValue(s, c));
        d->bars->append(set);
    }
    // Each bar is labelled with its value in its own readable unit ("1.01 µs" beside
    // "4.42 ms"), which the series' own labels (one format for all) cannot do. Past a few
    // hundred bars the labels would overlap anyway: then the hover text gives the values.
    const bool labelled = static_cast<qsizetype>(d->drawnSeries()) * categories <= Impl::kMaxBarLabels;
    for (std::size_t s = 0; labelled && s < d->drawnSeries(); ++s) {
        for (qsizetype c = 0; c < categories; ++c) {
            const std::vector<double> &y = d->panel.series[s].y;
            const auto ci = static_cast<std::size_t>(c);
            if (ci >= y.size() || !d->drawable(y[ci]))
                continue;
            auto *label = new QGraphicsSimpleTextItem(QString::fromStdString(d->scale.isDuration
                                                                                 ? lessonscope::formatDuration(y[ci])
                                                                                 : lessonscope::formatNumber(y[ci])),
                                                      chart);
            label->setZValue(10);
            d->barLabels.push_back({label, s, c});
        }
    }
    chart->addSeries(d->bars);
    auto *axis = new QBarCategoryAxis;
    d->categoryNames.clear();
    for (qsizetype c = 0; c < categories; ++c)
        d->categoryNames << lessonscope::chartText(d->panel.labels[c]);
    axis->append(d->categoryNames);
    d->categoryStep = 0;            // named as they fit once the plot has its width (fitCategoryLabels)
    axis->setTruncateLabels(false); // a name shown is shown whole; those that do not fit are left out
    axis->setTitleText(lessonscope::chartText(d->panel.xlabel));
    chart->addAxis(axis, Qt::AlignBottom);
    d->bars->attachAxis(axis);
}

void PanelChart::rebuildLines()
{
    QChart *chart = d->chart();
    QAbstractAxis *axis = nullptr;
    if (d->logX()) {
        auto *log = new QLogValueAxis;
        log->setLabelFormat(QStringLiteral("%g"));
        axis = log;
    } else {
        auto *linear = new QValueAxis;
        linear->setTickType(QValueAxis::TicksDynamic);
        linear->setTickAnchor(0);
        axis = linear;
    }
    axis->setTitleText(lessonscope::chartText(d->panel.xlabel));
    chart->addAxis(axis, Qt::AlignBottom);
    for (std::size_t s = 0; s < d->drawnSeries(); ++s) {
        d->computeKept(s);
        auto *line = new QLineSeries;
        line->setName(lessonscope::chartText(d->panel.series[s].label));
        line->replace(d->linePoints(s));
        line->setPointsVisible(line->count() <= Impl::kMarkerLimit);
        line->setMarkerSize(7);
        chart->addSeries(line);
        line->attachAxis(axis);
        d->lines.append(line);
    }
    d->addMedianLine(axis);
}

void PanelChart::rebuildValueAxis()
{
    QChart *chart = d->chart();
    QAbstractAxis *valueAxis = nullptr;
    // The viewer's choice, or the panel's own: a panel whose values lie orders of magnitude
    // apart is drawn on a log axis whatever the toggle says.
    if (d->logY()) {
        auto *axis = new QLogValueAxis;
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(8);
        valueAxis = axis;
    } else {
        auto *axis = new QValueAxis;
        axis->setLabelFormat(QStringLiteral("%g"));
        valueAxis = axis;
    }
    // A logarithmic axis says so, whoever chose it (the lesson's panel, or the viewer's switch).
    const QString title = lessonscope::chartText(d->scale.axisTitle);
    valueAxis->setTitleText(d->logY() ? tr("%1, log scale").arg(title) : title);
    chart->addAxis(valueAxis, Qt::AlignLeft);
    for (QAbstractSeries *series : chart->series())
        series->attachAxis(valueAxis);
}

void PanelChart::updateRanges()
{
    const Impl::DrawnExtent extent = d->drawnExtent();
    d->updateXRange(extent);
    d->updateYRange(extent);
    d->placeBarLabels();
    d->placeMedianLabel();
}
