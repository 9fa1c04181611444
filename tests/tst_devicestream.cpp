#include "core/timing/devicestream.h"
#include "core/timing/monotonicclock.h"

#include "threadtesting.h"

#include <QtTest>

#include <atomic>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

using namespace lessonscope;
#if defined(__linux__)
using threadtesting::currentTid;
using threadtesting::threadState;
#endif

Q_DECLARE_METATYPE(lessonscope::WaitStrategy)

namespace {

// Every guarantee of one call, as the timeline relies on them.
bool ordered(const CallTimestamps &t)
{
    return t.dispatchBegin <= t.dispatchEnd && t.dispatchBegin <= t.workBegin && t.workBegin <= t.workEnd
        && t.workEnd <= t.readyObserved && t.dispatchEnd <= t.readyObserved;
}

QByteArray describe(const CallTimestamps &t)
{
    return QByteArray("dispatch ") + QByteArray::number(qlonglong(t.dispatchBegin)) + ".."
        + QByteArray::number(qlonglong(t.dispatchEnd)) + " work " + QByteArray::number(qlonglong(t.workBegin)) + ".."
        + QByteArray::number(qlonglong(t.workEnd)) + " ready " + QByteArray::number(qlonglong(t.readyObserved));
}

// Some real work, so that the worker is busy while the host dispatches and waits.
void busyWork()
{
    volatile double sink = 0;
    for (int i = 0; i < 2000; ++i)
        sink = sink + i * 0.5;
}

} // namespace

class TestDeviceStream : public QObject
{
    Q_OBJECT

private slots:
    void strategies_data();
    void timestampsAreOrderedForEveryCall_data() { strategies_data(); }
    void timestampsAreOrderedForEveryCall();
    void workRunsInOrderOnOneOtherThread_data() { strategies_data(); }
    void workRunsInOrderOnOneOtherThread();
    void manyCallsInFlightFillTheQueue_data() { strategies_data(); }
    void manyCallsInFlightFillTheQueue();
    void exceptionIsRethrownFromWait_data() { strategies_data(); }
    void exceptionIsRethrownFromWait();
    void dispatchReturnsBeforeTheWorkRuns_data() { strategies_data(); }
    void dispatchReturnsBeforeTheWorkRuns();
    void waitingHostSleepsInTheKernel();
    void destructorDrainsDispatchedWork();
    void handlesCopyMoveAndOutliveTheStream();
    void adaptiveFollowsTheUsableCores();
    void idleWorkerParks_data() { strategies_data(); }
    void idleWorkerParks();
    void spinningWorkerIsSeenRunning();
    void strategyNames();
};

void TestDeviceStream::strategies_data()
{
    QTest::addColumn<WaitStrategy>("strategy");
    QTest::newRow("adaptive") << WaitStrategy::Adaptive;
    QTest::newRow("spin-then-park") << WaitStrategy::SpinThenPark;
    QTest::newRow("park") << WaitStrategy::Park;
}

void TestDeviceStream::timestampsAreOrderedForEveryCall()
{
    QFETCH(WaitStrategy, strategy);
    DeviceStream stream(StreamOptions{strategy});
    // Back-to-back calls, as the lesson makes them.
    for (int i = 0; i < 300; ++i) {
        CallHandle call = stream.dispatch(busyWork);
        QVERIFY(call.isValid());
        call.wait();
        QVERIFY(call.isReady());
        const CallTimestamps t = call.timestamps();
        QVERIFY2(ordered(t), describe(t).constData());
        QVERIFY(t.dispatchBegin > 0);
    }
}

void TestDeviceStream::workRunsInOrderOnOneOtherThread()
{
    QFETCH(WaitStrategy, strategy);
    constexpr int kCalls = 500;
    std::vector<int> order;           // written by the worker only, read after every wait
    std::vector<std::thread::id> ran; // likewise
    order.reserve(kCalls);
    ran.reserve(kCalls);
    std::vector<CallHandle> calls;
    {
        DeviceStream stream(StreamOptions{strategy});
        for (int i = 0; i < kCalls; ++i) {
            calls.push_back(stream.dispatch([i, &order, &ran] {
                order.push_back(i);
                ran.push_back(std::this_thread::get_id());
            }));
        }
        for (CallHandle &call : calls)
            call.wait();
    }
    QCOMPARE(int(order.size()), kCalls);
    for (int i = 0; i < kCalls; ++i)
        QCOMPARE(order[i], i);
    QVERIFY(ran.front() != std::this_thread::get_id());
    for (const std::thread::id &id : ran)
        QCOMPARE(id, ran.front());
    // In order on one thread means no overlap: each call's work ends before the next begins.
    for (int i = 1; i < kCalls; ++i)
        QVERIFY(calls[i - 1].timestamps().workEnd <= calls[i].timestamps().workBegin);
}

void TestDeviceStream::manyCallsInFlightFillTheQueue()
{
    QFETCH(WaitStrategy, strategy);
    // The first call holds the device while the host dispatches far more calls than the queue
    // holds: dispatch() must then wait for room, and be woken when the device takes a call. The
    // hold ends when every call was dispatched (an unbounded queue) or after 200 ms.
    constexpr int kCalls = 2000;
    std::atomic<int> dispatched{0};
    std::atomic<int> done{0};
    int dispatchedDuringHold = 0;
    DeviceStream stream(StreamOptions{strategy});
    std::vector<CallHandle> calls;
    calls.push_back(stream.dispatch([&] {
        const std::int64_t until = MonotonicClock::nowNs() + 200'000'000;
        while (dispatched.load() < kCalls && MonotonicClock::nowNs() < until)
            std::this_thread::yield();
        dispatchedDuringHold = dispatched.load();
        done.fetch_add(1);
    }));
    dispatched.fetch_add(1);
    for (int i = 1; i < kCalls; ++i) {
        calls.push_back(stream.dispatch([&done] { done.fetch_add(1); }));
        dispatched.fetch_add(1);
    }
    for (CallHandle &call : calls) {
        call.wait();
        QVERIFY2(ordered(call.timestamps()), describe(call.timestamps()).constData());
    }
    QCOMPARE(done.load(), kCalls);
    // The device's queue has a depth: the host could not run 2000 calls ahead of it.
    QVERIFY2(dispatchedDuringHold < kCalls, QByteArray::number(dispatchedDuringHold).constData());
}

void TestDeviceStream::exceptionIsRethrownFromWait()
{
    QFETCH(WaitStrategy, strategy);
    DeviceStream stream(StreamOptions{strategy});
    CallHandle failing = stream.dispatch([] { throw std::runtime_error("device fault"); });
    std::atomic<bool> ranAfter{false};
    CallHandle after = stream.dispatch([&ranAfter] { ranAfter = true; });

    QVERIFY_THROWS_EXCEPTION(std::runtime_error, failing.wait());
    // The failure stays with the call: waiting again reports it again.
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, failing.wait());
    QVERIFY(ordered(failing.timestamps()));

    // The device survived its failing call.
    after.wait();
    QVERIFY(ranAfter.load());
    CallHandle later = stream.dispatch(busyWork);
    later.wait();
    QVERIFY(ordered(later.timestamps()));
}

void TestDeviceStream::dispatchReturnsBeforeTheWorkRuns()
{
    // dispatch() only queues: the work can wait for something the host does after dispatch()
    // returned. A dispatch() that waited for the work would never see the flag, so the work
    // gives up after a generous 10 s (failing the test, never hanging it).
    QFETCH(WaitStrategy, strategy);
    DeviceStream stream(StreamOptions{strategy});
    std::atomic<bool> dispatchReturned{false};
    bool workSawTheFlag = false; // written by the work, read after wait()
    CallHandle call = stream.dispatch([&] {
        const std::int64_t giveUp = MonotonicClock::nowNs() + 10'000'000'000;
        while (!dispatchReturned.load() && MonotonicClock::nowNs() < giveUp)
            std::this_thread::yield();
        workSawTheFlag = dispatchReturned.load();
    });
    dispatchReturned.store(true);
    call.wait();
    QVERIFY2(workSawTheFlag, "dispatch() returned only after its work had finished");
    const CallTimestamps t = call.timestamps();
    QVERIFY2(ordered(t), describe(t).constData());
    // The work ran past the end of dispatch: it could not finish before the flag was raised.
    QVERIFY2(t.dispatchEnd <= t.workEnd, describe(t).constData());
}

void TestDeviceStream::waitingHostSleepsInTheKernel()
{
#if defined(__linux__)
    // A host whose spin is short sleeps while the work outlasts it, and is woken: the host is this
    // thread, blocked in wait(); the work,
    // on the worker, holds the call until it reads the host's state from /proc as 'S' (asleep in
    // the kernel). A host that kept spinning would stay 'R' and the work would give up after a
    // generous 10 s, failing the test, never hanging it. The host's spin (10 µs) uses no system
    // call, so 'S' during wait() can only be the futex it parks on.
    StreamOptions options{WaitStrategy::SpinThenPark};
    options.hostSpinNs = 10'000;
    DeviceStream stream(options);
    const long hostTid = currentTid();
    std::atomic<bool> hostWaiting{false};
    bool sawHostAsleep = false; // written by the work, read after wait()
    CallHandle call = stream.dispatch([&] {
        const std::int64_t giveUp = MonotonicClock::nowNs() + 10'000'000'000;
        // Only states read after the host is about to wait say anything about wait() (it makes
        // no system call between raising the flag and parking).
        while (!hostWaiting.load() && MonotonicClock::nowNs() < giveUp)
            std::this_thread::yield();
        while (!sawHostAsleep && MonotonicClock::nowNs() < giveUp) {
            sawHostAsleep = threadState(hostTid) == 'S';
            std::this_thread::yield();
        }
    });
    hostWaiting.store(true);
    call.wait();
    QVERIFY2(sawHostAsleep, "the host never slept while it waited for a call that outlasted its spin");
    const CallTimestamps t = call.timestamps();
    QVERIFY2(ordered(t), describe(t).constData());
#else
    QSKIP("reads the thread state from /proc");
#endif
}

void TestDeviceStream::destructorDrainsDispatchedWork()
{
    constexpr int kCalls = 300;
    std::atomic<int> done{0};
    std::vector<CallHandle> calls;
    {
        DeviceStream stream;
        for (int i = 0; i < kCalls; ++i)
            calls.push_back(stream.dispatch([&done] {
                busyWork();
                done.fetch_add(1);
            }));
    } // no wait: the destructor must finish every dispatched call before it returns
    QCOMPARE(done.load(), kCalls);
    // Handles outlive their stream.
    for (CallHandle &call : calls) {
        QVERIFY(call.isReady());
        call.wait();
        QVERIFY(ordered(call.timestamps()));
    }
}

void TestDeviceStream::handlesCopyMoveAndOutliveTheStream()
{
    CallHandle kept;
    QVERIFY(!kept.isValid());
    kept.wait(); // an empty handle has nothing to wait for
    {
        DeviceStream stream;
        CallHandle first = stream.dispatch(busyWork);
        CallHandle copy = first;
        CallHandle assigned;
        assigned = copy;
        assigned = assigned; // self-assignment keeps the call
        CallHandle moved = std::move(copy);
        QVERIFY(!copy.isValid()); // a moved-from handle is empty
        QVERIFY(moved.isValid() && assigned.isValid());
        moved.wait();
        QVERIFY(first.isReady() && assigned.isReady());
        QCOMPARE(assigned.timestamps().readyObserved, first.timestamps().readyObserved);
        kept = std::move(assigned);
        // More calls than the queue's depth, so that the first call's slot is refilled while
        // handles still hold its record: the record must not be reused under them.
        for (int i = 0; i < 300; ++i)
            stream.dispatch(busyWork).wait();
        QCOMPARE(kept.timestamps().readyObserved, first.timestamps().readyObserved);
        QVERIFY(ordered(kept.timestamps()));
    }
    QVERIFY(kept.isReady());
    kept.wait();
    QVERIFY(ordered(kept.timestamps()));
}

void TestDeviceStream::adaptiveFollowsTheUsableCores()
{
    QVERIFY(DeviceStream::usableCores() >= 1);
    {
        DeviceStream stream;
        const WaitStrategy expected
            = DeviceStream::usableCores() >= 2 ? WaitStrategy::SpinThenPark : WaitStrategy::Park;
        QCOMPARE(stream.effectiveStrategy(), expected);
    }
    QCOMPARE(DeviceStream(StreamOptions{WaitStrategy::Park}).effectiveStrategy(), WaitStrategy::Park);
    QCOMPARE(DeviceStream(StreamOptions{WaitStrategy::SpinThenPark}).effectiveStrategy(), WaitStrategy::SpinThenPark);
#if defined(__linux__)
    // A thread confined to one CPU must not spin: its waiter would delay the very worker it waits for.
    int cores = 0;
    WaitStrategy confined = WaitStrategy::Adaptive;
    bool workRan = false;
    std::thread pinned([&] {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(sched_getcpu(), &one);
        if (sched_setaffinity(0, sizeof(one), &one) != 0)
            return;
        cores = DeviceStream::usableCores();
        DeviceStream stream;
        confined = stream.effectiveStrategy();
        CallHandle call = stream.dispatch([&workRan] { workRan = true; });
        call.wait();
    });
    pinned.join();
    if (cores == 0)
        QSKIP("sched_setaffinity is not permitted here");
    QCOMPARE(cores, 1);
    QCOMPARE(confined, WaitStrategy::Park);
    QVERIFY(workRan);
#endif
}

void TestDeviceStream::idleWorkerParks()
{
#if defined(__linux__)
    QFETCH(WaitStrategy, strategy);
    DeviceStream stream(StreamOptions{strategy});
    long workerTid = 0;
    CallHandle call = stream.dispatch([&workerTid] { workerTid = currentTid(); });
    call.wait();
    QVERIFY(workerTid > 0 && workerTid != currentTid());
    // After its 200 µs spin the idle worker must be asleep in the kernel. Polled generously, as a
    // loaded machine may run the worker late; a worker that kept spinning would stay 'R'.
    QTRY_COMPARE_WITH_TIMEOUT(threadState(workerTid), 'S', 10'000);
    // And a parked worker still wakes for the next call.
    CallHandle next = stream.dispatch(busyWork);
    next.wait();
    QVERIFY(ordered(next.timestamps()));
#else
    QSKIP("reads the thread state from /proc");
#endif
}

void TestDeviceStream::spinningWorkerIsSeenRunning()
{
#if defined(__linux__)
    // The control for idleWorkerParks: the state it reads does tell spinning from parked. An idle
    // worker spins only while the host is seen running (tst_streamplacement shows that it parks
    // when the host sleeps), so the host keeps running for 100 µs after each call and then reads
    // the worker's state. Other work that preempts the host makes the worker park, rightly, after
    // that call (so does a hypervisor that deschedules the host's virtual CPU: the host's CPU
    // time stops); a worker that always parked would be asleep after every one of the 500.
    StreamOptions options{WaitStrategy::SpinThenPark};
    options.workerSpinNs = 60'000'000'000; // a minute: longer than this test
    DeviceStream stream(options);
    const long workerTid = stream.workerThreadId();
    int running = 0;
    for (int call = 0; call < 500 && running == 0; ++call) {
        stream.dispatch([] {}).wait();
        const std::int64_t until = MonotonicClock::nowNs() + 100'000;
        while (MonotonicClock::nowNs() < until) { }
        running += threadState(workerTid) == 'R';
    }
    QVERIFY2(running > 0, "the idle worker parked although the host ran");
    // The destructor's end marker reaches a spinning worker like any call.
#else
    QSKIP("reads the thread state from /proc");
#endif
}

void TestDeviceStream::strategyNames()
{
    QCOMPARE(QByteArray(waitStrategyName(WaitStrategy::Adaptive)), QByteArray("adaptive"));
    QCOMPARE(QByteArray(waitStrategyName(WaitStrategy::SpinThenPark)), QByteArray("spin-then-park"));
    QCOMPARE(QByteArray(waitStrategyName(WaitStrategy::Park)), QByteArray("park"));
}

QTEST_GUILESS_MAIN(TestDeviceStream)
#include "tst_devicestream.moc"
