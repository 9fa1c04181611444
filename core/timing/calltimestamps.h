#pragma once

#include <cstdint>

namespace lessonscope {

// The timestamps of one call, in MonotonicClock nanoseconds: what the host read around its
// dispatch and when it observed readiness, what the device read around the work. A lesson's
// trace holds them (core/lesson/lesson.h) without knowing what made them: the stream
// (devicestream.h) or a real device's queue.
struct CallTimestamps {
    std::int64_t dispatchBegin = 0;
    std::int64_t dispatchEnd = 0;
    std::int64_t workBegin = 0;
    std::int64_t workEnd = 0;
    std::int64_t readyObserved = 0;

    // The same moments counted from origin (a run's first dispatch, the trace's zero).
    CallTimestamps since(std::int64_t origin) const
    {
        return {dispatchBegin - origin, dispatchEnd - origin, workBegin - origin, workEnd - origin,
                readyObserved - origin};
    }
};

} // namespace lessonscope
