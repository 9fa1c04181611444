#include "core/lessons/performance-09/performance09contract.h"

#include "core/lessons/shared/productfields.h"

namespace lessonscope::performance09 {

// Every key a run prints, in order; docs/artifact-format.md, "performance-09", says more of each.
StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(
        std::to_array<StdoutField>({
            field::text(key::kBackend,
                "what ran the product: \"eigen-stream-worker\" on the stream, \"opencl-kernel\" on an OpenCL device"),
            field::text(key::kLessonscope, "lessonscope's version"),
        }),
        productfield::kProduct,
        std::to_array<StdoutField>({
            field::text(key::kDeviceClock, "the clock the device stamps with (environment.device.clock.deviceClock)"),
            field::integer(key::kTimerResolution, "ns",
                "CL_DEVICE_PROFILING_TIMER_RESOLUTION, as the device reports it").orNull(),
            field::integer(key::kSmallestStep, "ns",
                "the smallest positive step between two stamps of one command over the run (0: none seen)"),
            field::integer(key::kComputedBefore, "",
                "the products the device had stamped as run before the first call "
                "(TimedProduct::productsComputed): 0 for a first enqueue"),
            field::number(key::kFirstCall, "s",
                "the first enqueue, on the host's clock: enqueue to observed readiness"),
            field::number(key::kFirstCallQueue, "s",
                "the same call on the device's clock: QUEUED → START (the driver's hand-off; PoCL's compilation "
                "for the work-group size is here) and START → END"),
            field::number(key::kFirstCallWork, "s",
                "the same call on the device's clock: QUEUED → START (the driver's hand-off; PoCL's compilation "
                "for the work-group size is here) and START → END"),
            field::samples(key::kWarmSamples, "each warm call on the host's clock"),
            field::number(key::kWarmMedian, "s", "the clean ones' median").onSomeRuns(),
            field::list(key::kQueueSamples, "s",
                "the same calls on the device's clock: QUEUED → START and START → END"),
            field::list(key::kWorkSamples, "s", "the same calls on the device's clock: QUEUED → START and START → END"),
            field::number(key::kQueueMedian, "s",
                "the medians of the clean calls' device readings (a call is clean or interrupted as a "
                "whole)").onSomeRuns(),
            field::number(key::kWorkMedian, "s",
                "the medians of the clean calls' device readings (a call is clean or interrupted as a "
                "whole)").onSomeRuns(),
            field::integer(key::kPlaceSize, "", "n of the writes' n×n · n×n inputs"),
            field::list(key::kPlacedCallSamples, "s",
                "the call after a blocking write, per placed sample, and the median of the clean ones"),
            field::samples(key::kUnawaitedSamples,
                "the twin's timer: from the non-blocking write's return to the kernel's observed readiness"),
            field::list(key::kCopySamples, "s", "the twin's copy, START → END on the device's clock"),
            field::number(key::kUnawaitedMedian, "s",
                "the twin's timer: from the non-blocking write's return to the kernel's observed "
                "readiness").onSomeRuns(),
            field::number(key::kPlacedCallMedian, "s",
                "the call after a blocking write, per placed sample, and the median of the clean ones").onSomeRuns(),
            field::integer(key::kStillCopying, "", "twins whose kernel was enqueued before the copy had ended"),
            field::number(key::kMaxAbsError, "", "the last output against the long-double reference").onSomeRuns(),
        }),
        productfield::kRunEnd);
    return fields;
}

} // namespace lessonscope::performance09

