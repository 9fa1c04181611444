#include "core/lessons/performance-09/performance09contract.h"

#include "core/lessons/shared/matrixlesson.h"

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

// The panels' fixed parts, shared by the panels and by the renderer identity.
constexpr const char *kSeconds = "seconds";
constexpr const char *kClocksTitle = "One call on two clocks";
constexpr const char *kFirstLabel = "first call";
constexpr const char *kWarmLabel = "warm median";
constexpr const char *kWarmTitle = "Warm calls on two clocks";
constexpr const char *kWarmXLabel = "warm sample";
constexpr const char *kUnawaitedTitle = "After a write not awaited";

Json barPanel(const char *title, Json labels, Json seriesList)
{
    Json panel = Json::object();
    panel["kind"] = "bar";
    panel["title"] = title;
    panel["labels"] = std::move(labels);
    panel["ylabel"] = kSeconds;
    panel["series"] = std::move(seriesList);
    return panel;
}

Json warmPanel(const Json &host, const Json &work)
{
    Json x = Json::array();
    for (std::size_t i = 1; i <= host.size(); ++i)
        x.push_back(static_cast<std::int64_t>(i));
    Json panel = Json::object();
    panel["kind"] = "line";
    panel["title"] = kWarmTitle;
    panel["x"] = std::move(x);
    panel["xlabel"] = kWarmXLabel;
    panel["ylabel"] = kSeconds;
    panel["series"] = Json::array({panelSeries(kHostSeries, host), panelSeries(kWorkSeries, work)});
    return panel;
}

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

Json output(const LessonRun &run, const Measurements &m)
{
    const ParameterValues &params = run.parameters;
    const MeasuredCall &first = run.calls.front();
    const std::vector<double> warmClean = m.warm.clean();
    const Json *environment = run.deviceEnvironment.get();

    Json out = Json::object();
    out[key::kBackend] = run.device;
    out[key::kLessonscope] = lessonscopeVersion();
    out[key::kInputShape] = Json::array({parameterJson(params, param::kM), parameterJson(params, param::kK)});
    out[key::kWeightShape] = Json::array({parameterJson(params, param::kK), parameterJson(params, param::kN)});
    out[key::kDtype] = parameterJson(params, param::kDtype);
    const Json *clock = environment ? member(*environment, "clock") : nullptr;
    out[key::kDeviceClock] = clock ? stringOf(member(*clock, "deviceClock")) : std::string();
    const auto resolution = environment ? integerOf(member(*environment, "profilingTimerResolutionNs")) : std::nullopt;
    out[key::kTimerResolution] = resolution ? Json(*resolution) : Json(nullptr);
    out[key::kSmallestStep] = m.smallestStepNs;
    out[key::kComputedBefore] = m.computedBeforeFirstCall;
    out[key::kFirstCall] = first.synchronizedSeconds();
    out[key::kFirstCallQueue] = static_cast<double>(first.device.start - first.device.queued) * 1e-9;
    out[key::kFirstCallWork] = static_cast<double>(first.device.end - first.device.start) * 1e-9;
    writeSamples(out, key::kWarmSamples, m.warm);
    if (!warmClean.empty())
        out[key::kWarmMedian] = median(warmClean);
    out[key::kQueueSamples] = m.queue;
    out[key::kWorkSamples] = m.work;
    if (const auto q = cleanMedian(cleanReadingsOf(m.queue, m.warm.seconds, m.warm.waitedNs)))
        out[key::kQueueMedian] = *q;
    if (const auto w = cleanMedian(cleanReadingsOf(m.work, m.warm.seconds, m.warm.waitedNs)))
        out[key::kWorkMedian] = *w;
    out[key::kPlaceSize] = parameterJson(params, "place_size");
    out[key::kPlacedCallSamples] = m.placedCall;
    writeSamples(out, key::kUnawaitedSamples, m.unawaited);
    out[key::kCopySamples] = m.copy;
    if (const auto u = cleanMedian(m.unawaited.clean()))
        out[key::kUnawaitedMedian] = *u;
    if (const auto c = cleanMedian(cleanReadingsOf(m.placedCall, m.unawaited.seconds, m.unawaited.waitedNs)))
        out[key::kPlacedCallMedian] = *c;
    out[key::kStillCopying] = m.stillCopying;
    if (!std::isnan(m.maxAbsError))
        out[key::kMaxAbsError] = m.maxAbsError;
    out[key::kSeed] = parameterJson(params, param::kSeed);
    out[key::kSamplesRequested] = parameterJson(params, param::kSamples);
    out[key::kCancelled] = run.cancelled;
    return out;
}

Json panels(const Json &out)
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
    Json list = Json::array();
    list.push_back(barPanel(kClocksTitle, labels,
                            Json::array({panelSeries(kHostSeries, columns[0]), panelSeries(kQueueSeries, columns[1]),
                                         panelSeries(kWorkSeries, columns[2])})));
    list.push_back(warmPanel(out.at(key::kWarmSamples), out.at(key::kWorkSamples)));
    if (out.contains(key::kUnawaitedMedian) && out.contains(key::kPlacedCallMedian)) {
        list.push_back(barPanel(kUnawaitedTitle, Json::array({placeLabel(out)}),
                                Json::array({panelSeries(kCallAloneSeries, Json::array({out.at(key::kPlacedCallMedian)})),
                                             panelSeries(kUnawaitedSeries, Json::array({out.at(key::kUnawaitedMedian)}))})));
    }
    return list;
}

Json panelLayout()
{
    Json clocks = barPanel(kClocksTitle, Json::array({kFirstLabel, kWarmLabel}), Json::array({kHostSeries, kQueueSeries, kWorkSeries}));
    Json warm = warmPanel(Json::array(), Json::array());
    warm.erase("x");
    warm["series"] = Json::array({kHostSeries, kWorkSeries});
    Json unawaited = barPanel(kUnawaitedTitle, Json::array(), Json::array({kCallAloneSeries, kUnawaitedSeries}));
    unawaited.erase("labels");
    return Json::array({clocks, warm, unawaited});
}

Figures readFigures(const Json &out)
{
    Figures f;
    f.backend = stringOf(member(out, key::kBackend));
    f.dtype = stringOf(member(out, key::kDtype));
    f.deviceClock = stringOf(member(out, key::kDeviceClock));
    f.inputShape = integersOf(member(out, key::kInputShape));
    f.weightShape = integersOf(member(out, key::kWeightShape));
    f.timerResolutionNs = integerOf(member(out, key::kTimerResolution));
    f.smallestStepNs = integerOf(member(out, key::kSmallestStep));
    f.placeSize = integerOf(member(out, key::kPlaceSize));
    f.stillCopying = integerOf(member(out, key::kStillCopying));
    f.samplesRequested = integerOf(member(out, key::kSamplesRequested));
    f.computedBeforeFirstCall = integerOf(member(out, key::kComputedBefore));
    f.firstCall = numberOf(member(out, key::kFirstCall));
    f.firstCallQueue = numberOf(member(out, key::kFirstCallQueue));
    f.firstCallWork = numberOf(member(out, key::kFirstCallWork));
    f.warm = readSamples(out, key::kWarmSamples);
    f.queue = numbersOf(member(out, key::kQueueSamples));
    f.work = numbersOf(member(out, key::kWorkSamples));
    f.warmMedian = numberOf(member(out, key::kWarmMedian));
    f.queueMedian = numberOf(member(out, key::kQueueMedian));
    f.workMedian = numberOf(member(out, key::kWorkMedian));
    f.unawaited = readSamples(out, key::kUnawaitedSamples);
    f.placedCall = numbersOf(member(out, key::kPlacedCallSamples));
    f.copy = numbersOf(member(out, key::kCopySamples));
    f.unawaitedMedian = numberOf(member(out, key::kUnawaitedMedian));
    f.placedCallMedian = numberOf(member(out, key::kPlacedCallMedian));
    f.maxAbsError = numberOf(member(out, key::kMaxAbsError));
    return f;
}

Figures readFigures(const Artifact &artifact)
{
    const auto out = artifact.stdoutJson();
    return out ? readFigures(*out) : Figures{};
}

LessonSummary summarize(const Artifact &artifact)
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
                   cleanReadingsOf(f.queue, f.warm.seconds, f.warm.waitedNs), "clean warm calls, on the device's clock", false),
        makeFigure(key::kUnawaitedMedian, "from a write not awaited", f.unawaitedMedian, true, f.unawaited.clean(),
                   "clean samples", true),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    summary.headlineKey = key::kWorkMedian;
    return summary;
}

std::optional<ParameterValues> parametersOf(const Json &out)
{
    ParameterValues values;
    if (!matrixlesson::readProductParameters(out, true, values)
        || !matrixlesson::readIntegerParameter(out, key::kSamplesRequested, param::kSamples, values)
        || !matrixlesson::readIntegerParameter(out, key::kPlaceSize, "place_size", values))
        return std::nullopt;
    return values;
}

} // namespace lessonscope::performance09
