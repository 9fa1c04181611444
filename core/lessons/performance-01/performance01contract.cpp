#include "core/lessons/performance-01/performance01contract.h"

#include "core/lessons/shared/matrixlesson.h"

#include "core/artifact/lenientjson.h"
#include "core/base/units.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/samplefields.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope::performance01 {

using namespace lenient;

namespace {

// The panels' fixed parts, shared by the panels and by the renderer identity, so that the hash
// cannot drift from what is drawn.
constexpr const char *kSeconds = "seconds";
constexpr const char *kFirstTitle = "First call";
constexpr const char *kFirstLabel = "first";
constexpr const char *kWarmTitle = "Warm calls";
constexpr const char *kWarmXLabel = "warm sample";
constexpr const char *kBoundaryTitle = "Where the timer stops";
constexpr const char *kBoundaryLabel = "warm median";

Json barPanel(const char *title, const char *label, Json seriesList)
{
    Json panel = Json::object();
    panel["kind"] = "bar";
    panel["title"] = title;
    panel["labels"] = Json::array({label});
    panel["ylabel"] = kSeconds;
    panel["series"] = std::move(seriesList);
    return panel;
}

Json warmPanel(const Json &samples)
{
    Json x = Json::array();
    for (std::size_t i = 1; i <= samples.size(); ++i)
        x.push_back(static_cast<std::int64_t>(i));
    Json panel = Json::object();
    panel["kind"] = "line";
    panel["title"] = kWarmTitle;
    panel["x"] = std::move(x);
    panel["xlabel"] = kWarmXLabel;
    panel["ylabel"] = kSeconds;
    panel["series"] = Json::array({panelSeries(kSynchronized, samples)});
    return panel;
}

} // namespace

Json output(const LessonRun &run, const Samples &warm, double maxAbsError, const std::string &boundary)
{
    const ParameterValues &params = run.parameters;
    // Every number is computed once and written to stdout; the panels are made from these very
    // doubles, so that the two agree bit for bit once read back.
    const MeasuredCall &firstCall = run.calls.front();
    const double first = firstCall.synchronizedSeconds();
    const double dispatchFirst = firstCall.dispatchOnlySeconds();
    std::vector<double> dispatchWarm;
    for (std::size_t i = 1; i < run.calls.size(); ++i)
        dispatchWarm.push_back(run.calls[i].dispatchOnlySeconds());
    // The medians are the clean calls' (measuring.h); the dispatch-only timer read the same calls.
    const std::vector<double> clean = warm.clean();
    const std::vector<double> dispatchClean = cleanReadingsOf(dispatchWarm, warm.seconds, warm.waitedNs);
    const bool hasWarm = !clean.empty();

    Json out = Json::object();
    matrixlesson::writeVersionsAndProduct(out, run, matrixlesson::WithDtype::Yes);
    out[key::kBoundary] = boundary;
    out[key::kFirstCall] = first;
    out[key::kFirstCallWaited] = firstCall.evidence.known ? firstCall.evidence.otherWaitNs : 0;
    writeSamples(out, key::kWarmSamples, warm);
    // A run cancelled before its first warm call has no median: the key is left out rather than
    // written as null or NaN, which would not be a duration.
    if (hasWarm)
        out[key::kWarmMedian] = median(clean);
    // A run cancelled during its only check of a large product has no error to state: the key
    // is left out, never written as 0, which would say the result was checked and exact.
    if (!std::isnan(maxAbsError))
        out[key::kMaxAbsError] = maxAbsError;
    out[key::kDispatchFirstCall] = dispatchFirst;
    out[key::kDispatchWarmSamples] = dispatchWarm;
    if (hasWarm)
        out[key::kDispatchWarmMedian] = median(dispatchClean);
    out[key::kSeed] = parameterJson(params, param::kSeed);
    out[key::kSamplesRequested] = parameterJson(params, param::kSamples);
    out[key::kCancelled] = run.cancelled;
    return out;
}

Json panels(const Json &out)
{
    Json list = Json::array();
    list.push_back(barPanel(kFirstTitle, kFirstLabel, Json::array({panelSeries(kSynchronized, Json::array({out.at(key::kFirstCall)}))})));
    list.push_back(warmPanel(out.at(key::kWarmSamples)));
    // The timer-boundary comparison needs the medians, so it exists only when they do.
    if (out.contains(key::kWarmMedian)) {
        list.push_back(barPanel(kBoundaryTitle, kBoundaryLabel,
                                Json::array({panelSeries(kDispatchOnly, Json::array({out.at(key::kDispatchWarmMedian)})),
                                             panelSeries(kSynchronized, Json::array({out.at(key::kWarmMedian)}))})));
    }
    return list;
}

Json panelLayout()
{
    // The panels without their data: what the code lays out, not what a run measured.
    Json first = barPanel(kFirstTitle, kFirstLabel, Json::array({kSynchronized}));
    Json warm = warmPanel(Json::array());
    warm.erase("x");
    warm["series"] = Json::array({kSynchronized});
    Json boundary = barPanel(kBoundaryTitle, kBoundaryLabel, Json::array({kDispatchOnly, kSynchronized}));
    return Json::array({first, warm, boundary});
}

Figures readFigures(const Json &out)
{
    Figures figures;
    figures.firstCallSeconds = numberOf(member(out, key::kFirstCall));
    const SampleColumns warm = readSamples(out, key::kWarmSamples);
    figures.warmSamplesSeconds = warm.seconds;
    figures.warmWaitedNs = warm.waitedNs;
    figures.warmCleanByRound = warm.cleanByRound();
    figures.firstCallWaitedNs = integerOf(member(out, key::kFirstCallWaited));
    figures.samplesRequested = integerOf(member(out, key::kSamplesRequested));
    figures.warmMedianSeconds = numberOf(member(out, key::kWarmMedian));
    figures.maxAbsError = numberOf(member(out, key::kMaxAbsError));
    figures.dispatchOnlyFirstCallSeconds = numberOf(member(out, key::kDispatchFirstCall));
    figures.dispatchOnlyWarmSamplesSeconds = numbersOf(member(out, key::kDispatchWarmSamples));
    figures.dispatchOnlyWarmMedianSeconds = numberOf(member(out, key::kDispatchWarmMedian));
    figures.backend = stringOf(member(out, key::kBackend));
    figures.dtype = stringOf(member(out, key::kDtype));
    figures.inputShape = integersOf(member(out, key::kInputShape));
    figures.weightShape = integersOf(member(out, key::kWeightShape));
    figures.boundary = stringOf(member(out, key::kBoundary));
    return figures;
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
    const std::vector<double> clean = cleanSamples(f.warmSamplesSeconds, f.warmWaitedNs);
    summary.settings.emplace_back("warm samples", std::to_string(f.samplesRequested.value_or(
                                                      static_cast<std::int64_t>(clean.size()))));
    // The median the artifact states, else the median of its clean samples.
    std::optional<double> warmMedian = f.warmMedianSeconds;
    if (!warmMedian && !clean.empty())
        warmMedian = median(clean);
    Figure warmFigure = makeFigure(key::kWarmMedian, "warm median", warmMedian, true, clean, "clean warm calls", true);
    warmFigure.interrupted = f.warmSamplesSeconds.size() - clean.size();
    warmFigure.rounds = roundMedians(f.warmCleanByRound);
    summary.figures = {
        makeFigure(key::kFirstCall, "first call", f.firstCallSeconds, true, {}, {}, true),
        warmFigure,
        makeFigure(key::kDispatchWarmMedian, "dispatch only", f.dispatchOnlyWarmMedianSeconds, true,
         cleanReadingsOf(f.dispatchOnlyWarmSamplesSeconds, f.warmSamplesSeconds, f.warmWaitedNs), "clean warm calls, dispatch only", false),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    if (f.firstCallWaitedNs && *f.firstCallWaitedNs > kInterruptedAboveNs)
        summary.figures.front().interrupted = 1;
    summary.headlineKey = key::kWarmMedian;
    return summary;
}

std::optional<ParameterValues> parametersOf(const Json &out)
{
    ParameterValues values;
    if (!matrixlesson::readProductParameters(out, true, values)
        || !matrixlesson::readIntegerParameter(out, key::kSamplesRequested, param::kSamples, values))
        return std::nullopt;
    return values;
}

} // namespace lessonscope::performance01
