#pragma once

// Private to core: the stream's state, shared by devicestream.cpp (the queue: dispatch, the
// worker's loop, the end of the stream) and streamplacement.cpp (who runs where: the host's hold,
// the worker's CPUs, its start and end). Not part of the API.

#include "core/timing/devicestream.h"
#include "core/timing/devicestream_p.h"
#include "core/timing/spinwait.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

namespace lessonscope {

namespace detail {

inline constexpr std::size_t kLine = detail::kCacheLine;

// The stream's depth: calls in flight beyond it make dispatch() wait for the device, as a real
// device queue would. A power of two so that positions map to slots cheaply; 64 requests and
// records (12 KiB) stay in the first-level caches next to the work's own data.
inline constexpr std::uint32_t kSlots = 64;

#if defined(__linux__)
// This thread's CPUs as the process gave them: its affinity, or what it was before a stream held
// it on one CPU (streamplacement.cpp).
bool processAffinity(cpu_set_t &set);
#endif

} // namespace detail

struct DeviceStream::Impl {
    // A ring slot: the request. The host publishes it by setting sequence to position + 1.
    struct alignas(detail::kLine) Slot {
        std::atomic<std::uint32_t> sequence{0};
        bool stop = false; // the destructor's end-of-stream marker
        std::int64_t dispatchBegin = 0;
        std::function<void()> work;
        CallHandle::State *call = nullptr; // a reference, kept until the slot is refilled
    };
    static_assert(sizeof(Slot) == detail::kLine, "a request is one cache line");
    static_assert(sizeof(CallHandle::State) == 2 * detail::kLine, "a result line and a host line");

    StreamOptions options;
    WaitStrategy effective = WaitStrategy::Park;
    std::int64_t hostSpinNs = 0;
    std::int64_t workerSpinNs = 0;

    // Where each side runs, each written by its own side when it changes and read by the other.
    alignas(detail::kLine) std::atomic<int> workerCpu{-1};
    alignas(detail::kLine) std::atomic<std::int64_t> workerInvoluntary{0}; // as the worker read it last
    alignas(detail::kLine) std::atomic<int> hostCpu{-1};
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

    std::array<Slot, detail::kSlots> slots;
    alignas(detail::kLine) std::uint32_t tail = 0; // host: the next position to fill
    std::uint32_t completedSeen = 0;               // host: the last value read from completed
    alignas(detail::kLine) std::atomic<std::uint32_t> workerParked{0};
    alignas(detail::kLine) std::atomic<std::uint32_t> completed{0}; // worker: calls entirely finished
    alignas(detail::kLine) std::atomic<std::uint32_t> hostParkedForSpace{0};
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

} // namespace lessonscope
