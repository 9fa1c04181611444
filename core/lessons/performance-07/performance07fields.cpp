#include "core/lessons/performance-07/performance07contract.h"

#include "core/lessons/shared/productfields.h"

namespace lessonscope::performance07 {

// Every key a run prints, in order; docs/artifact-format.md, "performance-07", says more of each.
StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(
        productfield::kVersions,
        productfield::kProduct,
        std::to_array<StdoutField>({
            field::samples(key::kWarmSamples, "each warm call of every run, dispatch to observed readiness; its round is its run"),
            field::list(key::kRunMedians, "s", "per run with a clean sample, the median of its clean samples"),
            field::list(key::kRunLows, "s", "the low end of each median's 95% interval, from its own run's samples"),
            field::list(key::kRunHighs, "s", "the high end"),
            field::number(key::kMedianOfRuns, "s", "the median of the runs' medians").orNull(),
            field::number(key::kWithinWidth, "", "the runs' median interval width ÷ the median of the runs").orNull(),
            field::number(key::kBetweenWidth, "", "the highest run median less the lowest, ÷ the median of the runs").orNull(),
            field::number(key::kWidthRatio, "", "between_runs_width ÷ within_run_width: the answer asked").orNull(),
            field::integer(key::kPairs, "", "pairs of runs with a median"),
            field::integer(key::kPairsDifferent, "", "of them, those whose two 95% intervals do not overlap"),
            field::number(key::kMaxAbsError, "", "the last output against a higher-precision reference").onSomeRuns(),
            field::integer(key::kRunsRequested, "", "the runs asked for"),
        }),
        productfield::kRunEnd);
    return fields;
}

} // namespace lessonscope::performance07
