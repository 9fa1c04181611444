#include "devicestream.h"

#include "monotonicclock.h"
#include "spinwait.h"

#include <array>
#include <atomic>
#include <exception>
#include <new>
#include <thread>
#include <utility>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

namespace lessonscope {

namespace {

// Host and worker write different data; each group gets its own cache line so that one side's
// stores do not steal the line the other side is reading (false sharing costs ~100 ns a bounce).
constexpr std::size_t kLine = 64;

// The stream's depth: calls in flight beyond it make dispatch() wait for the device, as a real
// device queue would. A power of two so that positions map to slots with a mask.
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

// One call. Shared by the host's handles and the worker, so a handle stays valid after the stream.
struct alignas(kLine) CallHandle::State {
    // Written by the host before the call is published; read by the worker.
    std::function<void()> work;
    bool stop = false; // the destructor's end-of-stream marker
    std::int64_t dispatchBegin = 0;

    // Written by the worker in one burst when the work is done (one line transfer to the host),
    // then by the host; the worker keeps its timestamps local until then.
    alignas(kLine) std::atomic<std::uint32_t> ready{0};
    std::atomic<std::uint32_t> hostParked{0};
    std::int64_t spinNs = 0;      // host: how long wait() spins
    std::int64_t dispatchEnd = 0; // host, after publishing: this line is still the host's
    std::int64_t workBegin = 0;
    std::int64_t workEnd = 0;
    std::int64_t readyObserved = 0;
    std::exception_ptr error;
    bool observed = false;
};

struct DeviceStream::Impl {
    // A slot of the ring: its sequence number says whether the host may fill it (== position) or the
    // worker may take it (== position + 1). One line per slot: the worker, spinning on the next slot,
    // gets the sequence number and the call in a single cache-line transfer.
    struct alignas(kLine) Slot {
        std::atomic<std::uint32_t> sequence{0};
        std::shared_ptr<CallHandle::State> call;
    };

    StreamOptions options;
    WaitStrategy effective = WaitStrategy::Park;
    std::int64_t hostSpinNs = 0;
    std::int64_t workerSpinNs = 0;

    std::array<Slot, kSlots> slots;
    alignas(kLine) std::uint32_t tail = 0;              // host only: the next position to fill
    alignas(kLine) std::atomic<std::uint32_t> workerParked{0};
    alignas(kLine) std::atomic<std::uint32_t> hostParkedForSpace{0};
    std::thread worker;

    void publish(std::shared_ptr<CallHandle::State> call);
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
    if (!s.observed) {
        detail::awaitValue(s.ready, 1, s.hostParked, s.spinNs);
        s.readyObserved = MonotonicClock::nowNs();
        s.observed = true;
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
    auto marker = std::make_shared<CallHandle::State>();
    marker->stop = true;
    m_impl->publish(std::move(marker));
    m_impl->worker.join();
}

CallHandle DeviceStream::dispatch(std::function<void()> work)
{
    const std::int64_t begin = MonotonicClock::nowNs();
    auto call = std::make_shared<CallHandle::State>();
    call->work = std::move(work);
    call->spinNs = m_impl->hostSpinNs;
    call->dispatchBegin = begin;
    CallHandle handle(call);
    m_impl->publish(std::move(call));
    handle.m_state->dispatchEnd = MonotonicClock::nowNs();
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

void DeviceStream::Impl::publish(std::shared_ptr<CallHandle::State> call)
{
    const std::uint32_t position = tail++;
    Slot &slot = slots[position % kSlots];
    // A full ring (kSlots calls in flight): wait for the device to take the oldest one.
    detail::awaitValue(slot.sequence, position, hostParkedForSpace, hostSpinNs);
    slot.call = std::move(call);
    detail::publishValue(slot.sequence, position + 1, workerParked);
}

void DeviceStream::Impl::runWorker()
{
    for (std::uint32_t position = 0;; ++position) {
        Slot &slot = slots[position % kSlots];
        // Idle: spin a little for the next dispatch (back-to-back calls then cost no wake-up),
        // then park so that an idle stream burns no core.
        detail::awaitValue(slot.sequence, position + 1, workerParked, workerSpinNs);
        std::shared_ptr<CallHandle::State> call = std::move(slot.call);
        detail::publishValue(slot.sequence, position + kSlots, hostParkedForSpace);
        if (call->stop)
            return;

        const std::int64_t workBegin = MonotonicClock::nowNs();
        std::exception_ptr error;
        try {
            if (call->work)
                call->work();
        } catch (...) {
            // A failing call must not take the device down: the host gets it from wait().
            error = std::current_exception();
        }
        const std::int64_t workEnd = MonotonicClock::nowNs();

        call->workBegin = workBegin;
        call->workEnd = workEnd;
        call->error = std::move(error);
        detail::publishValue(call->ready, 1, call->hostParked);
        // Release the captures on the device, off the host's critical path, rather than
        // whenever the last handle goes; the host never reads this field after dispatch.
        call->work = nullptr;
    }
}

} // namespace lessonscope
