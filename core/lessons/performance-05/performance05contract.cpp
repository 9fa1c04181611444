#include "core/lessons/performance-05/performance05contract.h"
#include "core/lessons/performance-05/performance05timeline.h"

#include "core/lessons/shared/matrixlesson.h"

#include "core/artifact/lenientjson.h"
#include "core/base/units.h"
#include "core/lesson/environmentinfo.h"
#include "core/lessons/performance-05/performance05statistics.h"

#include <nlohmann/json.hpp>

namespace lessonscope::performance05 {

using namespace lenient;

namespace {

// The panels' fixed parts, shared by the panels and by the renderer identity, so that the hash
// cannot drift from what is drawn.
constexpr const char *kSeconds = "seconds";
constexpr const char *kDistributionTitle = "Distribution";
constexpr const char *kCallsLabel = "calls";
constexpr const char *kBinsLabel = "call duration, from";
constexpr const char *kSamplesTitle = "Samples in order";
constexpr const char *kSamplesXLabel = "call";
constexpr const char *kWidthTitle = "Width of the 95% interval by samples";
constexpr const char *kWidthXLabel = "samples";

Json linePanel(const char *title, Json x, const char *xlabel, Json seriesList)
{
    // An interrupted call is a thousand typical ones: on a linear axis the typical calls, the
    // running median and the narrowed interval would all lie flat along zero.
    return makeLinePanel(title, std::move(x), {xlabel, kSeconds, true}, std::move(seriesList));
}

Json distributionPanel(Json labels, Json seriesList)
{
    return makeBarPanel(kDistributionTitle, std::move(labels), {kBinsLabel, kCallsLabel}, std::move(seriesList));
}

std::optional<double> intervalEnd(const Json &out, std::size_t end)
{
    const Json *interval = member(out, key::kMedianCi95);
    if (!interval || !interval->is_array() || interval->size() != 2)
        return std::nullopt;
    return numberOf(&(*interval)[end]);
}

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

Json output(const LessonRun &run, const Measurements &m)
{
    const ParameterValues &params = run.parameters;
    Json out = Json::object();
    matrixlesson::writeVersionsAndProduct(out, run, matrixlesson::WithDtype::Yes);
    out[key::kSeed] = parameterJson(params, param::kSeed);
    out[key::kSamplesRequested] = parameterJson(params, param::kSamples);
    out[key::kWarmupCalls] = m.warmupCalls;
    out[key::kWorkerCpu] = m.workerCpu ? Json(*m.workerCpu) : Json(nullptr);
    out[key::kNeighbour] = m.neighbour;
    out[key::kNeighbourCpu] = m.neighbourCpu ? Json(*m.neighbourCpu) : Json(nullptr);
    out[key::kNeighbourBursts] = m.neighbourBursts;
    out[key::kNeighbourBusy] = static_cast<double>(m.neighbourBusyNs) / 1e9;
    writeSamples(out, key::kWarmSamples, m.samples);
    // Every figure is computed once, here, from the samples; the panels and the timeline read
    // these very doubles back.
    // This lesson's figures are of every call, the interrupted ones too: the whole distribution
    // is its subject (the median holds, the mean moves).
    if (m.samples.size() > 0) {
        const SampleFigures f = figuresOf(m.samples.seconds);
        out[key::kWarmMedian] = f.median;
        out[key::kMean] = f.mean;
        out[key::kMad] = f.mad;
        out[key::kMedianCi95] = Json::array({f.interval.low, f.interval.high});
        out[key::kCiMethod] = kCiMethodText;
        out[key::kSamplesFor2Percent] = f.samplesFor2Percent ? Json(*f.samplesFor2Percent) : Json(nullptr);
        out[key::kSamplesFor2PercentRule] = kSamplesFor2PercentRuleText;
        out[key::kOutliers] = f.outliers;
        out[key::kOutlierRule] = kOutlierRuleText;
    }
    out[key::kProductsTimed] = m.productsTimed;
    out[key::kMaxAbsError] = m.maxAbsError;
    out[key::kCancelled] = run.cancelled;
    return out;
}

// Every key a run prints, in order; docs/artifact-format.md, "performance-05", says more of each.
static StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(
        productfield::kVersions, productfield::kProduct,
        std::to_array<StdoutField>({
            productfield::kSeed,
            productfield::kSamplesRequested,
            field::integer(key::kWarmupCalls, "", "untimed calls before the samples (10)"),
            field::integer(key::kWorkerCpu, "",
                           "the core the stream's worker was pinned to; null when pinning was refused")
                .orNull(),
            field::text(key::kNeighbour, "\"off\" or \"on\"").stating(kNeighbourParameter),
            field::integer(key::kNeighbourCpu, "",
                           "the core the neighbour was pinned to: worker_cpu; null when off or not pinned")
                .orNull(),
            field::integer(key::kNeighbourBursts, "", "the neighbour's bursts begun during the run (0 when off)"),
            field::number(key::kNeighbourBusy, "s", "their busy time by the clock"),
            field::samples(key::kWarmSamples, "every timed call, in order: the trace's calls, one to one"),
            field::number(key::kWarmMedian, "s", "numpy's median of the samples").onSomeRuns(),
            field::number(key::kMean, "s", "their mean").onSomeRuns(),
            field::number(key::kMad, "s", "their median absolute deviation from the median, unscaled").onSomeRuns(),
            field::list(key::kMedianCi95, "s",
                        "the median's 95% interval, by order statistics: the sorted samples at 1-based ranks ⌊n/2 − "
                        "1.96·√n/2⌋ and ⌈n/2 + 1 + 1.96·√n/2⌉")
                .onSomeRuns(),
            field::text(key::kCiMethod, "that rule, in words").onSomeRuns(),
            field::integer(
                key::kSamplesFor2Percent, "",
                "the smallest n ≥ 10 such that, for every m from n to all the samples, the interval of the first m "
                "samples lies within ±2% of their median")
                .orNull()
                .onSomeRuns(),
            field::text(key::kSamplesFor2PercentRule, "that rule, in words").onSomeRuns(),
            field::integer(key::kOutliers, "", "samples above median + 5 × MAD").onSomeRuns(),
            field::text(key::kOutlierRule, "\"sample > median + 5 * MAD (MAD unscaled)\"").onSomeRuns(),
            field::integer(
                key::kProductsTimed, "",
                "products the timed calls computed, counted on the worker inside the timed work: one per sample"),
            field::number(key::kMaxAbsError, "", "the last output against a higher-precision reference"),
            productfield::kCancelled,
        }));
    return fields;
}

static Json panels(const Json &out)
{
    const Figures f = readFigures(out);
    const PanelValues v = panelValues(f.samples);
    Json x = Json::array();
    for (std::size_t i = 1; i <= f.samples.size(); ++i)
        x.push_back(static_cast<std::int64_t>(i));
    Json list = Json::array();
    list.push_back(distributionPanel(v.binLabels, Json::array({panelSeries(kCallsSeries, v.binCounts)})));
    list.push_back(linePanel(
        kSamplesTitle, std::move(x), kSamplesXLabel,
        Json::array({panelSeries(kSampleSeries, f.samples), panelSeries(kRunningMedianSeries, v.runningMedian),
                     panelSeries(kRunningMeanSeries, v.runningMean)})));
    list.push_back(linePanel(kWidthTitle, v.widthX, kWidthXLabel,
                             Json::array({panelSeries(kWidthSeries, v.width), panelSeries(kTargetSeries, v.target)})));
    return list;
}

static Json panelLayout()
{
    // The panels without their data: what the code lays out, not what a run measured.
    Json distribution = distributionPanel(Json::array(), Json::array({kCallsSeries}));
    distribution.erase("labels"); // the bins' edges are a run's
    Json samples = linePanel(kSamplesTitle, Json::array(), kSamplesXLabel,
                             Json::array({kSampleSeries, kRunningMedianSeries, kRunningMeanSeries}));
    Json width = linePanel(kWidthTitle, Json::array(), kWidthXLabel, Json::array({kWidthSeries, kTargetSeries}));
    samples.erase("x");
    width.erase("x");
    return Json::array({distribution, samples, width});
}

Figures readFigures(const Json &out)
{
    Figures f;
    const SampleColumns samples = readSamples(out, key::kWarmSamples);
    f.samples = samples.seconds;
    f.waitedNs = samples.waitedNs;
    SampleColumns every = samples;
    every.waitedNs.clear(); // every sample, clean or not, for the rounds' medians
    f.samplesByRound = every.cleanByRound();
    f.median = numberOf(member(out, key::kWarmMedian));
    f.mean = numberOf(member(out, key::kMean));
    f.mad = numberOf(member(out, key::kMad));
    f.intervalLow = intervalEnd(out, 0);
    f.intervalHigh = intervalEnd(out, 1);
    f.samplesFor2Percent = integerOf(member(out, key::kSamplesFor2Percent));
    f.outliers = integerOf(member(out, key::kOutliers));
    f.workerCpu = integerOf(member(out, key::kWorkerCpu));
    f.neighbour = stringOf(member(out, key::kNeighbour));
    f.neighbourCpu = integerOf(member(out, key::kNeighbourCpu));
    f.neighbourBursts = integerOf(member(out, key::kNeighbourBursts));
    f.neighbourBusySeconds = numberOf(member(out, key::kNeighbourBusy));
    f.productsTimed = integerOf(member(out, key::kProductsTimed));
    f.samplesRequested = integerOf(member(out, key::kSamplesRequested));
    f.maxAbsError = numberOf(member(out, key::kMaxAbsError));
    f.dtype = stringOf(member(out, key::kDtype));
    f.inputShape = integersOf(member(out, key::kInputShape));
    f.weightShape = integersOf(member(out, key::kWeightShape));
    return f;
}

std::size_t samplesInterrupted(const Figures &f)
{
    SampleColumns columns;
    columns.seconds = f.samples;
    columns.waitedNs = f.waitedNs;
    return columns.interruptedCount();
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
    median.interrupted = samplesInterrupted(f);
    median.keepsInterrupted = true;
    median.rounds = roundMedians(f.samplesByRound);
    summary.figures = {
        median,
        makeFigure(key::kMean, "mean", f.mean, true, {}, {}, true),
        makeFigure(key::kMad, "MAD", f.mad, true, {}, {}, false),
        makeFigure("median_ci95_low", "median 95% low", f.intervalLow, true, {}, {}, false),
        makeFigure("median_ci95_high", "median 95% high", f.intervalHigh, true, {}, {}, false),
        makeFigure(key::kSamplesFor2Percent, "samples for ±2%", count(f.samplesFor2Percent), false, {}, {}, false),
        makeFigure(key::kOutliers, "outliers", count(f.outliers), false, {}, {}, false),
        makeFigure(key::kNeighbourBursts, "neighbour bursts", count(f.neighbourBursts), false, {}, {}, false),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    summary.headlineKey = key::kWarmMedian;
    return summary;
}

const LessonContract kContract{stdoutFields, panels,    panelLayout,
                               check,        summarize, timelineFrom<Performance05Timeline>};

} // namespace lessonscope::performance05
