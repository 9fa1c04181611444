#include "core/lessons/performance-05/performance05contract.h"
#include "core/lessons/performance-05/performance05timeline.h"

#include "core/lessons/shared/matrixlesson.h"

#include "core/artifact/lenientjson.h"
#include "core/base/units.h"
#include "core/lesson/declaredpanels.h"
#include "core/lesson/environmentinfo.h"
#include "core/lessons/performance-05/performance05statistics.h"

#include <nlohmann/json.hpp>

namespace lessonscope::performance05 {

using namespace lenient;

namespace {

// The panels' fixed parts (their values are the samples' figures, panelValues). An interrupted call
// is a thousand typical ones: on a linear axis the typical calls, the running median and the
// narrowed interval would all lie flat along zero, so the lines' y is logarithmic.
constexpr std::array<PanelShape, 3> kPanels{{
    PanelShape::bar("Distribution", {"call duration, from", "calls"}, {kCallsSeries}), // the bins are a run's
    PanelShape::line("Samples in order", {"call", "seconds", true},
                     {kSampleSeries, kRunningMedianSeries, kRunningMeanSeries}),
    PanelShape::line("Width of the 95% interval by samples", {"samples", "seconds", true},
                     {kWidthSeries, kTargetSeries}),
}};

} // namespace

PanelValues panelValues(const std::vector<double> &samples)
{
    PanelValues values;
    const Histogram histogram = histogramOf(samples);
    values.binLabels = histogram.labels;
    values.binCounts = histogram.counts;
    const RunningFigures running = runningFigures(samples);
    values.runningMedian = running.median;
    values.runningMean = running.mean;
    for (std::size_t n = kFirstJudged; n <= running.size(); ++n) {
        values.widthX.push_back(static_cast<std::int64_t>(n));
        values.width.push_back(running.high[n - 1] - running.low[n - 1]);
        values.target.push_back(2 * kTargetFraction * running.median[n - 1]);
    }
    return values;
}

void deriveFigures(Figures &f)
{
    f.samples = f.warm.seconds;
    f.median = f.mean = f.mad = std::nullopt;
    f.interval.clear();
    f.ciMethod = f.samplesFor2PercentRule = f.outlierRule = "";
    f.samplesFor2Percent = f.outliers = std::nullopt;
    if (f.samples.empty())
        return;
    const SampleFigures s = figuresOf(f.samples);
    f.median = s.median;
    f.mean = s.mean;
    f.mad = s.mad;
    f.interval = {s.interval.low, s.interval.high};
    f.ciMethod = kCiMethodText;
    if (s.samplesFor2Percent)
        f.samplesFor2Percent = static_cast<std::int64_t>(*s.samplesFor2Percent);
    f.samplesFor2PercentRule = kSamplesFor2PercentRuleText;
    f.outliers = static_cast<std::int64_t>(s.outliers);
    f.outlierRule = kOutlierRuleText;
}

Json output(const LessonRun &run, const Measurements &m)
{
    // Every figure is computed once, here, from the samples; the panels and the timeline read
    // these very doubles back.
    Figures f;
    matrixlesson::setRunEnd(f, run);
    f.warmupCalls = m.warmupCalls;
    f.workerCpu = m.workerCpu;
    f.neighbour = m.neighbour;
    f.neighbourCpu = m.neighbourCpu;
    f.neighbourBursts = m.neighbourBursts;
    f.neighbourBusySeconds = static_cast<double>(m.neighbourBusyNs) / 1e9;
    f.warm = SampleColumns{m.samples.seconds, m.samples.waitedNs, m.samples.round};
    deriveFigures(f);
    f.productsTimed = m.productsTimed;
    f.maxAbsError = m.maxAbsError;
    Json out = matrixlesson::productStdout(run, matrixlesson::WithDtype::Yes, f, kFields);
    if (f.samples.empty())
        out.erase(key::kSamplesFor2Percent); // null says the rule failed; a run without samples has no rule's answer
    return out;
}

// Every key a run prints, in order; docs/artifact-format.md, "performance-05", says more of each.
static StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(productfield::kVersions, productfield::kProduct, fieldsOf(kFields));
    return fields;
}

static Json panels(const Json &out)
{
    const Figures f = readFigures(out);
    const PanelValues v = panelValues(f.samples);
    Json x = Json::array();
    for (std::size_t i = 1; i <= f.samples.size(); ++i)
        x.push_back(static_cast<std::int64_t>(i));
    return Json::array({shapedPanel(kPanels[kDistributionPanel], v.binLabels, {v.binCounts}),
                        shapedPanel(kPanels[kSamplesPanel], std::move(x), {f.samples, v.runningMedian, v.runningMean}),
                        shapedPanel(kPanels[kWidthPanel], v.widthX, {v.width, v.target})});
}

static Json panelLayout() { return shapesLayout(kPanels); }

Figures readFigures(const Json &out)
{
    Figures f;
    readBoundFigures(out, f, kFields);
    f.samples = f.warm.seconds;
    SampleColumns every = f.warm;
    every.waitedNs.clear(); // every sample, clean or not, for the rounds' medians
    f.samplesByRound = every.cleanByRound();
    f.dtype = stringOf(member(out, key::kDtype));
    f.inputShape = integersOf(member(out, key::kInputShape));
    f.weightShape = integersOf(member(out, key::kWeightShape));
    return f;
}

static LessonSummary summarize(const Artifact &artifact)
{
    const Figures f = readFigures(artifact);
    LessonSummary summary = matrixlesson::matrixSummary(f.inputShape, f.weightShape, f.dtype);
    if (!f.neighbour.empty())
        summary.setup += ", neighbour " + f.neighbour;
    // The samples asked for: a run that replaced interrupted calls measured more of them, and is
    // still the same experiment.
    summary.settings.emplace_back(
        "warm samples", std::to_string(f.samplesRequested.value_or(static_cast<std::int64_t>(f.samples.size()))));
    if (!f.neighbour.empty())
        summary.settings.emplace_back("neighbour", f.neighbour);
    const auto count = [](const std::optional<std::int64_t> &v) {
        return v ? std::optional(static_cast<double>(*v)) : std::nullopt;
    };
    Figure median = makeFigure(key::kWarmMedian, "warm median", f.median, true, f.samples, "warm calls", true);
    median.interrupted = f.warm.interruptedCount();
    median.keepsInterrupted = true;
    median.rounds = roundMedians(f.samplesByRound);
    summary.figures = {
        median,
        makeFigure(key::kMean, "mean", f.mean, true, {}, {}, true),
        makeFigure(key::kMad, "MAD", f.mad, true, {}, {}, false),
        makeFigure("median_ci95_low", "median 95% low", f.intervalLow(), true, {}, {}, false),
        makeFigure("median_ci95_high", "median 95% high", f.intervalHigh(), true, {}, {}, false),
        makeFigure(key::kSamplesFor2Percent, "samples for ±2%", count(f.samplesFor2Percent), false, {}, {}, false),
        makeFigure(key::kOutliers, "outliers", count(f.outliers), false, {}, {}, false),
        makeFigure(key::kNeighbourBursts, "neighbour bursts", std::optional(static_cast<double>(f.neighbourBursts)),
                   false, {}, {}, false),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    summary.headlineKey = key::kWarmMedian;
    return summary;
}

const LessonContract kContract{stdoutFields, panels,    panelLayout,
                               check,        summarize, timelineFrom<Performance05Timeline>};

} // namespace lessonscope::performance05
