// Where the stream's threads run and how they wait for each other: a waiter never spins for a
// thread that cannot run meanwhile (docs/performance.md, "Never spin for a thread that cannot
// run"). Every claim is shown by the kernel's own account of a thread's state ('R' running or
// runnable, 'S' asleep), read from /proc while the claim must hold, never by timing: a host that
// spun for a worker on its own CPU would cost a call the whole spin budget, but the tests give
// the waiters a budget of a minute and see the spin itself.

#include "core/timing/devicestream.h"
#include "core/timing/monotonicclock.h"

#include "threadtesting.h"

#include <QtTest>

#include <atomic>
#include <cstdlib>
#include <new>
#include <thread>

using namespace lessonscope;

namespace {

// Counts the allocations of this test program, to see that the stream's first lap allocates no
// call records (the calls' work below fits std::function's own buffer).
std::atomic<long> g_allocations{0};

constexpr std::int64_t kMinute = 60'000'000'000;
constexpr std::int64_t kGiveUpNs = 10'000'000'000; // a test that fails gives up after 10 s, never hangs

StreamOptions spinningForAMinute()
{
    StreamOptions options{WaitStrategy::SpinThenPark};
    options.hostSpinNs = kMinute;
    options.workerSpinNs = kMinute;
    return options;
}

// Polls thread tid until it is in state, giving up after kGiveUpNs; the observer yields between
// reads and so takes next to no CPU from the threads it watches.
bool becomes(long tid, char state)
{
    const std::int64_t giveUp = MonotonicClock::nowNs() + kGiveUpNs;
    while (MonotonicClock::nowNs() < giveUp) {
        if (threadtesting::threadState(tid) == state)
            return true;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    return false;
}

// Work that runs (burns its CPU) until released, giving up after kGiveUpNs.
void runUntil(const std::atomic<bool> &released)
{
    const std::int64_t giveUp = MonotonicClock::nowNs() + kGiveUpNs;
    while (!released.load() && MonotonicClock::nowNs() < giveUp) { }
}

} // namespace

void *operator new(std::size_t size)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void *memory = std::malloc(size ? size : 1))
        return memory;
    throw std::bad_alloc();
}

void *operator new(std::size_t size, std::align_val_t alignment)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    const std::size_t align = static_cast<std::size_t>(alignment);
    if (void *memory = std::aligned_alloc(align, (size + align - 1) / align * align))
        return memory;
    throw std::bad_alloc();
}

void operator delete(void *memory, std::align_val_t) noexcept { std::free(memory); }

void operator delete(void *memory, std::size_t, std::align_val_t) noexcept { std::free(memory); }

void operator delete(void *memory) noexcept { std::free(memory); }

void operator delete(void *memory, std::size_t) noexcept { std::free(memory); }

class TestStreamPlacement : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void constructorWaitsUntilTheWorkerRuns();
    void firstLapAllocatesNoCallRecords();
    void hostParksAtOnceOnTheWorkersCpu();
    void hostSpinsWhileTheWorkerRunsElsewhere();
    void hostParksWhenTheWorkerCannotRun();
    void idleWorkerParksWhenTheHostSleeps();
    void idleWorkerParksAtOnceOnTheHostsCpu();
    void workerIsMovedOffTheHostsCpu();
    void hostAndWorkerAreHeldApart();

private:
#if defined(__linux__)
    threadtesting::AffinityRestorer *m_affinity = nullptr;
#endif
};

void TestStreamPlacement::init()
{
#if defined(__linux__)
    threadtesting::AffinityRestorer probe;
    if (probe.count() < 2)
        QSKIP("needs a process that may use two CPUs");
#else
    QSKIP("reads thread states from /proc");
#endif
}

void TestStreamPlacement::constructorWaitsUntilTheWorkerRuns()
{
    // A first call must not time the worker's start: when the constructor returns, the worker
    // runs and has said who and where it is.
    for (int i = 0; i < 20; ++i) {
        DeviceStream stream;
        QVERIFY(stream.workerThreadId() > 0);
        QVERIFY(stream.workerThreadId() != threadtesting::currentTid());
        QVERIFY(stream.workerCpu() >= 0);
    }
}

void TestStreamPlacement::firstLapAllocatesNoCallRecords()
{
    // dispatch() once allocated each call's record on its slot's first use, so the first 64 calls
    // of a stream cost twice the later ones (202–322 ns against 104–108 ns). The constructor makes
    // them all now.
    DeviceStream stream;
    int counter = 0;
    const long before = g_allocations.load();
    for (int i = 0; i < 64; ++i)
        stream.dispatch([&counter] { ++counter; }).wait();
    QCOMPARE(g_allocations.load() - before, 0L);
    QCOMPARE(counter, 64);
}

void TestStreamPlacement::hostParksAtOnceOnTheWorkersCpu()
{
#if defined(__linux__)
    // Host and worker pinned to one CPU, the host's spin budget a minute: the worker can only run
    // once the host gives the CPU up, so the host must park at once. A host that spun would hold
    // the CPU for its time slices (each call then costs milliseconds; with the old 2 ms budget,
    // the whole budget), stay 'R', and the work would give up after 10 s.
    threadtesting::AffinityRestorer restore;
    DeviceStream stream(spinningForAMinute());
    // The CPU the stream holds the host on: a worker pinned there is someone else's doing (the
    // stream gives it the other CPUs), whichever CPU the host started on.
    const int cpu = sched_getcpu();
    QVERIFY(cpu >= 0);
    QVERIFY(threadtesting::pinTo(0, cpu));
    QVERIFY(threadtesting::pinTo(stream.workerThreadId(), cpu));
    const long host = threadtesting::currentTid();
    std::atomic<bool> released{false};
    bool sawHostAsleep = false;
    std::thread observer([&] {
        sawHostAsleep = becomes(host, 'S');
        released.store(true);
    });
    const int movesBefore = stream.workerMoves();
    stream.dispatch([&released] { runUntil(released); }).wait();
    observer.join();
    QVERIFY2(sawHostAsleep, "the host spun while the worker it waited for shared its CPU");
    QCOMPARE(stream.workerMoves(), movesBefore); // a worker pinned by someone else stays where it was put
#endif
}

void TestStreamPlacement::hostSpinsWhileTheWorkerRunsElsewhere()
{
#if defined(__linux__)
    // The control of the test above: with the worker running on another CPU, the waiting host
    // does spin (a host that always parked would pay a wake-up per call), and the state read
    // tells spinning from parked. Each call's work runs for 100 µs (beyond the host's first two
    // looks at it) and then reads the host's state itself. Other work that preempts the worker
    // makes the host park, rightly, for that call; a host that parks at once does so in all 50.
    threadtesting::AffinityRestorer restore;
    DeviceStream stream(spinningForAMinute());
    QVERIFY(threadtesting::pinTo(0, restore.cpu(0)));
    QVERIFY(threadtesting::pinTo(stream.workerThreadId(), restore.cpu(1)));
    const long host = threadtesting::currentTid();
    int running = 0; // written by the work, read after each wait
    for (int call = 0; call < 50; ++call) {
        stream
            .dispatch([host, &running] {
                const std::int64_t until = MonotonicClock::nowNs() + 100'000;
                while (MonotonicClock::nowNs() < until) { }
                running += threadtesting::threadState(host) == 'R';
            })
            .wait();
    }
    QVERIFY2(running > 0, "the host parked although the worker ran on another CPU");
#endif
}

void TestStreamPlacement::hostParksWhenTheWorkerCannotRun()
{
#if defined(__linux__)
    // On CPUs of their own, but the work blocks in the kernel: the worker makes no progress, so
    // spinning for it is waste, however long the budget. The host must see that it is not running
    // (its CPU time stands still) and park.
    threadtesting::AffinityRestorer restore;
    DeviceStream stream(spinningForAMinute());
    QVERIFY(threadtesting::pinTo(0, restore.cpu(0)));
    QVERIFY(threadtesting::pinTo(stream.workerThreadId(), restore.cpu(1)));
    const long host = threadtesting::currentTid();
    std::atomic<std::uint32_t> gate{0};
    bool sawHostAsleep = false;
    std::thread observer([&] {
        sawHostAsleep = becomes(host, 'S');
        gate.store(1);
        gate.notify_all();
    });
    stream
        .dispatch([&gate] {
            while (gate.load() == 0)
                gate.wait(0); // asleep in the kernel until the observer opens the gate
        })
        .wait();
    observer.join();
    QVERIFY2(sawHostAsleep, "the host spun for a worker that was not running");
#endif
}

void TestStreamPlacement::idleWorkerParksWhenTheHostSleeps()
{
#if defined(__linux__)
    // The idle worker spins for the next dispatch only while the host runs: a host that sleeps
    // (here in a condition of its own) will not dispatch soon, so the worker parks although its
    // budget is a minute.
    threadtesting::AffinityRestorer restore;
    DeviceStream stream(spinningForAMinute());
    QVERIFY(threadtesting::pinTo(0, restore.cpu(0)));
    QVERIFY(threadtesting::pinTo(stream.workerThreadId(), restore.cpu(1)));
    stream.dispatch([] {}).wait();
    const long worker = stream.workerThreadId();
    std::atomic<std::uint32_t> gate{0};
    bool sawWorkerAsleep = false;
    std::thread observer([&] {
        sawWorkerAsleep = becomes(worker, 'S');
        gate.store(1);
        gate.notify_all();
    });
    while (gate.load() == 0)
        gate.wait(0);
    observer.join();
    QVERIFY2(sawWorkerAsleep, "the idle worker spun while the host slept");
    stream.dispatch([] {}).wait(); // and a parked worker wakes for the next call
#endif
}

void TestStreamPlacement::idleWorkerParksAtOnceOnTheHostsCpu()
{
#if defined(__linux__)
    // Both on one CPU, the host running (busy on that CPU): an idle worker that spun would take
    // the host's CPU for its time slices. It must park at once.
    threadtesting::AffinityRestorer restore;
    DeviceStream stream(spinningForAMinute());
    const int cpu = restore.cpu(0);
    QVERIFY(threadtesting::pinTo(0, cpu));
    QVERIFY(threadtesting::pinTo(stream.workerThreadId(), cpu));
    stream.dispatch([] {}).wait();
    const long worker = stream.workerThreadId();
    std::atomic<bool> released{false};
    bool sawWorkerAsleep = false;
    std::thread observer([&] {
        sawWorkerAsleep = becomes(worker, 'S');
        released.store(true);
    });
    runUntil(released); // the host runs, on the worker's CPU
    observer.join();
    QVERIFY2(sawWorkerAsleep, "the idle worker spun on the host's CPU");
#endif
}

void TestStreamPlacement::workerIsMovedOffTheHostsCpu()
{
#if defined(__linux__)
    // The kernel often starts a thread on its creator's CPU and may leave the two together for
    // hundreds of milliseconds; a parked pair on one CPU costs every call two context switches.
    // The stream moves its worker off the host's CPU when the process may use another. Here the
    // host moves onto the worker's CPU: after the next call, the worker is elsewhere.
    threadtesting::AffinityRestorer restore;
    DeviceStream stream(spinningForAMinute());
    stream.dispatch([] {}).wait();
    const int workerCpu = stream.workerCpu();
    QVERIFY(workerCpu >= 0);
    QVERIFY(threadtesting::pinTo(0, workerCpu));
    const int movesBefore = stream.workerMoves();
    stream.dispatch([] {}).wait(); // found on the host's CPU: parks, then moves the worker
    QCOMPARE(stream.workerMoves(), movesBefore + 1);
    int ranOn = -1;
    stream.dispatch([&ranOn] { ranOn = sched_getcpu(); }).wait();
    QVERIFY(ranOn >= 0);
    QVERIFY(ranOn != workerCpu);
    QCOMPARE(stream.workerCpu(), ranOn);
#endif
}

void TestStreamPlacement::hostAndWorkerAreHeldApart()
{
#if defined(__linux__)
    // Moving the worker alone is not enough: the kernel wakes a parked host next to the worker
    // that woke it, and the two then share a CPU for whole rounds. So the stream holds the host on
    // its CPU and the worker on the others while it lives, and gives the host its CPUs back.
    threadtesting::AffinityRestorer restore;
    {
        DeviceStream stream(spinningForAMinute());
        cpu_set_t host;
        CPU_ZERO(&host);
        QVERIFY(sched_getaffinity(0, sizeof host, &host) == 0);
        QCOMPARE(CPU_COUNT(&host), 1);
        const int hostCpu = sched_getcpu();
        QVERIFY(CPU_ISSET(hostCpu, &host));
        cpu_set_t worker;
        CPU_ZERO(&worker);
        QVERIFY(sched_getaffinity(static_cast<pid_t>(stream.workerThreadId()), sizeof worker, &worker) == 0);
        QVERIFY(!CPU_ISSET(hostCpu, &worker));
        QCOMPARE(DeviceStream::usableCores(), restore.count()); // the process's CPUs, not the hold's
        // Born there, not moved there later: the CPU the worker reported as it started is not the
        // host's. A worker started on the host's CPU (a thread takes its creator's affinity) and
        // moved after says the host's CPU until its first call, and the host parks for that call.
        QVERIFY(stream.workerCpu() >= 0);
        QVERIFY(stream.workerCpu() != hostCpu);
        for (int call = 0; call < 200; ++call) {
            int ranOn = -1;
            stream.dispatch([&ranOn] { ranOn = sched_getcpu(); }).wait();
            QVERIFY(ranOn >= 0 && ranOn != sched_getcpu());
        }
    }
    cpu_set_t after;
    CPU_ZERO(&after);
    QVERIFY(sched_getaffinity(0, sizeof after, &after) == 0);
    QCOMPARE(CPU_COUNT(&after), restore.count());
#endif
}

QTEST_GUILESS_MAIN(TestStreamPlacement)
#include "tst_streamplacement.moc"
