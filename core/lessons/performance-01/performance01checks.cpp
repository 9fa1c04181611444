// performance-01's own checks: its stdout against itself, its panels and its trace
// (docs/artifact-format.md, "Validation").

#include "core/lesson/samplefields.h"
#include "core/lesson/stdoutchecks.h"
#include "core/lessons/performance-01/performance01contract.h"

namespace lessonscope::performance01 {

using namespace stdoutchecks;

namespace {

void checkPanels(const Json &document, const std::optional<double> &firstCall,
                 const std::optional<std::vector<double>> &warm, const std::optional<double> &warmMedian,
                 const std::optional<double> &dispatchMedian, Checker &checker)
{
    if (firstCall)
        compareBar(document, kFirstCallPanel, kSynchronized, *firstCall, key::kFirstCall, checker);
    if (warmMedian)
        compareBar(document, kBoundaryPanel, kSynchronized, *warmMedian, key::kWarmMedian, checker);
    if (dispatchMedian)
        compareBar(document, kBoundaryPanel, kDispatchOnly, *dispatchMedian, key::kDispatchWarmMedian, checker);
    if (warm)
        compareLine(document, kWarmCallsPanel, kSynchronized, *warm, key::kWarmSamples, checker);
}

// The trace holds the first call and every warm call.
void checkTraceLength(const Json &document, const std::optional<std::vector<double>> &warm, Checker &checker)
{
    const Json *trace = Checker::member(document, "trace");
    const Json *calls = trace && trace->is_object() ? Checker::member(*trace, "calls") : nullptr;
    const Json *column = calls && calls->is_object() ? Checker::member(*calls, "dispatchBegin") : nullptr;
    if (!warm || !column || !column->is_array() || column->size() == 1 + warm->size())
        return;
    checker.warning("/trace/calls", "the trace has " + std::to_string(column->size())
                                        + " calls but stdout reports 1 first call and "
                                        + std::to_string(warm->size()) + " warm calls");
}

} // namespace

void check(const Json &document, const Json &out, Checker &checker)
{
    const auto firstCall = durationOf(out, key::kFirstCall, checker);
    const auto warm = durationsOf(out, key::kWarmSamples, checker);
    checkSampleEvidence(out, key::kWarmSamples, checker);
    // The medians are of the clean calls: the samples whose evidence says no other work kept a
    // timed thread from a CPU (all of them when the artifact has no evidence).
    const SampleColumns columns = readSamples(out, key::kWarmSamples);
    const auto clean = warm ? std::optional(cleanSamples(*warm, columns.waitedNs)) : std::nullopt;
    const auto warmMedian = durationOf(out, key::kWarmMedian, checker);
    durationOf(out, key::kDispatchFirstCall, checker); // checked; no panel shows it
    const auto dispatchWarm = durationsOf(out, key::kDispatchWarmSamples, checker);
    const auto dispatchMedian = durationOf(out, key::kDispatchWarmMedian, checker);
    nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    checkMedian(clean, warmMedian, key::kWarmMedian, std::string("the clean ") + key::kWarmSamples, checker);
    const auto dispatchClean = dispatchWarm && warm ? std::optional(cleanReadingsOf(*dispatchWarm, *warm, columns.waitedNs)) : std::nullopt;
    checkMedian(dispatchClean, dispatchMedian, key::kDispatchWarmMedian, std::string("the clean ") + key::kDispatchWarmSamples, checker);
    if (warm && dispatchWarm && warm->size() != dispatchWarm->size()) {
        checker.warning("/stdout", "stdout has " + std::to_string(warm->size()) + " " + key::kWarmSamples + " but "
                                       + std::to_string(dispatchWarm->size()) + " " + key::kDispatchWarmSamples
                                       + "; both time the same calls");
    }
    checkPanels(document, firstCall, warm, warmMedian, dispatchMedian, checker);
    checkTraceLength(document, warm, checker);
}

} // namespace lessonscope::performance01
