#include "core/lessons/performance-03/performance03contract.h"
#include "core/lessons/performance-03/performance03timeline.h"
#include "core/lesson/statedparameters.h"

#include "core/lessons/shared/matrixlesson.h"
#include "core/lesson/declaredpanels.h"

#include "core/artifact/lenientjson.h"
#include "core/base/units.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/samplefields.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace lessonscope::performance03 {

namespace {

// The panels' fixed parts. One bar per boundary, each its own series: the legend names them in
// full (a bar's label would be cut short) and in the colours of the lines; the bar's label names
// the size a run measured. The lines' x is linear, so the small sizes sit close together at the
// left (their values are in stdout and in the points' tooltips); the View menu turns the value
// axis logarithmic.
constexpr std::array<PanelShape, 3> kPanels{{
    PanelShape::bar("At the default size", {nullptr, "seconds"}, {kWhole, kPlaceAndCall, kCallOnly}),
    PanelShape::line("Time by size", {"n (n×n · n×n)", "seconds"}, {kWhole, kPlaceAndCall, kCallOnly}),
    PanelShape::line("Share of placement", {"n (n×n · n×n)", "fraction of the whole"}, {kShare}),
}};

template<typename Member>
Json perSize(const Measurements &m, Member member)
{
    Json values = Json::array();
    for (const SizeSamples &size : m.sizes)
        values.push_back(member(size));
    return values;
}

// The twin's columns, in the order they are written.
const std::array<std::pair<const char *, std::int64_t UnawaitedPhase::*>, 8> &unawaitedColumns()
{
    static const std::array<std::pair<const char *, std::int64_t UnawaitedPhase::*>, 8> columns = {{
        {phase::kUnawaitedPlaceDispatchBegin, &UnawaitedPhase::placeDispatchBegin},
        {phase::kUnawaitedPlaceDispatchEnd, &UnawaitedPhase::placeDispatchEnd},
        {phase::kUnawaitedPlaceWorkBegin, &UnawaitedPhase::placeWorkBegin},
        {phase::kUnawaitedPlaceWorkEnd, &UnawaitedPhase::placeWorkEnd},
        {phase::kUnawaitedCallDispatchBegin, &UnawaitedPhase::callDispatchBegin},
        {phase::kUnawaitedCallWorkBegin, &UnawaitedPhase::callWorkBegin},
        {phase::kUnawaitedCallWorkEnd, &UnawaitedPhase::callWorkEnd},
        {phase::kUnawaitedReadyObserved, &UnawaitedPhase::readyObserved},
    }};
    return columns;
}

Json phasesJson(const std::vector<PhaseTimes> &phases)
{
    const auto column = [&phases](std::int64_t PhaseTimes::*member) {
        Json values = Json::array();
        for (const PhaseTimes &p : phases)
            values.push_back(p.*member);
        return values;
    };
    Json out = Json::object();
    out[phase::kPrepareBegin] = column(&PhaseTimes::prepareBegin);
    out[phase::kPrepareEnd] = column(&PhaseTimes::prepareEnd);
    out[phase::kPlaceDispatchBegin] = column(&PhaseTimes::placeDispatchBegin);
    out[phase::kPlaceWorkBegin] = column(&PhaseTimes::placeWorkBegin);
    out[phase::kPlaceWorkEnd] = column(&PhaseTimes::placeWorkEnd);
    out[phase::kPlaceReadyObserved] = column(&PhaseTimes::placeReadyObserved);
    const bool twins = !phases.empty()
        && std::all_of(phases.begin(), phases.end(), [](const PhaseTimes &p) { return p.unawaited.has_value(); });
    if (!twins)
        return out;
    const auto twin = [&phases](std::int64_t UnawaitedPhase::*member) {
        Json values = Json::array();
        for (const PhaseTimes &p : phases)
            values.push_back((*p.unawaited).*member);
        return values;
    };
    for (const auto &[name, member] : unawaitedColumns())
        out[name] = twin(member);
    return out;
}

// Lists are read all or nothing: a hole would shift every later size.
std::vector<double> numbersOf(const Json &object, const char *name)
{
    std::vector<double> numbers = lenient::numbersOf(lenient::member(object, name));
    return std::ranges::any_of(numbers, [](double v) { return std::isnan(v); }) ? std::vector<double>{} : numbers;
}

std::vector<std::int64_t> integersOf(const Json &object, const char *name)
{
    const Json *value = lenient::member(object, name);
    std::vector<std::int64_t> integers = lenient::integersOf(value);
    return value && integers.size() == value->size() ? integers : std::vector<std::int64_t>{};
}

std::vector<PhaseTimes> phasesOf(const Json &out)
{
    const Json *phases = lenient::member(out, key::kPhases);
    if (!phases)
        return {};
    const char *names[] = {phase::kPrepareBegin,   phase::kPrepareEnd,   phase::kPlaceDispatchBegin,
                           phase::kPlaceWorkBegin, phase::kPlaceWorkEnd, phase::kPlaceReadyObserved};
    std::vector<std::vector<std::int64_t>> columns;
    for (const char *name : names) {
        columns.push_back(integersOf(*phases, name));
        if (columns.back().size() != columns.front().size())
            return {}; // columns of different lengths: no call can be trusted
    }
    std::vector<PhaseTimes> result(columns.front().size());
    for (std::size_t i = 0; i < result.size(); ++i)
        result[i] = {columns[0][i], columns[1][i], columns[2][i], columns[3][i], columns[4][i], columns[5][i], {}};
    // The twins: all eight columns, each one element per call, or none of them.
    std::vector<std::vector<std::int64_t>> twins;
    for (const auto &column : unawaitedColumns()) {
        twins.push_back(integersOf(*phases, column.first));
        if (twins.back().size() != result.size() || result.empty())
            return result;
    }
    for (std::size_t i = 0; i < result.size(); ++i) {
        UnawaitedPhase &twin = result[i].unawaited.emplace();
        for (std::size_t c = 0; c < twins.size(); ++c)
            twin.*(unawaitedColumns()[c].second) = twins[c][i];
    }
    return result;
}

} // namespace

std::optional<std::size_t> Figures::defaultIndex() const
{
    for (std::size_t i = 0; defaultSize && i < sizes.size(); ++i) {
        if (sizes[i] == *defaultSize)
            return i;
    }
    return std::nullopt;
}

Json output(const LessonRun &run, const Measurements &m)
{
    // Each boundary's median is of the clean samples (measuring.h), judged by the whole sample's
    // evidence, so that all five come from the same samples.
    const auto medianOf = [](auto member) {
        return [member](const SizeSamples &s) {
            const std::vector<double> clean = keepClean(s.*member, interruptedMask(s.whole.seconds, s.whole.waitedNs));
            return median(clean.empty() ? s.*member : clean);
        };
    };
    const auto lists = [&m](auto member) {
        Json values = Json::array();
        for (const SizeSamples &size : m.sizes)
            values.push_back(size.*member);
        return values;
    };
    Json out = Json::object();
    out[key::kBackend] = run.device;
    out[key::kEigen] = eigenVersion();
    out[key::kCompiler] = compilerVersion();
    out[key::kLessonscope] = lessonscopeVersion();
    out[key::kDtype] = parameterJson(run.parameters, param::kDtype);
    out[key::kSeed] = parameterJson(run.parameters, param::kSeed);
    out[key::kSizes] = perSize(m, [](const SizeSamples &s) { return s.n; });
    out[key::kDefaultSize] = m.defaultSize;
    out[key::kSamplesPerSize] = parameterJson(run.parameters, param::kSamples);
    out[key::kWarmupRounds] = m.warmupRounds;
    out[key::kSamplesMeasured] = perSize(m, [](const SizeSamples &s) { return s.whole.size(); });
    out[key::kPrepareMedian] = perSize(m, medianOf(&SizeSamples::prepare));
    out[key::kPlaceMedian] = perSize(m, medianOf(&SizeSamples::place));
    out[key::kCallMedian] = perSize(m, medianOf(&SizeSamples::call));
    out[key::kWithPlacementMedian] = perSize(m, medianOf(&SizeSamples::withPlacement));
    out[key::kWithPreparationMedian]
        = perSize(m, [](const SizeSamples &s) { return median(cleanOrAll(s.whole.seconds, s.whole.waitedNs)); });
    out[key::kMaxAbsError] = perSize(m, [](const SizeSamples &s) { return s.maxAbsError; });
    out[key::kPhases] = phasesJson(m.phases);
    out[key::kCallSamples] = lists(&SizeSamples::call);
    out[key::kWithPlacementSamples] = lists(&SizeSamples::withPlacement);
    std::vector<Samples> wholes;
    for (const SizeSamples &size : m.sizes)
        wholes.push_back(size.whole);
    writeSampleLists(out, key::kWithPreparationSamples, wholes);
    out[key::kCancelled] = run.cancelled;
    return out;
}

// Every key a run prints, in order; docs/artifact-format.md, "performance-03", says more of each.
static StdoutFields stdoutFields()
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

static Json panels(const Json &out)
{
    const Figures f = readFigures(out);
    // A run measures its default size first and always measures one sample, so the bar has its
    // three medians; output made otherwise gets a bar with no bars rather than invented ones.
    const auto at = f.defaultIndex();
    const bool complete
        = at && *at < f.withPreparationMedian.size() && *at < f.withPlacementMedian.size() && *at < f.callMedian.size();
    const auto bar
        = [&](const std::vector<double> &values) { return complete ? Json::array({values[*at]}) : Json::array(); };
    Json share = Json::array();
    for (std::size_t i = 0; i < f.placeMedian.size() && i < f.withPreparationMedian.size(); ++i)
        share.push_back(f.withPreparationMedian[i] > 0 ? f.placeMedian[i] / f.withPreparationMedian[i] : 0.0);
    const Json &sizes = out.at(key::kSizes);
    return Json::array({shapedPanel(kPanels[kDefaultSizePanel],
                                    complete ? Json::array({"n = " + std::to_string(f.sizes[*at])}) : Json::array(),
                                    {bar(f.withPreparationMedian), bar(f.withPlacementMedian), bar(f.callMedian)}),
                        shapedPanel(kPanels[kBySizePanel], sizes,
                                    {out.at(key::kWithPreparationMedian), out.at(key::kWithPlacementMedian),
                                     out.at(key::kCallMedian)}),
                        shapedPanel(kPanels[kSharePanel], sizes, {std::move(share)})});
}

static Json panelLayout() { return shapesLayout(kPanels); }

Figures readFigures(const Json &out)
{
    Figures f;
    f.sizes = integersOf(out, key::kSizes);
    f.defaultSize = lenient::integerOf(lenient::member(out, key::kDefaultSize));
    f.prepareMedian = numbersOf(out, key::kPrepareMedian);
    f.placeMedian = numbersOf(out, key::kPlaceMedian);
    f.callMedian = numbersOf(out, key::kCallMedian);
    f.withPlacementMedian = numbersOf(out, key::kWithPlacementMedian);
    f.withPreparationMedian = numbersOf(out, key::kWithPreparationMedian);
    f.maxAbsError = numbersOf(out, key::kMaxAbsError);
    f.phases = phasesOf(out);
    f.dtype = lenient::stringMember(out, key::kDtype);
    f.samplesPerSize = lenient::integerOf(lenient::member(out, key::kSamplesPerSize));
    f.wholeSamples = readSampleLists(out, key::kWithPreparationSamples);
    for (const SampleColumns &columns : readSampleLists(out, key::kCallSamples))
        f.callSamples.push_back(columns.seconds);
    for (const SampleColumns &columns : readSampleLists(out, key::kWithPlacementSamples))
        f.withPlacementSamples.push_back(columns.seconds);
    return f;
}

static LessonSummary summarize(const Artifact &artifact)
{
    const Figures f = readFigures(artifact);
    LessonSummary summary;
    if (f.sizes.empty())
        return summary;
    summary.setup = "n " + std::to_string(f.sizes.front()) + "…" + std::to_string(f.sizes.back()) + " " + f.dtype;
    const auto at = f.defaultIndex();
    const auto valueAt = [at](const std::vector<double> &values) {
        return at && *at < values.size() ? std::optional(values[*at]) : std::nullopt;
    };
    if (at)
        summary.setup += ", shown at " + std::to_string(f.sizes[*at]) + "×" + std::to_string(f.sizes[*at]);
    // The compared figures' samples and rounds at the default size, judged by the whole sample's evidence.
    const auto compared = [&f, at](const char *key, const char *label, const std::vector<double> &medians,
                                   const std::vector<std::vector<double>> *lists) {
        Figure figure = makeFigure(key, label, at && *at < medians.size() ? std::optional(medians[*at]) : std::nullopt,
                                   true, {}, "clean samples", true);
        if (!at || *at >= f.wholeSamples.size())
            return figure;
        const SampleColumns &whole = f.wholeSamples[*at];
        SampleColumns columns = whole;
        if (lists) {
            if (*at >= lists->size() || (*lists)[*at].size() != whole.seconds.size())
                return figure;
            columns.seconds = (*lists)[*at];
        }
        const std::vector<bool> interrupted = interruptedMask(whole.seconds, whole.waitedNs);
        figure.samples = keepClean(columns.seconds, interrupted);
        figure.interrupted = whole.interruptedCount();
        std::vector<std::int64_t> rounds; // the rounds of the same clean samples
        for (std::size_t i = 0; i < columns.round.size(); ++i)
            rounds.push_back(interrupted[i] ? -1 : columns.round[i]);
        figure.rounds = roundMedians(roundsOf(columns.seconds, rounds));
        return figure;
    };
    summary.figures = {
        compared(key::kCallMedian, "call + sync", f.callMedian, &f.callSamples),
        compared(key::kWithPlacementMedian, "with placement", f.withPlacementMedian, &f.withPlacementSamples),
        compared(key::kWithPreparationMedian, "whole sample", f.withPreparationMedian, nullptr),
        makeFigure(key::kPrepareMedian, "preparation", valueAt(f.prepareMedian), true, {}, {}, false),
        makeFigure(key::kPlaceMedian, "placement", valueAt(f.placeMedian), true, {}, {}, false),
        makeFigure(key::kMaxAbsError, "max_abs_error", valueAt(f.maxAbsError), false, {}, {}, true),
    };
    summary.headlineKey = key::kCallMedian;
    return summary;
}

static std::optional<ParameterValues> parametersOf(const Json &out)
{
    std::optional<ParameterValues> values = statedParameters(out, stdoutFields());
    const std::vector<std::int64_t> sizes = lenient::integersOf(lenient::member(out, key::kSizes));
    if (!values || sizes.empty())
        return std::nullopt;
    if (const Json *cancelled = lenient::member(out, key::kCancelled);
        cancelled && cancelled->is_boolean() && cancelled->get<bool>())
        return std::nullopt; // sizes lists the sizes measured before the stop, not the sweep asked for
    std::string sweep;       // the choice is the list itself: "16,64,256,1024"
    for (std::int64_t size : sizes)
        sweep += (sweep.empty() ? "" : ",") + std::to_string(size);
    (*values)[kSizesParameter] = sweep;
    return values;
}

const LessonContract kContract{stdoutFields, panels, panelLayout, check, summarize, timelineFrom<Performance03Timeline>,
                               parametersOf};

} // namespace lessonscope::performance03
