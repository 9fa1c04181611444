#pragma once

#include <chrono>
#include <cstdint>

namespace lessonscope {

// The clock every lessonscope timing uses: monotonic (never jumps with wall-clock changes) and in
// nanoseconds. steady_clock is CLOCK_MONOTONIC on Linux, read through the vDSO (~20 ns).
struct MonotonicClock {
    using clock = std::chrono::steady_clock;
    static_assert(clock::is_steady);

    static std::int64_t nowNs()
    {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now().time_since_epoch()).count();
    }

    static constexpr const char *name() { return "std::chrono::steady_clock"; }
};

} // namespace lessonscope
