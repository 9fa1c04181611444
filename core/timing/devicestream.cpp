#include "core/timing/devicestream.h"
#include "core/timing/devicestream_p.h"

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
// handle holds it any more: a steady stream of calls allocates nothing, frees nothing, and no
// memory crosses threads.

namespace lessonscope {

namespace {

constexpr std::size_t kLine = detail::kCacheLine;

// The stream's depth: calls in flight beyond it make dispatch() wait for the device, as a real
// device queue would. A power of two so that positions map to slots cheaply; 64 requests and
// records (12 KiB) stay in the first-level caches next to the work's own data.
constexpr std::uint32_t kSlots = 64;

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

    std::array<Slot, kSlots> slots;
    alignas(kLine) std::uint32_t tail = 0;          // host: the next position to fill
    std::uint32_t completedSeen = 0;                // host: the last value read from completed
    alignas(kLine) std::atomic<std::uint32_t> workerParked{0};
    alignas(kLine) std::atomic<std::uint32_t> completed{0}; // worker: calls entirely finished
    alignas(kLine) std::atomic<std::uint32_t> hostParkedForSpace{0};
    std::thread worker;

    Slot &nextFreeSlot(std::uint32_t *position);
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
    for (std::uint32_t i = 0; i < kSlots; ++i)
        d.slots[i].sequence.store(i, std::memory_order_relaxed);

    d.worker = std::thread([&d] { d.runWorker(); });
#if defined(__linux__)
    pthread_setname_np(d.worker.native_handle(), "ls-stream");
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
    d.worker.join();
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
    state.readyObserved = 0;
    state.dispatchEnd = MonotonicClock::nowNs();
    return handle;
}

WaitStrategy DeviceStream::effectiveStrategy() const
{
    return m_impl->effective;
}

int DeviceStream::usableCores()
{
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
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
        detail::awaitUntil(completed, reached, hostParkedForSpace, hostSpinNs);
        completedSeen = completed.load(std::memory_order_acquire);
    }
    return slots[*position % kSlots];
}

void DeviceStream::Impl::runWorker()
{
    // What the scheduler did to this worker is part of a run's interference evidence; only the
    // thread itself can read its counts, so it adds them to the process's tally as it ends.
    const SwitchCounts atStart = currentThreadSwitches();
    for (std::uint32_t position = 0;; ++position) {
        Slot &slot = slots[position % kSlots];
        // Idle: spin a little for the next dispatch (back-to-back calls then cost no wake-up),
        // then park so that an idle stream burns no core.
        detail::awaitValue(slot.sequence, position + 1, workerParked, workerSpinNs);
        if (slot.stop) {
            addStreamWorkerSwitches(currentThreadSwitches() - atStart);
            return;
        }

        const std::int64_t workBegin = MonotonicClock::nowNs();
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
    }
}

} // namespace lessonscope
