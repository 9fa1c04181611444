#include "explorertesting.h"
#include "ui/charts/panelchart.h"
#include "ui/charts/panelcsv.h"
#include "ui/charts/panelexport.h"
#include "ui/artifact/panelsview.h"
#include "ui/charts/valuescale.h"

#include <QAbstractScrollArea>
#include <QChartView>
#include <QCheckBox>
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QGraphicsScene>
#include <QPushButton>
#include <QTest>
#include <QWheelEvent>

#include <cmath>

using namespace explorertesting;

// The chart adapter: bar and line panels with readable units, log scale, hover and exports.
class TestPanelChart : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void durationsReadInOneUnit_data();
    void durationsReadInOneUnit();
    void barPanelGroupsSeries();
    void linePanelKeepsEveryPoint();
    void logScaleKeepsTheValues();
    void logXAxisSpacesDoublingsEvenly();
    void ticksNeverReadAsExponents();
    void screenReadersHearTheValues();
    void warmCallsShowTheirMedian();
    void longSeriesShowAsADistribution();
    void resetZoomShowsEveryRange();
    void hoverShowsExactValueAndSeries();
    void keyboardStepsThroughValues();
    void largeSeriesIsThinned();
    void zoomShowsEverySampleInView();
    void wheelZoomsAndDoubleClickResets();
    void liveDataIsPushedInPlace();
    void unknownKindIsAPlaceholder();
    void exportsPngSvgCsv();
    void valueLabelsNeverOverlap();
    void manyCategoriesAreNamedUpright();
    void aSweepOfSizesIsDrawnOnLogAxes();
    void theMedianLabelCoversNoPoint();
    void theLogBoxSaysWhichPanelsAreAlwaysLogarithmic();
    void theLegendNamesEverySeriesWhole();

private:
    QTemporaryDir m_dir;
};

namespace {

PlotPanel linePanel(std::vector<double> y, const QString &ylabel = QStringLiteral("seconds"))
{
    PlotPanel panel;
    panel.kind = QStringLiteral("line");
    panel.title = QStringLiteral("Warm calls");
    panel.xlabel = QStringLiteral("warm sample");
    panel.ylabel = ylabel;
    PlotSeries series{QStringLiteral("synchronized call"), {}, std::move(y)};
    for (std::size_t i = 0; i < series.y.size(); ++i)
        series.x.push_back(static_cast<double>(i + 1));
    panel.series.push_back(std::move(series));
    return panel;
}

// x = 0, 1, 2, 4 … 64 (a queue depth's doublings, and one point no log axis can hold). Made
// here, not in the test: with these lists inline, GCC 12's AddressSanitizer use-after-return
// frame of the test faulted at its first statement, before any of lessonscope's code ran (see
// resetZoomShowsEveryRange).
PlotPanel doublingsPanel()
{
    PlotPanel panel = linePanel({7e-6, 6e-6, 5e-6, 4e-6, 3e-6, 2e-6, 1e-6, 1e-6});
    panel.series[0].x = {0, 1, 2, 4, 8, 16, 32, 64};
    return panel;
}

PlotPanel eightSamplesPanel() // made here for the reason doublingsPanel() says
{
    return linePanel({1e-6, 2e-6, 3e-6, 4e-6, 5e-6, 6e-6, 7e-6, 8e-6});
}

PlotPanel boundaryPanel()
{
    PlotPanel panel;
    panel.kind = QStringLiteral("bar");
    panel.title = QStringLiteral("Where the timer stops");
    panel.labels = {QStringLiteral("warm median")};
    panel.ylabel = QStringLiteral("seconds");
    panel.series
        = {{QStringLiteral("dispatch only"), {}, {3.1e-7}}, {QStringLiteral("synchronized call"), {}, {8.5e-6}}};
    return panel;
}

} // namespace

void TestPanelChart::initTestCase() { isolateSettings(m_dir); }

void TestPanelChart::durationsReadInOneUnit_data()
{
    QTest::addColumn<double>("largest");
    QTest::addColumn<QString>("axisTitle");
    QTest::newRow("nanoseconds") << 640e-9 << QStringLiteral("time (ns)");
    QTest::newRow("microseconds") << 38.3e-6 << QStringLiteral("time (µs)");
    QTest::newRow("milliseconds") << 0.0292 << QStringLiteral("time (ms)");
    QTest::newRow("seconds") << 1.2 << QStringLiteral("time (s)");
}

void TestPanelChart::durationsReadInOneUnit()
{
    QFETCH(double, largest);
    QFETCH(QString, axisTitle);
    PanelChart chart;
    chart.setPanel(linePanel({largest / 4, largest}));
    QCOMPARE(chart.valueAxisTitle(), axisTitle);
    QVERIFY(chart.valueScale().isDuration);
    // Not durations: shown as written, axis titled by the panel's ylabel.
    chart.setPanel(linePanel({1, 2}, QStringLiteral("GFLOP/s")));
    QCOMPARE(chart.valueAxisTitle(), QStringLiteral("GFLOP/s"));
    QVERIFY(!chart.valueScale().isDuration);
    QCOMPARE(chart.chartPoints(0).at(1).y(), 2.0);
}

void TestPanelChart::barPanelGroupsSeries()
{
    PanelChart chart;
    chart.setPanel(boundaryPanel());
    QCOMPARE(chart.chartSeriesCount(), 2);
    QCOMPARE(chart.chartSeriesName(0), QStringLiteral("dispatch only"));
    QCOMPARE(chart.chartSeriesName(1), QStringLiteral("synchronized call"));
    QVERIFY(chart.legendVisible()); // several series: a legend says which is which
    QCOMPARE(chart.valueAxisTitle(), QStringLiteral("time (µs)"));
    QCOMPARE(chart.chartPoints(1).at(0).y(), 8.5e-6 / 1e-6);
}

void TestPanelChart::linePanelKeepsEveryPoint()
{
    PanelChart chart;
    const std::vector<double> seedWarm
        = {3.833277150988579e-05, 1.7374753952026367e-05, 1.2500211596488953e-05, 8.500181138515472e-06,
           8.20821151137352e-06,  8.458271622657776e-06,  7.125083357095718e-06};
    chart.setPanel(linePanel(seedWarm));
    QCOMPARE(chart.chartSeriesCount(), 1);
    QVERIFY(!chart.legendVisible());
    const QList<QPointF> points = chart.chartPoints(0);
    QCOMPARE(points.size(), 7);
    for (int i = 0; i < 7; ++i) {
        QCOMPARE(points[i].x(), double(i + 1));
        QCOMPARE(points[i].y(), seedWarm[static_cast<std::size_t>(i)] / chart.valueScale().perUnit);
    }
}

void TestPanelChart::logScaleKeepsTheValues()
{
    PanelChart chart;
    chart.setPanel(linePanel({1e-6, 0.0, -1e-6, 1e-3}));
    QCOMPARE(chart.chartPoints(0).size(), 4);
    chart.setLogScale(true);
    QVERIFY(chart.logScale());
    // Non-positive values cannot sit on a log axis: left out, the rest kept exactly.
    const QList<QPointF> points = chart.chartPoints(0);
    QCOMPARE(points.size(), 2);
    QCOMPARE(points[0].y(), 1e-6 / 1e-3);
    QCOMPARE(points[1].y(), 1.0);
    chart.setLogScale(false);
    QCOMPARE(chart.chartPoints(0).size(), 4);

    // A panel's own "yscale": "log" leaves them out too, whatever the toggle says.
    PanelChart own;
    PlotPanel logPanel = linePanel({1e-6, 0.0, -1e-6, 1e-3});
    logPanel.logScale = true;
    own.setPanel(logPanel);
    QCOMPARE(own.chartPoints(0).size(), 2);
}

// No tick reads "8e+06" or "1e-05": plain values beyond 10,000 or below 0.01 are drawn in a power
// of ten the axis title names, and a log axis's ticks are powers of ten as people write them.
void TestPanelChart::ticksNeverReadAsExponents()
{
    QCOMPARE(powerOfTenText(-5), QStringLiteral("10⁻⁵"));
    QCOMPARE(powerOfTenText(-14), QStringLiteral("10⁻¹⁴"));
    QCOMPARE(powerOfTenText(0), QStringLiteral("1"));
    QCOMPARE(powerOfTenText(3), QStringLiteral("1,000"));
    QCOMPARE(powerOfTenText(6), QStringLiteral("10⁶"));

    PanelChart rates;
    rates.setPanel(linePanel({3.85e6, 6.21e6}, QStringLiteral("calls per second")));
    QCOMPARE(rates.valueScale().axisTitle, QStringLiteral("calls per second (millions)"));
    QCOMPARE(rates.chartPoints(0).at(1).y(), 6.21e6 / 1e6);

    PanelChart errors;
    errors.setPanel(linePanel({2.4e-7, 1.6e-6}, QStringLiteral("absolute error")));
    QCOMPARE(errors.valueScale().axisTitle, QStringLiteral("absolute error (× 10⁻⁶)"));
    QCOMPARE(errors.chartPoints(0).at(1).y(), 1.6e-6 / 1e-6);

    PanelChart plain;
    plain.setPanel(linePanel({12, 250}, QStringLiteral("calls")));
    QCOMPARE(plain.valueScale().axisTitle, QStringLiteral("calls")); // nothing to scale

    PlotPanel spread;
    spread.kind = QStringLiteral("bar");
    spread.title = QStringLiteral("Largest error by type");
    spread.labels = {QStringLiteral("float32"), QStringLiteral("float64")};
    spread.ylabel = QStringLiteral("absolute error");
    spread.logScale = true;
    spread.series = {{QStringLiteral("largest error"), {}, {3.22e-5, 6.05e-14}}};
    PanelChart log;
    log.resize(400, 320);
    log.setPanel(spread);
    log.show();
    QVERIFY(QTest::qWaitForWindowExposed(&log));
    QStringList texts;
    for (QGraphicsItem *item : log.findChild<QGraphicsView *>()->scene()->items()) {
        if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item); text && text->isVisible())
            texts << text->text();
    }
    QVERIFY2(texts.contains(QStringLiteral("10⁻⁵")) && texts.contains(QStringLiteral("10⁻¹⁴")),
             qPrintable(texts.join(u' ')));
    QVERIFY2(texts.contains(QStringLiteral("3.22 × 10⁻⁵")), qPrintable(texts.join(u' '))); // the bar's value
    for (const QString &text : std::as_const(texts))
        QVERIFY2(!text.contains(QLatin1Char('e')), qPrintable(text));
}

// A chart's accessible description says its values, as a table would.
void TestPanelChart::screenReadersHearTheValues()
{
    PanelChart bars;
    bars.setPanel(boundaryPanel());
    QCOMPARE(bars.accessibleDescription(),
             QStringLiteral("Bar chart. dispatch only, warm median: 310 ns; synchronized call, warm median: 8.50 µs."));
    PanelChart line;
    line.setPanel(linePanel({8e-6, 9e-6, 1e-5}));
    QCOMPARE(line.accessibleDescription(),
             QStringLiteral("Line chart of seconds against warm sample. synchronized call: 3 points from 8.00 µs to "
                            "10.0 µs, median 9.00 µs."));
}

// A one-series line of durations draws its median, dashed and labelled: the figure a benchmark
// reports, where the samples are. Fewer than five samples, or several series, do not.
void TestPanelChart::warmCallsShowTheirMedian()
{
    const auto labels = [](const PanelChart &chart) {
        QStringList texts;
        for (QGraphicsItem *item : chart.findChild<QGraphicsView *>()->scene()->items()) {
            if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item))
                texts << text->text();
        }
        return texts;
    };
    PanelChart warm;
    warm.setPanel(linePanel({3.8e-5, 1.7e-5, 1.2e-5, 8.5e-6, 8.1e-6, 8.4e-6, 7.1e-6}));
    QVERIFY2(labels(warm).contains(QStringLiteral("median of the 7 shown: 8.50 µs")),
             qPrintable(labels(warm).join(u'|')));
    QCOMPARE(warm.chartPoints(0).size(), 7); // the samples themselves are untouched

    PanelChart few;
    few.setPanel(linePanel({3.8e-5, 1.7e-5, 1.2e-5}));
    QVERIFY(!labels(few).join(u'|').contains(QStringLiteral("median")));
}

// 100,000 samples in order draw a solid band: a long line of durations can be shown as its
// distribution instead, and back.
void TestPanelChart::longSeriesShowAsADistribution()
{
    std::vector<double> samples;
    for (int i = 0; i < 1000; ++i)
        samples.push_back(1e-6 * (1.0 + (i % 10) * 0.01) + (i == 500 ? 1e-3 : 0.0));
    PanelChart chart;
    chart.setPanel(linePanel(samples));
    QVERIFY(chart.canShowDistribution());
    chart.setDistributionShown(true);
    QVERIFY(chart.isDistributionShown());
    QVERIFY(chart.panel().isBar());
    QCOMPARE(chart.panel().labels.size(), 12 + 2); // the bins, the underflow and the overflow
    double total = 0;
    for (double count : chart.panel().series.front().y)
        total += count;
    QCOMPARE(total, 1000.0);                              // every sample in one bin
    QCOMPARE(chart.panel().series.front().y.back(), 1.0); // the interrupted one, above the 99th percentile
    chart.setDistributionShown(false);
    QVERIFY(chart.panel().isLine());
    QCOMPARE(chart.panel().series.front().y.size(), std::size_t(1000));

    PanelChart shortLine;
    shortLine.setPanel(linePanel({1e-6, 2e-6, 3e-6}));
    QVERIFY(!shortLine.canShowDistribution());
}

// The wheel zoom is undone by double-click on a chart, or for every chart by Reset Zoom.
// (Its frame is a real one under AddressSanitizer: GCC 12's use-after-return frame for this
// function faulted at its first statement, before any of lessonscope's code ran.)
__attribute__((no_sanitize("address"))) void TestPanelChart::resetZoomShowsEveryRange()
{
    PanelsView view;
    PanelItem item;
    item.drawable = true;
    item.plot = eightSamplesPanel();
    view.setItems({item});
    view.resize(600, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.resetZoomButton()->isVisible());
    PanelChart *chart = view.charts().constFirst();
    chart->zoomAt(4, 0.5);
    QVERIFY(chart->isZoomed());
    view.resetZoomButton()->click();
    QVERIFY(!chart->isZoomed());
}

// A panel whose file asks for a log axis keeps it with the box unchecked, and the box says so
// instead of reading "off" above a log axis.
void TestPanelChart::theLogBoxSaysWhichPanelsAreAlwaysLogarithmic()
{
    PanelsView view;
    PanelItem linear;
    linear.drawable = true;
    linear.plot = eightSamplesPanel();
    view.setItems({linear});
    QCOMPARE(view.logScaleBox()->text(), QStringLiteral("&Logarithmic value axis"));
    PanelItem ownLog = linear;
    ownLog.plot.logScale = true;
    view.setItems({linear, ownLog});
    QVERIFY(!view.logScaleBox()->isChecked());
    QVERIFY2(view.logScaleBox()->text().contains(QStringLiteral("one panel has one always")),
             qPrintable(view.logScaleBox()->text()));
}

// "xscale": "log" (a line panel's option): x = 1, 2, 4 … 64 lie evenly across the plot, x <= 0
// is left out, the rest kept exactly; zoom works in log10(x). Without it, the same x are linear.
void TestPanelChart::logXAxisSpacesDoublingsEvenly()
{
    PlotPanel panel = doublingsPanel();
    const auto gaps = [](const PanelChart &chart) {
        std::vector<int> widths;
        for (int i = 1; i + 1 < chart.chartPoints(0).size(); ++i)
            widths.push_back(chart.positionOf(0, i + 1).x() - chart.positionOf(0, i).x());
        return widths;
    };
    PanelChart linear;
    linear.resize(640, 400);
    linear.setPanel(panel);
    linear.show();
    QVERIFY(QTest::qWaitForWindowExposed(&linear));
    QVERIFY(!linear.xLogScale());
    QCOMPARE(linear.chartPoints(0).size(), 8);
    const std::vector<int> linearGaps = gaps(linear);
    QVERIFY(linearGaps.back() > 8 * linearGaps.front()); // 32 → 64 is 32 times 1 → 2

    panel.logX = true;
    PanelChart chart;
    chart.resize(640, 400);
    chart.setPanel(panel);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QVERIFY(chart.xLogScale());
    const QList<QPointF> points = chart.chartPoints(0);
    QCOMPARE(points.size(), 7); // x = 0 has no place on a log axis
    QCOMPARE(points.front().x(), 1.0);
    QCOMPARE(points.back().x(), 64.0);
    QCOMPARE(points.back().y(), 1.0); // µs, exactly
    const std::vector<int> logGaps = gaps(chart);
    QCOMPARE(logGaps.size(), std::size_t(5));
    for (int gap : logGaps) {
        QVERIFY(gap > 20);
        QVERIFY2(std::abs(gap - logGaps.front()) <= 2,
                 qPrintable(QStringLiteral("gaps %1 and %2").arg(gap).arg(logGaps.front())));
    }
    const auto [from, to] = chart.xView();
    QVERIFY(from > 0 && from < 1 && to > 64);
    // Zoomed about 8 by half, in log10(x): the view is 8 ÷ r … 8 × r, its ends' ratio halved in log.
    chart.zoomAt(8, 0.5);
    QVERIFY(chart.isZoomed());
    const auto [zoomFrom, zoomTo] = chart.xView();
    QVERIFY(zoomFrom > from && zoomTo < to);
    QVERIFY(std::abs(std::log10(zoomTo / zoomFrom) - 0.5 * std::log10(to / from)) < 1e-9);
    QVERIFY(std::abs(std::log10(8 / zoomFrom) - 0.5 * std::log10(8 / from)) < 1e-9);
    chart.resetXView();
    QVERIFY(!chart.isZoomed());
    // A bar panel has no x axis to make logarithmic.
    PlotPanel bars = boundaryPanel();
    bars.logX = true;
    PanelChart barChart;
    barChart.setPanel(bars);
    QVERIFY(!barChart.xLogScale());
}

void TestPanelChart::hoverShowsExactValueAndSeries()
{
    PanelChart chart;
    chart.resize(500, 360);
    chart.setPanel(linePanel({3.833277150988579e-05, 8.500181138515472e-06}));
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    const QString text = chart.hoverTextAt(chart.positionOf(0, 1));
    QCOMPARE(text, QStringLiteral("synchronized call · warm sample 2: 8.50 µs (8.500181138515472e-06 s)"));
    QCOMPARE(chart.hoverTextAt(QPoint(1, 1)), QString()); // outside the plot: nothing

    QSignalSpy hovered(&chart, &PanelChart::hovered);
    QTest::mouseMove(chart.childAt(chart.positionOf(0, 0)),
                     chart.childAt(chart.positionOf(0, 0))->mapFrom(&chart, chart.positionOf(0, 0)));
    QTRY_VERIFY(!hovered.isEmpty());
    QVERIFY(hovered.last().constFirst().toString().contains(QStringLiteral("38.3 µs")));

    chart.setPanel(boundaryPanel());
    QTRY_VERIFY(
        chart.hoverTextAt(chart.positionOf(0, 0)).startsWith(QStringLiteral("dispatch only · warm median: 310 ns")));
    QVERIFY(chart.hoverTextAt(chart.positionOf(1, 0))
                .startsWith(QStringLiteral("synchronized call · warm median: 8.50 µs")));
}

void TestPanelChart::keyboardStepsThroughValues()
{
    PanelChart chart;
    chart.resize(500, 360);
    chart.setPanel(boundaryPanel());
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCOMPARE(chart.focusPolicy(), Qt::StrongFocus);
    QSignalSpy hovered(&chart, &PanelChart::hovered);
    QTest::keyClick(&chart, Qt::Key_Right);
    QTRY_COMPARE(hovered.count(), 1);
    QVERIFY(hovered.last().constFirst().toString().startsWith(QStringLiteral("dispatch only · warm median: 310 ns")));
    QTest::keyClick(&chart, Qt::Key_Right);
    QVERIFY(
        hovered.last().constFirst().toString().startsWith(QStringLiteral("synchronized call · warm median: 8.50 µs")));
    QTest::keyClick(&chart, Qt::Key_Right); // stays on the last
    QVERIFY(hovered.last().constFirst().toString().startsWith(QStringLiteral("synchronized call")));
    QTest::keyClick(&chart, Qt::Key_Home);
    QVERIFY(hovered.last().constFirst().toString().startsWith(QStringLiteral("dispatch only")));
}

void TestPanelChart::largeSeriesIsThinned()
{
    std::vector<double> y(100'000);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = 1e-6 * (2 + std::sin(static_cast<double>(i) / 1000.0));
    y[77'777] = 5e-5;
    PanelChart chart;
    chart.resize(600, 400);
    chart.show();
    // How fast it draws is bench_gui's to say (docs/performance.md), not a timed test's.
    chart.setPanel(linePanel(y));
    QCoreApplication::processEvents();
    const QList<QPointF> points = chart.chartPoints(0);
    QVERIFY(points.size() <= 4 * PanelChart::kThinColumns);
    QVERIFY(std::any_of(points.begin(), points.end(), [](const QPointF &p) { return p.x() == 77'778.0; }));
    QCOMPARE(chart.panel().series[0].y.size(), y.size()); // the data itself is kept whole (CSV)
}

void TestPanelChart::zoomShowsEverySampleInView()
{
    std::vector<double> y(200'000);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = 1e-6 * (2 + std::sin(static_cast<double>(i) / 7.0));
    PanelChart chart;
    chart.resize(600, 400);
    chart.show();
    chart.setPanel(linePanel(y));
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCoreApplication::processEvents();
    // Thinned for the plot's own width: at most 4 points per pixel column of the plot.
    const QList<QPointF> all = chart.chartPoints(0);
    QVERIFY(!chart.isZoomed());
    QVERIFY(all.size() < 4 * 600);
    QVERIFY(all.size() > 100);

    // Zoomed to 50 samples: every one of them is drawn (one beyond each edge too), none outside.
    chart.setXView(100'000, 100'050);
    QVERIFY(chart.isZoomed());
    QCOMPARE(chart.xView(), qMakePair(100'000.0, 100'050.0));
    const QList<QPointF> zoomed = chart.chartPoints(0);
    QCOMPARE(zoomed.size(), 53);
    QCOMPARE(zoomed.constFirst().x(), 99'999.0);
    QCOMPARE(zoomed.constLast().x(), 100'051.0);

    // Panning past the data stops at its edge, keeping the width.
    chart.setXView(199'990, 200'040);
    QCOMPARE(chart.xView(), qMakePair(199'950.0, 200'000.0));
    QCOMPARE(chart.chartPoints(0).constLast().x(), 200'000.0);

    chart.resetXView();
    QVERIFY(!chart.isZoomed());
    QCOMPARE(chart.chartPoints(0).size(), all.size());
}

void TestPanelChart::wheelZoomsAndDoubleClickResets()
{
    std::vector<double> y(10'000, 1e-6);
    PanelChart chart;
    chart.resize(600, 400);
    chart.show();
    chart.setPanel(linePanel(y));
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QWidget *viewport = chart.findChild<QAbstractScrollArea *>()->viewport();
    const QPointF centre = QRectF(viewport->rect()).center();
    QWheelEvent wheel(centre, viewport->mapToGlobal(centre), {}, QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(viewport, &wheel);
    QVERIFY(chart.isZoomed());
    const auto [from, to] = chart.xView();
    QVERIFY(to - from < 9'999 && to - from > 5'000); // one notch: 0.8 of the range
    QTest::mouseDClick(viewport, Qt::LeftButton, {}, centre.toPoint());
    QVERIFY(!chart.isZoomed());
}

void TestPanelChart::liveDataIsPushedInPlace()
{
    PanelChart chart;
    chart.setPanel(linePanel({}));
    QCOMPARE(chart.chartPoints(0).size(), 0);
    chart.setSeriesData(0, {1, 2, 3}, {4e-6, 5e-6, 6e-6});
    QCOMPARE(chart.chartPoints(0).size(), 3);
    QCOMPARE(chart.valueAxisTitle(), QStringLiteral("time (µs)"));
    // A slower sample changes the unit: every point is shown in the new one.
    chart.setSeriesData(0, {1, 2, 3, 4}, {4e-6, 5e-6, 6e-6, 2e-3});
    QCOMPARE(chart.valueAxisTitle(), QStringLiteral("time (ms)"));
    QCOMPARE(chart.chartPoints(0).at(0).y(), 4e-6 / 1e-3);
}

void TestPanelChart::unknownKindIsAPlaceholder()
{
    const LibraryEntry entry = entryFrom(seedWith("\"kind\": \"bar\"", "\"kind\": \"histogram\""));
    QVERIFY(entry.artifact);
    PanelsView view;
    view.setItems(panelItemsFor(*entry.artifact, entry.problems));
    QCOMPARE(view.charts().size(), 1);
    QCOMPARE(view.placeholderCount(), 1);
    const std::vector<PanelItem> items = panelItemsFor(*entry.artifact, entry.problems);
    QVERIFY(items[0].note.contains(QStringLiteral("histogram")));
    QVERIFY(items[0].rawJson.contains(QStringLiteral("\"histogram\"")));
    QVERIFY(items[0].rawJson.contains(QStringLiteral("0.029204250313341618")));
    // The drawn panel's text is never made: a drawn panel of 10⁷ points would be 200 MB of it.
    QVERIFY(items[1].drawable);
    QVERIFY(items[1].rawJson.isEmpty());
}

void TestPanelChart::exportsPngSvgCsv()
{
    PanelChart chart;
    chart.resize(480, 320);
    chart.setPanel(boundaryPanel());
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));

    const QString png = m_dir.filePath(QStringLiteral("panel.png"));
    QString error;
    QVERIFY2(writePanelExport(chart, PanelsView::Export::Png, png, &error), qPrintable(error));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(qAbs(image.width() - 480) <= 4
            && qAbs(image.height() - 320) <= 4); // the chart as drawn, less the focus frame

    const QString svg = m_dir.filePath(QStringLiteral("panel.svg"));
    QVERIFY2(writePanelExport(chart, PanelsView::Export::Svg, svg, &error), qPrintable(error));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray drawing = svgFile.readAll();
    QVERIFY(drawing.contains("<svg"));
    QVERIFY(drawing.contains("Where the timer stops"));

    const QString csv = m_dir.filePath(QStringLiteral("panel.csv"));
    QVERIFY2(writePanelExport(chart, PanelsView::Export::Csv, csv, &error), qPrintable(error));
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    QCOMPARE(csvFile.readAll(), QByteArray("label,dispatch only,synchronized call\r\nwarm median,3.1e-07,8.5e-06\r\n"));

    // Lines: one row per point, numbers that read back exactly, fields quoted when needed.
    PlotPanel line = linePanel({8.500181138515472e-06, 7.125083357095718e-06});
    line.series[0].label = QStringLiteral("recorded, \"jax\"");
    QCOMPARE(panelToCsv(line),
             QStringLiteral("series,warm sample,seconds\r\n"
                            "\"recorded, \"\"jax\"\"\",1,8.500181138515472e-06\r\n"
                            "\"recorded, \"\"jax\"\"\",2,7.125083357095718e-06\r\n"));
    QVERIFY(!writePanelExport(chart, PanelsView::Export::Csv, QStringLiteral("/nonexistent/dir/x.csv"), &error));
    QVERIFY(!error.isEmpty());
}

namespace {

// The texts drawn over the chart (values, the median's label), as shown.
QList<QGraphicsSimpleTextItem *> shownTexts(const PanelChart &chart)
{
    QList<QGraphicsSimpleTextItem *> texts;
    for (QGraphicsItem *item : chart.findChild<QGraphicsView *>()->scene()->items()) {
        if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item); text && text->isVisible())
            texts << text;
    }
    return texts;
}

PlotPanel crowdedBars()
{
    PlotPanel panel = boundaryPanel();
    panel.labels.clear();
    panel.series = {{QStringLiteral("A"), {}, {}}, {QStringLiteral("B"), {}, {}}, {QStringLiteral("C"), {}, {}}};
    for (int c = 0; c < 8; ++c) {
        panel.labels << QStringLiteral("case %1").arg(c);
        for (std::size_t s = 0; s < 3; ++s)
            panel.series[s].y.push_back(1e-6 * (96.6 + 50 * double(s) + c));
    }
    return panel;
}

} // namespace

// Values over grouped bars in a narrow chart never run into each other ("96.6 µs199 µs…"): those
// without room are left to the hover text.
void TestPanelChart::valueLabelsNeverOverlap()
{
    PanelChart chart;
    chart.resize(320, 260);
    chart.setPanel(crowdedBars());
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCoreApplication::processEvents();
    const QList<QGraphicsSimpleTextItem *> texts = shownTexts(chart);
    QVERIFY(!texts.isEmpty());
    for (qsizetype i = 0; i < texts.size(); ++i) {
        for (qsizetype j = i + 1; j < texts.size(); ++j)
            QVERIFY2(!texts[i]->sceneBoundingRect().intersects(texts[j]->sceneBoundingRect()),
                     qPrintable(texts[i]->text() + QStringLiteral(" / ") + texts[j]->text()));
    }
    QVERIFY(chart.hoverTextAt(chart.positionOf(1, 3)).contains(QStringLiteral("µs"))); // every value still told
}

// A histogram's many bins are named upright, every k-th where all do not fit; never a stack of
// turned labels.
void TestPanelChart::manyCategoriesAreNamedUpright()
{
    PlotPanel panel = boundaryPanel();
    panel.labels.clear();
    panel.series = {{QStringLiteral("calls"), {}, {}}};
    panel.ylabel = QStringLiteral("calls");
    for (int c = 0; c < 30; ++c) {
        panel.labels << QStringLiteral("%1.%2 µs").arg(1 + c / 10).arg(c % 10);
        panel.series[0].y.push_back(double(1 + (c * 7) % 13));
    }
    PanelChart chart;
    chart.resize(360, 280);
    chart.setPanel(panel);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCoreApplication::processEvents();
    QVERIFY(chart.categoryLabelsUpright());
    const QStringList shown = chart.shownCategoryLabels();
    QCOMPARE(shown.size(), 30);
    QCOMPARE(shown.front(), panel.labels.front());
    const auto named = std::count_if(shown.begin(), shown.end(), [](const QString &name) { return !name.isEmpty(); });
    QVERIFY2(named > 1 && named < 30, qPrintable(QString::number(named)));
    chart.resize(2400, 280); // room for all
    QCoreApplication::processEvents();
    QTRY_COMPARE(chart.shownCategoryLabels(), panel.labels);
}

// A sweep of sizes (16, 64, 256, 1024) whose times span decades is drawn on log axes, and the
// value axis says so; samples in order (x = 1, 2, 3, …) are not.
void TestPanelChart::aSweepOfSizesIsDrawnOnLogAxes()
{
    PlotPanel sweep = linePanel({4.6e-6, 1.6e-5, 3.0e-4, 1.2e-2});
    sweep.series[0].x = {16, 64, 256, 1024};
    PanelChart chart;
    chart.setPanel(sweep);
    QVERIFY(chart.xLogScale());
    QVERIFY2(chart.valueAxisTitle().endsWith(QStringLiteral("log scale")), qPrintable(chart.valueAxisTitle()));
    PanelChart inOrder;
    inOrder.setPanel(eightSamplesPanel());
    QVERIFY(!inOrder.xLogScale());
    QVERIFY(!inOrder.valueAxisTitle().contains(QStringLiteral("log")));
    inOrder.setLogScale(true); // the viewer's switch says so too
    QVERIFY(inOrder.valueAxisTitle().endsWith(QStringLiteral("log scale")));
}

// The median's label sits where it covers none of the points, when there is such a place.
void TestPanelChart::theMedianLabelCoversNoPoint()
{
    // The last samples lie just above the median, where the label used to go.
    PanelChart chart;
    chart.resize(420, 300);
    chart.setPanel(linePanel({2e-6, 2e-6, 2e-6, 1e-6, 1e-6, 1e-6, 1.05e-6, 1.05e-6, 1.05e-6}));
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCoreApplication::processEvents();
    QGraphicsSimpleTextItem *median = nullptr;
    for (QGraphicsSimpleTextItem *text : shownTexts(chart)) {
        if (text->text().startsWith(QStringLiteral("median")))
            median = text;
    }
    QVERIFY(median);
    const QRect label = chart.findChild<QGraphicsView *>()->mapFromScene(median->sceneBoundingRect()).boundingRect();
    for (int i = 0; i < 9; ++i) {
        const QPoint point = chart.findChild<QGraphicsView *>()->mapFrom(&chart, chart.positionOf(0, i));
        QVERIFY2(!label.adjusted(-3, -3, 3, 3).contains(point), qPrintable(QString::number(i)));
    }

    // Two interrupted calls of milliseconds put the median of microseconds at the axis's foot:
    // its label goes above the line, inside the plot, not onto the axis's tick labels.
    // Most other calls lie a few pixels above it, so that below the line (off the plot) is where
    // the label would cover fewest points.
    std::vector<double> interrupted(41, 2.7e-6);
    for (std::size_t i = 0; i < 18; ++i)
        interrupted[2 * i + 1] = 1.5e-4;
    interrupted[10] = 4.7e-3;
    interrupted[30] = 3.9e-3;
    PanelChart low;
    low.resize(420, 300);
    low.setPanel(linePanel(interrupted));
    low.show();
    QVERIFY(QTest::qWaitForWindowExposed(&low));
    QCoreApplication::processEvents();
    QGraphicsSimpleTextItem *lowMedian = nullptr;
    for (QGraphicsSimpleTextItem *text : shownTexts(low)) {
        if (text->text().startsWith(QStringLiteral("median")))
            lowMedian = text;
    }
    QVERIFY(lowMedian);
    const QChart *lowChart = qobject_cast<QChartView *>(low.findChild<QGraphicsView *>())->chart();
    QVERIFY2(lowChart->mapRectToScene(lowChart->plotArea()).contains(lowMedian->sceneBoundingRect()),
             qPrintable(QStringLiteral("label at %1,%2 outside the plot area")
                            .arg(lowMedian->sceneBoundingRect().top())
                            .arg(lowMedian->sceneBoundingRect().bottom())));
}

// In a narrow chart the legend wraps under it and names every series whole (never "p…"),
// as text, and an exported image has it.
void TestPanelChart::theLegendNamesEverySeriesWhole()
{
    PlotPanel panel = boundaryPanel();
    panel.series[0].label = QStringLiteral("dispatch only, as a timer stopped at the dispatch reads");
    panel.series[1].label = QStringLiteral("synchronized call <b>with its wait</b>");
    PanelChart chart;
    chart.resize(300, 300);
    chart.setPanel(panel);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QVERIFY(chart.legendVisible());
    QCOMPARE(chart.legendEntries(), (QStringList{panel.series[0].label, panel.series[1].label}));
    auto *legend = chart.findChild<QLabel *>(QStringLiteral("legend"));
    QVERIFY(legend && legend->wordWrap());
    QVERIFY(legend->text().contains(QStringLiteral("&lt;b&gt;with its wait&lt;/b&gt;"))); // shown as text
    QVERIFY(legend->height() > legend->fontMetrics().height() * 1.5);                     // wrapped, not cut
    QCOMPARE(chart.toImage().height(), chart.imageSize().height());
    QVERIFY(chart.imageSize().height()
            >= legend->geometry().bottom() - chart.findChild<QGraphicsView *>()->geometry().top());
    PanelChart single;
    single.setPanel(linePanel({1e-6, 2e-6}));
    QVERIFY(!single.legendVisible()); // one series: the title names it
}

QTEST_MAIN(TestPanelChart)
#include "tst_panelchart.moc"
