#include "core/lessons/performance-01/performance01contract.h"

#include "core/lessons/shared/productfields.h"

namespace lessonscope::performance01 {

// Every key a run prints, in order; docs/artifact-format.md, "performance-01", says more of each.
StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(
        productfield::kVersions,
        productfield::kProduct,
        std::to_array<StdoutField>({
            field::text(key::kBoundary,
                "what the timer holds: \"input already placed; call plus output synchronization\""),
            field::number(key::kFirstCall, "s",
                "the first call, dispatch to observed readiness: the product's first use for this shape and type"),
            field::integer(key::kFirstCallWaited, "ns",
                "how long other work kept a timed thread from a CPU during the first call"),
            field::samples(key::kWarmSamples, "each warm call, dispatch to observed readiness"),
            field::number(key::kWarmMedian, "s", "numpy's median of the clean warm samples").onSomeRuns(),
            field::number(key::kMaxAbsError, "", "the last output against a higher-precision reference").onSomeRuns(),
            field::number(key::kDispatchFirstCall, "s",
                "what a timer stopped when the first dispatch returned would have read"),
            field::list(key::kDispatchWarmSamples, "s", "the same for each warm call"),
            field::number(key::kDispatchWarmMedian, "s", "their median over the clean calls").onSomeRuns(),
        }),
        productfield::kRunEnd);
    return fields;
}

} // namespace lessonscope::performance01

