#include "devicestream.h"

#include "monotonicclock.h"
#include "spinwait.h"

#include <array>
#include <atomic>
#include <exception>
#include <thread>
#include <utility>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

// How a call travels (docs/performance.md explains the figures behind these choices):
// - The host writes the request (the work) into a ring slot, one cache line, and publishes it by
//   the slot's sequence number; the worker, spinning on that line, gets sequence and work in one
//   cache-line transfer.
// - The worker writes the result (timestamps, error, readiness) into the call's State, another
//   single line that the host polls: one transfer back.
// - Only the host touches reference counts: the slot owns the State until the host refills the
//   slot a lap later, and then reuses it in place when no handle holds it any more. So a steady
//   stream of calls allocates nothing and frees nothing, and no memory crosses threads.

namespace lessonscope {

namespace {

constexpr std::size_t kLine = 64;

// The stream's depth: calls in flight beyond it make dispatch() wait for the device, as a real
// device queue would. A power of two so that positions map to slots cheaply.
constexpr std::uint32_t kSlots = 256;

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
// done (it keeps its timestamps local until then), polled by the host.
struct alignas(kLine) CallHandle::State {
    std::atomic<std::uint32_t> ready{0};
    std::atomic<std::uint32_t> hostParked{0};
    std::int64_t spinNs = 0;
    std::int64_t dispatchBegin = 0;
    std::int64_t dispatchEnd = 0;
    std::int64_t workBegin = 0;
    std::int64_t workEnd = 0;
    std::int64_t readyObserved = 0; // 0 until the host observed readiness (the clock is never 0)
    std::exception_ptr error;
};

struct DeviceStream::Impl {
    // A ring slot: the request. Its sequence number says whether the host may fill it
    // (== position) or the worker may take it (== position + 1).
    struct alignas(kLine) Slot {
        std::atomic<std::uint32_t> sequence{0};
        bool stop = false; // the destructor's end-of-stream marker
        std::function<void()> work;
        std::shared_ptr<CallHandle::State> call;
    };
    static_assert(sizeof(Slot) == kLine, "a request is one cache line");
    static_assert(sizeof(CallHandle::State) == kLine, "a result is one cache line");

    StreamOptions options;
    WaitStrategy effective = WaitStrategy::Park;
    std::int64_t hostSpinNs = 0;
    std::int64_t workerSpinNs = 0;

    std::array<Slot, kSlots> slots;
    alignas(kLine) std::uint32_t tail = 0; // host only: the next position to fill
    alignas(kLine) std::atomic<std::uint32_t> workerParked{0};
    alignas(kLine) std::atomic<std::uint32_t> hostParkedForSpace{0};
    std::thread worker;

    Slot &nextFreeSlot(std::uint32_t *position);
    void runWorker();
};

bool CallHandle::isReady() const
{
    return m_state && m_state->ready.load(std::memory_order_acquire) != 0;
}

void CallHandle::wait()
{
    if (!m_state)
        return;
    State &s = *m_state;
    if (s.readyObserved == 0) {
        detail::awaitValue(s.ready, 1, s.hostParked, s.spinNs);
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
    d.hostSpinNs = spin ? options.hostSpinNs : 0;
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

    // The slot's previous call is finished (the slot is free). If no handle holds it any more, its
    // State is reused: only the host ever copies or drops these pointers, so a count of one
    // cannot change under us; the fence pairs with a handle dropped on another thread.
    if (slot.call && slot.call.use_count() == 1) {
        std::atomic_thread_fence(std::memory_order_acquire);
        CallHandle::State &s = *slot.call;
        s.ready.store(0, std::memory_order_relaxed);
        s.hostParked.store(0, std::memory_order_relaxed);
        s.readyObserved = 0;
        s.error = nullptr;
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
    CallHandle::State &state = *slot.call;
    state.spinNs = d.hostSpinNs;
    state.dispatchBegin = begin;
    slot.work = std::move(work);
    CallHandle handle(slot.call);
    detail::publishValue(slot.sequence, position + 1, d.workerParked);

    // The worker never touches this field and the host reads it only after wait().
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
    Slot &slot = slots[*position % kSlots];
    // A full ring (kSlots calls in flight): wait for the device to finish the oldest one.
    detail::awaitValue(slot.sequence, *position, hostParkedForSpace, hostSpinNs);
    return slot;
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

        // The slot keeps the State alive until this worker frees the slot below. (No State:
        // a dispatch that failed to allocate one handed its position over as a no-op.)
        if (CallHandle::State *call = slot.call.get()) {
            call->workBegin = workBegin;
            call->workEnd = workEnd;
            call->error = std::move(error);
            detail::publishValue(call->ready, 1, call->hostParked);
        }

        // Off the host's critical path now: release the captures here, on the device, rather
        // than when the slot is refilled, then hand the slot back.
        slot.work = nullptr;
        detail::publishValue(slot.sequence, position + kSlots, hostParkedForSpace);
    }
}

} // namespace lessonscope
