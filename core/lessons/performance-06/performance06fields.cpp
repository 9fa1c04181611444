#include "core/lessons/performance-06/performance06contract.h"

#include "core/lessons/shared/productfields.h"

namespace lessonscope::performance06 {

// Every key a run prints, in order; docs/artifact-format.md, "performance-06", says more of each.
StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(
        productfield::kVersions, productfield::kProduct,
        std::to_array<StdoutField>({
            productfield::kSeed,
            field::integer(key::kRepetitions, "", "rounds asked for").stating(kRepetitionsParameter),
            field::integer(key::kWarmupRounds, "", "untimed rounds before them (1)"),
            field::list(key::kDepths, "", "K of each depth: 1, 2, 4 … and the largest"),
            field::samples(key::kLatencySamples, "one call alone: its dispatch to its observed readiness"),
            field::number(key::kLatencyMedian, "s", "their median").onSomeRuns(),
            field::samples(key::kPerCallSamples,
                           "the round's burst of K calls: first dispatch to the last call's observed readiness, ÷ K"),
            field::list(key::kPerCall, "s", "the median of each depth's samples"),
            field::list(key::kThroughput, "", "1 ÷ per_call_seconds"),
            field::number(key::kMaxAbsError, "", "the last output against a higher-precision reference"),
            productfield::kCancelled,
        }));
    return fields;
}

} // namespace lessonscope::performance06
