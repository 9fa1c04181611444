#pragma once

// performance-03's sample on what runs it: preparation on the host, placement of the inputs in
// the device's memory, and the call, each apart and each timed. On the stream (the model)
// placement and the call are dispatches to its worker (core/timing/placement.h); on an OpenCL
// device placement is a blocking clEnqueueWriteBuffer host → device and the call an enqueue and
// its wait, both with the device's own START and END (docs/opencl.md).

#include "core/base/deviceclocktimes.h"
#include "core/base/jsonfwd.h"
#include "core/lesson/lesson.h"
#include "core/timing/callevidence.h"
#include "core/timing/matmulkernel.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace lessonscope::performance03 {

// A sample's twin, right after it (the traced size only): inputs prepared anew, their placement
// dispatched and NOT awaited, the call dispatched behind it and waited for. A timer started when
// the placement's dispatch returns — "after placement", as code that forgets to wait reads —
// waits for the copy too: the call is queued behind it (JAX's device_put is asynchronous in the
// same way). place.readyObserved is when the host looked after the call's wait, not a wait of its own.
struct UnawaitedTwin {
    CallTimestamps place;
    CallTimestamps call;
    DeviceClockTimes placeDevice;
    DeviceClockTimes callDevice;
};

// One sample's moments (MonotonicClock ns): preparation on the host, then the placement and the
// call, each dispatched and waited for; the device's own view of both where a device reports it;
// the twin when asked; and the scheduler's evidence of the whole sample, twin included.
struct SampleTimes {
    std::int64_t prepareBegin = 0;
    std::int64_t prepareEnd = 0;
    CallTimestamps place;
    CallTimestamps call;
    DeviceClockTimes placeDevice;
    DeviceClockTimes callDevice;
    std::optional<UnawaitedTwin> unawaited;
    CallEvidence evidence;
};

// One size's n×n · n×n product, its buffers on the device, ready to sample.
class PlacedSampler
{
public:
    virtual ~PlacedSampler() = default;
    // Preparation (the host's inputs made anew: `preparation` gives each its own values), placement,
    // then the call; with twinPreparation, then the un-awaited twin on inputs prepared from it; the
    // evidence from its first clock read to the last call's readiness.
    virtual SampleTimes sample(std::uint64_t seed, std::uint64_t preparation,
                               std::optional<std::uint64_t> twinPreparation = std::nullopt)
        = 0;
    // The last call's output against the long-double reference of what was last prepared, after
    // the clock stopped.
    virtual double maxAbsErrorAgainstReference() = 0;
};

// A round's device: the stream (a fresh one each round) or an OpenCL device's fresh session.
class PlacedRound
{
public:
    virtual ~PlacedRound() = default;
    // A size on this round's device; its buffers allocated (and touched) there before it returns.
    virtual std::unique_ptr<PlacedSampler> open(MatmulKernel::Dtype dtype, int n) = 0;
    // The run told what ran it: backend, device, instruction-set variant, wait (after an open).
    virtual void describe(LessonRun &run) const = 0;
};

// On the context's device, "stream" (in its variant) or "opencl:N"; throws as openTimedProduct
// does for a device or a variant it cannot use.
std::unique_ptr<PlacedRound> openPlacedRound(const RunContext &context);
// The OpenCL round behind it (opencl/; a build without OpenCL throws std::invalid_argument).
std::unique_ptr<PlacedRound> openOpenClPlacedRound(int deviceIndex);

} // namespace lessonscope::performance03
