#include "devicestream.h"

#include "monotonicclock.h"
#include "spinwait.h"

#include <algorithm>
#include <array>
#include <climits>
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
// - the result: the worker writes timestamps, error and readiness into the call's State, one
//   line that the host polls;
// - progress: the worker counts finished calls on a line of its own, which the host reads only
//   when a slot comes round again (once per lap), to know the worker is done with it.
// Only the host touches reference counts, and it reuses a State in place when no handle holds it
// any more: a steady stream of calls allocates nothing, frees nothing, and no memory crosses
// threads.

namespace lessonscope {

namespace {

constexpr std::size_t kLine = 64;

// The stream's depth: calls in flight beyond it make dispatch() wait for the device, as a real
// device queue would. A power of two so that positions map to slots cheaply.
// 64 requests and results (8 KiB) stay in the first-level caches next to the work's own data.
constexpr std::uint32_t kSlots = 64;

// What a call's ready word holds once it is done: odd, so never the 0 of a fresh State, and
// different for each use of a slot's State, so a reused State needs no reset before dispatch.
constexpr std::uint32_t generationOf(std::uint32_t position)
{
    return (position << 1) | 1u;
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

// One call's result: a single cache line, written by the worker in one burst when the work is
// done (it keeps its timestamps local until then) and polled by the host.
struct alignas(kLine) CallHandle::State {
    std::atomic<std::uint32_t> ready{0}; // worker: generationOf(position) when done
    std::atomic<std::uint32_t> hostParked{0};
    std::uint32_t generation = 0;        // host: the value ready takes for this call
    std::uint32_t spinNs = 0;            // host: how long wait() spins
    std::int64_t dispatchBegin = 0;      // copied by the worker from the request
    std::int64_t dispatchEnd = 0;        // host
    std::int64_t workBegin = 0;
    std::int64_t workEnd = 0;
    std::int64_t readyObserved = 0; // host; 0 until readiness was observed (the clock is never 0)
    std::exception_ptr error;
};

struct DeviceStream::Impl {
    // A ring slot: the request. The host publishes it by setting sequence to position + 1.
    struct alignas(kLine) Slot {
        std::atomic<std::uint32_t> sequence{0};
        bool stop = false; // the destructor's end-of-stream marker
        std::int64_t dispatchBegin = 0;
        std::function<void()> work;
        std::shared_ptr<CallHandle::State> call; // kept until the slot is refilled
    };
    static_assert(sizeof(Slot) == kLine, "a request is one cache line");
    static_assert(sizeof(CallHandle::State) == kLine, "a result is one cache line");

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

bool CallHandle::isReady() const
{
    return m_state && m_state->ready.load(std::memory_order_acquire) == m_state->generation;
}

void CallHandle::wait()
{
    if (!m_state)
        return;
    State &s = *m_state;
    if (s.readyObserved == 0) {
        detail::awaitValue(s.ready, s.generation, s.hostParked, s.spinNs);
        s.readyObserved = MonotonicClock::nowNs();
    }
    // Every wait on a failed call reports the failure: the output was never produced.
    if (s.error)
        std::rethrow_exception(s.error);
}

CallTimestamps CallHandle::timestamps() const
{
    if (!m_state)
        return {};
    const State &s = *m_state;
    return {s.dispatchBegin, s.dispatchEnd, s.workBegin, s.workEnd, s.readyObserved};
}

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
    // A call's State keeps the host's spin budget in 32 bits: at most ~4.3 s, far beyond use.
    d.hostSpinNs = spin ? std::clamp<std::int64_t>(options.hostSpinNs, 0, UINT32_MAX) : 0;
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
}

CallHandle DeviceStream::dispatch(std::function<void()> work)
{
    const std::int64_t begin = MonotonicClock::nowNs();
    Impl &d = *m_impl;
    std::uint32_t position = 0;
    Impl::Slot &slot = d.nextFreeSlot(&position);

    // The slot's previous call is entirely finished. If no handle holds its State any more, the
    // State is reused: only the host copies or drops these pointers, so a count of one cannot
    // change under us (the fence pairs with a handle dropped on another thread).
    if (slot.call && slot.call.use_count() == 1) {
        std::atomic_thread_fence(std::memory_order_acquire);
    } else {
        try {
            slot.call = std::make_shared<CallHandle::State>();
        } catch (...) {
            // The position is taken and the worker will wait for it: hand it over as a no-op.
            slot.call.reset();
            slot.work = nullptr;
            detail::publishValue(slot.sequence, position + 1, d.workerParked);
            throw;
        }
    }
    slot.dispatchBegin = begin;
    slot.work = std::move(work); // drops the previous call's captures, here on the host
    CallHandle handle(slot.call);
    detail::publishValue(slot.sequence, position + 1, d.workerParked);

    // The worker writes other fields of this State; these are the host's, read only by wait().
    CallHandle::State &state = *handle.m_state;
    state.generation = generationOf(position);
    state.spinNs = static_cast<std::uint32_t>(d.hostSpinNs);
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
    for (std::uint32_t position = 0;; ++position) {
        Slot &slot = slots[position % kSlots];
        // Idle: spin a little for the next dispatch (back-to-back calls then cost no wake-up),
        // then park so that an idle stream burns no core.
        detail::awaitValue(slot.sequence, position + 1, workerParked, workerSpinNs);
        if (slot.stop)
            return;

        const std::int64_t workBegin = MonotonicClock::nowNs();
        std::exception_ptr error;
        try {
            if (slot.work)
                slot.work();
        } catch (...) {
            // A failing call must not take the device down: the host gets it from wait().
            error = std::current_exception();
        }
        const std::int64_t workEnd = MonotonicClock::nowNs();

        // (No State: a dispatch that failed to allocate one handed its position over as a no-op.)
        if (CallHandle::State *call = slot.call.get()) {
            call->dispatchBegin = slot.dispatchBegin;
            call->workBegin = workBegin;
            call->workEnd = workEnd;
            call->error = std::move(error);
            detail::publishValue(call->ready, generationOf(position), call->hostParked);
        }
        // Only now may the host refill this slot and reuse the State.
        detail::publishValue(completed, position + 1, hostParkedForSpace);
    }
}

} // namespace lessonscope
