#include "core/lessons/performance-03/performance03contract.h"

#include "core/lessons/shared/productfields.h"

namespace lessonscope::performance03 {

// Every key a run prints, in order; docs/artifact-format.md, "performance-03", says more of each.
StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(
        productfield::kVersions,
        std::to_array<StdoutField>({
            field::text(key::kDtype, "\"float32\" or \"float64\"").stating(param::kDtype),
            productfield::kSeed,
            field::list(key::kSizes, "", "n of each size measured (a cancelled run lists those with a sample)"),
            field::integer(key::kDefaultSize, "",
                           "the size whose calls are the trace and the bar: the sweep's middle one"),
            field::integer(key::kSamplesPerSize, "", "samples asked for at each size").stating(param::kSamples),
            field::integer(key::kWarmupRounds, "", "untimed rounds before the samples (1)"),
            field::list(key::kSamplesMeasured, "", "samples measured"),
            field::list(key::kPrepareMedian, "s", "median of preparation (host clock before and after)"),
            field::list(key::kPlaceMedian, "s", "median of placement: its dispatch to its observed readiness"),
            field::list(key::kCallMedian, "s", "median of call + sync: the call's dispatch to its observed readiness"),
            field::list(key::kWithPlacementMedian, "s", "median of placement + call + sync"),
            field::list(key::kWithPreparationMedian, "s",
                        "median of preparation + placement + call + sync (the whole)"),
            field::list(
                key::kMaxAbsError, "",
                "the last output against a higher-precision reference computed from the last prepared (host) inputs"),
            field::object(
                key::kPhases, "",
                "one element per traced call: prepare_begin_ns, prepare_end_ns, place_dispatch_begin_ns, "
                "place_work_begin_ns, place_work_end_ns, place_ready_observed_ns, in ns since the run's first "
                "dispatch (the first traced call's), so negative before it; then (lessonscope 0.3 on, all eight or "
                "none) the call's un-awaited twin, measured right after it — inputs prepared anew, placement "
                "dispatched and not waited for, the call queued behind it and waited for: "
                "unawaited_place_dispatch_begin_ns, unawaited_place_dispatch_end_ns, "
                "unawaited_place_work_begin_ns, unawaited_place_work_end_ns, unawaited_call_dispatch_begin_ns, "
                "unawaited_call_work_begin_ns, unawaited_call_work_end_ns, unawaited_ready_observed_ns (the "
                "timeline's \"after a placement not awaited\", timeline.md)"),
            field::list(key::kCallSamples, "s", "every sample's call + sync, one list per size"),
            field::list(key::kWithPlacementSamples, "s", "every sample's placement + call + sync, one list per size"),
            field::samples(
                key::kWithPreparationSamples,
                "every whole sample (preparation + placement + call + sync), one list per size, with the evidence "
                "of the three"),
            productfield::kCancelled,
        }));
    return fields;
}

} // namespace lessonscope::performance03
