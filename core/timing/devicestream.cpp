#include "core/timing/devicestream.h"
#include "core/timing/devicestream_p.h"

#include "core/timing/interference.h"
#include "core/timing/monotonicclock.h"
#include "core/timing/spinwait.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
#include <system_error>
#include <thread>
#include <utility>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

// How a call travels (docs/performance.md has the measurements behind these choices). A cache
// line written on one core and read on the other costs ~65 ns per transfer here, so each
// direction is one line, written by one side only:
// - the request: the host writes the work into a ring slot and publishes it by the slot's
//   sequence number; the worker, spinning on that line, gets sequence and work in one transfer
//   and never writes the slot;
// - the result: the worker writes timestamps, error and readiness into the result line of the
//   call's record (devicestream_p.h), which the host polls; the host keeps its own bookkeeping on
//   the record's second line;
// - progress: the worker counts finished calls on a line of its own, which the host reads only
//   when a slot comes round again (once per lap), to know the worker is done with it.
// Only the host touches reference counts (plain integers), and it reuses a record in place when no
// handle holds it any more. Every slot's record is made by the constructor, so the first lap of
// the ring costs what every later lap costs: a steady stream of calls allocates nothing, frees
// nothing, and no memory crosses threads.
//
// Who runs where (docs/performance.md, "Never spin for a thread that cannot run"): the constructor
// waits until the worker runs and has said where; each side publishes the CPU it runs on when it
// changes (a line of its own, written rarely); a waiter spins only while the other side is seen
// running on another CPU (detail::SpinPartner) and parks otherwise; and when the host finds the
// worker on its own CPU, it moves the worker off it after the call, outside every timed region.

namespace lessonscope {

namespace {

constexpr std::size_t kLine = detail::kCacheLine;

// The stream's depth: calls in flight beyond it make dispatch() wait for the device, as a real
// device queue would. A power of two so that positions map to slots cheaply; 64 requests and
// records (12 KiB) stay in the first-level caches next to the work's own data.
constexpr std::uint32_t kSlots = 64;

#if defined(__linux__)
// The CPUs this thread could use before a stream held it on one (separateHostAndWorker): what
// the process may use, which usableCores() and a nested stream go by while the hold lasts.
thread_local bool t_held = false;
thread_local cpu_set_t t_heldFrom;

// This thread's CPUs as the process gave them: its affinity, or what it was before a hold.
bool processAffinity(cpu_set_t &set)
{
    if (t_held) {
        set = t_heldFrom;
        return true;
    }
    CPU_ZERO(&set);
    return sched_getaffinity(0, sizeof set, &set) == 0;
}
#endif

// getrusage alone (~0.2 µs), not currentThreadSwitches(), which also parses /proc for migrations.
std::int64_t involuntarySwitchesOfThisThread()
{
#if defined(__linux__)
    rusage usage{};
    if (getrusage(RUSAGE_THREAD, &usage) == 0)
        return usage.ru_nivcsw;
#endif
    return 0;
}

} // namespace

const char *waitStrategyName(WaitStrategy strategy)
{
    switch (strategy) {
    case WaitStrategy::Adaptive: return "adaptive";
    case WaitStrategy::SpinThenPark: return "spin-then-park";
    case WaitStrategy::Park: return "park";
    }
    return "unknown";
}

struct DeviceStream::Impl {
    // A ring slot: the request. The host publishes it by setting sequence to position + 1.
    struct alignas(kLine) Slot {
        std::atomic<std::uint32_t> sequence{0};
        bool stop = false; // the destructor's end-of-stream marker
        std::int64_t dispatchBegin = 0;
        std::function<void()> work;
        CallHandle::State *call = nullptr; // a reference, kept until the slot is refilled
    };
    static_assert(sizeof(Slot) == kLine, "a request is one cache line");
    static_assert(sizeof(CallHandle::State) == 2 * kLine, "a result line and a host line");

    StreamOptions options;
    WaitStrategy effective = WaitStrategy::Park;
    std::int64_t hostSpinNs = 0;
    std::int64_t workerSpinNs = 0;

    // Where each side runs, each written by its own side when it changes and read by the other.
    alignas(kLine) std::atomic<int> workerCpu{-1};
    alignas(kLine) std::atomic<std::int64_t> workerInvoluntary{0}; // as the worker read it last
    alignas(kLine) std::atomic<int> hostCpu{-1};
    int hostCpuSeen = -1; // host: the value it published last
    // Each side as the other's waits watch it (null partners when watchPartner is off).
    detail::SpinPartner workerSide; // read by the host
    detail::SpinPartner hostSide;   // read by the worker
    const detail::SpinPartner *workerToWatch = nullptr;
    const detail::SpinPartner *hostToWatch = nullptr;
    // The worker's start: it runs, and has published its thread id, clock and CPU.
    std::atomic<std::uint32_t> started{0};
    std::atomic<std::uint32_t> startParked{0};
    long workerTid = 0;
    int moves = 0;
#if defined(__linux__)
    cpu_set_t allowed{}; // the CPUs the process could use when the stream was made
    cpu_set_t movedTo{}; // the worker's affinity as the host last set it
    bool hasMoved = false;
    // The host held on its CPU for the stream's life (keepWorkerOffHostCpu), and restored after.
    long hostTid = 0;
    int hostPinnedTo = -1;
#endif

    std::array<Slot, kSlots> slots;
    alignas(kLine) std::uint32_t tail = 0;          // host: the next position to fill
    std::uint32_t completedSeen = 0;                // host: the last value read from completed
    alignas(kLine) std::atomic<std::uint32_t> workerParked{0};
    alignas(kLine) std::atomic<std::uint32_t> completed{0}; // worker: calls entirely finished
    alignas(kLine) std::atomic<std::uint32_t> hostParkedForSpace{0};
#if defined(__linux__)
    pthread_t worker{};
#else
    std::thread worker;
#endif

    Slot &nextFreeSlot(std::uint32_t *position);
    void startWorker(); // on the CPUs separateHostAndWorker chose for it
    void joinWorker();
    void releaseHost(); // undoes separateHostAndWorker's hold on the host, if it made one
    void runWorker();
};

DeviceStream::DeviceStream(StreamOptions options)
    : m_impl(std::make_unique<Impl>())
{
    Impl &d = *m_impl;
    d.options = options;
    d.effective = options.strategy;
    if (d.effective == WaitStrategy::Adaptive) {
        // Spinning pays only when the spinner and the thread it waits for run at the same time;
        // on one core a spinning waiter delays the very thread it waits for by a time slice.
        d.effective = usableCores() >= 2 ? WaitStrategy::SpinThenPark : WaitStrategy::Park;
    }
    const bool spin = d.effective == WaitStrategy::SpinThenPark;
    d.hostSpinNs = spin ? std::max<std::int64_t>(options.hostSpinNs, 0) : 0;
    d.workerSpinNs = spin ? options.workerSpinNs : 0;
    for (std::uint32_t i = 0; i < kSlots; ++i) {
        d.slots[i].sequence.store(i, std::memory_order_relaxed);
        d.slots[i].call = new CallHandle::State;
        CallHandle::retain(d.slots[i].call);
    }
    d.hostCpuSeen = detail::currentCpu();
    d.hostCpu.store(d.hostCpuSeen, std::memory_order_relaxed);
#if defined(__linux__)
    d.hostSide.hasClock = pthread_getcpuclockid(pthread_self(), &d.hostSide.cpuClock) == 0;
    if (!processAffinity(d.allowed))
        CPU_ZERO(&d.allowed);
#endif
    d.hostSide.cpu = &d.hostCpu;
    d.workerSide.cpu = &d.workerCpu;
    if (options.watchPartner) {
        d.workerToWatch = &d.workerSide;
        d.hostToWatch = &d.hostSide;
    }

    // Host and worker apart from the start: the worker is born on CPUs of its own, so it never
    // runs, or says it runs, where the host spins.
    separateHostAndWorker();
    d.startWorker();
    // Until the worker runs, a first call would time its start; and the waits need to know where
    // it runs. The host spins for it where the two run apart: a host that parked here takes tens
    // of µs to wake on an idle virtual CPU, long enough for the worker, watching it, to park too,
    // and the first call then timed both wake-ups (~80 µs, docs/performance.md).
    detail::awaitValue(d.started, 1, d.startParked, d.hostSpinNs);
}

void DeviceStream::separateHostAndWorker()
{
#if defined(__linux__)
    // A device has CPUs of its own. Moving only the worker is not enough: the scheduler then
    // wakes the parked host next to the worker that woke it, and the two share a CPU for whole
    // rounds (each call ~50 µs instead of ~1 µs on an idle two-CPU machine, docs/performance.md).
    // So the host is held on the CPU it runs on and the worker on the others, for the stream's
    // life, where the host's affinity is still the process's own (a pin set by someone else
    // stays). Called before the worker exists: it takes its CPUs as it starts (runWorker).
    Impl &d = *m_impl;
    if (!d.options.keepWorkerOffHostCpu || d.effective != WaitStrategy::SpinThenPark || d.hostCpuSeen < 0
        || !CPU_ISSET(d.hostCpuSeen, &d.allowed) || CPU_COUNT(&d.allowed) < 2)
        return;
    cpu_set_t host;
    CPU_ZERO(&host);
    if (sched_getaffinity(0, sizeof host, &host) == 0 && CPU_EQUAL(&host, &d.allowed)) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(d.hostCpuSeen, &one);
        if (sched_setaffinity(0, sizeof one, &one) == 0) {
            d.hostTid = static_cast<long>(::syscall(SYS_gettid));
            d.hostPinnedTo = d.hostCpuSeen;
            t_held = true;
            t_heldFrom = d.allowed;
        }
    }
    d.movedTo = d.allowed;
    CPU_CLR(d.hostCpuSeen, &d.movedTo);
    d.hasMoved = true;
    ++d.moves;
#endif
}

void DeviceStream::Impl::releaseHost()
{
#if defined(__linux__)
    if (hostPinnedTo < 0)
        return;
    // Only the affinity the stream set is the stream's to undo.
    cpu_set_t current;
    CPU_ZERO(&current);
    const pid_t tid = static_cast<pid_t>(hostTid);
    if (sched_getaffinity(tid, sizeof current, &current) == 0 && CPU_COUNT(&current) == 1
        && CPU_ISSET(hostPinnedTo, &current))
        sched_setaffinity(tid, sizeof allowed, &allowed);
    if (static_cast<long>(::syscall(SYS_gettid)) == hostTid)
        t_held = false;
    hostPinnedTo = -1;
#endif
}

DeviceStream::~DeviceStream()
{
    // The end marker travels the same queue as the work, so everything dispatched before it runs
    // first (in order) and the worker wakes for it exactly as it would for work.
    Impl &d = *m_impl;
    std::uint32_t position = 0;
    Impl::Slot &slot = d.nextFreeSlot(&position);
    slot.stop = true;
    detail::publishValue(slot.sequence, position + 1, d.workerParked);
    d.joinWorker();
    d.releaseHost();
    // Handles still held keep their calls' records.
    for (Impl::Slot &each : d.slots)
        CallHandle::release(std::exchange(each.call, nullptr));
}

CallHandle DeviceStream::dispatch(std::function<void()> work)
{
    const std::int64_t begin = MonotonicClock::nowNs();
    Impl &d = *m_impl;
    std::uint32_t position = 0;
    Impl::Slot &slot = d.nextFreeSlot(&position);

    // The slot's previous call is entirely finished. If no handle holds its record any more, the
    // record is reused in place: nothing is allocated.
    if (!slot.call || slot.call->references != 1) {
        CallHandle::State *fresh = nullptr;
        try {
            fresh = new CallHandle::State;
        } catch (...) {
            // The position is taken and the worker will wait for it: hand it over as a no-op.
            CallHandle::release(std::exchange(slot.call, nullptr));
            slot.work = nullptr;
            detail::publishValue(slot.sequence, position + 1, d.workerParked);
            throw;
        }
        CallHandle::release(slot.call);
        slot.call = fresh;
        CallHandle::retain(fresh);
    }
    slot.dispatchBegin = begin;
    slot.work = std::move(work); // drops the previous call's captures, here on the host
    CallHandle handle(slot.call);
    detail::publishValue(slot.sequence, position + 1, d.workerParked);

    // The host's line of the record, which the worker never touches.
    CallHandle::State &state = *handle.m_state;
    state.generation = detail::generationOf(position);
    state.spinNs = d.hostSpinNs;
    state.worker = d.workerToWatch;
    state.stream = this;
    state.readyObserved = 0;
    state.dispatchEnd = MonotonicClock::nowNs();
    // Where the host runs, for the idle worker's spin (after the timer's reading of dispatchEnd).
    if (const int cpu = detail::currentCpu(); cpu != d.hostCpuSeen) {
        d.hostCpuSeen = cpu;
        d.hostCpu.store(cpu, std::memory_order_relaxed);
    }
    return handle;
}

WaitStrategy DeviceStream::effectiveStrategy() const
{
    return m_impl->effective;
}

long DeviceStream::workerThreadId() const
{
    return m_impl->workerTid;
}

int DeviceStream::workerCpu() const
{
    return m_impl->workerCpu.load(std::memory_order_relaxed);
}

int DeviceStream::workerMoves() const
{
    return m_impl->moves;
}

ThreadCounterReader DeviceStream::workerCounters() const
{
    return ThreadCounterReader::forThread(m_impl->workerTid, SelfReport{&m_impl->workerCpu, &m_impl->workerInvoluntary});
}

void DeviceStream::moveWorkerOffCpu([[maybe_unused]] int cpu)
{
#if defined(__linux__)
    Impl &d = *m_impl;
    // Only a spinning stream gains: parked sides hand the CPU to each other as they wait.
    if (!d.options.keepWorkerOffHostCpu || d.effective != WaitStrategy::SpinThenPark || cpu < 0
        || !CPU_ISSET(cpu, &d.allowed))
        return;
    // Only an affinity the stream set (or the process's own) is the stream's to change: a worker
    // pinned by the lesson, a test or the user stays where it was put.
    cpu_set_t current;
    CPU_ZERO(&current);
    const pid_t tid = static_cast<pid_t>(d.workerTid);
    if (sched_getaffinity(tid, sizeof current, &current) != 0)
        return;
    if (!CPU_EQUAL(&current, &d.allowed) && !(d.hasMoved && CPU_EQUAL(&current, &d.movedTo)))
        return;
    cpu_set_t elsewhere = d.allowed;
    CPU_CLR(cpu, &elsewhere);
    if (CPU_COUNT(&elsewhere) == 0 || sched_setaffinity(tid, sizeof elsewhere, &elsewhere) != 0)
        return;
    d.movedTo = elsewhere;
    d.hasMoved = true;
    ++d.moves;
#endif
}

int DeviceStream::usableCores()
{
#if defined(__linux__)
    cpu_set_t set;
    if (processAffinity(set)) {
        const int count = CPU_COUNT(&set);
        if (count > 0)
            return count;
    }
#endif
    const unsigned hardware = std::thread::hardware_concurrency();
    return hardware > 0 ? static_cast<int>(hardware) : 1;
}

DeviceStream::Impl::Slot &DeviceStream::Impl::nextFreeSlot(std::uint32_t *position)
{
    *position = tail++;
    // The slot is free once the call a lap earlier (position - kSlots) is entirely finished,
    // i.e. completed > position - kSlots. Wrapping arithmetic: true for the whole first lap.
    const std::uint32_t needed = *position + 1 - kSlots;
    auto reached = [needed](std::uint32_t done) {
        return static_cast<std::int32_t>(done - needed) >= 0;
    };
    if (!reached(completedSeen)) {
        // A full ring (kSlots calls in flight) waits for the device to finish the oldest one.
        detail::awaitUntil(completed, reached, hostParkedForSpace, hostSpinNs, workerToWatch);
        completedSeen = completed.load(std::memory_order_acquire);
    }
    return slots[*position % kSlots];
}

void DeviceStream::Impl::startWorker()
{
#if defined(__linux__)
    // Not std::thread: a thread inherits its creator's affinity, which the hold has made the
    // host's one CPU, and a worker started there could not run while the host spins for it (the
    // constructor then took the whole 2 ms spin budget). pthread starts it where it belongs.
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    if (hasMoved)
        pthread_attr_setaffinity_np(&attributes, sizeof movedTo, &movedTo);
    const int error = pthread_create(
        &worker, &attributes,
        [](void *impl) -> void * {
            static_cast<Impl *>(impl)->runWorker();
            return nullptr;
        },
        this);
    pthread_attr_destroy(&attributes);
    if (error != 0) {
        releaseHost();
        throw std::system_error(error, std::generic_category(), "cannot start the stream's worker");
    }
    pthread_setname_np(worker, "ls-stream");
#else
    worker = std::thread([this] { runWorker(); });
#endif
}

void DeviceStream::Impl::joinWorker()
{
#if defined(__linux__)
    pthread_join(worker, nullptr);
#else
    worker.join();
#endif
}

void DeviceStream::Impl::runWorker()
{
    // What the scheduler did to this worker is part of a run's interference evidence; only the
    // thread itself can read its counts, so it adds them to the process's tally as it ends.
    const SwitchCounts atStart = currentThreadSwitches();
    int cpuSeen = detail::currentCpu();
    workerCpu.store(cpuSeen, std::memory_order_relaxed);
#if defined(__linux__)
    workerTid = static_cast<long>(::syscall(SYS_gettid));
    workerSide.hasClock = pthread_getcpuclockid(pthread_self(), &workerSide.cpuClock) == 0;
#endif
    detail::publishValue(started, 1, startParked); // the constructor returns: the worker runs
    for (std::uint32_t position = 0;; ++position) {
        Slot &slot = slots[position % kSlots];
        // Idle: spin a little for the next dispatch while the host runs elsewhere (back-to-back
        // calls then cost no wake-up), then park so that an idle stream burns no core.
        detail::awaitValue(slot.sequence, position + 1, workerParked, workerSpinNs, hostToWatch);
        if (slot.stop) {
            addStreamWorkerSwitches(currentThreadSwitches() - atStart);
            return;
        }

        const std::int64_t workBegin = MonotonicClock::nowNs();
        if (const int cpu = detail::currentCpu(); cpu != cpuSeen) {
            cpuSeen = cpu;
            workerCpu.store(cpu, std::memory_order_relaxed);
        }
        std::exception_ptr error;
        try {
            if (slot.work)
                slot.work();
        } catch (...) {
            // A failing call must not take the device down: the host gets it from wait().
            error = std::current_exception();
        }
        // Ask for the result line now, for writing: its transfer from the host (which is
        // polling it) then overlaps the clock read instead of following it.
        __builtin_prefetch(slot.call, 1);
        const std::int64_t workEnd = MonotonicClock::nowNs();

        // (No State: a dispatch that failed to allocate one handed its position over as a no-op.)
        if (CallHandle::State *call = slot.call) {
            call->dispatchBegin = slot.dispatchBegin;
            call->workBegin = workBegin;
            call->workEnd = workEnd;
            call->error = std::move(error);
            detail::publishValue(call->ready, detail::generationOf(position), call->hostParked);
        }
        // Only now may the host refill this slot and reuse the State.
        detail::publishValue(completed, position + 1, hostParkedForSpace);
        // Idle now (no call waiting): the worker's own count of involuntary switches, for the
        // host's per-call evidence. Skipped between calls in flight, which it would delay.
        const Slot &next = slots[(position + 1) % kSlots];
        if (next.sequence.load(std::memory_order_relaxed) != position + 2)
            workerInvoluntary.store(involuntarySwitchesOfThisThread(), std::memory_order_relaxed);
    }
}

} // namespace lessonscope
