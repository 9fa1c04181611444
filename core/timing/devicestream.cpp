#include "core/timing/devicestream.h"
#include "core/timing/devicestream_impl.h"

#include "core/timing/interference.h"
#include "core/timing/monotonicclock.h"
#include "core/timing/spinwait.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
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
// worker on its own CPU, it moves the worker off it after the call, outside every timed region
// (streamplacement.cpp).

namespace lessonscope {

namespace {

using detail::kSlots;

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
    case WaitStrategy::Adaptive:
        return "adaptive";
    case WaitStrategy::SpinThenPark:
        return "spin-then-park";
    case WaitStrategy::Park:
        return "park";
    }
    return "unknown";
}

DeviceStream::DeviceStream(StreamOptions options) : m_impl(std::make_unique<Impl>())
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
    if (!detail::processAffinity(d.allowed))
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

WaitStrategy DeviceStream::effectiveStrategy() const { return m_impl->effective; }

long DeviceStream::workerThreadId() const { return m_impl->workerTid; }

int DeviceStream::workerCpu() const { return m_impl->workerCpu.load(std::memory_order_relaxed); }

int DeviceStream::workerMoves() const { return m_impl->moves; }

ThreadCounterReader DeviceStream::workerCounters() const
{
    return ThreadCounterReader::forThread(m_impl->workerTid,
                                          SelfReport{&m_impl->workerCpu, &m_impl->workerInvoluntary});
}

DeviceStream::Impl::Slot &DeviceStream::Impl::nextFreeSlot(std::uint32_t *position)
{
    *position = tail++;
    // The slot is free once the call a lap earlier (position - kSlots) is entirely finished,
    // i.e. completed > position - kSlots. Wrapping arithmetic: true for the whole first lap.
    const std::uint32_t needed = *position + 1 - kSlots;
    auto reached = [needed](std::uint32_t done) { return static_cast<std::int32_t>(done - needed) >= 0; };
    if (!reached(completedSeen)) {
        // A full ring (kSlots calls in flight) waits for the device to finish the oldest one.
        detail::awaitUntil(completed, reached, hostParkedForSpace, hostSpinNs, workerToWatch);
        completedSeen = completed.load(std::memory_order_acquire);
    }
    return slots[*position % kSlots];
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
