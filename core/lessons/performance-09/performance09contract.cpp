#include "core/lessons/performance-09/performance09contract.h"
#include "core/lessons/performance-09/performance09timeline.h"

#include "core/lessons/shared/matrixlesson.h"
#include "core/lesson/declaredpanels.h"

#include "core/artifact/lenientjson.h"
#include "core/lesson/environmentinfo.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace lessonscope::performance09 {

using namespace lenient;

namespace {

// The panels' fixed parts: the clocks' bars keep their labels in the renderer identity, the
// write not awaited's bar is labelled with the run's size.
constexpr const char *kFirstLabel = "first call";
constexpr const char *kWarmLabel = "warm median";
constexpr std::array<PanelShape, 3> kPanels{{
    PanelShape::bar("One call on two clocks", {nullptr, "seconds"}, {kHostSeries, kQueueSeries, kWorkSeries},
                    {kFirstLabel, kWarmLabel}),
    PanelShape::line("Warm calls on two clocks", {"warm sample", "seconds"}, {kHostSeries, kWorkSeries}),
    PanelShape::bar("After a write not awaited", {nullptr, "seconds"}, {kCallAloneSeries, kUnawaitedSeries}),
}};

std::string placeLabel(const Json &out)
{
    const auto size = integerOf(member(out, key::kPlaceSize));
    return "n = " + (size ? std::to_string(*size) : std::string("?"));
}

// The median of the clean readings (the warm calls' evidence judges the device's readings too).
std::optional<double> cleanMedian(const std::vector<double> &values)
{
    return values.empty() ? std::nullopt : std::optional(median(values));
}

// The device's readings of the clean warm calls, per round (as the host's figure has them).
std::vector<std::vector<double>> cleanByRound(const std::vector<double> &readings, const SampleColumns &warm)
{
    if (readings.size() != warm.round.size())
        return {};
    std::vector<std::int64_t> round = warm.round;
    const std::vector<bool> interrupted = warm.interrupted();
    for (std::size_t i = 0; i < round.size() && i < interrupted.size(); ++i)
        round[i] = interrupted[i] ? -1 : round[i];
    return roundsOf(readings, round);
}

} // namespace

void deriveMedians(Figures &f)
{
    f.warmMedian = cleanMedian(f.warm.clean());
    f.queueMedian = cleanMedian(cleanReadingsOf(f.queue, f.warm.seconds, f.warm.waitedNs));
    f.workMedian = cleanMedian(cleanReadingsOf(f.work, f.warm.seconds, f.warm.waitedNs));
    f.unawaitedMedian = cleanMedian(f.unawaited.clean());
    f.placedCallMedian = cleanMedian(cleanReadingsOf(f.placedCall, f.unawaited.seconds, f.unawaited.waitedNs));
}

Json output(const LessonRun &run, const Measurements &m)
{
    const ParameterValues &params = run.parameters;
    const MeasuredCall &first = run.calls.front();
    const Json *environment = run.deviceEnvironment.get();
    const auto stated = [&params](const std::string &name) {
        const Json value = parameterJson(params, name);
        return integerOf(&value);
    };
    Figures f;
    f.backend = run.device;
    f.lessonscope = lessonscopeVersion();
    f.inputShape = {stated(param::kM).value_or(0), stated(param::kK).value_or(0)};
    f.weightShape = {stated(param::kK).value_or(0), stated(param::kN).value_or(0)};
    f.dtype = parameterText(params, param::kDtype);
    const Json *clock = environment ? member(*environment, "clock") : nullptr;
    f.deviceClock = clock ? stringOf(member(*clock, "deviceClock")) : std::string();
    f.timerResolutionNs = environment ? integerOf(member(*environment, "profilingTimerResolutionNs")) : std::nullopt;
    f.smallestStepNs = m.smallestStepNs;
    f.computedBeforeFirstCall = m.computedBeforeFirstCall;
    f.firstCall = first.synchronizedSeconds();
    f.firstCallQueue = static_cast<double>(first.device.start - first.device.queued) * 1e-9;
    f.firstCallWork = static_cast<double>(first.device.end - first.device.start) * 1e-9;
    f.warm = SampleColumns{m.warm.seconds, m.warm.waitedNs, m.warm.round};
    f.queue = m.queue;
    f.work = m.work;
    f.placeSize = stated(kPlaceSizeParameter);
    f.placedCall = m.placedCall;
    f.unawaited = SampleColumns{m.unawaited.seconds, m.unawaited.waitedNs, m.unawaited.round};
    f.copy = m.copy;
    f.stillCopying = m.stillCopying;
    if (!std::isnan(m.maxAbsError))
        f.maxAbsError = m.maxAbsError;
    matrixlesson::setRunEnd(f, run);
    deriveMedians(f);
    Json out = Json::object();
    writeBoundFigures(out, f, kFields);
    return out;
}

static StdoutFields stdoutFields()
{
    static constexpr auto fields = fieldsOf(kFields);
    return fields;
}

static Json panels(const Json &out)
{
    const auto value = [&out](const char *name) {
        const Json *v = member(out, name);
        return v && v->is_number() ? *v : Json(nullptr);
    };
    // A column for each of the first call and the warm calls whose three readings were measured:
    // a run whose warm calls were all interrupted has no warm medians, and a bar of nulls is no
    // figure (nor a valid panel).
    Json labels = Json::array();
    std::array<Json, 3> columns{Json::array(), Json::array(), Json::array()};
    const auto addColumn = [&](const char *label, const std::array<const char *, 3> &keys) {
        if (!std::all_of(keys.begin(), keys.end(), [&](const char *k) { return value(k).is_number(); }))
            return;
        labels.push_back(label);
        for (std::size_t i = 0; i < keys.size(); ++i)
            columns[i].push_back(value(keys[i]));
    };
    addColumn(kFirstLabel, {key::kFirstCall, key::kFirstCallQueue, key::kFirstCallWork});
    addColumn(kWarmLabel, {key::kWarmMedian, key::kQueueMedian, key::kWorkMedian});
    Json x = Json::array();
    for (std::size_t i = 1; i <= out.at(key::kWarmSamples).size(); ++i)
        x.push_back(static_cast<std::int64_t>(i));
    Json list = Json::array(
        {shapedPanel(kPanels[kClocksPanel], labels, {columns[0], columns[1], columns[2]}),
         shapedPanel(kPanels[kWarmPanel], std::move(x), {out.at(key::kWarmSamples), out.at(key::kWorkSamples)})});
    if (out.contains(key::kUnawaitedMedian) && out.contains(key::kPlacedCallMedian))
        list.push_back(
            shapedPanel(kPanels[kUnawaitedPanel], Json::array({placeLabel(out)}),
                        {Json::array({out.at(key::kPlacedCallMedian)}), Json::array({out.at(key::kUnawaitedMedian)})}));
    return list;
}

static Json panelLayout() { return shapesLayout(kPanels); }

Figures readFigures(const Json &out)
{
    Figures f;
    readBoundFigures(out, f, kFields);
    return f;
}

static LessonSummary summarize(const Artifact &artifact)
{
    const Figures f = readFigures(artifact);
    LessonSummary summary = matrixlesson::matrixSummary(f.inputShape, f.weightShape, f.dtype);
    if (!f.deviceClock.empty())
        summary.settings.emplace_back("device clock", f.deviceClock);
    const std::vector<double> clean = f.warm.clean();
    Figure host = makeFigure(key::kWarmMedian, "host: enqueue to readiness", f.warmMedian, true, clean,
                             "clean warm calls", true);
    host.interrupted = f.warm.interruptedCount();
    host.rounds = roundMedians(f.warm.cleanByRound());
    const std::vector<double> work = cleanReadingsOf(f.work, f.warm.seconds, f.warm.waitedNs);
    Figure device = makeFigure(key::kWorkMedian, "device: start to end", f.workMedian, true, work,
                               "clean warm calls, on the device's clock", true);
    device.rounds = roundMedians(cleanByRound(f.work, f.warm));
    summary.figures = {
        makeFigure(key::kFirstCall, "first enqueue", f.firstCall, true, {}, {}, true),
        host,
        device,
        makeFigure(key::kQueueMedian, "device: queued to start", f.queueMedian, true,
                   cleanReadingsOf(f.queue, f.warm.seconds, f.warm.waitedNs), "clean warm calls, on the device's clock",
                   false),
        makeFigure(key::kUnawaitedMedian, "from a write not awaited", f.unawaitedMedian, true, f.unawaited.clean(),
                   "clean samples", true),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    summary.headlineKey = key::kWorkMedian;
    return summary;
}

const LessonContract kContract{stdoutFields, panels,    panelLayout,
                               check,        summarize, timelineFrom<Performance09Timeline>};

} // namespace lessonscope::performance09
