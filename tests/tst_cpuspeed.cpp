// The CPU's own speed (core/timing/referencework.h): each round reads it, and a comparison does not
// call a change of the CPU's speed between two runs a change of the code's.

#include "core/lesson/artifactcomparison.h"
#include "core/lesson/measuring.h"
#include "core/timing/referencework.h"
#include "ui/runs/comparisonview.h"
#include "explorertesting.h"
#include "lessontesting.h"
#include <nlohmann/json.hpp>
#include <QTableWidget>
#include <QTest>

#include <algorithm>
#include <thread>

#include <sched.h>

using namespace lessonscope;
using namespace explorertesting;

class TestCpuSpeed : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { isolateSettings(m_dir); }
    void readingsArePositiveAndTheProductIsDone();
    void theFirstRoundIsNotWarmedByTheReading();
    void theCpusOwnSpeedIsNotTheCodes();
    void theComparisonViewSaysSo();
    void theLinkIsReadBetweenTwoCpus();
    void theLinkIsNamedNotBanded();

private:
    QTemporaryDir m_dir;
};

// The three pieces of work are done, not folded away by the compiler: no core multiplies 64-bit
// numbers that depend on each other faster than eight a nanosecond (three cycles each at 24 GHz),
// does 256 float multiply-adds a nanosecond (two 512-bit units at 8 GHz), or reads beyond its L2 at
// a terabyte a second; a chain, a product or a sweep the compiler dropped would read a few ns.
void TestCpuSpeed::readingsArePositiveAndTheProductIsDone()
{
    const double leastLoopNs = kReferenceLoopSteps / 8.0;
    const double leastProductNs = double(kReferenceProductsPerTiming) * kReferenceProductRows * kReferenceProductDepth
        * kReferenceProductColumns / 256.0;
    for (int i = 0; i < 3; ++i) {
        const ReferenceReading reading = readReference();
        QVERIFY2(reading.loopNs >= leastLoopNs, QByteArray::number(reading.loopNs).constData());
        QVERIFY2(reading.productNs >= leastProductNs, QByteArray::number(reading.productNs).constData());
        QVERIFY2(reading.sweepNs >= kReferenceSweepBytes / 1000.0, QByteArray::number(reading.sweepNs).constData());
    }
}

// The reading runs the course's product, so taken before the first round it would warm the
// process's first use, which performance-01 times (its first call read 3.6–4.6 µs so, 20–21 µs
// without): each round is read as it ends, once, and a round a cancel kept from beginning is not.
void TestCpuSpeed::theFirstRoundIsNotWarmedByTheReading()
{
    MeasuringReport report;
    RoundPacer pacer(report);
    QVERIFY(pacer.beginRound(0, [] { return false; }));
    QVERIFY(report.referenceLoopNs.empty());
    QVERIFY(report.referenceProductNs.empty());
    pacer.roundsEnded();
    pacer.roundsEnded();
    QCOMPARE(report.referenceProductNs.size(), std::size_t(1));
    QVERIFY(!pacer.beginRound(1, [] { return true; }));
    pacer.roundsEnded();
    QCOMPARE(report.referenceLoopNs.size(), std::size_t(1));
    QCOMPARE(report.referenceProductNs.size(), std::size_t(1));
    QCOMPARE(report.referenceSweepNs.size(), std::size_t(1));
}

namespace {

// performance-05's recording as a steady run: every warm call 1 µs (within 0.6%) × `slower`, and
// each round's reference readings as given (none: the key left out).
Json performance05At(double slower, const std::vector<double> &referenceLoopNs,
                     const std::vector<double> &referenceProductNs = {},
                     const std::vector<double> &referenceSweepNs = {}, const std::vector<double> &referenceLinkNs = {})
{
    Json document = Json::parse(coretesting::readBytes(lessontesting::recordedPath("performance-05")).toStdString());
    Json out = Json::parse(document["stdout"].get<std::string>());
    int i = 0;
    for (Json &sample : out["warm_samples_seconds"])
        sample = 1e-6 * (1 + 0.001 * (i++ % 7)) * slower;
    document["stdout"] = out.dump();
    Json &measuring = document["environment"]["interference"]["measuring"];
    for (const auto &[key, readings] :
         {std::pair{"referenceLoopNs", &referenceLoopNs}, std::pair{"referenceProductNs", &referenceProductNs},
          std::pair{"referenceSweepNs", &referenceSweepNs}, std::pair{"referenceLinkNs", &referenceLinkNs}}) {
        if (readings->empty())
            measuring.erase(key);
        else
            measuring[key] = *readings;
    }
    return document;
}

std::string warmVerdict(const Json &a, const Json &b, std::vector<std::string> *warnings = nullptr)
{
    const LibraryEntry ea = entryFrom(QByteArray::fromStdString(a.dump()));
    const LibraryEntry eb = entryFrom(QByteArray::fromStdString(b.dump()));
    const ArtifactComparison comparison = compareArtifacts(*ea.artifact, *eb.artifact);
    if (warnings)
        *warnings = disturbanceWarnings(comparison);
    for (const ComparedFigure &row : comparison.figures) {
        if (row.isDuration && row.interval && row.interval->method == "rounds")
            return row.verdict;
    }
    return "no duration compared between rounds";
}

} // namespace

// The CPU here runs at levels 1.08–1.33× apart for seconds at a time: a run taken at a slower
// level is slower by as much as a fixed chain of multiply-adds is, and that is not the code's.
void TestCpuSpeed::theCpusOwnSpeedIsNotTheCodes()
{
    const auto verdictFor = [](double low, double high, std::optional<CpuSpeedChange> cpu, bool duration = true) {
        ComparedFigure f;
        f.ratio = (low + high) / 2;
        f.isDuration = duration;
        f.interval = RatioInterval{low, high, true, "rounds", kBetweenRunsConfidence};
        f.cpuChange = cpu;
        return QString::fromStdString(verdictOf(f));
    };
    const QString cpus = QStringLiteral("no difference beyond the CPU's own speed");
    const CpuSpeedChange clock{1.18, std::nullopt}, same{1.0, 1.0}, sibling{1.0, 1.71};
    QVERIFY(verdictFor(1.15, 1.20, clock).contains(cpus));
    QVERIFY(verdictFor(1.15, 1.20, std::nullopt).endsWith(QStringLiteral(": B is slower")));
    QVERIFY(verdictFor(1.15, 1.20, same).endsWith(QStringLiteral(": B is slower")));
    QVERIFY(verdictFor(1.25, 1.30, clock).endsWith(QStringLiteral(": B is slower"))); // beyond 1.18 × 1.02
    QVERIFY(verdictFor(0.84, 0.86, CpuSpeedChange{1 / 1.18, 1 / 1.18}).contains(cpus));
    QVERIFY(verdictFor(0.80, 0.90, clock).endsWith(QStringLiteral(": B is faster"))); // against the CPU's
    QVERIFY(verdictFor(1.60, 1.70, sibling).contains(QStringLiteral("a fixed small product took 1.71× as long")));
    QVERIFY(verdictFor(1.15, 1.20, clock, false).endsWith(QStringLiteral(": B is larger"))); // not a duration

    // A whole comparison: B's every warm call 1.18× A's, and its CPU as much slower — or not.
    const std::vector<double> fast(5, 16'400.0), slow(5, 16'400.0 * 1.18);
    const Json a = performance05At(1.0, fast, std::vector<double>(5, 10'000.0));
    std::vector<std::string> warnings;
    const QString cpuVerdict = QString::fromStdString(
        warmVerdict(a, performance05At(1.18, slow, std::vector<double>(5, 10'000.0)), &warnings));
    QVERIFY2(cpuVerdict.contains(cpus), qPrintable(cpuVerdict));
    const QString cpuWarning = QString::fromStdString(warnings.empty() ? std::string() : warnings.back());
    QVERIFY2(cpuWarning.startsWith(QStringLiteral("The CPU itself ran at another speed")), qPrintable(cpuWarning));
    QVERIFY2(cpuWarning.contains(QStringLiteral("(1.18×)")), qPrintable(cpuWarning));
    const QString codeVerdict = QString::fromStdString(warmVerdict(a, performance05At(1.18, fast), &warnings));
    QVERIFY2(codeVerdict.endsWith(QStringLiteral(": B is slower")), qPrintable(codeVerdict));
    QVERIFY(warnings.empty() || !QString::fromStdString(warnings.back()).startsWith(QStringLiteral("The CPU")));
    // A run from before lessonscope read the CPU's speed: the verdict is the interval's alone.
    // The product's reading alone moved (the core's other hardware thread busy): the same.
    const QString productVerdict = QString::fromStdString(
        warmVerdict(a, performance05At(1.7, fast, std::vector<double>(5, 17'000.0)), &warnings));
    QVERIFY2(productVerdict.contains(cpus), qPrintable(productVerdict));
    const QString productWarning = QString::fromStdString(warnings.empty() ? std::string() : warnings.back());
    QVERIFY2(productWarning.contains(QStringLiteral("a fixed small product 10.0 µs in A and 17.0 µs in B (1.70×)")),
             qPrintable(productWarning));
    const QString olderVerdict = QString::fromStdString(warmVerdict(a, performance05At(1.18, {})));
    QVERIFY2(olderVerdict.endsWith(QStringLiteral(": B is slower")), qPrintable(olderVerdict));

    // The sweep's reading alone moved (the shared cache and memory busy with other tenants): a
    // 512×512 product here then took 1.27× as long while the chain and the small product did not.
    const std::vector<double> product(5, 10'000.0), sweep(5, 200'000.0), slowSweep(5, 200'000.0 * 1.3);
    QVERIFY(verdictFor(1.25, 1.30, CpuSpeedChange{1.0, 1.0, 1.3}).contains(cpus));
    QVERIFY(verdictFor(1.25, 1.30, CpuSpeedChange{1.0, 1.0, 1.0}).endsWith(QStringLiteral(": B is slower")));
    const Json withSweep = performance05At(1.0, fast, product, sweep);
    const QString sweepVerdict
        = QString::fromStdString(warmVerdict(withSweep, performance05At(1.27, fast, product, slowSweep), &warnings));
    QVERIFY2(sweepVerdict.contains(QStringLiteral("a sweep through 4 MiB 1.30×")), qPrintable(sweepVerdict));
    QVERIFY2(QString::fromStdString(warnings.back()).contains(QStringLiteral("a sweep through 4 MiB 200 µs in A")),
             qPrintable(QString::fromStdString(warnings.back())));
    const QString sameSweep
        = QString::fromStdString(warmVerdict(withSweep, performance05At(1.27, fast, product, sweep)));
    QVERIFY2(sameSweep.endsWith(QStringLiteral(": B is slower")), qPrintable(sameSweep));
}

// The explorer's comparison says it as `compare` does: the warning above the table, the verdict in
// its row. The screenshot (LESSONSCOPE_SCREENSHOT_DIR) is what a learner reads.
void TestCpuSpeed::theComparisonViewSaysSo()
{
    const std::vector<double> fast(5, 16'400.0), product(5, 10'000.0), slowerProduct(5, 13'000.0), sweep(5, 130'000.0);
    const std::vector<double> near(5, 62.0), apart(5, 410.0); // and B's CPUs apart
    const LibraryEntry a = entryFrom(QByteArray::fromStdString(performance05At(1.0, fast, product, sweep, near).dump()),
                                     QStringLiteral("/a.json"));
    const LibraryEntry b
        = entryFrom(QByteArray::fromStdString(performance05At(1.25, fast, slowerProduct, sweep, apart).dump()),
                    QStringLiteral("/b.json"));
    ComparisonView view;
    view.resize(1280, 900);
    view.setEntries(a, b);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY2(view.differencesText().contains(QStringLiteral("The CPU itself ran at another speed")),
             qPrintable(view.differencesText()));
    QVERIFY2(view.differencesText().contains(QStringLiteral("a sweep through 4 MiB 130 µs in A and 130 µs in B")),
             qPrintable(view.differencesText()));
    QVERIFY2(view.differencesText().contains(QStringLiteral("took 62.0 ns in A and 410 ns in B")),
             qPrintable(view.differencesText()));
    bool said = false;
    for (int r = 0; r < view.table()->rowCount(); ++r)
        said = said || view.table()->item(r, 4)->text().contains(QStringLiteral("beyond the CPU's own speed"));
    QVERIFY(said);
    saveScreenshot(view, QStringLiteral("comparison-cpu-speed.png"));
}

// The link is a crossing: two threads, each held on its own CPU. No two cores pass a cache line
// there and back in under 10 ns (two misses served by another core); a reading that crossed
// nothing (one thread, or a count the compiler kept in a register) would read a nanosecond or
// two. With one CPU to use there is no link to read, and a round records none.
void TestCpuSpeed::theLinkIsReadBetweenTwoCpus()
{
    cpu_set_t allowed;
    QCOMPARE(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    if (CPU_COUNT(&allowed) < 2)
        QSKIP("the link needs two CPUs to use");
    for (int i = 0; i < 3; ++i) {
        const double linkNs = readReference().linkNs;
        QVERIFY2(linkNs >= 10, QByteArray::number(linkNs).constData());
    }
    MeasuringReport report;
    RoundPacer pacer(report);
    QVERIFY(pacer.beginRound(0, [] { return false; }));
    pacer.roundsEnded();
    QCOMPARE(report.referenceLinkNs.size(), std::size_t(1));

    // On a thread of its own, so that holding it on one CPU leaves this one as it was.
    bool heldOnOne = false;
    double linkOnOne = -1;
    MeasuringReport alone;
    std::thread([&] {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(0, &one);
        heldOnOne = sched_setaffinity(0, sizeof one, &one) == 0;
        linkOnOne = readReference().linkNs;
        RoundPacer onOneCpu(alone);
        if (onOneCpu.beginRound(0, [] { return false; }))
            onOneCpu.roundsEnded();
    }).join();
    QVERIFY(heldOnOne);
    QCOMPARE(linkOnOne, 0.0);
    QCOMPARE(alone.referenceProductNs.size(), std::size_t(1));
    QVERIFY(alone.referenceLinkNs.empty());
}

// Here the link's two states lie 4–7× apart (CPUs placed beside each other or apart), and a
// 1 µs call crosses it twice: a band as wide as the link's change would call float64 and float32
// alike. So a comparison names the link where it moved, and the verdict stays the interval's.
void TestCpuSpeed::theLinkIsNamedNotBanded()
{
    const std::vector<double> loop(5, 16'400.0), product(5, 10'000.0), sweep(5, 130'000.0);
    const std::vector<double> near(5, 60.0), apart(5, 400.0), nearAgain(5, 66.0);
    const Json a = performance05At(1.0, loop, product, sweep, near);
    std::vector<std::string> warnings;
    const QString verdict
        = QString::fromStdString(warmVerdict(a, performance05At(1.3, loop, product, sweep, apart), &warnings));
    QVERIFY2(verdict.endsWith(QStringLiteral(": B is slower")), qPrintable(verdict));
    const auto names = [&warnings](const QString &words) {
        return std::any_of(warnings.begin(), warnings.end(), [&words](const std::string &warning) {
            return QString::fromStdString(warning).contains(words);
        });
    };
    QVERIFY(names(QStringLiteral("The link between the CPUs changed: a cache line's round trip between two of them "
                                 "took 60.0 ns in A and 400 ns in B (6.67×)")));
    warmVerdict(a, performance05At(1.0, loop, product, sweep, nearAgain), &warnings);
    QVERIFY(!names(QStringLiteral("The link between the CPUs")));
    warmVerdict(a, performance05At(1.0, loop, product, sweep), &warnings); // B from before the link
    QVERIFY(!names(QStringLiteral("The link between the CPUs")));
}

QTEST_MAIN(TestCpuSpeed)
#include "tst_cpuspeed.moc"
