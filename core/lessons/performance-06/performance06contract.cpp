#include "core/lessons/performance-06/performance06contract.h"
#include "core/lessons/performance-06/performance06timeline.h"
#include "core/lesson/statedparameters.h"

#include "core/lessons/shared/matrixlesson.h"
#include "core/lesson/declaredpanels.h"

#include "core/artifact/lenientjson.h"
#include "core/base/units.h"
#include "core/lesson/environmentinfo.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace lessonscope::performance06 {

using namespace lenient;

namespace {

// The panels' fixed parts. The bar panel has one bar per way of timing, each its own series: the
// legend names them in full, in the colours of the lines. The depths double from 1 to 64: on a
// linear axis the small ones would crowd the left edge, where the per-call time changes most, so
// the lines' x is logarithmic (one step per doubling).
constexpr std::array<PanelShape, 3> kPanels{{
    PanelShape::bar("One call vs kept busy", {nullptr, "seconds"}, {kOneAtATime, kKeptBusy}), // labels: the run's K
    PanelShape::line("Time per call by queue depth", {"calls in flight (K)", "seconds", false, true},
                     {kOneAtATime, kKeptBusy}),
    PanelShape::line("Calls per second by queue depth", {"calls in flight (K)", "calls per second", false, true},
                     {kOneAtATime, kKeptBusy}),
}};

} // namespace

std::optional<std::int64_t> Figures::largestDepth() const
{
    return depths.empty() ? std::nullopt : std::optional(depths.back());
}

std::optional<double> Figures::perCallAtLargest() const
{
    if (depths.empty() || perCall.size() != depths.size())
        return std::nullopt;
    return perCall.back();
}

void deriveFigures(Figures &f)
{
    const std::vector<double> clean = f.latency.clean(); // the medians are the clean samples' (measuring.h)
    f.latencyMedian = clean.empty() ? std::nullopt : std::optional(median(clean));
    f.perCall.clear();
    f.throughput.clear();
    for (const SampleColumns &depth : f.perCallColumns) {
        const std::vector<double> kept = depth.clean();
        const double middle = kept.empty() ? 0.0 : median(kept);
        f.perCall.push_back(middle);
        f.throughput.push_back(middle > 0 ? 1.0 / middle : 0.0);
    }
}

Json output(const LessonRun &run, const Measurements &m)
{
    // Every number computed once here; the panels are made from these very doubles.
    Figures f;
    f.seed = matrixlesson::statedInteger(run.parameters, param::kSeed);
    f.repetitions = matrixlesson::statedInteger(run.parameters, kRepetitionsParameter);
    f.warmupRounds = m.warmupRounds;
    f.depths.assign(m.depths.begin(), m.depths.end());
    f.latency = SampleColumns{m.latency.seconds, m.latency.waitedNs, m.latency.round};
    for (const Samples &depth : m.perCall)
        f.perCallColumns.push_back(SampleColumns{depth.seconds, depth.waitedNs, depth.round, depth.callsPerSample});
    deriveFigures(f);
    f.maxAbsError = m.maxAbsError;
    f.cancelled = run.cancelled;
    return matrixlesson::productStdout(run, matrixlesson::WithDtype::Yes, f, kFields);
}

// Every key a run prints, in order; docs/artifact-format.md, "performance-06", says more of each.
static StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(productfield::kVersions, productfield::kProduct, fieldsOf(kFields));
    return fields;
}

static Json panels(const Json &out)
{
    const Figures f = readFigures(out);
    // Output made otherwise than by a run (no median, a depth short) gets a bar with no bars
    // rather than invented ones.
    const auto largest = f.largestDepth();
    const auto busy = f.perCallAtLargest();
    const bool complete = f.latencyMedian && largest && busy;
    const auto bar
        = [complete](const std::optional<double> &value) { return complete ? Json::array({*value}) : Json::array(); };
    Json label = complete ? Json::array({"per call, K = " + std::to_string(*largest)}) : Json::array();
    // One call at a time does not depend on K: a flat line at the latency median to compare with.
    // Without a latency median (no call alone ran clean) the flat line is left out: a series of no
    // values beside K depths is not a series.
    Json flatTime = f.latencyMedian ? Json::array() : Json(), flatRate = flatTime;
    for (std::size_t i = 0; i < f.depths.size() && f.latencyMedian; ++i) {
        flatTime.push_back(*f.latencyMedian);
        flatRate.push_back(*f.latencyMedian > 0 ? 1.0 / *f.latencyMedian : 0.0);
    }
    const Json &x = out.at(key::kDepths);
    return Json::array({shapedPanel(kPanels[kComparisonPanel], std::move(label), {bar(f.latencyMedian), bar(busy)}),
                        shapedPanel(kPanels[kTimePanel], x, {std::move(flatTime), out.at(key::kPerCall)}),
                        shapedPanel(kPanels[kRatePanel], x, {std::move(flatRate), out.at(key::kThroughput)})});
}

static Json panelLayout() { return shapesLayout(kPanels); }

Figures readFigures(const Json &out)
{
    Figures f;
    readBoundFigures(out, f, kFields);
    f.latencySamples = f.latency.seconds;
    for (std::size_t d = 0; d < f.perCallColumns.size() && d < f.depths.size(); ++d)
        f.perCallColumns[d].callsPerSample
            = static_cast<double>(std::max<std::int64_t>(1, f.depths[d])); // as its burst
    for (const SampleColumns &depth : f.perCallColumns)
        f.perCallSamples.push_back(depth.seconds);
    f.dtype = stringOf(member(out, key::kDtype));
    f.inputShape = integersOf(member(out, key::kInputShape));
    f.weightShape = integersOf(member(out, key::kWeightShape));
    return f;
}

static LessonSummary summarize(const Artifact &artifact)
{
    const Figures f = readFigures(artifact);
    LessonSummary summary = matrixlesson::matrixSummary(f.inputShape, f.weightShape, f.dtype);
    const auto largest = f.largestDepth();
    if (largest) {
        summary.setup += ", up to " + std::to_string(*largest) + " in flight";
        summary.settings.emplace_back("largest depth", std::to_string(*largest));
    }
    summary.settings.emplace_back("repetitions", std::to_string(f.latencySamples.size()));
    const bool samplesAtLargest = largest && f.perCallSamples.size() == f.depths.size();
    // At most 16 characters, the width of the comparison's figure column.
    const std::string busyLabel = largest ? "per call, K = " + std::to_string(*largest) : "per call";
    const std::optional<double> throughput
        = largest && f.throughput.size() == f.depths.size() ? std::optional(f.throughput.back()) : std::nullopt;
    Figure latency = makeFigure(key::kLatencyMedian, "one call alone", f.latencyMedian, true, f.latency.clean(),
                                "clean calls one at a time", true);
    latency.interrupted = f.latency.interruptedCount();
    latency.rounds = roundMedians(f.latency.cleanByRound());
    Figure busy = makeFigure(key::kPerCall, busyLabel, f.perCallAtLargest(), true, {}, "clean bursts", true);
    if (samplesAtLargest && f.perCallColumns.size() == f.depths.size()) {
        busy.samples = f.perCallColumns.back().clean();
        busy.interrupted = f.perCallColumns.back().interruptedCount();
        busy.rounds = roundMedians(f.perCallColumns.back().cleanByRound());
    }
    summary.figures = {
        latency,
        busy,
        makeFigure(key::kThroughput, "calls per second", throughput, false, {}, {}, false),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    summary.headlineKey = key::kPerCall;
    return summary;
}

static std::optional<ParameterValues> parametersOf(const Json &out)
{
    std::optional<ParameterValues> values = statedParameters(out, stdoutFields());
    const std::vector<std::int64_t> depths = integersOf(member(out, key::kDepths));
    if (!values || depths.empty())
        return std::nullopt;
    (*values)[kDepthParameter] = depths.back(); // the largest K: the depths double up to it
    return values;
}

const LessonContract kContract{stdoutFields, panels, panelLayout, check, summarize, timelineFrom<Performance06Timeline>,
                               parametersOf};

} // namespace lessonscope::performance06
