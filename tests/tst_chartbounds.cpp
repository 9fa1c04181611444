// What the charts draw is bounded (issue 14): text that reaches Qt Charts is elided, and the
// panels, series and categories drawn are capped, each cap said on screen. No test times
// anything: the inputs would cost minutes or gigabytes if drawn whole, and each test checks the
// visible effect of its cap (the text held, the count drawn, the note shown, the image's size).

#include "ui/window/artifactrenderer.h"
#include "ui/artifact/panelitem.h"
#include "ui/artifact/panelsview.h"
#include "ui/charts/panelchart.h"
#include "ui/common/plaintext.h"
#include "ui/runs/comparison.h"
#include "core/lesson/lessonartifacts.h"

#include <QApplication>
#include <QChartView>
#include <QLogValueAxis>
#include <QFile>
#include <QLabel>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

PlotPanel linePanel(int seriesCount, const QString &label = QStringLiteral("s"))
{
    PlotPanel panel;
    panel.kind = QStringLiteral("line");
    panel.title = QStringLiteral("many");
    for (int s = 0; s < seriesCount; ++s)
        panel.series.push_back(PlotSeries{label + QString::number(s), {1, 2, 3}, {1.0 + s, 2, 3}, -1});
    return panel;
}

PlotPanel barPanel(int categories)
{
    PlotPanel panel;
    panel.kind = QStringLiteral("bar");
    panel.title = QStringLiteral("bars");
    PlotSeries series{QStringLiteral("y"), {}, {}, -1};
    for (int c = 0; c < categories; ++c) {
        panel.labels << QString::number(c);
        series.y.push_back(c + 1);
    }
    panel.series.push_back(series);
    return panel;
}

// count panels on log axes, as a file asks for them ("yscale": "log", and "xscale": "log" for
// the lines): every other one a bar of a few categories, the others a line of kLongSeries points.
constexpr std::size_t kLongSeries = 20'000;

std::vector<PanelItem> logPanels(int count)
{
    std::vector<double> x(kLongSeries);
    std::vector<double> y(kLongSeries);
    for (std::size_t i = 0; i < kLongSeries; ++i) {
        x[i] = static_cast<double>(i + 1);
        y[i] = 1.0 + static_cast<double>((i * 7919) % 1000); // up and down: every column keeps its extremes
    }
    const SharedValues sharedX(std::move(x)); // held once for every line, as a panel's x is
    std::vector<PanelItem> items(static_cast<std::size_t>(count));
    for (std::size_t p = 0; p < items.size(); ++p) {
        PanelItem &item = items[p];
        if (p % 2 == 0) {
            item.plot = barPanel(4);
        } else {
            item.plot = linePanel(1);
            item.plot.series.front().x = sharedX;
            item.plot.series.front().y = y;
            item.plot.logX = true;
        }
        item.plot.title = QStringLiteral("log %1").arg(p); // distinct: a comparison pairs them one to one
        item.plot.logScale = true;
        item.kind = item.plot.kind;
        item.drawable = true;
    }
    return items;
}

int logAxesOf(const PanelChart &chart)
{
    const auto axes = chart.findChild<QChartView *>()->chart()->axes();
    return static_cast<int>(std::count_if(axes.cbegin(), axes.cend(), [](const QAbstractAxis *axis) {
        return qobject_cast<const QLogValueAxis *>(axis);
    }));
}

// Every chart is on log axes (bars: the value axis; lines: both), and each long series keeps all
// its points while it draws no more than thinning leaves of them.
void checkLogCharts(const QList<PanelChart *> &charts, int seriesEach)
{
    for (const PanelChart *chart : charts) {
        QCOMPARE(chart->chartSeriesCount(), seriesEach);
        QCOMPARE(logAxesOf(*chart), chart->panel().isLine() ? 2 : 1);
        if (!chart->panel().isLine())
            continue;
        for (int s = 0; s < seriesEach; ++s) {
            QCOMPARE(chart->panel().series[static_cast<std::size_t>(s)].y.size(), kLongSeries);
            const qsizetype drawn = chart->chartPoints(s).size();
            QVERIFY2(drawn > 0 && drawn <= 4 * PanelChart::kThinColumns, qPrintable(QString::number(drawn)));
        }
    }
}

QString noteOf(const QWidget &widget, const char *name)
{
    const auto *label = widget.findChild<QLabel *>(QLatin1String(name));
    return label && !label->isHidden() ? label->text() : QString();
}

} // namespace

class TestChartBounds : public QObject
{
    Q_OBJECT

private slots:
    void chartTextIsElided();
    void longAxisTitleIsElided();
    void seriesBeyondTheCapAreNotDrawn();
    void categoriesBeyondTheCapAreNotDrawn();
    void panelsBeyondTheCapAreNotDrawn();
    void renderKeepsItsSizeWithManyPanels();
    void logPanelsAndComparisonsKeepTheCaps();
    void logAxesHoldTheExtremeDoubles_data();
    void logAxesHoldTheExtremeDoubles();
};

void TestChartBounds::chartTextIsElided()
{
    // Qt Charts' legend shortens a name by laying out ever shorter prefixes: memory grew with the
    // square of the length (a 2 MB series name aborted with bad_alloc).
    const QString text = lessonscope::chartText(QString(5000, QLatin1Char('a')));
    QCOMPARE(text.size(), 201);
    QVERIFY(text.endsWith(QChar(0x2026)));
    QCOMPARE(lessonscope::chartText(QStringLiteral("<b>")), QStringLiteral("&lt;b&gt;"));
    // never half a surrogate pair
    const QString emoji = QString(199, QLatin1Char('a')) + QString::fromUtf8("😀😀😀");
    QVERIFY(!lessonscope::chartText(emoji).at(199).isHighSurrogate());
}

void TestChartBounds::longAxisTitleIsElided()
{
    PlotPanel panel = linePanel(1);
    panel.ylabel = QString(5000, QLatin1Char('y'));
    PanelChart chart;
    chart.setPanel(panel);
    QVERIFY2(chart.valueAxisTitle().size() <= 201, qPrintable(QString::number(chart.valueAxisTitle().size())));
}

void TestChartBounds::logAxesHoldTheExtremeDoubles_data()
{
    QTest::addColumn<bool>("logX");
    QTest::addColumn<bool>("bar");
    QTest::addColumn<std::vector<double>>("x");
    QTest::addColumn<std::vector<double>>("y");
    QTest::addColumn<QString>("beyond");
    const double largest = std::numeric_limits<double>::max();
    const double denormal = std::numeric_limits<double>::denorm_min();
    QTest::newRow("y up to the largest double")
        << false << false << std::vector<double>{1, 2, 3} << std::vector<double>{1e-6, 2e-6, largest} << "1 value";
    QTest::newRow("y down to a denormal")
        << false << false << std::vector<double>{1, 2, 3} << std::vector<double>{denormal, 2e-6, 1} << "1 value";
    QTest::newRow("x from a denormal to the largest")
        << true << false << std::vector<double>{denormal, 1, largest} << std::vector<double>{1, 2, 3} << "2 values";
    QTest::newRow("a bar of the largest double")
        << false << true << std::vector<double>{} << std::vector<double>{largest, 1e-6} << "1 value";
}

// A log axis given 1.8 × 10³⁰⁸ (or x from 5 × 10⁻³²⁴) made Qt Charts recurse until the stack
// overflowed (SIGSEGV in render and the explorer). The values are drawn at the axis's edge, and
// the note under the chart says so.
void TestChartBounds::logAxesHoldTheExtremeDoubles()
{
    QFETCH(bool, logX);
    QFETCH(bool, bar);
    QFETCH(std::vector<double>, x);
    QFETCH(std::vector<double>, y);
    QFETCH(QString, beyond);
    PlotPanel panel = bar ? barPanel(static_cast<int>(y.size())) : linePanel(1);
    panel.series.front().x = x;
    panel.series.front().y = y;
    panel.logScale = true;
    panel.logX = logX;
    PanelChart chart;
    chart.resize(640, 480);
    chart.setPanel(panel);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QVERIFY(!chart.grab().isNull()); // drawn, not recursed to death
    QVERIFY2(noteOf(chart, "limitNote")
                 .contains(beyond + QStringLiteral(" beyond the log axis's 10⁻²⁵⁰ … 10²⁵⁰, drawn at its edge")),
             qPrintable(noteOf(chart, "limitNote")));
    // And its lines are a dozen or so, not one (and 8 minor ones) for each of 500 decades: a
    // second and 150 MB a panel.
    for (const QAbstractAxis *axis : chart.findChild<QChartView *>()->chart()->axes()) {
        if (const auto *log = qobject_cast<const QLogValueAxis *>(axis)) {
            const double lines
                = (std::log(log->max()) - std::log(log->min())) / std::log(log->base()); // max/min overflows
            QVERIFY2(lines <= 14,
                     qPrintable(QStringLiteral("%1 lines from %2 to %3").arg(lines).arg(log->min()).arg(log->max())));
            QVERIFY(log->base() <= 10 || log->minorTickCount() == 0);
        }
    }
}

void TestChartBounds::seriesBeyondTheCapAreNotDrawn()
{
    // 10,000 series took 484 s (most of it Qt Charts tearing the chart down).
    PanelChart chart;
    chart.setPanel(linePanel(100));
    QCOMPARE(chart.chartSeriesCount(), 64);
    QCOMPARE(chart.panel().series.size(), std::size_t(100)); // exports still have every series
    QCOMPARE(noteOf(chart, "limitNote"), QStringLiteral("and 36 more series not drawn"));
    chart.setPanel(linePanel(3));
    QCOMPARE(noteOf(chart, "limitNote"), QString());
}

void TestChartBounds::categoriesBeyondTheCapAreNotDrawn()
{
    // 100,000 bar labels took 96 s and 1.8 GB.
    PanelChart chart;
    chart.setPanel(barPanel(2000));
    QCOMPARE(chart.chartPoints(0).size(), 500);
    QCOMPARE(noteOf(chart, "limitNote"), QStringLiteral("first 500 of 2,000 categories drawn"));
}

void TestChartBounds::panelsBeyondTheCapAreNotDrawn()
{
    std::vector<PanelItem> items(100);
    for (PanelItem &item : items) {
        item.plot = linePanel(1);
        item.drawable = true;
    }
    PanelsView view;
    view.setItems(items);
    QCOMPARE(view.charts().size(), 24);
    QCOMPARE(noteOf(view, "panelsNote"), QStringLiteral("The first 24 of 100 panels are drawn; 76 more are not."));
    items.resize(25); // one beyond the cap: "1 more is not"
    view.setItems(items);
    QCOMPARE(noteOf(view, "panelsNote"), QStringLiteral("The first 24 of 25 panels are drawn; 1 more is not."));
}

void TestChartBounds::renderKeepsItsSizeWithManyPanels()
{
    // render made a 1280x124,595 image of 1,000 panels whatever --size said.
    const QByteArray bytes = [] {
        QFile file(QStringLiteral(LESSONSCOPE_TEST_DATA "/seed-performance-01.json"));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }();
    std::string text = bytes.toStdString();
    const std::string marker = "\"panels\": [";
    const std::size_t at = text.find(marker);
    QVERIFY(at != std::string::npos);
    std::string panels;
    for (int i = 0; i < 100; ++i)
        panels += "{\"kind\":\"line\",\"title\":\"p\",\"x\":[1,2],\"series\":[{\"label\":\"a\",\"y\":[1,2]}]},";
    text.insert(at + marker.size(), panels);
    lessonscope::ReadResult result = lessonscope::readArtifact(text);
    QVERIFY(result.artifact);
    LibraryEntry entry;
    entry.artifact = std::move(result.artifact);
    entry.problems = std::move(result.problems);
    const QImage image = renderArtifact(entry, RenderView::Panels, QSize(800, 600));
    QCOMPARE(image.size(), QSize(800, 600));
}

// Log axes take no shortcut around the caps: 1,000 panels asked for whole still draw 24 (a view
// that built them all was a window of 1,000 charts), and a 20,000-point line on log axes is
// thinned as a linear one is (it was drawn whole). A comparison of two such sets likewise.
void TestChartBounds::logPanelsAndComparisonsKeepTheCaps()
{
    constexpr int count = 1000;
    {
        PanelsView view;
        view.setMaxPanels(count); // more than the cap: clamped to it
        view.setItems(logPanels(count));
        QCOMPARE(view.charts().size(), PanelsView::kMaxPanels);
        QVERIFY2(noteOf(view, "panelsNote").contains(QStringLiteral("first 24 of 1,000")),
                 qPrintable(noteOf(view, "panelsNote")));
        checkLogCharts(view.charts(), 1);
        if (QTest::currentTestFailed())
            return;
    }
    PanelsView compared;
    compared.setMaxPanels(count);
    compared.setItems(overlayItems(logPanels(count), QStringLiteral("A"), logPanels(count), QStringLiteral("B")));
    QCOMPARE(compared.charts().size(), PanelsView::kMaxPanels);
    QVERIFY2(noteOf(compared, "panelsNote").contains(QStringLiteral("first 24 of 1,000")),
             qPrintable(noteOf(compared, "panelsNote")));
    checkLogCharts(compared.charts(), 2);
}

QTEST_MAIN(TestChartBounds)

#include "tst_chartbounds.moc"
