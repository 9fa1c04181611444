// The arithmetic that tells the lesson's own threads' waits from other work's
// (core/timing/callevidence.h), on counters made by hand: no thread is run, no time is read.
#include "core/timing/callevidence.h"
#include "core/timing/threadcounters.h"

#include <QtTest>

#include <array>

using namespace lessonscope;

namespace {

// A thread's counters at a moment: the CPU it is on, what it had run and waited so far.
ThreadCounters at(std::int64_t atNs, int cpu, std::int64_t cpuNs, std::int64_t runDelayNs)
{
    ThreadCounters counters;
    counters.atNs = atNs;
    counters.cpu = cpu;
    counters.cpuNs = cpuNs;
    counters.runDelayNs = runDelayNs;
    counters.known = true;
    return counters;
}

constexpr std::int64_t kWindow = 400'000; // a 64-call burst on PoCL here

} // namespace

class TestCallEvidence : public QObject
{
    Q_OBJECT

private slots:
    // The host on CPU 1 and two driver threads on CPU 0, none beside the host: without a bound
    // every wait is other work's. With the two CPUs the threads may use, a window in which the
    // three kept both CPUs busy leaves no room for anyone else: their 300 µs of waits were for each
    // other. A rule that ignored the CPUs' capacity would call the burst interrupted.
    void threadsThatKeepEveryCpuBusyWaitForEachOther()
    {
        const std::array before = {at(0, 0, 0, 0), at(0, 0, 0, 0)};
        const std::array after = {at(kWindow, 0, 250'000, 150'000), at(kWindow, 0, 150'000, 150'000)};
        const ThreadCounters hostBefore = at(0, 1, 0, 0);
        const ThreadCounters hostAfter = at(kWindow, 1, 400'000, 0);
        const CallEvidence unbounded = evidenceBetween(hostBefore, hostAfter, before, after);
        QCOMPARE(unbounded.otherWaitNs, std::int64_t(300'000));
        const CallEvidence bounded = evidenceBetween(hostBefore, hostAfter, before, after, 2);
        QCOMPARE(bounded.otherWaitNs, std::int64_t(0));
        QCOMPARE(bounded.selfWaitNs, std::int64_t(300'000));
        QVERIFY(!isInterrupted(bounded, kWindow));
    }

    // The same waits where the threads left 120 µs of the two CPUs unused by them: other work may
    // have run that long, and so much of the waits is booked as its own.
    void roomLeftOnTheCpusIsOtherWorksAtMost()
    {
        const std::array before = {at(0, 0, 0, 0), at(0, 0, 0, 0)};
        const std::array after = {at(kWindow, 0, 200'000, 150'000), at(kWindow, 0, 80'000, 150'000)};
        const CallEvidence evidence = evidenceBetween(at(0, 1, 0, 0), at(kWindow, 1, 400'000, 0), before, after, 2);
        QCOMPARE(evidence.otherWaitNs, std::int64_t(120'000));
        QCOMPARE(evidence.selfWaitNs, std::int64_t(180'000));
        QVERIFY(isInterrupted(evidence, kWindow));
        // On eight CPUs the same threads leave room for anyone: every wait is other work's.
        QCOMPARE(evidenceBetween(at(0, 1, 0, 0), at(kWindow, 1, 400'000, 0), before, after, 8).otherWaitNs,
                 std::int64_t(300'000));
    }

    // A driver thread asleep on the host's CPU took no turns with the host: the call is not one
    // of a shared CPU, and a wait of the other device thread stays other work's. One that ran
    // there did share it.
    void aSleepingThreadOnTheHostsCpuSharesNothing()
    {
        const ThreadCounters hostBefore = at(0, 1, 0, 0);
        const ThreadCounters hostAfter = at(kWindow, 1, 10'000, 0);
        const std::array before = {at(0, 1, 0, 0), at(0, 0, 0, 0)};
        const std::array asleep = {at(kWindow, 1, 0, 0), at(kWindow, 0, 300'000, 50'000)};
        const CallEvidence alone = evidenceBetween(hostBefore, hostAfter, before, asleep);
        QVERIFY(!alone.sharedCpu);
        QCOMPARE(alone.otherWaitNs, std::int64_t(50'000));
        const std::array ran = {at(kWindow, 1, 200'000, 0), at(kWindow, 0, 300'000, 50'000)};
        QVERIFY(evidenceBetween(hostBefore, hostAfter, before, ran).sharedCpu);
    }
};

QTEST_GUILESS_MAIN(TestCallEvidence)
#include "tst_callevidence.moc"
