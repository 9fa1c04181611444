#include "core/lessons/performance-07/performance07contract.h"
#include "core/lessons/performance-07/performance07timeline.h"

#include "core/lesson/declaredpanels.h"
#include "core/lesson/stdoutchecks.h"
#include "core/lessons/shared/matrixlesson.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace lessonscope::performance07 {

namespace {

// The runs with a median, by number: the runs panel's abscissae.
Json runNumbersOf(const Json &out) { return readFigures(out).runNumbers; }

constexpr std::array kPanels{
    DeclaredPanel::line("Each run's median and its 95% interval", {"run", "seconds"}, runNumbersOf,
                        {{{"run's median", {key::kRunMedians}},
                          {"its 95% interval, low", {key::kRunLows}},
                          {"its 95% interval, high", {key::kRunHighs}}}}),
    // The spread between runs, and pairs of them, exist from two runs with a median on.
    DeclaredPanel::bar("One run's interval against the runs' spread", {nullptr, "fraction of the median of the runs"},
                       {"one run's 95% interval", "the runs' medians"},
                       {{{"width ÷ median of the runs", {key::kWithinWidth, key::kBetweenWidth}}}})
        .drawnWith(key::kBetweenWidth),
    DeclaredPanel::bar("Identical runs their intervals call different", {nullptr, "pairs of runs"},
                       {"all pairs", "intervals apart"}, {{{"pairs of runs", {key::kPairs, key::kPairsDifferent}}}})
        .drawnWith(key::kBetweenWidth),
};

} // namespace

void deriveFigures(Figures &f)
{
    const std::vector<std::vector<double>> cleanByRun = f.warm.cleanByRound();
    f.runNumbers.clear();
    f.medians.clear();
    f.lows.clear();
    f.highs.clear();
    f.medianOfRuns = f.withinWidth = f.betweenWidth = f.ratio = std::nullopt;
    f.pairs = f.pairsDifferent = 0;
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
        return;
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
}

Json output(const LessonRun &run, const Samples &warm, double maxAbsError)
{
    // What ran the product and the product, as every matrix lesson writes them; then the rest.
    Json out = Json::object();
    matrixlesson::writeVersionsAndProduct(out, run, matrixlesson::WithDtype::Yes);
    Figures f = readFigures(out);
    f.warm = SampleColumns{warm.seconds, warm.waitedNs, warm.round};
    deriveFigures(f);
    // A run cancelled during its only check of a large product has no error to state.
    if (!std::isnan(maxAbsError))
        f.maxAbsError = maxAbsError;
    f.runsRequested = integerParameter(run.parameters, kRunsParameter);
    matrixlesson::setRunEnd(f, run);
    writeBoundFigures(out, f, kFields);
    return out;
}

static StdoutFields stdoutFields()
{
    static constexpr auto fields = fieldsOf(kFields);
    return fields;
}

static Json panels(const Json &out) { return declaredPanels(kPanels, out); }

static Json panelLayout() { return declaredLayout(kPanels); }

static void check(const Json &document, const Json &out, Checker &checker)
{
    checkSampleEvidence(out, key::kWarmSamples, checker);
    if (!stdoutchecks::durationsOf(out, key::kWarmSamples, checker))
        return;
    stdoutchecks::nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    const Figures stated = readFigures(out);
    Figures expected = stated;
    deriveFigures(expected);
    checkBoundFigures(stated, expected, kFields, "the runs' clean samples", checker);
    checkDeclaredPanels(document, out, kPanels, checker);
}

Figures readFigures(const Json &out)
{
    Figures f;
    readBoundFigures(out, f, kFields);
    // The runs the medians are of: those with clean samples, as the samples' rounds say.
    const std::vector<std::vector<double>> byRun = f.warm.cleanByRound();
    for (std::size_t r = 0; r < byRun.size(); ++r) {
        if (!byRun[r].empty())
            f.runNumbers.push_back(static_cast<double>(r + 1));
    }
    return f;
}

static LessonSummary summarize(const Artifact &artifact)
{
    const Figures f = readFigures(artifact);
    LessonSummary summary = matrixlesson::matrixSummary(f.inputShape, f.weightShape, f.dtype);
    summary.settings.emplace_back("runs", std::to_string(f.runsRequested.value_or(0)));
    summary.settings.emplace_back("warm samples per run", std::to_string(f.samplesRequested.value_or(0)));
    Figure middle = makeFigure(key::kMedianOfRuns, "median of the runs", f.medianOfRuns, true, f.warm.clean(),
                               "clean warm calls", true);
    middle.interrupted = f.warm.interruptedCount();
    middle.rounds = f.medians; // each run's median: the comparison's interval is between runs
    const auto count = [](std::int64_t value) { return std::optional(static_cast<double>(value)); };
    summary.figures = {
        middle,
        makeFigure(key::kWithinWidth, "one run's 95% interval, ÷ median", f.withinWidth, false, {}, {}, false),
        makeFigure(key::kBetweenWidth, "the runs' medians, lowest to highest, ÷ median", f.betweenWidth, false, {}, {},
                   false),
        makeFigure(key::kWidthRatio, "between runs ÷ within one", f.ratio, false, {}, {}, true),
        makeFigure(key::kPairsDifferent, "pairs called different", count(f.pairsDifferent), false, {}, {}, false),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    summary.headlineKey = key::kMedianOfRuns;
    return summary;
}

const LessonContract kContract{stdoutFields, panels,    panelLayout,
                               check,        summarize, timelineFrom<Performance07Timeline>};

} // namespace lessonscope::performance07
