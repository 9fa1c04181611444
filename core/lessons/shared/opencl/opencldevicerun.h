#pragma once

// What a lesson's calls on one OpenCL device share for a round: the session (one context and its
// in-order profiling queue), the relation of the device's clock to the host's, and the evidence of
// the host's thread and the driver's threads with its one region (as the stream's calls share its
// worker and its TimedStream). Used by the matrix lessons' TimedProduct and by performance-03's
// placed samples (docs/opencl.md).

#include "core/base/jsonfwd.h"
#include "core/opencl/deviceclock.h"
#include "core/opencl/openclcommand.h"
#include "core/opencl/openclsession.h"
#include "core/timing/callevidence.h"

#include <cstddef>
#include <cstdint>
#include <set>

namespace lessonscope {

struct DeviceClockTimes;

struct OpenClDeviceRun {
    // Opens the device, noting the threads that ran before (the driver's are those born since).
    explicit OpenClDeviceRun(int deviceIndex);

    // Once the round's products are made and placed: the clock related to the host's (throws
    // OpenClUnsupported when it cannot be), and the threads the driver started meanwhile found.
    void relateClocksAndFindThreads();
    // The clock related alone (the threads found before, by findThreads).
    void relateClocks();
    // The driver's threads found again (a new kernel or buffer may have started more), and the
    // evidence's region begun anew.
    void findThreads();

    // A completed command's device moments, placed on the host's clock by the relation.
    DeviceClockTimes deviceTimesOf(const OpenClCallRecord &record) const;
    // The environment's device object (docs/artifact-format.md, environment.device).
    Json environment() const;

    std::set<long> threadsBefore;
    OpenClSession session;
    DeviceClockRelation clock;
    EvidenceRecorder recorder;
    EvidenceRecorder::Mark mark;
    std::size_t driverThreadCount = 0;
};

// A unit's evidence, its waits booked as the machine's own where no other program had a task to
// run just after it (see the definition for why a CPU device needs this).
CallEvidence judgedBeside(const CallEvidence &evidence, std::int64_t unitNs);

} // namespace lessonscope
