#include "core/lessons/performance-08/performance08contract.h"

#include "core/lessons/shared/productfields.h"

namespace lessonscope::performance08 {

// Every key a run prints, in order; docs/artifact-format.md, "performance-08", says more of each.
StdoutFields stdoutFields()
{
    static constexpr auto fields = std::to_array<StdoutField>({
        field::text(key::kEigen, "Eigen's version (the operation is Eigen's)"),
        field::text(key::kCompiler, "the compiler that built lessonscope"),
        field::text(key::kLessonscope, "lessonscope's version"),
        field::text(key::kBackend, "on an OpenCL device, what ran the operation: \"opencl-kernel\"").onSomeRuns(),
        field::text(key::kClock, "the clock every figure is read on: \"std::chrono::steady_clock\", or the device's profiling timer"),
        field::text(key::kOperation, "what one operation is: a 32-term float32 dot product, Eigen's or a kernel's"),
        field::samples(key::kClockRead, "per block of 256 back-to-back reads, the block's time ÷ 256; on a device, each empty kernel's START → END"),
        field::number(key::kClockReadMedian, "s", "their median over the clean blocks: what one read costs").onSomeRuns(),
        field::number(key::kClockStep, "s", "the smallest positive difference of two back-to-back reads (on a device, of two stamps of one command): no reading resolves less"),
        field::number(key::kClockGetres, "s", "on the host, the resolution clock_getres(CLOCK_MONOTONIC) states").onSomeRuns(),
        field::number(key::kTscRead, "s", "on the host, one rdtsc, timed as the clock's blocks; null where the TSC is not invariant").orNull().onSomeRuns(),
        field::number(key::kTimerResolution, "s", "on a device, the resolution CL_DEVICE_PROFILING_TIMER_RESOLUTION states").onSomeRuns(),
        field::list(key::kBatchSizes, "", "the operations per reading, of the sizes whose clean readings read more than 0"),
        field::samples(key::kReadings, "one list per batch size: each reading, the second clock read less the first (on a device, its kernel's START → END)"),
        field::list(key::kReadingMedian, "s", "per batch size, the median of its clean readings"),
        field::list(key::kPerOperation, "s", "per batch size, that median ÷ the batch size"),
        field::list(key::kClockShare, "", "per batch size, one clock read (an empty kernel) ÷ that median").onSomeRuns(),
        field::number(key::kOperationSeconds, "s", "the largest batch's median less one clock read (an empty kernel), ÷ its size").onSomeRuns(),
        field::integer(key::kForOnePercent, "", "the fewest operations per reading for which its fixed cost is under 1% of it").onSomeRuns(),
        field::number(key::kMaxAbsError, "", "the operation's last result against a double reference").onSomeRuns(),
        field::integer(key::kSamplesRequested, "", "the readings per batch size asked for"),
        productfield::kCancelled,
    });
    return fields;
}

} // namespace lessonscope::performance08
