#include "core/lessons/performance-07/performance07contract.h"

#include "core/artifact/lenientjson.h"
#include "core/lessons/shared/matrixlesson.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace lessonscope::performance07 {

using namespace lenient;

namespace {

constexpr const char *kRunsTitle = "Each run's median and its 95% interval";
constexpr const char *kWidthsTitle = "One run's interval against the runs' spread";
constexpr const char *kPairsTitle = "Identical runs their intervals call different";

Json runsPanel(Json x, Json seriesList)
{
    return makeLinePanel(kRunsTitle, std::move(x), {"run", "seconds"}, std::move(seriesList));
}

Json widthsPanel(Json seriesList)
{
    return makeBarPanel(kWidthsTitle, Json::array({"one run's 95% interval", "the runs' medians"}),
                        {nullptr, "fraction of the median of the runs"}, std::move(seriesList));
}

Json pairsPanel(Json seriesList)
{
    return makeBarPanel(kPairsTitle, Json::array({"all pairs", "intervals apart"}), {nullptr, kPairsSeries},
                        std::move(seriesList));
}

Json optionalJson(const std::optional<double> &value)
{
    return value ? Json(*value) : Json(nullptr);
}

} // namespace

RunFigures runFiguresOf(const std::vector<std::vector<double>> &cleanByRun)
{
    RunFigures f;
    std::vector<double> widths;
    for (std::size_t r = 0; r < cleanByRun.size(); ++r) {
        if (cleanByRun[r].empty())
            continue;
        const MedianInterval interval = medianInterval(cleanByRun[r], kZ95);
        f.runNumbers.push_back(static_cast<double>(r + 1));
        f.medians.push_back(median(cleanByRun[r]));
        f.lows.push_back(interval.low);
        f.highs.push_back(interval.high);
        widths.push_back(interval.high - interval.low);
    }
    if (f.medians.empty())
        return f;
    const double middle = median(f.medians);
    f.medianOfRuns = middle;
    f.withinWidth = median(widths) / middle;
    if (f.medians.size() >= 2) {
        const auto [lowest, highest] = std::minmax_element(f.medians.begin(), f.medians.end());
        f.betweenWidth = (*highest - *lowest) / middle;
        if (*f.withinWidth > 0)
            f.ratio = *f.betweenWidth / *f.withinWidth;
    }
    // Two runs of the same code are "different" by their intervals when the two do not overlap.
    for (std::size_t i = 0; i < f.medians.size(); ++i) {
        for (std::size_t j = i + 1; j < f.medians.size(); ++j) {
            ++f.pairs;
            f.pairsDifferent += f.highs[i] < f.lows[j] || f.highs[j] < f.lows[i];
        }
    }
    return f;
}

std::vector<std::vector<double>> cleanByRun(const Samples &warm)
{
    return SampleColumns{warm.seconds, warm.waitedNs, warm.round}.cleanByRound();
}

Json output(const LessonRun &run, const Samples &warm, double maxAbsError)
{
    const RunFigures f = runFiguresOf(cleanByRun(warm));
    Json out = Json::object();
    matrixlesson::writeVersionsAndProduct(out, run, matrixlesson::WithDtype::Yes);
    writeSamples(out, key::kWarmSamples, warm);
    out[key::kRunMedians] = f.medians;
    out[key::kRunLows] = f.lows;
    out[key::kRunHighs] = f.highs;
    out[key::kMedianOfRuns] = optionalJson(f.medianOfRuns);
    out[key::kWithinWidth] = optionalJson(f.withinWidth);
    out[key::kBetweenWidth] = optionalJson(f.betweenWidth);
    out[key::kWidthRatio] = optionalJson(f.ratio);
    out[key::kPairs] = f.pairs;
    out[key::kPairsDifferent] = f.pairsDifferent;
    // A run cancelled during its only check of a large product has no error to state.
    if (!std::isnan(maxAbsError))
        out[key::kMaxAbsError] = maxAbsError;
    out[key::kRunsRequested] = parameterJson(run.parameters, kRunsParameter);
    out[key::kSeed] = parameterJson(run.parameters, param::kSeed);
    out[key::kSamplesRequested] = parameterJson(run.parameters, param::kSamples);
    out[key::kCancelled] = run.cancelled;
    return out;
}

Json panels(const Json &out)
{
    const Figures f = readFigures(out);
    Json list = Json::array();
    list.push_back(runsPanel(f.stated.runNumbers, Json::array({panelSeries(kMedianSeries, out.at(key::kRunMedians)),
                                                                panelSeries(kLowSeries, out.at(key::kRunLows)),
                                                                panelSeries(kHighSeries, out.at(key::kRunHighs))})));
    // The spread between runs, and pairs of them, exist from two runs with a median on.
    if (f.stated.betweenWidth) {
        list.push_back(widthsPanel(
            Json::array({panelSeries(kWidthSeries, Json::array({out.at(key::kWithinWidth), out.at(key::kBetweenWidth)}))})));
        list.push_back(pairsPanel(
            Json::array({panelSeries(kPairsSeries, Json::array({out.at(key::kPairs), out.at(key::kPairsDifferent)}))})));
    }
    return list;
}

Json panelLayout()
{
    Json runs = runsPanel(Json::array(), Json::array({kMedianSeries, kLowSeries, kHighSeries}));
    runs.erase("x");
    return Json::array({runs, widthsPanel(Json::array({kWidthSeries})), pairsPanel(Json::array({kPairsSeries}))});
}

Figures readFigures(const Json &out)
{
    Figures f;
    f.warm = readSamples(out, key::kWarmSamples);
    RunFigures &s = f.stated;
    s.medians = numbersOf(member(out, key::kRunMedians));
    s.lows = numbersOf(member(out, key::kRunLows));
    s.highs = numbersOf(member(out, key::kRunHighs));
    // The runs the medians are of: those with clean samples, as the samples' rounds say.
    const std::vector<std::vector<double>> byRun = f.warm.cleanByRound();
    for (std::size_t r = 0; r < byRun.size(); ++r) {
        if (!byRun[r].empty())
            s.runNumbers.push_back(static_cast<double>(r + 1));
    }
    s.medianOfRuns = numberOf(member(out, key::kMedianOfRuns));
    s.withinWidth = numberOf(member(out, key::kWithinWidth));
    s.betweenWidth = numberOf(member(out, key::kBetweenWidth));
    s.ratio = numberOf(member(out, key::kWidthRatio));
    s.pairs = integerOf(member(out, key::kPairs)).value_or(0);
    s.pairsDifferent = integerOf(member(out, key::kPairsDifferent)).value_or(0);
    f.maxAbsError = numberOf(member(out, key::kMaxAbsError));
    f.runsRequested = integerOf(member(out, key::kRunsRequested));
    f.samplesRequested = integerOf(member(out, key::kSamplesRequested));
    f.dtype = stringOf(member(out, key::kDtype));
    f.inputShape = integersOf(member(out, key::kInputShape));
    f.weightShape = integersOf(member(out, key::kWeightShape));
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
    summary.settings.emplace_back("runs", std::to_string(f.runsRequested.value_or(0)));
    summary.settings.emplace_back("warm samples per run", std::to_string(f.samplesRequested.value_or(0)));
    Figure middle = makeFigure(key::kMedianOfRuns, "median of the runs", f.stated.medianOfRuns, true, f.warm.clean(),
                               "clean warm calls", true);
    middle.interrupted = f.warm.interruptedCount();
    middle.rounds = f.stated.medians; // each run's median: the comparison's interval is between runs
    const auto count = [](std::int64_t value) { return std::optional(static_cast<double>(value)); };
    summary.figures = {
        middle,
        makeFigure(key::kWithinWidth, "one run's 95% interval, ÷ median", f.stated.withinWidth, false, {}, {}, false),
        makeFigure(key::kBetweenWidth, "the runs' medians, lowest to highest, ÷ median", f.stated.betweenWidth, false, {}, {}, false),
        makeFigure(key::kWidthRatio, "between runs ÷ within one", f.stated.ratio, false, {}, {}, true),
        makeFigure(key::kPairsDifferent, "pairs called different", count(f.stated.pairsDifferent), false, {}, {}, false),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    summary.headlineKey = key::kMedianOfRuns;
    return summary;
}

std::optional<ParameterValues> parametersOf(const Json &out)
{
    ParameterValues values;
    if (!matrixlesson::readProductParameters(out, true, values)
        || !matrixlesson::readIntegerParameter(out, key::kRunsRequested, kRunsParameter, values)
        || !matrixlesson::readIntegerParameter(out, key::kSamplesRequested, param::kSamples, values))
        return std::nullopt;
    return values;
}

} // namespace lessonscope::performance07
