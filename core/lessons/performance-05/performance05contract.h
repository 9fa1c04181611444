#pragma once

// performance-05, declared (kLesson), and its stdout contract: the keys it prints, how they are
// read back into typed figures, and the panels made from them (docs/artifact-format.md,
// "performance-05").

#include "core/lessons/shared/lessonheader.h"

namespace lessonscope::performance05 {

inline constexpr const char *kId = "performance-05";

// performance-05 "Enough samples": many warm calls of performance-01's small product X (m×k) ·
// W (k×n) on a DeviceStream, each dispatch to observed readiness, after a few untimed calls. A
// single timing is a sample of a noisy process: the lesson reports the median with its 95%
// order-statistic interval, the mean, the MAD, the outliers by a stated rule and how many samples
// the interval needed to come within ±2% of the median. With neighbour=on a thread competes for
// the worker's core in bursts while the calls are timed (performance05neighbour.h). On an OpenCL
// device (runOn "opencl:N") each sample is an enqueue and its wait; the driver's threads are not
// the lesson's to pin, so the neighbour competes for every core there.
// Its declaration is at the end of performance05.cpp.
extern const LessonDeclaration kLesson;

// The parameter of the noisy neighbour: "off" or "on".
inline constexpr const char *kNeighbourParameter = "neighbour";

// The stdout keys: those the matrix lessons share (productkeys.h), then the lesson's own, in the
// order they are printed.
namespace key {
using namespace productkey; // backend, eigen, compiler, lessonscope, shapes, dtype, seed, max_abs_error, cancelled
inline constexpr const char *kWarmupCalls = "warmup_calls";
inline constexpr const char *kWorkerCpu = "worker_cpu";             // the worker's core, or null
inline constexpr const char *kNeighbour = "neighbour";              // "off" or "on"
inline constexpr const char *kNeighbourCpu = "neighbour_cpu";       // the shared core, or null
inline constexpr const char *kNeighbourBursts = "neighbour_bursts"; // bursts begun during the run
inline constexpr const char *kNeighbourBusy = "neighbour_busy_seconds";
inline constexpr const char *kWarmSamples = "warm_samples_seconds";
inline constexpr const char *kWarmMedian = "warm_median_seconds";
inline constexpr const char *kMean = "mean_seconds";
inline constexpr const char *kMad = "mad_seconds";
inline constexpr const char *kMedianCi95 = "median_ci95_seconds"; // [low, high]
inline constexpr const char *kCiMethod = "ci_method";
inline constexpr const char *kSamplesFor2Percent = "samples_for_2_percent"; // or null
inline constexpr const char *kSamplesFor2PercentRule = "samples_for_2_percent_rule";
inline constexpr const char *kOutliers = "outliers";
inline constexpr const char *kOutlierRule = "outlier_rule";
inline constexpr const char *kProductsTimed = "products_timed"; // counted on the worker: one per sample
} // namespace key

// The stated rules, printed with the numbers they produced.
inline constexpr const char *kCiMethodText
    = "order statistics: the sorted samples at ranks floor(n/2 - 1.96*sqrt(n)/2) and ceil(n/2 + 1 + 1.96*sqrt(n)/2) "
      "(1-based; the binomial's normal approximation), clamped to 1..n";
inline constexpr const char *kSamplesFor2PercentRuleText
    = "the smallest n >= 10 such that, for every m from n to all the samples, the 95% interval of the first m "
      "samples lies within +-2% of their median; null if the interval of all the samples does not";
inline constexpr const char *kOutlierRuleText = "sample > median + 5 * MAD (MAD unscaled)";

// The panels, by position in data.panels (the checks find them there).
enum PanelIndex : std::size_t { kDistributionPanel = 0, kSamplesPanel = 1, kWidthPanel = 2 };
inline constexpr const char *kCallsSeries = "calls";
inline constexpr const char *kSampleSeries = "sample";
inline constexpr const char *kRunningMedianSeries = "running median";
inline constexpr const char *kRunningMeanSeries = "running mean";
inline constexpr const char *kWidthSeries = "interval width";
inline constexpr const char *kTargetSeries = "4% of the median (±2%)";

// What a run measured, for its stdout.
struct Measurements {
    Samples samples; // each timed call, dispatch to observed readiness, with its evidence
    int warmupCalls = 0;
    std::optional<int> workerCpu; // the core the worker was pinned to
    std::string neighbour;        // "off" or "on"
    std::optional<int> neighbourCpu;
    std::int64_t neighbourBursts = 0;
    std::int64_t neighbourBusyNs = 0;
    std::int64_t productsTimed = 0;
    double maxAbsError = 0;
};

// The numbers performance-05 prints on stdout after the versions and the product, each bound to
// its key in kFields; read back, a missing or malformed one is empty.
struct Figures {
    std::string dtype; // read with the product's keys
    std::vector<std::int64_t> inputShape, weightShape;
    std::optional<std::int64_t> seed, samplesRequested;
    std::int64_t warmupCalls = 0;
    std::optional<std::int64_t> workerCpu, neighbourCpu;
    std::string neighbour;
    std::int64_t neighbourBursts = 0;
    std::optional<double> neighbourBusySeconds;
    SampleColumns warm; // every timed call, with its evidence
    std::optional<double> median, mean, mad;
    std::vector<double> interval; // the median's 95% interval: [low, high]
    std::string ciMethod;
    std::optional<std::int64_t> samplesFor2Percent;
    std::string samplesFor2PercentRule;
    std::optional<std::int64_t> outliers;
    std::string outlierRule;
    std::int64_t productsTimed = 0;
    std::optional<double> maxAbsError;
    bool cancelled = false;
    std::vector<double> samples;                     // warm's seconds
    std::vector<std::vector<double>> samplesByRound; // every sample (clean or not) of each round

    std::optional<double> intervalLow() const
    {
        return interval.size() == 2 ? std::optional(interval[0]) : std::nullopt;
    }
    std::optional<double> intervalHigh() const
    {
        return interval.size() == 2 ? std::optional(interval[1]) : std::nullopt;
    }
};

// Every key a run prints after the versions and the product, in order, and the figure it holds
// (core/lesson/boundfigures.h); docs/artifact-format.md, "performance-05", says more of each.
inline constexpr std::array kFields{
    bound::as(productfield::kSeed, &Figures::seed),
    bound::as(productfield::kSamplesRequested, &Figures::samplesRequested),
    bound::integer(key::kWarmupCalls, "", "untimed calls before the samples, until they were steady",
                   &Figures::warmupCalls),
    bound::integer(key::kWorkerCpu, "", "the core the stream's worker was pinned to; null when pinning was refused",
                   &Figures::workerCpu)
        .orNull(),
    bound::text(key::kNeighbour, "\"off\" or \"on\"", &Figures::neighbour).stating(kNeighbourParameter),
    bound::integer(key::kNeighbourCpu, "",
                   "the core the neighbour was pinned to: worker_cpu; null when off or not pinned",
                   &Figures::neighbourCpu)
        .orNull(),
    bound::integer(key::kNeighbourBursts, "", "the neighbour's bursts begun during the run (0 when off)",
                   &Figures::neighbourBursts),
    bound::number(key::kNeighbourBusy, "s", "their busy time by the clock", &Figures::neighbourBusySeconds),
    bound::samples(key::kWarmSamples, "every timed call, in order: the trace's calls, one to one", &Figures::warm),
    bound::number(key::kWarmMedian, "s", "numpy's median of the samples", &Figures::median).onSomeRuns(),
    bound::number(key::kMean, "s", "their mean", &Figures::mean).onSomeRuns(),
    bound::number(key::kMad, "s", "their median absolute deviation from the median, unscaled", &Figures::mad)
        .onSomeRuns(),
    bound::list(key::kMedianCi95, "s",
                "the median's 95% interval, by order statistics: the sorted samples at 1-based ranks ⌊n/2 − "
                "1.96·√n/2⌋ and ⌈n/2 + 1 + 1.96·√n/2⌉",
                &Figures::interval)
        .onSomeRuns(),
    bound::text(key::kCiMethod, "that rule, in words", &Figures::ciMethod).onSomeRuns(),
    bound::integer(key::kSamplesFor2Percent, "",
                   "the smallest n ≥ 10 such that, for every m from n to all the samples, the interval of the first "
                   "m samples lies within ±2% of their median",
                   &Figures::samplesFor2Percent)
        .orNull()
        .onSomeRuns(),
    bound::text(key::kSamplesFor2PercentRule, "that rule, in words", &Figures::samplesFor2PercentRule).onSomeRuns(),
    bound::integer(key::kOutliers, "", "samples above median + 5 × MAD", &Figures::outliers).onSomeRuns(),
    bound::text(key::kOutlierRule, "\"sample > median + 5 * MAD (MAD unscaled)\"", &Figures::outlierRule).onSomeRuns(),
    bound::integer(key::kProductsTimed, "",
                   "products the timed calls computed, counted on the worker inside the timed work: one per sample",
                   &Figures::productsTimed),
    bound::number(key::kMaxAbsError, "", "the last output against a higher-precision reference", &Figures::maxAbsError),
    bound::as(productfield::kCancelled, &Figures::cancelled),
};

// What the samples make of the figures derived from them, every call's (the interrupted ones
// too: the whole distribution is this lesson's subject): the median, its interval, the mean, the
// MAD, the outliers and the samples the interval needed, with the rules that made them; none
// without samples.
void deriveFigures(Figures &figures);

Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

Json output(const LessonRun &run, const Measurements &measurements);
void check(const Json &document, const Json &output, Checker &checker);

// The panels' values, made from the samples alone (the panels and the checks use these).
struct PanelValues {
    std::vector<std::string> binLabels;
    std::vector<std::int64_t> binCounts;
    std::vector<double> runningMedian, runningMean;
    std::vector<std::int64_t> widthX; // n, from kFirstJudged
    std::vector<double> width, target;
};
PanelValues panelValues(const std::vector<double> &samples);

// The lesson's contract: its stdout fields, panels, checks, summary, timeline and the parameters
// its stdout states (performance05contract.cpp).
extern const LessonContract kContract;

} // namespace lessonscope::performance05
