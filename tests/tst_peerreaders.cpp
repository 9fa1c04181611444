// The readers of other harnesses' results files (core/peers/): each fixture in tests/data/peers
// (made by the real tools, README.md there) read into what the file says, checked against the
// file's own numbers read here independently; hostile and broken copies reported by place.
#include "core/peers/resultsfile.h"
#include "core/timing/statistics.h"
#include "fuzz/fuzzchecks.h"
#include "peertesting.h"

#include <QTest>

#include <cmath>

using namespace lessonscope;
using namespace peertesting;

namespace {

const ResultsFile &resultsOf(const OpenedFile &opened)
{
    if (!opened.results)
        qFatal("not read as results: %s", qPrintable(problemsText(opened.problems)));
    return *opened.results;
}

const BenchmarkResult &benchmark(const ResultsFile &file, const std::string &name)
{
    const BenchmarkResult *b = file.find(name);
    if (!b)
        qFatal("no benchmark %s", name.c_str());
    return *b;
}

// The real times of a Google Benchmark JSON's iteration rows of one benchmark, in seconds, read
// here without lessonscope's reader.
std::vector<double> realTimes(const QString &fixture, const std::string &name)
{
    const Json document = Json::parse(fixtureBytes(fixture));
    std::vector<double> times;
    const double perUnit = 1e-9;
    for (const Json &row : document["benchmarks"]) {
        if (row["name"] == name && row["run_type"] == "iteration") {
            const std::string unit = row["time_unit"];
            times.push_back(row["real_time"].get<double>() * (unit == "us" ? 1e-6 : unit == "ms" ? 1e-3 : perUnit));
        }
    }
    return times;
}

// Two lists of numbers the same, value for value; else why not (Qt Test cannot print a vector).
QByteArray differenceOf(const std::vector<double> &got, const std::vector<double> &expected)
{
    if (got.size() != expected.size())
        return QByteArray::number(qulonglong(got.size())) + " values, expected "
            + QByteArray::number(qulonglong(expected.size()));
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (got[i] != expected[i])
            return "value " + QByteArray::number(qulonglong(i)) + ": " + QByteArray::number(got[i], 'g', 17)
                + ", expected " + QByteArray::number(expected[i], 'g', 17);
    }
    return {};
}

#define COMPARE_VALUES(got, expected)                                                                                  \
    do {                                                                                                               \
        const QByteArray why = differenceOf((got), (expected));                                                        \
        QVERIFY2(why.isEmpty(), why.constData());                                                                      \
    } while (false)

bool near(double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b)); }

} // namespace

class TestPeerReaders : public QObject
{
    Q_OBJECT

private slots:
    void everyFixtureIsRecognisedAsItsHarness_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("harness");
        for (const QString &name : fixtureNames()) {
            const Harness harness = name.startsWith(QLatin1String("gb-")) ? Harness::GoogleBenchmark
                : name.startsWith(QLatin1String("hf-"))                   ? Harness::Hyperfine
                : name.startsWith(QLatin1String("pyperf"))                ? Harness::Pyperf
                                                                          : Harness::Nanobench;
            QTest::newRow(qPrintable(name)) << name << int(harness);
        }
    }

    void everyFixtureIsRecognisedAsItsHarness()
    {
        QFETCH(QString, fixture);
        QFETCH(int, harness);
        const OpenedFile opened = openFixture(fixture);
        QVERIFY2(opened.ok(), qPrintable(problemsText(opened.problems)));
        QVERIFY(!opened.artifact);
        QCOMPARE(int(resultsOf(opened).harness), harness);
        QVERIFY(!resultsOf(opened).benchmarks.empty());
        // The first problem says what the file is, in one line.
        QCOMPARE(opened.problems.front().severity, Severity::Info);
        QVERIFY(opened.problems.front().message.find(harnessName(Harness(harness))) == 0);
    }

    void googleBenchmarkRepetitions()
    {
        const OpenedFile opened1 = openFixture(QStringLiteral("gb-repetitions.json"));
        const ResultsFile &file = resultsOf(opened1);
        QCOMPARE(file.benchmarks.size(), std::size_t(13));
        QCOMPARE(file.repetitions, std::size_t(10));
        QCOMPARE(file.host, std::string("vm"));
        QCOMPARE(file.cpus, std::optional<int>(2));
        QCOMPARE(file.buildType, std::string("debug"));
        const BenchmarkResult &sort = benchmark(file, "BM_Sort/4096");
        COMPARE_VALUES(sort.samples, realTimes(QStringLiteral("gb-repetitions.json"), "BM_Sort/4096"));
        QCOMPARE(sort.cpuSamples.size(), std::size_t(10));
        QVERIFY(near(*sort.typical(), median(sort.samples)));
        // The file's own median aggregate is the median of its repetitions.
        QVERIFY(near(*sort.aggregate("median"), median(sort.samples)));
        // cv says "ns" but is a fraction.
        const auto cv = std::find_if(sort.aggregates.begin(), sort.aggregates.end(),
                                     [](const BenchmarkAggregate &a) { return a.name == "cv"; });
        QVERIFY(cv != sort.aggregates.end());
        QVERIFY(!cv->isDuration);
        QVERIFY(cv->value > 0 && cv->value < 1);
        // Units mix in one file: BM_Copy is in microseconds.
        COMPARE_VALUES(benchmark(file, "BM_Copy/262144").samples,
                       realTimes(QStringLiteral("gb-repetitions.json"), "BM_Copy/262144"));
        QVERIFY(benchmark(file, "BM_Copy/262144").samples.front() > 1e-6);
    }

    void googleBenchmarkCountersAndErrors()
    {
        const OpenedFile opened2 = openFixture(QStringLiteral("gb-repetitions.json"));
        const ResultsFile &file = resultsOf(opened2);
        const BenchmarkResult &sum = benchmark(file, "BM_Sum");
        std::map<std::string, BenchmarkCounter> counters;
        for (const BenchmarkCounter &c : sum.counters)
            counters[c.name] = c;
        QCOMPARE(counters.size(), std::size_t(3));
        QCOMPARE(counters["items_per_second"].unit, std::string("per second"));
        QCOMPARE(counters["checksum_mod_1000"].value, 560.0);
        QVERIFY(counters["elements_rate"].value > 1e8); // a kIsRate counter: per second
        QCOMPARE(benchmark(file, "BM_Copy/4096").counters.front().name, std::string("bytes_per_second"));
        const BenchmarkResult &open = benchmark(file, "BM_OpenInput");
        QCOMPARE(open.error, std::string("the input file could not be opened"));
        QVERIFY(open.samples.empty());
    }

    void googleBenchmarkFamiliesAndFit()
    {
        const OpenedFile opened3 = openFixture(QStringLiteral("gb-repetitions.json"));
        const ResultsFile &file = resultsOf(opened3);
        const Json document = Json::parse(fixtureBytes(QStringLiteral("gb-repetitions.json")));
        std::map<std::string, const BenchmarkFamily *> families;
        for (const BenchmarkFamily &f : file.families)
            families[f.name] = &f;
        QCOMPARE(families.size(), std::size_t(3)); // BM_Sort over n, BM_Copy over n, BM_SumThreads over threads
        const BenchmarkFamily &sort = *families["BM_Sort"];
        QCOMPARE(sort.members.size(), std::size_t(6));
        std::vector<double> arguments;
        for (std::size_t m : sort.members)
            arguments.push_back(*file.benchmarks[m].argument);
        COMPARE_VALUES(arguments, (std::vector<double>{64, 256, 1024, 4096, 16384, 65536}));
        QCOMPARE(sort.bigO, std::string("NlgN"));
        for (const Json &row : document["benchmarks"]) {
            if (row["name"] == "BM_Sort_BigO")
                QVERIFY(near(*sort.coefficient, row["real_coefficient"].get<double>() * 1e-9));
            if (row["name"] == "BM_Sort_RMS")
                QVERIFY(near(*sort.rms, row["rms"].get<double>()));
        }
        QCOMPARE(families["BM_SumThreads"]->argumentName, std::string("threads"));
    }

    void randomInterleavingReadsAsTheOrderedRun()
    {
        const OpenedFile opened4 = openFixture(QStringLiteral("gb-repetitions.json"));
        const ResultsFile &ordered = resultsOf(opened4);
        const OpenedFile opened5 = openFixture(QStringLiteral("gb-interleaved.json"));
        const ResultsFile &interleaved = resultsOf(opened5);
        QCOMPARE(interleaved.benchmarks.size(), ordered.benchmarks.size());
        for (const BenchmarkResult &b : ordered.benchmarks) {
            QVERIFY(interleaved.find(b.name));
            QCOMPARE(interleaved.find(b.name)->samples.size(), b.samples.size());
        }
    }

    void aggregatesOnlyHaveNoSamplesButTheirMedian()
    {
        const OpenedFile opened = openFixture(QStringLiteral("gb-aggregates-only.json"));
        const BenchmarkResult &sort = benchmark(resultsOf(opened), "BM_Sort/4096");
        QVERIFY(sort.samples.empty());
        QCOMPARE(sort.typical(), sort.aggregate("median"));
        QVERIFY(findProblem(opened.problems, Severity::Warning, "/benchmarks/0", "aggregates only"));
    }

    void googleBenchmarkCsv()
    {
        const OpenedFile opened = openFixture(QStringLiteral("gb-family.csv"));
        const ResultsFile &file = resultsOf(opened);
        QVERIFY(file.csv);
        QCOMPARE(file.benchmarks.size(), std::size_t(6));
        // The CSV's six digits, in its time unit: "BM_Sort/64",212962,325.584,325.042,ns
        QCOMPARE(benchmark(file, "BM_Sort/64").samples.size(), std::size_t(1));
        QVERIFY(near(benchmark(file, "BM_Sort/64").samples.front(), 325.584e-9));
        QCOMPARE(file.cpu, std::string("2 × 2300 MHz"));
        QCOMPARE(file.buildType, std::string("debug")); // from the console's warning line
        QVERIFY(near(*file.loadAverage, 5.23));
        QCOMPARE(file.families.size(), std::size_t(1));
        QCOMPARE(file.families.front().bigO, std::string("NlgN"));
        QVERIFY(near(*file.families.front().coefficient,
                     4.10525e-9)); // "BM_Sort_BigO",,4.10525,…,NlgN: in the family's unit
        QVERIFY(findProblem(opened.problems, Severity::Info, "line 11", "six significant digits"));
        QVERIFY(findProblem(opened.problems, Severity::Warning, "line 9", "load average"));
    }

    void aCsvCutMidRowSaysSo()
    {
        std::string bytes = fixtureBytes(QStringLiteral("gb-family.csv"));
        bytes.resize(bytes.size() - 12); // the last row loses its end, as a killed run leaves it
        const OpenedFile opened = openBytes(bytes);
        QVERIFY(opened.results);
        QVERIFY(opened.results->truncated);
        QCOMPARE(opened.results->benchmarks.size(), std::size_t(6)); // the row cut is the fit's RMS, line 19
        QVERIFY(findProblem(opened.problems, Severity::Warning, "line 19", "cut short"));
    }

    void theCsvCutShortByTheReporterHasTheRowsBefore()
    {
        const OpenedFile opened6 = openFixture(QStringLiteral("gb-cut-short.csv"));
        const ResultsFile &file = resultsOf(opened6);
        QCOMPARE(file.benchmarks.back().name, std::string("BM_Copy/262144"));
        QVERIFY(!file.find("BM_Sum"));
    }

    void anAbortedJsonShowsItsCompleteRows()
    {
        const OpenedFile opened = openFixture(QStringLiteral("gb-aborted.json"));
        const ResultsFile &file = resultsOf(opened);
        QVERIFY(file.truncated);
        QCOMPARE(file.benchmarks.back().name, std::string("BM_OpenInput"));
        QVERIFY(findProblem(opened.problems, Severity::Warning, "/benchmarks", "cut short"));
        QVERIFY(!hasErrors(opened.problems));
    }

    void hyperfine()
    {
        const OpenedFile opened7 = openFixture(QStringLiteral("hf-compare.json"));
        const ResultsFile &file = resultsOf(opened7);
        const Json document = Json::parse(fixtureBytes(QStringLiteral("hf-compare.json")));
        QCOMPARE(file.benchmarks.size(), std::size_t(2));
        const BenchmarkResult &first = file.benchmarks.front();
        QCOMPARE(first.name, document["results"][0]["command"].get<std::string>());
        COMPARE_VALUES(first.samples, document["results"][0]["times"].get<std::vector<double>>());
        QCOMPARE(*first.aggregate("mean"), document["results"][0]["mean"].get<double>());
        QVERIFY(first.exitCodes == std::vector<int>(10, 0));
        QCOMPARE(first.sampleName, std::string("run"));
    }

    void hyperfineScanIsAFamily()
    {
        const OpenedFile opened8 = openFixture(QStringLiteral("hf-scan.json"));
        const ResultsFile &file = resultsOf(opened8);
        QCOMPARE(file.families.size(), std::size_t(1));
        const BenchmarkFamily &scan = file.families.front();
        QCOMPARE(scan.name, std::string("seq {size} | sort -R >/dev/null"));
        QCOMPARE(scan.argumentName, std::string("size"));
        QCOMPARE(*file.benchmarks[scan.members.back()].argument, 80000.0);
    }

    void hyperfineOneRunAndFailures()
    {
        const OpenedFile one = openFixture(QStringLiteral("hf-one-run.json"));
        QVERIFY(!resultsOf(one).benchmarks.front().aggregate("stddev")); // null for one run
        QVERIFY(findProblem(one.problems, Severity::Warning, "/results/0", "has 1 run, fewer than 10"));
        const OpenedFile failing = openFixture(QStringLiteral("hf-failing.json"));
        const Json document = Json::parse(fixtureBytes(QStringLiteral("hf-failing.json")));
        const auto codes = document["results"][0]["exit_codes"].get<std::vector<int>>();
        const auto failed = std::count_if(codes.begin(), codes.end(), [](int c) { return c != 0; });
        QVERIFY(failed > 0);
        QVERIFY(findProblem(failing.problems, Severity::Warning, "/results/0/exit_codes",
                            std::to_string(failed) + " of its 10 runs exited with a non-zero code"));
    }

    void pyperf()
    {
        const OpenedFile opened = openFixture(QStringLiteral("pyperf-sort.json"));
        const ResultsFile &file = resultsOf(opened);
        const Json document = Json::parse(fixtureBytes(QStringLiteral("pyperf-sort.json")));
        std::vector<double> values; // every value of every run, calibration runs having none
        for (const Json &run : document["benchmarks"][0]["runs"]) {
            for (const Json &value : run.value("values", Json::array()))
                values.push_back(value.get<double>());
        }
        const BenchmarkResult &sort = file.benchmarks.front();
        QCOMPARE(sort.name, std::string("sort 1000 floats"));
        COMPARE_VALUES(sort.samples, values);
        QCOMPARE(sort.runs, std::size_t(20));
        QCOMPARE(sort.runsWithoutWarmup, std::size_t(0));
        QVERIFY(sort.isDuration);
        QCOMPARE(file.host, document["metadata"]["hostname"].get<std::string>()); // inherited from the suite
        const OpenedFile cold = openFixture(QStringLiteral("pyperf-no-warmups.json"));
        QVERIFY(findProblem(cold.problems, Severity::Warning, "/benchmarks/0", "20 of its 20 runs have no warm-up"));
    }

    void pyperfUnitsAndVersions()
    {
        const OpenedFile bytes
            = openChanged(QStringLiteral("pyperf-sort.json"), [](Json &d) { d["metadata"]["unit"] = "byte"; });
        QVERIFY(!resultsOf(bytes).benchmarks.front().isDuration);
        QCOMPARE(resultsOf(bytes).benchmarks.front().unit, std::string("byte"));
        const OpenedFile old = openChanged(QStringLiteral("pyperf-sort.json"), [](Json &d) { d["version"] = 6; });
        QVERIFY(findProblem(old.problems, Severity::Warning, "/version", "\"1.0\""));
    }

    void nanobench()
    {
        const OpenedFile opened9 = openFixture(QStringLiteral("nanobench-sort.json"));
        const ResultsFile &file = resultsOf(opened9);
        const Json document = Json::parse(fixtureBytes(QStringLiteral("nanobench-sort.json")));
        QCOMPARE(file.benchmarks.size(), std::size_t(3));
        std::vector<double> elapsed;
        for (const Json &m : document["results"][2]["measurements"])
            elapsed.push_back(m["elapsed"].get<double>() / document["results"][2]["batch"].get<double>());
        COMPARE_VALUES(file.benchmarks[2].samples, elapsed);
        QCOMPARE(file.families.size(), std::size_t(1));
        QCOMPARE(file.families.front().argumentName, std::string("complexityN"));
        // cpucycles is 0 in every epoch (not read): it is no counter.
        for (const BenchmarkCounter &c : file.benchmarks[2].counters)
            QVERIFY(c.name != "cpucycles");
    }

    void recognitionKeepsLessonArtifactsApart()
    {
        const OpenedFile seed = openFile(coretesting::seedPath());
        QVERIFY(seed.artifact);
        QVERIFY(!seed.results);
        // A lesson artifact that happens to hold "results" is still a lesson artifact.
        Json document = Json::parse(coretesting::readBytes(coretesting::seedPath()).toStdString());
        document["results"] = Json::array({Json{{"command", "x"}, {"times", {1.0}}}});
        QVERIFY(!openBytes(document.dump()).results);
        // An object that is none of the formats falls to the artifact's checks.
        QVERIFY(!openBytes(R"({"results": []})").results);
        // A CSV that is not Google Benchmark's is not read as one.
        QVERIFY(!openBytes("a,b,c\n1,2,3\n").results);
    }

    // A file cut short anywhere, or with a byte changed anywhere, is read without a crash and with
    // every property the fuzzer checks (tests/fuzz/fuzzchecks.h): 64 cuts and 64 changes a file.
    void cutAndChangedFilesAreReadSafely_data()
    {
        QTest::addColumn<QString>("fixture");
        for (const QString &name : fixtureNames())
            QTest::newRow(qPrintable(name)) << name;
    }

    void cutAndChangedFilesAreReadSafely()
    {
        QFETCH(QString, fixture);
        const std::string bytes = fixtureBytes(fixture);
        for (std::size_t i = 1; i <= 64; ++i) {
            const std::size_t at = bytes.size() * i / 65;
            std::string changed = bytes;
            changed[(at * 7919) % bytes.size()] ^= 0x5A;
            for (const std::string &variant : {bytes.substr(0, at), changed}) {
                const auto broken = fuzz::checkArtifactBytes(variant);
                QVERIFY2(broken.empty(), broken.empty() ? "" : broken.front().c_str());
            }
        }
    }

    void brokenRowsAreLocatedAndLeftOut_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("words");
        QTest::newRow("row not an object") << "gb-repetitions.json"
                                           << "row"
                                           << "/benchmarks/0"
                                           << "not an object";
        QTest::newRow("unknown time unit") << "gb-repetitions.json"
                                           << "unit"
                                           << "/benchmarks/0/time_unit"
                                           << "\"ps\"";
        QTest::newRow("real_time a string") << "gb-repetitions.json"
                                            << "time"
                                            << "/benchmarks/0/real_time"
                                            << "not a number";
        QTest::newRow("hyperfine without times") << "hf-compare.json"
                                                 << "times"
                                                 << "/results/0/times"
                                                 << "\"times\"";
        QTest::newRow("pyperf value zero") << "pyperf-sort.json"
                                           << "value"
                                           << "/benchmarks/0/runs/1/values/0"
                                           << "above 0";
        QTest::newRow("nanobench epoch without elapsed") << "nanobench-sort.json"
                                                         << "elapsed"
                                                         << "/results/0/measurements/0/elapsed"
                                                         << "elapsed";
    }

    void brokenRowsAreLocatedAndLeftOut()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, change);
        QFETCH(QString, pointer);
        QFETCH(QString, words);
        const OpenedFile opened = openChanged(fixture, [&change](Json &d) {
            if (change == QLatin1String("row"))
                d["benchmarks"][0] = 42;
            else if (change == QLatin1String("unit"))
                d["benchmarks"][0]["time_unit"] = "ps";
            else if (change == QLatin1String("time"))
                d["benchmarks"][0]["real_time"] = "fast";
            else if (change == QLatin1String("times"))
                d["results"][0].erase("times");
            else if (change == QLatin1String("value"))
                d["benchmarks"][0]["runs"][1]["values"][0] = 0;
            else
                d["results"][0]["measurements"][0].erase("elapsed");
        });
        QVERIFY(opened.results); // the rest is read
        QVERIFY2(findProblem(opened.problems, Severity::Error, pointer.toStdString(), words.toStdString()),
                 qPrintable(problemsText(opened.problems)));
    }
};

QTEST_GUILESS_MAIN(TestPeerReaders)
#include "tst_peerreaders.moc"
