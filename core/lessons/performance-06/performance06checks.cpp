// performance-06's own checks: its stdout against itself, its panels (by position) and its trace
// (docs/artifact-format.md, "performance-06").

#include "core/lesson/samplefields.h"
#include "core/lesson/stdoutchecks.h"
#include "core/lessons/performance-06/performance06contract.h"

#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace lessonscope::performance06 {

using namespace stdoutchecks;

namespace {

bool closeTo(double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b)); }

std::string depthName(const Figures &f, std::size_t d)
{
    return d < f.depths.size() ? "K = " + std::to_string(f.depths[d]) : "position " + std::to_string(d);
}

// depths: positive and ascending integers; every per-depth list as long as depths.
void checkDepths(const Json &out, const Figures &f, Checker &checker)
{
    const Json *depths = Checker::member(out, key::kDepths);
    if (depths && (!depths->is_array() || depths->size() != f.depths.size())) {
        checker.warning("/stdout", "stdout's depths are not a list of integers");
        return;
    }
    for (std::size_t i = 0; i < f.depths.size(); ++i) {
        if (f.depths[i] < 1 || (i > 0 && f.depths[i] <= f.depths[i - 1])) {
            checker.warning("/stdout",
                            "stdout's depths must be positive and ascending; " + std::to_string(f.depths[i])
                                + " at position " + std::to_string(i) + " is not");
            return;
        }
    }
    for (const char *name : {key::kPerCallSamples, key::kPerCall, key::kThroughput}) {
        const Json *value = Checker::member(out, name);
        if (value && value->is_array() && value->size() != f.depths.size())
            checker.warning("/stdout",
                            "stdout's " + std::string(name) + " has " + std::to_string(value->size())
                                + " values but depths has " + std::to_string(f.depths.size()) + ": one per depth");
    }
}

// Every depth's samples: non-negative durations, one per round (as many as the latency's).
void checkPerCall(const Json &out, const Figures &f, std::optional<std::size_t> rounds, Checker &checker)
{
    const Json *lists = Checker::member(out, key::kPerCallSamples);
    for (std::size_t d = 0; lists && lists->is_array() && d < lists->size(); ++d) {
        const Json &list = (*lists)[d];
        const std::string name = std::string("stdout's ") + key::kPerCallSamples + " at " + depthName(f, d);
        const bool durations = list.is_array() && std::all_of(list.begin(), list.end(), [](const Json &value) {
                                   return value.is_number() && value.get<double>() >= 0;
                               });
        if (!durations)
            checker.warning("/stdout", name + " is not a list of non-negative numbers");
        else if (rounds && list.size() != *rounds)
            checker.warning("/stdout",
                            name + " has " + std::to_string(list.size()) + " samples but " + key::kLatencySamples
                                + " has " + std::to_string(*rounds) + ": both are timed once per round");
    }
}

void checkPanels(const Json &document, const Figures &f, Checker &checker)
{
    if (f.latencyMedian && f.perCallAtLargest()) {
        compareBar(document, kComparisonPanel, kOneAtATime, *f.latencyMedian, key::kLatencyMedian, checker);
        compareBar(document, kComparisonPanel, kKeptBusy, *f.perCallAtLargest(),
                   "per_call_seconds at the largest depth", checker);
    }
    compareLine(document, kTimePanel, kKeptBusy, f.perCall, key::kPerCall, checker);
    compareLine(document, kRatePanel, kKeptBusy, f.throughput, key::kThroughput, checker);
    if (f.latencyMedian) {
        compareLine(document, kTimePanel, kOneAtATime, std::vector<double>(f.depths.size(), *f.latencyMedian),
                    key::kLatencyMedian, checker);
    }
}

// The trace holds every round's burst at the largest depth; each burst's time per call, from
// its first dispatch to its last call's observed readiness, is that depth's sample.
void checkAgainstTrace(const Json &document, const Figures &f, Checker &checker)
{
    const auto begin = tracedColumn(document, "dispatchBegin");
    const auto ready = tracedColumn(document, "readyObserved");
    const auto largest = f.largestDepth();
    if (!begin || !ready || begin->size() != ready->size() || !largest || *largest < 1
        || f.perCallSamples.size() != f.depths.size())
        return;
    const std::vector<double> &stated = f.perCallSamples.back();
    const auto depth = static_cast<std::size_t>(*largest);
    if (begin->size() != stated.size() * depth) {
        checker.warning("/trace/calls",
                        "the trace has " + std::to_string(begin->size()) + " calls but stdout reports "
                            + std::to_string(stated.size()) + " bursts of " + std::to_string(depth));
        return;
    }
    for (std::size_t r = 0; r < stated.size(); ++r) {
        const double traced = perCallSeconds((*begin)[r * depth], (*ready)[r * depth + depth - 1], *largest);
        if (!closeTo(traced, stated[r])) {
            checker.warning("/stdout",
                            std::string("stdout's ") + key::kPerCallSamples + " at K = " + std::to_string(depth)
                                + ", repetition " + std::to_string(r + 1)
                                + ", is not its burst's time per call in the trace");
            return;
        }
    }
}

} // namespace

void check(const Json &document, const Json &out, Checker &checker)
{
    const Figures f = readFigures(out);
    checkDepths(out, f, checker);
    const auto latency = durationsOf(out, key::kLatencySamples, checker);
    durationOf(out, key::kLatencyMedian, checker);
    checkSampleEvidence(out, key::kLatencySamples, checker);
    checkSampleEvidence(out, key::kPerCallSamples, checker);
    durationsOf(out, key::kPerCall, checker);
    // The medians are the clean samples' (0 for a depth none of whose bursts ran clean: a run that
    // could not measure), the throughput 1 ÷ each.
    Figures expected = f;
    deriveFigures(expected);
    checkBoundFigures(f, expected, kFields, "the clean samples", checker);
    for (std::size_t d = 0; d < f.perCall.size() && d < f.throughput.size(); ++d) {
        if (f.perCall[d] > 0 && !closeTo(f.throughput[d], 1.0 / f.perCall[d]))
            checker.warning("/stdout",
                            std::string("stdout's ") + key::kThroughput + " at " + depthName(f, d) + " is not 1 ÷ "
                                + key::kPerCall);
    }
    nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    checkPerCall(out, f, latency ? std::optional(latency->size()) : std::nullopt, checker);
    checkPanels(document, f, checker);
    checkAgainstTrace(document, f, checker);
}

} // namespace lessonscope::performance06
