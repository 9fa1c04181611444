#include "core/lessons/performance-05/performance05contract.h"

#include "core/lessons/shared/productfields.h"

namespace lessonscope::performance05 {

// Every key a run prints, in order; docs/artifact-format.md, "performance-05", says more of each.
StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(
        productfield::kVersions, productfield::kProduct,
        std::to_array<StdoutField>({
            productfield::kSeed,
            productfield::kSamplesRequested,
            field::integer(key::kWarmupCalls, "", "untimed calls before the samples (10)"),
            field::integer(key::kWorkerCpu, "",
                           "the core the stream's worker was pinned to; null when pinning was refused")
                .orNull(),
            field::text(key::kNeighbour, "\"off\" or \"on\"").stating(kNeighbourParameter),
            field::integer(key::kNeighbourCpu, "",
                           "the core the neighbour was pinned to: worker_cpu; null when off or not pinned")
                .orNull(),
            field::integer(key::kNeighbourBursts, "", "the neighbour's bursts begun during the run (0 when off)"),
            field::number(key::kNeighbourBusy, "s", "their busy time by the clock"),
            field::samples(key::kWarmSamples, "every timed call, in order: the trace's calls, one to one"),
            field::number(key::kWarmMedian, "s", "numpy's median of the samples").onSomeRuns(),
            field::number(key::kMean, "s", "their mean").onSomeRuns(),
            field::number(key::kMad, "s", "their median absolute deviation from the median, unscaled").onSomeRuns(),
            field::list(key::kMedianCi95, "s",
                        "the median's 95% interval, by order statistics: the sorted samples at 1-based ranks ⌊n/2 − "
                        "1.96·√n/2⌋ and ⌈n/2 + 1 + 1.96·√n/2⌉")
                .onSomeRuns(),
            field::text(key::kCiMethod, "that rule, in words").onSomeRuns(),
            field::integer(
                key::kSamplesFor2Percent, "",
                "the smallest n ≥ 10 such that, for every m from n to all the samples, the interval of the first m "
                "samples lies within ±2% of their median")
                .orNull()
                .onSomeRuns(),
            field::text(key::kSamplesFor2PercentRule, "that rule, in words").onSomeRuns(),
            field::integer(key::kOutliers, "", "samples above median + 5 × MAD").onSomeRuns(),
            field::text(key::kOutlierRule, "\"sample > median + 5 * MAD (MAD unscaled)\"").onSomeRuns(),
            field::integer(
                key::kProductsTimed, "",
                "products the timed calls computed, counted on the worker inside the timed work: one per sample"),
            field::number(key::kMaxAbsError, "", "the last output against a higher-precision reference"),
            productfield::kCancelled,
        }));
    return fields;
}

} // namespace lessonscope::performance05
