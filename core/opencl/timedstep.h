#pragma once

#include <cstdint>

namespace lessonscope {

// One step of work timed by the host, in MonotonicClock nanoseconds (core/timing/monotonicclock.h):
// the clock read just before the step's first call and just after its last returned.
struct TimedStep {
    std::int64_t beginNs = 0;
    std::int64_t endNs = 0;

    std::int64_t ns() const { return endNs - beginNs; }
    bool measured() const { return endNs > 0; }
};

} // namespace lessonscope
