// performance-02's own checks: its stdout against itself (medians, the parts within the first
// call, one distinct process per first call), its panels (by position) and its trace
// (docs/artifact-format.md, "performance-02").

#include "core/lesson/samplefields.h"
#include "core/lesson/stdoutchecks.h"
#include "core/lessons/performance-02/performance02contract.h"

#include <nlohmann/json.hpp>

#include <set>

namespace lessonscope::performance02 {

using namespace stdoutchecks;

namespace {

// Parts are differences of the same nanosecond clock: their sum may exceed the first call only by
// the rounding of a few doubles.
constexpr double kRounding = 1e-12;

std::string pointerTo(const char *key) { return std::string("/stdout/") + key; }

// One process's parts: each a duration, together no more than its first call.
void checkParts(const Json &parts, double firstCall, std::string_view layout, const std::string &where,
                Checker &checker)
{
    if (!parts.is_object()) {
        checker.warning(where, "the first call's parts are not an object of named durations");
        return;
    }
    double sum = 0;
    for (const std::string &name : partNames(layout)) {
        const Json *value = Checker::member(parts, name.c_str());
        if (!value || !value->is_number() || value->get<double>() < 0) {
            checker.warning(where, "the first call's part " + name + " is not a duration");
            return;
        }
        sum += value->get<double>();
    }
    if (sum > firstCall * (1 + 1e-9) + kRounding)
        checker.warning(where, "the first call's parts add up to more than the first call itself");
}

void checkProcesses(const Json &out, const std::optional<std::vector<double>> &firsts, Checker &checker)
{
    if (!firsts)
        return;
    const Figures f = readFigures(out);
    const std::set<std::int64_t> distinct(f.processIds.begin(), f.processIds.end());
    if (f.processIds.size() != firsts->size() || distinct.size() != firsts->size())
        checker.warning(pointerTo(key::kProcessIds),
                        "every first call needs a process of its own: " + std::to_string(firsts->size())
                            + " first calls, " + std::to_string(distinct.size()) + " distinct processes");
    if (f.preemptions.size() != firsts->size())
        checker.warning(pointerTo(key::kPreemptions), "stdout needs how often each process was preempted");
    // On a device a first call is cold or cached (2,000× apart on PoCL): each says which.
    if (f.backend == kDeviceBackend && f.kernelCache.size() != firsts->size())
        checker.warning(pointerTo(key::kKernelCacheSamples),
                        "a first call on a device needs its kernel cache's state: one for each process");
    const Json *samples = Checker::member(out, key::kFirstCallPartsSamples);
    if (!samples || !samples->is_array() || samples->size() != firsts->size()) {
        checker.warning(pointerTo(key::kFirstCallPartsSamples), "stdout needs the parts of every process's first call");
        return;
    }
    for (std::size_t i = 0; i < firsts->size(); ++i)
        checkParts((*samples)[i], (*firsts)[i], f.partsLayout,
                   pointerTo(key::kFirstCallPartsSamples) + "/" + std::to_string(i), checker);
    if (!f.tracedProcess || *f.tracedProcess < 0 || static_cast<std::size_t>(*f.tracedProcess) >= firsts->size()) {
        checker.warning(pointerTo(key::kTracedProcess), "the traced process is not one of the processes");
        return;
    }
    const std::size_t traced = static_cast<std::size_t>(*f.tracedProcess);
    const Json *parts = Checker::member(out, key::kFirstCallParts);
    if (!parts || *parts != (*samples)[traced])
        checker.warning(pointerTo(key::kFirstCallParts), "the first call's parts are not the traced process's");
    else
        checkParts(*parts, (*firsts)[traced], f.partsLayout, pointerTo(key::kFirstCallParts), checker);
    // The line of calls in order starts with the same whole first call (not its work alone).
    if (!f.callsInOrderSeconds.empty() && f.callsInOrderSeconds.front() != (*firsts)[traced])
        checker.warning(pointerTo(key::kCallsInOrder) + "/0",
                        "the first of the calls in order is not the traced process's first call");
}

void checkPanels(const Json &document, const Json &out, const std::optional<double> &first,
                 const std::optional<double> &warmMedian, const std::optional<std::vector<double>> &inOrder,
                 Checker &checker)
{
    std::string pointer;
    if (first)
        compareBar(document, kFirstCallPanel, kSeriesLabel, *first, key::kFirstCall, checker);
    const Json *panel = panelAt(document, kFirstCallPanel, "bar", &pointer);
    const Json *y = panel ? seriesValues(*panel, kSeriesLabel, &pointer) : nullptr;
    if (warmMedian && y)
        compareValue(*y, 1, pointer, *warmMedian, key::kWarmMedian, checker);

    panel = panelAt(document, kPartsPanel, "bar", &pointer);
    y = panel ? seriesValues(*panel, kSeriesLabel, &pointer) : nullptr;
    const Json *parts = Checker::member(out, key::kFirstCallParts);
    const std::vector<std::string> &names = partNames(partsLayoutOf(out));
    for (std::size_t i = 0; y && parts && parts->is_object() && i < names.size(); ++i) {
        const Json *value = Checker::member(*parts, names[i].c_str());
        if (value && value->is_number())
            compareValue(*y, i, pointer, value->get<double>(), std::string(key::kFirstCallParts) + "." + names[i],
                         checker);
    }
    if (inOrder)
        compareLine(document, kCallsPanel, "completed call", *inOrder, key::kCallsInOrder, checker);
}

} // namespace

void check(const Json &document, const Json &out, Checker &checker)
{
    const auto first = durationOf(out, key::kFirstCall, checker);
    const auto firsts = durationsOf(out, key::kFirstCallSamples, checker);
    const auto warm = durationsOf(out, key::kWarmSamples, checker);
    const auto warmMedian = durationOf(out, key::kWarmMedian, checker);
    const auto inOrder = durationsOf(out, key::kCallsInOrder, checker);
    nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    // The medians are of the clean samples (all of them when every first call was interrupted).
    checkSampleEvidence(out, key::kFirstCallSamples, checker);
    checkSampleEvidence(out, key::kWarmSamples, checker);
    const auto cleanOf = [&out](const std::optional<std::vector<double>> &samples, const char *key) {
        if (!samples)
            return samples;
        const std::vector<double> clean = cleanSamples(*samples, readSamples(out, key).waitedNs);
        return std::optional(clean.empty() ? *samples : clean);
    };
    checkMedian(cleanOf(firsts, key::kFirstCallSamples), first, key::kFirstCall,
                std::string("the clean ") + key::kFirstCallSamples, checker);
    checkMedian(cleanOf(warm, key::kWarmSamples), warmMedian, key::kWarmMedian,
                std::string("the clean ") + key::kWarmSamples, checker);
    checkProcesses(out, firsts, checker);
    checkPanels(document, out, first, warmMedian, inOrder, checker);
    if (inOrder) // the trace holds the traced process's calls, the same that calls_in_order_seconds lists
        checkTracedCallCount(document, inOrder->size(),
                             std::string(key::kCallsInOrder) + "'s " + std::to_string(inOrder->size()), checker);
}

} // namespace lessonscope::performance02
