#pragma once

#include <cstdint>

namespace lessonscope {

// One call's four moments on a real device's own clock (an OpenCL device's
// CL_PROFILING_COMMAND_QUEUED, SUBMIT, START and END), as the device stamped them, and the offset
// that places them on the host's time: host ns = device ns + offsetNs (the clock relation of the
// call's round). Not known on the stream, whose worker has no clock of its own.
struct DeviceClockTimes {
    bool known = false;
    std::int64_t queued = 0;
    std::int64_t submit = 0;
    std::int64_t start = 0;
    std::int64_t end = 0;
    std::int64_t offsetNs = 0;

    // The same moments, placed on a time counted from origin (the trace's zero).
    DeviceClockTimes since(std::int64_t origin) const
    {
        DeviceClockTimes placed = *this;
        placed.offsetNs -= origin;
        return placed;
    }
};

} // namespace lessonscope
