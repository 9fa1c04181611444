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
        field::text(key::kClock, "the clock every reading reads: \"std::chrono::steady_clock\""),
        field::text(key::kOperation, "what one operation is: \"a 32-term float32 dot product (Eigen)\""),
        field::samples(key::kClockRead, "per block of 256 back-to-back reads, the block's time ÷ 256"),
        field::number(key::kClockReadMedian, "s", "their median over the clean blocks: what one read costs").onSomeRuns(),
        field::number(key::kClockStep, "s", "the smallest positive difference of two back-to-back reads: no reading resolves less"),
        field::number(key::kClockGetres, "s", "the resolution clock_getres(CLOCK_MONOTONIC) states"),
        field::number(key::kTscRead, "s", "one rdtsc, timed as the clock's blocks; null where the TSC is not invariant").orNull(),
        field::list(key::kBatchSizes, "", "the operations per reading, of the sizes whose clean readings read more than 0"),
        field::samples(key::kReadings, "one list per batch size: each reading, the second clock read less the first"),
        field::list(key::kReadingMedian, "s", "per batch size, the median of its clean readings"),
        field::list(key::kPerOperation, "s", "per batch size, that median ÷ the batch size"),
        field::list(key::kClockShare, "", "per batch size, one clock read ÷ that median").onSomeRuns(),
        field::number(key::kOperationSeconds, "s", "the largest batch's median less one clock read, ÷ its size").onSomeRuns(),
        field::integer(key::kForOnePercent, "", "the fewest operations per reading for which one clock read is under 1% of it").onSomeRuns(),
        field::number(key::kMaxAbsError, "", "the operation's last result against a double reference").onSomeRuns(),
        field::integer(key::kSamplesRequested, "", "the readings per batch size asked for"),
        productfield::kCancelled,
    });
    return fields;
}

} // namespace lessonscope::performance08
