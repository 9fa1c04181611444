#include "core/lesson/artifactcomparison.h"
#include "core/timing/statistics.h"
#include "ui/runs/comparison.h"
#include "ui/runs/comparisonview.h"
#include "explorertesting.h"
#include "lessontesting.h"
#include "ui/charts/panelchart.h"
#include "ui/artifact/panelsview.h"

#include <QTableWidget>

#include <nlohmann/json.hpp>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>

using namespace explorertesting;
using namespace lessonscope;

// Two artifacts of one lesson side by side: the numbers, and the panels overlaid by origin.
class TestComparison : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rowsSetTheNumbersSideBySide();
    void intervalsSayWhetherADifferenceIsReal();
    void overlayNamesSeriesByOrigin();
    void coloursMeanASideInEveryPanel();
    void panelsOnlyOneHasAreKept();
    void anAbscissaInCommonIsHeldOnce();
    void viewShowsBothSeriesAndTheTable();
    void sameOriginsAreTold();
    void errorsOfASideAreSaidFirst();
    void everyLessonsComparisonReadsWhole_data();
    void everyLessonsComparisonReadsWhole();

private:
    QTemporaryDir m_dir;
};

namespace {

// The seed with every warm sample (and so their median) doubled, as a slower machine might have
// measured it: the comparison reads the samples (one source), the stated median agrees.
QByteArray slowerSeed()
{
    QByteArray bytes = seedBytes();
    bytes.replace("3.833277150988579e-05", "7.666554301977158e-05");
    bytes.replace("1.7374753952026367e-05", "3.4749507904052734e-05");
    bytes.replace("1.2500211596488953e-05", "2.5000423192977905e-05");
    bytes.replace("8.500181138515472e-06", "1.7000362277030944e-05");
    bytes.replace("8.20821151137352e-06", "1.641642302274704e-05");
    bytes.replace("8.458271622657776e-06", "1.6916543245315552e-05");
    bytes.replace("7.125083357095718e-06", "1.4250166714191437e-05");
    return bytes;
}

// The seed with a second series on its line panel ("dispatch only", the first one's values).
lessonscope::Json seedWithTwoLineSeries()
{
    lessonscope::Json document = lessonscope::Json::parse(seedBytes().toStdString());
    lessonscope::Json &series = document["data"]["panels"][1]["series"];
    lessonscope::Json second = series[0];
    second["label"] = "dispatch only";
    series.push_back(second);
    return document;
}

} // namespace

void TestComparison::initTestCase() { isolateSettings(m_dir); }

void TestComparison::rowsSetTheNumbersSideBySide()
{
    const LibraryEntry a = entryFrom(seedBytes());
    const LibraryEntry b = entryFrom(slowerSeed());
    const ArtifactComparison comparison = compareArtifacts(*a.artifact, *b.artifact);
    QVERIFY(comparison.differences.empty()); // the same experiment, measured twice
    const std::vector<ComparedFigure> &rows = comparison.figures;
    QCOMPARE(rows.size(), std::size_t(3));
    QCOMPARE(rows[0].label, std::string("first call"));
    QCOMPARE(*rows[0].a, 0.029204250313341618);
    QCOMPARE(*rows[0].ratio, 1.0);
    QCOMPARE(rows[1].label, std::string("warm median"));
    QCOMPARE(*rows[1].a, 8.500181138515472e-06);
    QCOMPARE(*rows[1].b, 1.7000362277030944e-05);
    QCOMPARE(*rows[1].ratio, 1.7000362277030944e-05 / 8.500181138515472e-06);
    // Seven samples each: an interval that holds 95% by spanning nearly every sample, so no
    // verdict (never "cannot be trusted": at 7 it holds 98.4%); below 6 it cannot hold 95%.
    QVERIFY(rows[1].interval && !rows[1].interval->trusted);
    QCOMPARE(rows[1].samplesA, std::size_t(7));
    QVERIFY2(QString::fromStdString(rows[1].verdict).contains(QStringLiteral("holds 95% but says little")),
             rows[1].verdict.c_str());
    ComparedFigure five = rows[1];
    five.samplesA = 5;
    QVERIFY2(QString::fromStdString(verdictOf(five)).contains(QStringLiteral("cannot hold 95% (at most 93.8%)")),
             verdictOf(five).c_str());
    QCOMPARE(rows[2].label, std::string("max_abs_error"));
    QVERIFY(!rows[2].isDuration);
    QCOMPARE(*rows[2].a, 2.384185791015625e-07);
    // Every verdict in one form: the ratio (and its interval) first, then what it says.
    for (const ComparedFigure &row : rows)
        QVERIFY2(QString::fromStdString(row.verdict).startsWith(QStringLiteral("B ÷ A = ")), row.verdict.c_str());
    QVERIFY2(QString::fromStdString(rows[0].verdict).contains(QStringLiteral(": one value each, so no interval")),
             rows[0].verdict.c_str());
}

void TestComparison::intervalsSayWhetherADifferenceIsReal()
{
    // Two samples of 40 with little spread: 1.5× apart is a difference; a few percent is not.
    std::vector<double> a, b, c;
    for (int i = 0; i < 40; ++i) {
        a.push_back(1e-6 * (1 + 0.01 * (i % 5)));
        b.push_back(1.5e-6 * (1 + 0.01 * (i % 7)));
        c.push_back(1e-6 * (1 + 0.01 * ((i + 2) % 5)));
    }
    const auto slower = medianRatioInterval(a, b);
    QVERIFY(slower && slower->trusted && slower->low > 1.3 && slower->high < 1.7);
    const auto same = medianRatioInterval(a, c);
    QVERIFY(same && same->low <= 1 && 1 <= same->high);
    // Each median's interval is the order statistics around it: it always holds the ratio.
    QVERIFY(slower->low <= lessonscope::median(b) / lessonscope::median(a));
    QVERIFY(lessonscope::median(b) / lessonscope::median(a) <= slower->high);

    // A verdict needs its whole interval beyond the noise threshold (±2%): identical runs differ
    // by that much however narrow each run's interval is.
    const auto verdictFor = [](double low, double high) {
        ComparedFigure f;
        f.ratio = (low + high) / 2;
        f.interval = RatioInterval{low, high, true, "rounds", kBetweenRunsConfidence};
        return QString::fromStdString(verdictOf(f));
    };
    QVERIFY(verdictFor(1.005, 1.015)
                .contains(QStringLiteral("no difference beyond noise: the interval does not "
                                         "clear ±2%")));
    QVERIFY(verdictFor(1.01, 1.03).contains(QStringLiteral("no difference beyond noise")));
    QVERIFY(verdictFor(1.025, 1.05).endsWith(QStringLiteral(": B is slower")));
    QVERIFY(verdictFor(0.95, 0.975).endsWith(QStringLiteral(": B is faster")));
    QVERIFY(verdictFor(0.97, 0.99).contains(QStringLiteral("no difference beyond noise")));
    QVERIFY(verdictFor(0.99, 1.01).endsWith(QStringLiteral(": no difference beyond noise")));
}

void TestComparison::overlayNamesSeriesByOrigin()
{
    const LibraryEntry a = entryFrom(seedBytes());
    const LibraryEntry b = entryFrom(slowerSeed());
    const std::vector<PanelItem> panels = overlayPanels(*a.artifact, QStringLiteral("recorded — jax 0.9.2"),
                                                        *b.artifact, QStringLiteral("this machine — eigen 3.4.0"));
    QCOMPARE(panels.size(), std::size_t(2));
    for (const PanelItem &panel : panels) {
        QCOMPARE(panel.plot.series.size(), std::size_t(2));
        QCOMPARE(panel.plot.series[0].label, QStringLiteral("recorded — jax 0.9.2"));
        QCOMPARE(panel.plot.series[1].label, QStringLiteral("this machine — eigen 3.4.0"));
    }
    QCOMPARE(panels[1].plot.series[0].y[3], 8.500181138515472e-06);
    QCOMPARE(panels[1].plot.series[1].y[3], 1.7000362277030944e-05);
}

// A colour means one series in every view: each keeps its single-view colour in a comparison,
// and the side is told by the drawing (B hatched or dashed), never by a colour.
void TestComparison::coloursMeanASideInEveryPanel()
{
    const lessonscope::Artifact twoSeries(seedWithTwoLineSeries());
    const std::vector<PanelItem> panels = overlayPanels(twoSeries, QStringLiteral("A"), twoSeries, QStringLiteral("B"));
    const PlotPanel &plot = panels[1].plot;
    QCOMPARE(plot.series.size(), std::size_t(4));
    QCOMPARE(plot.series[1].label, QStringLiteral("dispatch only (A)"));
    QCOMPARE(plot.series[3].label, QStringLiteral("dispatch only (B)"));
    for (std::size_t s = 0; s < 4; ++s) {
        QCOMPARE(plot.series[s].colorSlot, int(s % 2)); // its place in its own panel, as a single view colours it
        QCOMPARE(plot.series[s].side, s < 2 ? 1 : 2);
    }
    QVERIFY(!plot.hasSharedLegend()); // the series' names need the chart's own legend
    PanelChart single;
    single.setPanel(panelItemsFor(twoSeries, {})[1].plot);
    PanelChart overlaid;
    overlaid.setPanel(plot);
    QCOMPARE(overlaid.legendEntries().size(), 4);
    for (int s = 0; s < 2; ++s) {
        QCOMPARE(overlaid.chartSeriesColor(s), single.chartSeriesColor(s));     // A's, as drawn alone
        QCOMPARE(overlaid.chartSeriesColor(s + 2), single.chartSeriesColor(s)); // B's: the same colour
    }
    QVERIFY(single.chartSeriesColor(0) != single.chartSeriesColor(1));
}

// Two runs of one lesson have the same x: a comparison of two 10⁷-point panels held it four
// times (each series its own copy), which took it past 1 GiB. The series of a panel share its x,
// B's series share A's where the values are the same, and a different x stays B's own.
void TestComparison::anAbscissaInCommonIsHeldOnce()
{
    const lessonscope::Json document = seedWithTwoLineSeries();
    const lessonscope::Artifact a(document);
    const std::vector<PanelItem> alone = panelItemsFor(a, {});
    QVERIFY(alone[1].plot.series[0].x.sharesWith(alone[1].plot.series[1].x));

    std::vector<PanelItem> same = overlayPanels(a, QStringLiteral("A"), a, QStringLiteral("B"));
    const PlotPanel &plot = same[1].plot;
    QCOMPARE(plot.series.size(), std::size_t(4));
    for (std::size_t s = 1; s < 4; ++s)
        QVERIFY2(plot.series[s].x.sharesWith(plot.series[0].x), qPrintable(QString::number(s)));

    lessonscope::Json shifted = document;
    shifted["data"]["panels"][1]["x"][0] = 0.5;
    const lessonscope::Artifact b(shifted);
    const std::vector<PanelItem> differ = overlayPanels(a, QStringLiteral("A"), b, QStringLiteral("B"));
    const PlotPanel &mixed = differ[1].plot;
    QVERIFY(mixed.series[1].x.sharesWith(mixed.series[0].x));
    QVERIFY(!mixed.series[2].x.sharesWith(mixed.series[0].x));
    QVERIFY(mixed.series[3].x.sharesWith(mixed.series[2].x));
    QCOMPARE(mixed.series[2].x[0], 0.5);
    QCOMPARE(mixed.series[0].x[0], 1.0);

    // A write to one series' x is its own (the others keep theirs).
    PlotSeries written = plot.series[3];
    written.x.push_back(99);
    QCOMPARE(written.x.size(), plot.series[0].x.size() + 1);
    QVERIFY(!written.x.sharesWith(plot.series[0].x));
}

void TestComparison::panelsOnlyOneHasAreKept()
{
    const LibraryEntry a = entryFrom(seedBytes());
    // b's line panel is retitled: it no longer matches, so both are kept apart.
    const LibraryEntry b = entryFrom(seedWith("\"title\": \"Warm calls\"", "\"title\": \"Warm calls, pinned\""));
    const std::vector<PanelItem> panels
        = overlayPanels(*a.artifact, QStringLiteral("A"), *b.artifact, QStringLiteral("B"));
    QCOMPARE(panels.size(), std::size_t(3));
    QCOMPARE(panels[0].plot.series.size(), std::size_t(2));
    QCOMPARE(panels[1].plot.series.size(), std::size_t(1));
    QCOMPARE(panels[2].plot.title, QStringLiteral("Warm calls, pinned"));
    QCOMPARE(panels[2].plot.series[0].label, QStringLiteral("B"));
    QCOMPARE(panels[2].plot.series[0].colorSlot, 0); // its own colour, drawn as B's
    QCOMPARE(panels[2].plot.series[0].side, 2);

    // A panel with several series keeps their names, tagged by side, with a legend of its own.
    PlotPanel two;
    two.kind = QStringLiteral("bar");
    two.title = QStringLiteral("Where the timer stops");
    two.labels = {QStringLiteral("warm median")};
    two.series = {{QStringLiteral("dispatch only"), {}, {1e-7}}, {QStringLiteral("synchronized call"), {}, {1e-6}}};
    QVERIFY(!two.hasSharedLegend());
}

void TestComparison::viewShowsBothSeriesAndTheTable()
{
    LibraryEntry a = entryFrom(seedBytes(), QStringLiteral("/data/seed.json"));
    LibraryEntry b = entryFrom(slowerSeed(), QStringLiteral("/data/slow.json"));
    b.origin = LibraryEntry::Origin::Run;
    ComparisonView view;
    view.resize(1100, 800);
    view.setEntries(a, b);
    QCOMPARE(view.originA(), QStringLiteral("recorded — jax 0.9.2"));
    QCOMPARE(view.originB(), QStringLiteral("this machine — jax 0.9.2"));

    const QList<PanelChart *> charts = view.panels()->charts();
    QCOMPARE(charts.size(), 2);
    PanelChart *warm = charts[1];
    QCOMPARE(warm->chartSeriesCount(), 2);
    QCOMPARE(warm->chartSeriesName(0), view.originA());
    QCOMPARE(warm->chartSeriesName(1), view.originB());
    QVERIFY(!warm->legendVisible()); // one legend above the charts names both origins, solid and hatched
    QCOMPARE(view.legendText(), QStringLiteral("A: recorded — jax 0.9.2\nB: this machine — jax 0.9.2"));
    QCOMPARE(warm->panel().series[0].colorSlot, 0); // the same series, the same colour
    QCOMPARE(warm->panel().series[1].colorSlot, 0);
    QCOMPARE(warm->panel().series[0].side, 1);
    QCOMPARE(warm->panel().series[1].side, 2);
    QCOMPARE(warm->chartPoints(1).at(3).y(), 1.7000362277030944e-05 / warm->valueScale().perUnit);

    QTableWidget *table = view.table();
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->item(1, 0)->text(), QStringLiteral("warm median"));
    QCOMPARE(table->item(1, 1)->text(), QStringLiteral("8.50 µs"));
    QCOMPARE(table->item(1, 2)->text(), QStringLiteral("17.0 µs"));
    QCOMPARE(table->item(1, 3)->text(), QString::fromUtf8("2.00×"));
    QVERIFY(table->item(1, 4)->text().contains(QStringLiteral("says little")));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("29.2 ms"));
    QCOMPARE(table->item(2, 1)->text(), QString::fromUtf8("2.38 × 10⁻⁷"));
    QVERIFY(view.differencesText().isEmpty()); // the same experiment: no banner

    // Narrow and short: the verdicts wrap (never "…"), and the page scrolls to the charts.
    view.resize(760, 380);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents();
    QVERIFY2(table->rowHeight(1) > table->fontMetrics().height() * 1.8,
             qPrintable(QString::number(table->rowHeight(1))));
    QCOMPARE(table->textElideMode(), Qt::ElideNone);
    auto *scroll = view.findChild<QScrollArea *>();
    QVERIFY(scroll);
    QVERIFY(scroll->verticalScrollBar()->maximum() > 0);
}

void TestComparison::sameOriginsAreTold()
{
    const auto [a, b] = distinctOrigins(QStringLiteral("this machine — eigen 3.4.0"), QStringLiteral("10:00"),
                                        QStringLiteral("this machine — eigen 3.4.0"), QStringLiteral("10:05"));
    QCOMPARE(a, QStringLiteral("this machine — eigen 3.4.0 (10:00)"));
    QCOMPARE(b, QStringLiteral("this machine — eigen 3.4.0 (10:05)"));
    const auto [c, d]
        = distinctOrigins(QStringLiteral("x"), QStringLiteral("t"), QStringLiteral("x"), QStringLiteral("t"));
    QVERIFY(c != d);

    // The same file on both sides: each side named once ("A: A: recorded — jax 0.9.2" before).
    const LibraryEntry same = entryFrom(seedBytes());
    ComparisonView view;
    view.setEntries(same, same);
    const QString headerA = view.table()->horizontalHeaderItem(1)->text();
    QCOMPARE(headerA, QStringLiteral("A: recorded — jax 0.9.2 (first)"));
    QCOMPARE(view.table()->horizontalHeaderItem(2)->text(), QStringLiteral("B: recorded — jax 0.9.2 (second)"));
    QVERIFY(!view.legendText().contains(QStringLiteral("A: A:")));
}

// An input with errors was compared as if sound (issue 19): its errors now come first.
void TestComparison::errorsOfASideAreSaidFirst()
{
    const LibraryEntry a = entryFrom(seedBytes());
    const LibraryEntry b = entryFrom(seedWith("\"kind\": \"bar\"", "\"kind\": 7"));
    QVERIFY(b.hasErrors());
    ComparisonView view;
    view.setEntries(a, b);
    QVERIFY2(view.differencesText().startsWith(QStringLiteral("⚠ B has 1 error, the first at /data/panels/0/kind: ")),
             qPrintable(view.differencesText()));
    view.setEntries(a, a);
    QVERIFY(view.differencesText().isEmpty());
}

void TestComparison::everyLessonsComparisonReadsWhole_data()
{
    QTest::addColumn<QString>("lesson");
    for (const char *id :
         {"performance-01", "performance-02", "performance-03", "performance-04", "performance-05", "performance-06"})
        QTest::newRow(id) << QString::fromLatin1(id);
}

// Each lesson's recording against a copy of it made later: one row per figure the lesson compares
// on, each with a verdict in the one form, nothing cut, its panels overlaid by origin. The
// screenshot (LESSONSCOPE_SCREENSHOT_DIR) is the comparison as a learner reads it.
void TestComparison::everyLessonsComparisonReadsWhole()
{
    QFETCH(QString, lesson);
    const QByteArray bytes = coretesting::readBytes(lessontesting::recordedPath(lesson.toLatin1().constData()));
    LibraryEntry a = entryFrom(bytes, QStringLiteral("/data/recorded.json"));
    QVERIFY(a.artifact);
    Json later = a.artifact->json();
    later["generatedAt"] = "2026-12-01T12:00:00+00:00";
    LibraryEntry b = entryFrom(QByteArray::fromStdString(later.dump()), QStringLiteral("/data/later.json"));
    ComparisonView view;
    view.resize(1280, 1000);
    view.setEntries(a, b);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents();
    QTableWidget *table = view.table();
    QVERIFY(table->rowCount() >= 1);
    for (int r = 0; r < table->rowCount(); ++r) {
        const QString verdict = table->item(r, 4)->text();
        QVERIFY2(verdict.startsWith(QStringLiteral("B ÷ A = ")), qPrintable(verdict));
        QVERIFY2(!verdict.contains(QStringLiteral("slower")) && !verdict.contains(QStringLiteral("faster")),
                 qPrintable(verdict));
        QVERIFY2(!verdict.endsWith(QChar(0x2026)), qPrintable(verdict));
    }
    QVERIFY(!view.panels()->charts().isEmpty());
    for (const PanelChart *chart : view.panels()->charts())
        QVERIFY2(chart->legendEntries().isEmpty() || !chart->legendEntries().join(QString()).contains(QChar(0x2026)),
                 qPrintable(chart->legendEntries().join(u'|')));
    saveScreenshot(view, QStringLiteral("comparison-%1.png").arg(lesson));
}

QTEST_MAIN(TestComparison)
#include "tst_comparison.moc"
