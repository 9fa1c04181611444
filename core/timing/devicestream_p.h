#pragma once

// Private to core: what DeviceStream (devicestream.cpp) and CallHandle (callhandle.cpp) share
// about one call's record. Not part of the API.

#include "core/timing/devicestream.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>

namespace lessonscope {

namespace detail {

struct SpinPartner;

inline constexpr std::size_t kCacheLine = 64;

// What a call's ready word holds once it is done: odd, so never the 0 of a fresh record, and
// different for each use of a slot's record, so a reused record needs no reset before dispatch.
constexpr std::uint32_t generationOf(std::uint32_t position) { return (position << 1) | 1u; }

} // namespace detail

// One call's record, two cache lines: the result, written by the worker in one burst when the
// work is done (it keeps its timestamps local until then) and polled by the host; and the host's
// own bookkeeping, which the worker never touches.
struct alignas(detail::kCacheLine) CallHandle::State {
    std::atomic<std::uint32_t> ready{0}; // worker: generationOf(position) when done
    std::atomic<std::uint32_t> hostParked{0};
    std::int64_t dispatchBegin = 0; // copied by the worker from the request
    std::int64_t workBegin = 0;
    std::int64_t workEnd = 0;
    std::exception_ptr error;

    // Host thread only.
    alignas(detail::kCacheLine) std::uint32_t references = 0; // the handles and the slot
    std::uint32_t generation = 0;                             // the value ready takes
    std::int64_t spinNs = 0;                                  // how long wait() spins
    std::int64_t dispatchEnd = 0;
    std::int64_t readyObserved = 0; // 0 until readiness was observed (the clock is never 0)
    // The worker, as the host's wait watches it; null when the host spins blindly. Set by
    // dispatch() while the stream lives; a call that is still in flight has its stream.
    const detail::SpinPartner *worker = nullptr;
    DeviceStream *stream = nullptr; // to move the worker off a CPU the host found it on
};

} // namespace lessonscope
