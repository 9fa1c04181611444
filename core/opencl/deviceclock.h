#pragma once

#include "core/opencl/clockrelation.h"

namespace lessonscope {

class OpenClSession;

// Relates the session's device clock to MonotonicClock (docs/opencl.md, "The two clocks"), first by
// what the commands' own timestamps prove: `samples` tiny commands (a 64-byte clEnqueueFillBuffer
// each, then clFinish), each one's QUEUED between the host's reads around its enqueue and its END
// between the read before the enqueue and the one after clFinish. Then, in this order:
//   DeviceAndHostTimer  where the device is OpenCL ≥ 2.1 and clGetDeviceAndHostTimer works: the host
//                       clock its platform uses is identified (clGetHostTimer between reads of each
//                       Linux clock), and the pairs agree with what the commands proved;
//   DeviceIsHostClock   where the commands' timestamps are, within what they prove, readings of
//                       CLOCK_MONOTONIC_RAW, CLOCK_MONOTONIC or CLOCK_BOOTTIME (PoCL stamps its
//                       events with CLOCK_MONOTONIC_RAW): the offset is then that clock's to
//                       MonotonicClock, known to tens of nanoseconds;
//   ProfilingBrackets   else the commands' intersection itself, its half width the uncertainty.
// Never throws for a device that does not relate: the relation's problem says why.
DeviceClockRelation calibrateDeviceClock(OpenClSession &session, int samples = 32);

} // namespace lessonscope
