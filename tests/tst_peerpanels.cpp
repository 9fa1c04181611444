// A results file's panels (core/peers/resultspanels): the medians of the benchmarks that are in
// no family, each family over its argument with the file's own fit, each counter, each
// benchmark's samples and, from 20 of them, their distribution — every number the file's.
#include "core/peers/resultspanels.h"
#include "core/timing/statistics.h"
#include "peertesting.h"

#include <QTest>

#include <cmath>

using namespace lessonscope;
using namespace peertesting;

namespace {

const Panel *titled(const std::vector<Panel> &panels, const std::string &title)
{
    for (const Panel &panel : panels) {
        if (panel.title == title)
            return &panel;
    }
    return nullptr;
}

} // namespace

class TestPeerPanels : public QObject
{
    Q_OBJECT

private slots:
    void mediansLeaveFamiliesAndErrorsOut()
    {
        const OpenedFile opened = openFixture(QStringLiteral("gb-repetitions.json"));
        const std::vector<Panel> panels = resultsPanels(*opened.results);
        const Panel *medians = titled(panels, "Median of each benchmark");
        QVERIFY(medians);
        QVERIFY(medians->labels == (std::vector<std::string>{"BM_Sum", "BM_Aborts"})); // BM_OpenInput did not run
        QCOMPARE(medians->series.front().y.front(), *opened.results->find("BM_Sum")->typical());
    }

    void aFamilyIsALineOverItsArgumentWithTheFilesFit()
    {
        const OpenedFile opened = openFixture(QStringLiteral("gb-family.json"));
        const ResultsFile &file = *opened.results;
        const std::vector<Panel> panels = resultsPanels(file);
        const Panel *family = titled(panels, "BM_Sort: median by n");
        QVERIFY(family);
        QCOMPARE(family->kind, std::string("line"));
        QVERIFY(family->logX);
        QVERIFY(family->logScale);
        QVERIFY(family->x == (std::vector<double>{64, 256, 1024, 4096, 16384, 65536}));
        QCOMPARE(family->series.size(), std::size_t(2));
        const double coefficient = *file.families.front().coefficient;
        for (std::size_t i = 0; i < family->x.size(); ++i) {
            const double n = family->x[i];
            QCOMPARE(family->series[0].y[i], *file.find("BM_Sort/" + std::to_string(static_cast<int>(n)))->typical());
            QCOMPARE(family->series[1].y[i], coefficient * n * std::log2(n)); // NlgN, log base 2 as Google Benchmark's
        }
    }

    void theFitOfEachComplexity_data()
    {
        QTest::addColumn<QString>("bigO");
        QTest::addColumn<double>("expected"); // at n = 8, coefficient 2
        QTest::newRow("(1)") << "(1)" << 2.0;
        QTest::newRow("N") << "N" << 16.0;
        QTest::newRow("lgN") << "lgN" << 6.0;
        QTest::newRow("NlgN") << "NlgN" << 48.0;
        QTest::newRow("N^2") << "N^2" << 128.0;
        QTest::newRow("N^3") << "N^3" << 1024.0;
        QTest::newRow("a lambda") << "f(N)" << -1.0;
    }

    void theFitOfEachComplexity()
    {
        QFETCH(QString, bigO);
        QFETCH(double, expected);
        BenchmarkFamily family;
        family.bigO = bigO.toStdString();
        family.coefficient = 2;
        const auto fitted = fittedSeconds(family, 8);
        QCOMPARE(fitted.has_value(), expected >= 0);
        if (fitted)
            QCOMPARE(*fitted, expected);
    }

    void commandsThatBeginAlikeAreToldApart()
    {
        const OpenedFile opened = openFixture(QStringLiteral("hf-compare.json"));
        const std::vector<Panel> panels = resultsPanels(*opened.results);
        const Panel *medians = titled(panels, "Median of each command");
        QVERIFY(medians);
        QVERIFY(medians->labels == (std::vector<std::string>{"… -n >/dev/null", "… -R >/dev/null"}));
    }

    void countersAcrossTheBenchmarks()
    {
        const OpenedFile opened = openFixture(QStringLiteral("gb-repetitions.json"));
        const std::vector<Panel> panels = resultsPanels(*opened.results);
        const Panel *bytes = titled(panels, "bytes_per_second");
        QVERIFY(bytes);
        QVERIFY(bytes->labels == (std::vector<std::string>{"BM_Copy/4096", "BM_Copy/262144"}));
        QCOMPARE(bytes->ylabel, std::string("bytes per second"));
    }

    void manySamplesHaveTheirDistribution()
    {
        const OpenedFile opened = openFixture(QStringLiteral("pyperf-sort.json"));
        const std::string title = "sort 1000 floats: distribution of its 60 values";
        const std::vector<Panel> panels = resultsPanels(*opened.results);
        const Panel *distribution = titled(panels, title);
        QVERIFY(distribution);
        double counted = 0;
        for (const double count : distribution->series.front().y)
            counted += count;
        QCOMPARE(counted, 60.0);
        QVERIFY(!titled(resultsPanels(*opened.results, false), title)); // not where two files are overlaid
        const Panel *samples = titled(panels, "sort 1000 floats: values in order");
        QVERIFY(samples);
        QVERIFY(samples->series.front().y == opened.results->benchmarks.front().samples);
        // Ten repetitions are too few for one.
        const OpenedFile gb = openFixture(QStringLiteral("gb-family.json"));
        for (const Panel &panel : resultsPanels(*gb.results))
            QVERIFY(panel.title.find("distribution") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestPeerPanels)
#include "tst_peerpanels.moc"
