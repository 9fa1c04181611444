// A run knows when it was disturbed: the interference probe counts what the scheduler did to the
// timed threads, the artifact records it, and the stated rule (docs/artifact-format.md, "When a run
// was disturbed") flags it in show and compare. The counters are checked against contention made
// on purpose (threads pinned to one CPU), never against a time limit.

#include "core/lesson/artifactbuilder.h"
#include "core/lesson/artifactcomparison.h"
#include "core/lesson/disturbance.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/timing/devicestream.h"
#include "core/timing/interference.h"
#include "coretesting.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include <sched.h>

using namespace lessonscope;
using namespace coretesting;

namespace {

// Pins the calling thread to one CPU; restores the old mask when it goes. pinned() says whether
// the pin held: a test whose rival is not on its CPU would wait for a preemption that never comes.
class PinnedToOneCpu
{
public:
    PinnedToOneCpu()
    {
        m_hadMask = sched_getaffinity(0, sizeof m_old, &m_old) == 0;
        const int cpu = sched_getcpu();
        CPU_ZERO(&m_cpu);
        if (cpu >= 0) {
            CPU_SET(cpu, &m_cpu);
            m_pinned = m_hadMask && sched_setaffinity(0, sizeof m_cpu, &m_cpu) == 0;
        }
    }
    ~PinnedToOneCpu()
    {
        if (m_pinned)
            sched_setaffinity(0, sizeof m_old, &m_old);
    }
    bool pinned() const { return m_pinned; }
    const cpu_set_t &cpu() const { return m_cpu; }

private:
    cpu_set_t m_old{};
    cpu_set_t m_cpu{};
    bool m_hadMask = false;
    bool m_pinned = false;
};

// Threads that spin until destroyed, on the given CPUs (all of them when null). pinned() waits
// until each has started and says whether every one took its CPUs.
class BusyThreads
{
public:
    BusyThreads(int count, const cpu_set_t *cpus)
    {
        for (int i = 0; i < count; ++i) {
            m_threads.emplace_back([this, cpus] {
                const bool placed = !cpus || sched_setaffinity(0, sizeof *cpus, cpus) == 0;
                if (!placed)
                    m_refused.store(true);
                m_started.fetch_add(1);
                while (!m_stop.load(std::memory_order_relaxed)) { }
            });
        }
    }
    ~BusyThreads()
    {
        m_stop = true;
        for (std::thread &thread : m_threads)
            thread.join();
    }
    bool pinned() const
    {
        while (m_started.load() < static_cast<int>(m_threads.size()))
            std::this_thread::yield();
        return !m_refused.load();
    }

private:
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_refused{false};
    std::atomic<int> m_started{0};
    std::vector<std::thread> m_threads;
};

// Spins on this thread until the scheduler has taken its CPU away at least once; false when that
// did not happen within 20 s (a rival that never shared the CPU), instead of spinning until
// CTest's timeout. A bound for failing, not a timing under test.
bool spinUntilPreempted()
{
    const std::int64_t before = currentThreadSwitches().involuntary;
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (currentThreadSwitches().involuntary == before) {
        if (std::chrono::steady_clock::now() > giveUp)
            return false;
    }
    return true;
}

InterferenceEvidence quietEvidence()
{
    InterferenceEvidence e;
    e.seconds = 0.5;
    e.host = {10, 0, 1, true};
    e.device = {2001, 1, 2, true};
    e.deviceThreads = 1;
    e.loadAverage = 0.2;
    e.cpus = 2;
    e.stealShare = 0.0;
    e.governor = "performance";
    return e;
}

Json withInterference(const Json &document, const InterferenceEvidence &evidence)
{
    Json copy = document;
    copy["environment"]["interference"] = interferenceToJson(evidence);
    return copy;
}

} // namespace

class TestInterference : public QObject
{
    Q_OBJECT

private slots:
    void hostSwitchesCountAThreadThatWasPreempted();
    void streamWorkersAddTheirSwitchesWhenTheyEnd();
    void ruleJudgesTheEvidence_data();
    void ruleJudgesTheEvidence();
    void oneCpuIsSaidWhateverElseTheRunMet();
    void aStoppedRunIsJudgedByWhatItMeasured();
    void evidenceSurvivesTheArtifact();
    void malformedEvidenceIsAWarning();
    void runOnBusyCoresIsFlaggedInShowAndCompare();
};

void TestInterference::hostSwitchesCountAThreadThatWasPreempted()
{
    const PinnedToOneCpu pinned;
    QVERIFY2(pinned.pinned(), "cannot pin this thread to its CPU");
    const InterferenceProbe probe;
    {
        const BusyThreads rival(1, &pinned.cpu()); // wants the very CPU this thread runs on
        QVERIFY2(rival.pinned(), "cannot pin the rival to this thread's CPU");
        QVERIFY2(spinUntilPreempted(), "not preempted in 20 s beside a rival on the same CPU");
    }
    const InterferenceEvidence evidence = probe.finish();
    QVERIFY2(evidence.host.involuntary >= 1, "the probe missed a preemption of the host thread");
    QVERIFY(evidence.seconds > 0);
    QVERIFY(evidence.cpus >= 1);
}

void TestInterference::streamWorkersAddTheirSwitchesWhenTheyEnd()
{
    const PinnedToOneCpu pinned; // the stream's worker inherits the one CPU
    QVERIFY2(pinned.pinned(), "cannot pin this thread to its CPU");
    const InterferenceProbe probe;
    {
        DeviceStream stream(StreamOptions{WaitStrategy::Park});
        const BusyThreads rival(1, &pinned.cpu());
        QVERIFY2(rival.pinned(), "cannot pin the rival to this thread's CPU");
        bool preempted = false;
        CallHandle call = stream.dispatch([&preempted] { preempted = spinUntilPreempted(); });
        call.wait();
        QVERIFY2(preempted, "the worker was not preempted in 20 s beside a rival on its CPU");
    }
    const InterferenceEvidence evidence = probe.finish();
    QCOMPARE(evidence.deviceThreads, std::int64_t{1});
    QVERIFY2(evidence.device.involuntary >= 1, "the worker's preemption did not reach the tally");
}

void TestInterference::ruleJudgesTheEvidence_data()
{
    QTest::addColumn<double>("seconds");
    QTest::addColumn<int>("involuntary");
    QTest::addColumn<double>("steal");
    QTest::addColumn<double>("load");
    QTest::addColumn<bool>("disturbed");
    QTest::addColumn<QString>("reason");
    QTest::newRow("quiet") << 0.5 << 1 << 0.0 << 0.2 << false << QString();
    QTest::newRow("preempted often") << 1.0 << 100 << 0.0 << 0.2 << true << QStringLiteral("100 times");
    QTest::newRow("few, however fast") << 0.01 << 4 << 0.0 << 0.2 << false << QString();
    QTest::newRow("many but slow") << 10.0 << 150 << 0.0 << 0.2 << false << QString();
    QTest::newRow("steal") << 0.5 << 0 << 0.10 << 0.2 << true << QStringLiteral("10.0% of the CPU time");
    QTest::newRow("busy at the start") << 0.5 << 0 << 0.0 << 2.5 << true
                                       << QStringLiteral("load average 2.50 on 2 CPUs");
}

void TestInterference::ruleJudgesTheEvidence()
{
    QFETCH(double, seconds);
    QFETCH(int, involuntary);
    QFETCH(double, steal);
    QFETCH(double, load);
    QFETCH(bool, disturbed);
    QFETCH(QString, reason);
    InterferenceEvidence e = quietEvidence();
    e.seconds = seconds;
    e.host.involuntary = involuntary / 2;
    e.device.involuntary = involuntary - involuntary / 2;
    e.stealShare = steal;
    e.loadAverage = load;
    const Disturbance verdict = assessDisturbance(e);
    QVERIFY(verdict.known);
    QCOMPARE(verdict.disturbed, disturbed);
    QCOMPARE(verdict.advice.empty(), !disturbed);
    if (disturbed) {
        QCOMPARE(verdict.reasons.size(), std::size_t{1});
        QVERIFY2(QString::fromStdString(verdict.reasons.front()).contains(reason), verdict.reasons.front().c_str());
    }
    QVERIFY(QString::fromStdString(verdict.evidence).contains(QStringLiteral("involuntary context switch")));
    QVERIFY(!assessDisturbance(std::nullopt).known);
}

// A run held on one CPU that the hypervisor also paused is disturbed *and* on one CPU: its
// headline and advice say both, so that a learner running under taskset learns why its calls cost
// microseconds even when steal is what made the run doubtful.
void TestInterference::oneCpuIsSaidWhateverElseTheRunMet()
{
    RunEvidence evidence{quietEvidence(), MeasuringReport{}};
    evidence.measuring->known = true;
    evidence.measuring->wanted = evidence.measuring->measured = evidence.measuring->clean = 100;
    evidence.measuring->sharedCpu = 80;
    const Disturbance alone = assessDisturbance(evidence);
    QVERIFY(alone.oneCpu && !alone.disturbed);
    QVERIFY(conditionsHeadline(alone).starts_with("measured on one CPU"));

    evidence.machine->stealShare = 0.079;
    const Disturbance stolen = assessDisturbance(evidence);
    QVERIFY(stolen.oneCpu && stolen.disturbed);
    const std::string headline = conditionsHeadline(stolen);
    QVERIFY2(headline.starts_with("DISTURBED: the hypervisor took 7.9%"), headline.c_str());
    QVERIFY2(headline.find("measured on one CPU") != std::string::npos, headline.c_str());
    QVERIFY2(stolen.advice.find("Close other programs") != std::string::npos, stolen.advice.c_str());
    QVERIFY2(stolen.advice.find("two CPUs") != std::string::npos, stolen.advice.c_str());

    evidence.measuring->sharedCpu = 10; // most units on two CPUs: not said
    QVERIFY(conditionsHeadline(assessDisturbance(evidence)).find("one CPU") == std::string::npos);

    // A device that is this machine's CPUs (PoCL) keeps a driver thread on the host's CPU too:
    // sharing it is its nature where the process has two CPUs, and said only where it has one.
    evidence.machine->stealShare.reset();
    evidence.measuring->sharedCpu = 80;
    evidence.deviceIsTheCpus = true;
    evidence.machine->cpus = 2;
    QVERIFY(!assessDisturbance(evidence).oneCpu);
    evidence.machine->cpus = 1;
    QVERIFY(assessDisturbance(evidence).oneCpu);
    // A process allowed one CPU measured on it, also where no unit saw the driver's threads there
    // (performance-09 on PoCL under taskset -c 0 said "quiet").
    evidence.measuring->sharedCpu = 0;
    QVERIFY(assessDisturbance(evidence).oneCpu);
    evidence.deviceIsTheCpus = false;
    QVERIFY(assessDisturbance(evidence).oneCpu);
    evidence.machine->cpus = 2;
    QVERIFY(!assessDisturbance(evidence).oneCpu);
}

// A run the person stopped after 4,365 of 20,000 asked-for calls, 4,361 of them clean, is a sound
// measurement of fewer calls, not "could not measure … close other programs" (the machine was
// quiet); most of its measured calls interrupted is still refused. Mutant: the quota of `wanted`.
void TestInterference::aStoppedRunIsJudgedByWhatItMeasured()
{
    RunEvidence evidence{quietEvidence(), MeasuringReport{}};
    MeasuringReport &m = *evidence.measuring;
    m.known = true;
    m.wanted = 20'000;
    m.measured = 4'365;
    m.clean = 4'361;
    m.interrupted = 4;
    QVERIFY(assessDisturbance(evidence).refused); // not stopped: the budget ran out on it
    m.stopped = true;
    const Disturbance stopped = assessDisturbance(evidence);
    QVERIFY2(!stopped.refused && !stopped.disturbed, conditionsHeadline(stopped).c_str());
    QVERIFY(stopped.advice.empty());
    // The flag survives the artifact's JSON, and older artifacts without it read as not stopped.
    Json written = interferenceToJson(*evidence.machine, &m);
    QVERIFY(!runEvidenceFromJson(Json::object({{"interference", written}})).measuring->budgetSpent);
    QVERIFY(runEvidenceFromJson(Json::object({{"interference", written}})).measuring->stopped);
    written["measuring"].erase("stopped");
    QVERIFY(!runEvidenceFromJson(Json::object({{"interference", written}})).measuring->stopped);

    m.clean = 1'000;
    m.interrupted = 3'365;
    const Disturbance mostlyInterrupted = assessDisturbance(evidence);
    QVERIFY(mostlyInterrupted.refused);
    QVERIFY2(conditionsHeadline(mostlyInterrupted).find("of the 4,365 measured before the stop") != std::string::npos,
             conditionsHeadline(mostlyInterrupted).c_str());
}

void TestInterference::evidenceSurvivesTheArtifact()
{
    const Lesson *lesson = findLesson("performance-01");
    QVERIFY(lesson);
    ParameterValues values{{"samples", std::int64_t{20}}};
    QVERIFY(!lesson->resolveParameters(values));
    RunObserver quiet;
    const LessonRun run = runLesson(*lesson, values, quiet);
    QVERIFY(run.interference);
    QVERIFY2(run.interference->deviceThreads >= 1, "the lesson's stream worker ended inside the window");
    const Artifact artifact = buildArtifact(*lesson, run, "2026-11-30T00:00:00.000000+00:00");
    const std::optional<InterferenceEvidence> read = interferenceFromJson(artifact.json().at("environment"));
    QVERIFY(read);
    QCOMPARE(read->host.involuntary, run.interference->host.involuntary);
    QCOMPARE(read->device.voluntary, run.interference->device.voluntary);
    QCOMPARE(read->deviceThreads, run.interference->deviceThreads);
    QCOMPARE(read->cpus, run.interference->cpus);
    QVERIFY(validateArtifact(artifact.json()).empty());
}

void TestInterference::malformedEvidenceIsAWarning()
{
    Json document = withInterference(seedArtifact().json(), quietEvidence());
    QVERIFY(validateArtifact(document).empty());
    document["environment"]["interference"]["host"]["involuntarySwitches"] = "many";
    const Problems problems = validateArtifact(document);
    QCOMPARE(problems.size(), std::size_t{1});
    QCOMPARE(problems.front().severity, Severity::Warning);
    QCOMPARE(problems.front().pointer, std::string("/environment/interference/host/involuntarySwitches"));
    QVERIFY(!disturbanceOf(document).known);
    QVERIFY(disturbanceOf(document).unreadable);
    QVERIFY(!disturbanceOf(seedArtifact().json()).unreadable); // no evidence at all is not unreadable evidence

    // A negative count compared: the side's conditions are said to be unknown, with where it broke.
    document["environment"]["interference"]["host"]["involuntarySwitches"] = -3;
    const Artifact broken(document);
    const std::vector<std::string> warnings = disturbanceWarnings(compareArtifacts(seedArtifact(), broken));
    QCOMPARE(warnings.size(), std::size_t{1});
    QVERIFY2(warnings.front().starts_with(
                 "B: the interference evidence cannot be read (/environment/interference/host/involuntarySwitches"),
             warnings.front().c_str());
    QVERIFY2(warnings.front().find("not known") != std::string::npos, warnings.front().c_str());
}

// A run made while other work busies every core: its interrupted calls are named, with their
// evidence, and left out of its figures, or the run says it could not measure; compare says so of
// that side and not of the other.
void TestInterference::runOnBusyCoresIsFlaggedInShowAndCompare()
{
    QTemporaryDir dir;
    const QString busyRun = dir.filePath(QStringLiteral("busy.json"));
    {
        const BusyThreads everyCore(2 * DeviceStream::usableCores(), nullptr);
        const Outcome run
            = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("-o"), busyRun});
        QVERIFY2(run.exitCode == 0 || run.err.contains(QStringLiteral("could not measure")), qPrintable(run.err));
    }
    const Outcome show = runLessonscope({QStringLiteral("show"), busyRun});
    QCOMPARE(show.exitCode, 0);
    // Never "quiet": the figures are said to come from uninterrupted units beside other work,
    // or the run is disturbed or refused.
    const bool beside = show.out.contains(QStringLiteral("conditions     clean beside other work: "));
    const bool disturbed = show.out.contains(QStringLiteral("conditions     DISTURBED: "));
    const bool refused = show.out.contains(QStringLiteral("conditions     COULD NOT MEASURE: "));
    QVERIFY2(beside || disturbed || refused, qPrintable(show.out));
    QVERIFY(show.out.contains(QStringLiteral("other programs kept ")));

    const Outcome compare = runLessonscope({QStringLiteral("compare"), seedPath(), busyRun});
    QCOMPARE(compare.exitCode, 0);
    QVERIFY2(compare.out.contains(QStringLiteral("⚠ B ")), qPrintable(compare.out));
    QVERIFY(!compare.out.contains(QStringLiteral("⚠ A ")));

    const Outcome seed = runLessonscope({QStringLiteral("show"), seedPath()});
    QVERIFY(seed.out.contains(QStringLiteral("conditions     not known: no interference evidence recorded")));
}

QTEST_GUILESS_MAIN(TestInterference)
#include "tst_interference.moc"
