// Two results files compared (core/peers/resultscomparison): matched by name, B ÷ A with the
// lessons' interval, and the U test p-value Google Benchmark's compare.py gives — checked against
// compare.py itself on the fixtures' pairs when libbenchmark-tools and SciPy are installed.
#include "core/peers/resultscomparison.h"
#include "peertesting.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace lessonscope;
using namespace peertesting;

namespace {

ResultsComparison compareFixtures(const QString &a, const QString &b)
{
    const OpenedFile fa = openFixture(a), fb = openFixture(b);
    if (!fa.results || !fb.results)
        qFatal("a fixture did not read as results");
    return compareResults(*fa.results, *fb.results);
}

const ComparedBenchmark *find(const ResultsComparison &comparison, const std::string &name)
{
    for (const ComparedBenchmark &c : comparison.benchmarks) {
        if (c.figure.label == name)
            return &c;
    }
    return nullptr;
}

const char *const kComparePy = "/usr/share/benchmark/compare.py"; // where libbenchmark-tools installs it

// A python3 that has SciPy (compare.py imports it), or empty.
QString pythonWithScipy()
{
    for (const QString &candidate : {QStringLiteral("python3"), QStringLiteral("/usr/bin/python3")}) {
        QProcess python;
        python.start(candidate, {QStringLiteral("-c"), QStringLiteral("import scipy, numpy")});
        if (python.waitForFinished(60000) && python.exitStatus() == QProcess::NormalExit && python.exitCode() == 0)
            return candidate;
    }
    return {};
}

struct UTest {
    double time = 0;
    double cpu = 0;
};

// compare.py's U tests of two files, by benchmark name (its --dump_to_json report).
std::map<std::string, UTest> comparePyTests(const QString &python, const QString &a, const QString &b)
{
    QTemporaryDir dir;
    const QString report = dir.filePath(QStringLiteral("report.json"));
    QProcess compare;
    compare.start(python,
                  {QString::fromLatin1(kComparePy), QStringLiteral("--no-color"), QStringLiteral("--dump_to_json"),
                   report, QStringLiteral("benchmarks"), fixturePath(a), fixturePath(b)});
    if (!compare.waitForFinished(120000) || compare.exitCode() != 0)
        qFatal("compare.py failed: %s", compare.readAllStandardError().constData());
    std::map<std::string, UTest> tests;
    for (const Json &entry : Json::parse(coretesting::readBytes(report).toStdString())) {
        const Json &utest = entry["utest"];
        if (utest.is_object() && utest.contains("time_pvalue"))
            tests[entry["name"]] = UTest{utest["time_pvalue"].get<double>(), utest["cpu_pvalue"].get<double>()};
    }
    return tests;
}

bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-12 * std::max(1e-300, std::max(std::fabs(a), std::fabs(b)));
}

} // namespace

class TestPeerCompare : public QObject
{
    Q_OBJECT

private slots:
    void theLoadedRunIsSlowerInRealTimeOnly()
    {
        const ResultsComparison comparison
            = compareFixtures(QStringLiteral("gb-quiet.json"), QStringLiteral("gb-loaded.json"));
        QCOMPARE(comparison.benchmarks.size(), std::size_t(3));
        for (const ComparedBenchmark &c : comparison.benchmarks) {
            QVERIFY2(c.differs(), c.figure.label.c_str());
            QVERIFY2(!c.cpuDiffers(), c.figure.label.c_str()); // the loop took the CPU's time, not the code's
            QVERIFY(c.reliable);
            QVERIFY(*c.figure.ratio > 1.5);
            QVERIFY(c.figure.interval && c.figure.interval->trusted);
            QVERIFY2(c.figure.verdict.find("slower") != std::string::npos, c.figure.verdict.c_str());
        }
    }

    void aFileAgainstItselfDiffersInNothing()
    {
        const ResultsComparison comparison
            = compareFixtures(QStringLiteral("gb-repetitions.json"), QStringLiteral("gb-repetitions.json"));
        QVERIFY(comparison.differences.empty());
        QCOMPARE(comparison.benchmarks.size(), std::size_t(12)); // BM_OpenInput did not run
        for (const ComparedBenchmark &c : comparison.benchmarks) {
            QCOMPARE(*c.figure.ratio, 1.0);
            QCOMPARE(*c.pValue, 1.0);
            QVERIFY2(c.figure.verdict.find("no difference beyond noise") != std::string::npos,
                     c.figure.verdict.c_str());
        }
        QCOMPARE(comparison.notCompared.size(), std::size_t(1));
    }

    void benchmarksOnOneSideAreListed()
    {
        const ResultsComparison comparison
            = compareFixtures(QStringLiteral("gb-repetitions.json"), QStringLiteral("gb-quiet.json"));
        QCOMPARE(comparison.benchmarks.size(), std::size_t(3));
        QCOMPARE(comparison.onlyInA.size(), std::size_t(10));
        QVERIFY(comparison.onlyInB.empty());
        const ResultsComparison reversed
            = compareFixtures(QStringLiteral("gb-quiet.json"), QStringLiteral("gb-repetitions.json"));
        QCOMPARE(reversed.onlyInB.size(), std::size_t(10));
    }

    void oneRepetitionHasNoTest()
    {
        const ResultsComparison comparison
            = compareFixtures(QStringLiteral("gb-defaults.json"), QStringLiteral("gb-repetitions.json"));
        const ComparedBenchmark *sort = find(comparison, "BM_Sort/4096");
        QVERIFY(sort);
        QVERIFY(!sort->pValue);
        QVERIFY(sort->pNote.find("compare.py needs 2") != std::string::npos);
        QVERIFY(sort->figure.ratio);
    }

    void whatDiffersIsNamed()
    {
        const OpenedFile a = openFixture(QStringLiteral("gb-quiet.json"));
        const OpenedFile b = openChanged(QStringLiteral("gb-quiet.json"), [](Json &d) {
            d["context"]["host_name"] = "lab-3";
            d["context"]["library_build_type"] = "release";
            d["context"]["cpu_scaling_enabled"] = true;
            d["context"]["load_avg"] = {0.1, 0.2, 0.3};
        });
        const ResultsComparison comparison = compareResults(*a.results, *b.results);
        QString differences;
        for (const std::string &d : comparison.differences)
            differences += QString::fromStdString(d) + QLatin1Char('\n');
        QVERIFY2(differences.contains(QStringLiteral("host: A vm · B lab-3")), qPrintable(differences));
        QVERIFY2(differences.contains(QStringLiteral("build type: A debug · B release")), qPrintable(differences));
        QVERIFY2(differences.contains(QStringLiteral("CPU scaling: A disabled · B enabled")), qPrintable(differences));
        QVERIFY2(differences.contains(QStringLiteral("load at the start: A")), qPrintable(differences));
        QCOMPARE(comparison.differences.size(), std::size_t(4));
    }

    void hyperfineAndPyperfCompareTheirOwn()
    {
        const ResultsComparison hf
            = compareFixtures(QStringLiteral("hf-compare.json"), QStringLiteral("hf-compare-loaded.json"));
        QCOMPARE(hf.benchmarks.size(), std::size_t(2));
        QVERIFY(hf.machineUnknown); // hyperfine writes nothing of the machine
        QVERIFY(!compareFixtures(QStringLiteral("gb-quiet.json"), QStringLiteral("gb-loaded.json")).machineUnknown);
        for (const ComparedBenchmark &c : hf.benchmarks) {
            QVERIFY(c.pValue);
            QVERIFY(!c.cpuPValue); // hyperfine records one time per run
        }
        const ResultsComparison py
            = compareFixtures(QStringLiteral("pyperf-sort.json"), QStringLiteral("pyperf-no-warmups.json"));
        QCOMPARE(py.benchmarks.size(), std::size_t(2));
        QCOMPARE(py.benchmarks.front().figure.samplesA, std::size_t(60));
    }

    void agreesWithComparePy_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("quiet, loaded") << "gb-quiet.json"
                                       << "gb-loaded.json";
        QTest::newRow("repetitions, interleaved") << "gb-repetitions.json"
                                                  << "gb-interleaved.json";
        QTest::newRow("repetitions, family") << "gb-repetitions.json"
                                             << "gb-family.json";
        QTest::newRow("loaded, quiet") << "gb-loaded.json"
                                       << "gb-quiet.json";
    }

    void agreesWithComparePy()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        if (!QFileInfo::exists(QString::fromLatin1(kComparePy)))
            QSKIP("Google Benchmark's compare.py is not installed (Debian: libbenchmark-tools); scripts/setup.sh "
                  "installs it");
        const QString python = pythonWithScipy();
        if (python.isEmpty())
            QSKIP(
                "no python3 with SciPy and NumPy for compare.py (Debian: python3-scipy); scripts/setup.sh installs it");
        const std::map<std::string, UTest> expected = comparePyTests(python, a, b);
        const ResultsComparison comparison = compareFixtures(a, b);
        QVERIFY(!expected.empty());
        int compared = 0;
        for (const auto &[name, test] : expected) {
            const ComparedBenchmark *ours = find(comparison, name);
            if (!ours) { // compare.py tests a row that did not run (all zeros); lessonscope lists it
                QVERIFY2(std::any_of(comparison.notCompared.begin(), comparison.notCompared.end(),
                                     [&](const std::string &n) { return n.rfind(name + ":", 0) == 0; }),
                         name.c_str());
                continue;
            }
            ++compared;
            QVERIFY2(ours->pValue && near(*ours->pValue, test.time), name.c_str());
            QVERIFY2(ours->cpuPValue && near(*ours->cpuPValue, test.cpu), name.c_str());
            QCOMPARE(ours->differs(), test.time < kSignificance);
            QCOMPARE(ours->cpuDiffers(), test.cpu < kSignificance);
        }
        // Every benchmark lessonscope gives a p-value, compare.py does too.
        for (const ComparedBenchmark &c : comparison.benchmarks) {
            if (c.pValue)
                QVERIFY2(expected.count(c.figure.label), c.figure.label.c_str());
        }
        QVERIFY(compared > 0);
    }
};

QTEST_GUILESS_MAIN(TestPeerCompare)
#include "tst_peercompare.moc"
