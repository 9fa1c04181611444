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

// The numbers performance-05 prints on stdout, read back; empty fields when absent.
struct Figures {
    std::vector<double> samples;
    std::vector<std::int64_t> waitedNs;              // each sample's evidence; empty when recorded elsewhere
    std::vector<std::vector<double>> samplesByRound; // every sample (clean or not) of each round
    std::optional<double> median;
    std::optional<double> mean;
    std::optional<double> mad;
    std::optional<double> intervalLow;
    std::optional<double> intervalHigh;
    std::optional<std::int64_t> samplesFor2Percent;
    std::optional<std::int64_t> outliers;
    std::optional<std::int64_t> workerCpu;
    std::string neighbour;
    std::optional<std::int64_t> neighbourCpu;
    std::optional<std::int64_t> neighbourBursts;
    std::optional<double> neighbourBusySeconds;
    std::optional<std::int64_t> productsTimed;
    std::optional<std::int64_t> samplesRequested;
    std::optional<double> maxAbsError;
    std::string dtype;
    std::vector<std::int64_t> inputShape;
    std::vector<std::int64_t> weightShape;
};
Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }
// How many of the samples other work interrupted (0 without evidence).
std::size_t samplesInterrupted(const Figures &figures);

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
