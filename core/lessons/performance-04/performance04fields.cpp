#include "core/lessons/performance-04/performance04contract.h"

#include "core/lessons/shared/productfields.h"

namespace lessonscope::performance04 {

// Every key a run prints, in order; docs/artifact-format.md, "performance-04", says more of each.
StdoutFields stdoutFields()
{
    static constexpr auto fields
        = joinFields(productfield::kVersions,
                     std::to_array<StdoutField>({
                         field::list(key::kInputShape, "", "[m, k] and [k, n]").stating(param::kM, param::kK),
                         field::list(key::kWeightShape, "", "[m, k] and [k, n]").stating(param::kK, param::kN),
                         field::text(key::kBoundary, "what one sample times"),
                         field::list(key::kDtypes, "", "[\"float32\", \"float64\"], always in this order"),
                         field::number(key::kFlops, "", "2·m·k·n, the product's floating-point operations"),
                         field::integer(key::kUntimedCalls, "", "calls of each type before the timed pairs (1)"),
                         field::samples(key::kWarmSamples, "every timed call's completed result"),
                         field::list(key::kMedian, "s", "the median of that type's samples"),
                         field::list(key::kGflops, "", "flops ÷ median_seconds ÷ 10⁹"),
                         field::list(key::kMaxAbsError, "", "the last output against the higher-precision reference"),
                     }),
                     productfield::kRunEnd);
    return fields;
}

} // namespace lessonscope::performance04
