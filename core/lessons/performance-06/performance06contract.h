#pragma once

// performance-06, declared (kLesson), and its stdout contract: the keys it prints, how they are
// read back into typed figures, and the panels made from them (docs/artifact-format.md,
// "performance-06").

#include "core/lessons/shared/lessonheader.h"

namespace lessonscope::performance06 {

inline constexpr const char *kId = "performance-06";

// performance-06 "Latency is not throughput": X (m×k) · W (k×n) on a DeviceStream or an OpenCL
// device (runOn "opencl:N": a burst is K enqueues and one clFinish), timed two
// ways in the same rounds — one call at a time (dispatch, wait: the latency), and K calls
// dispatched back to back with one wait at the end, for K = 1, 2, 4 … up to the largest depth
// (the time per call when the stream is kept busy). The largest depth's calls are traced; the
// result is checked against a long-double reference.
// Its declaration is at the end of performance06.cpp.
extern const LessonDeclaration kLesson;

// The depths up to largest: the powers of two below it, then largest itself (1, 2, 4 … 64).
std::vector<int> depthsUpTo(int largest);

// The parameters of how many rounds, and of the largest depth K (the depths double up to it).
inline constexpr const char *kRepetitionsParameter = "repetitions";
inline constexpr const char *kDepthParameter = "depth";

// The stdout keys: those the matrix lessons share (productkeys.h), then the lesson's own, in the
// order they are printed.
namespace key {
using namespace productkey; // backend, eigen, compiler, lessonscope, shapes, dtype, seed, max_abs_error, cancelled
inline constexpr const char *kRepetitions = "repetitions";                // asked for
inline constexpr const char *kWarmupRounds = "warmup_rounds";             // untimed rounds before them
inline constexpr const char *kDepths = "depths";                          // K of each depth, ascending
inline constexpr const char *kLatencySamples = "latency_samples_seconds"; // one call: dispatch, wait
inline constexpr const char *kLatencyMedian = "latency_median_seconds";
inline constexpr const char *kPerCallSamples = "per_call_samples_seconds"; // per depth: total ÷ K per repetition
inline constexpr const char *kPerCall = "per_call_seconds";                // per depth: their median
inline constexpr const char *kThroughput = "throughput_calls_per_second";  // per depth: 1 ÷ per_call
} // namespace key

// The panels, by position in data.panels (the checks find them there).
enum PanelIndex : std::size_t { kComparisonPanel = 0, kTimePanel = 1, kRatePanel = 2 };
inline constexpr const char *kOneAtATime = "one call at a time";
inline constexpr const char *kKeptBusy = "kept busy (K in flight)";
inline constexpr const char *kTimePerCall = "time per call";

// The numbers performance-06 prints on stdout after the versions and the product, each bound to
// its key in kFields; read back, a missing or malformed one is empty.
struct Figures {
    std::string dtype; // read with the product's keys
    std::vector<std::int64_t> inputShape, weightShape;
    std::optional<std::int64_t> seed, repetitions;
    std::int64_t warmupRounds = 0;
    std::vector<std::int64_t> depths;
    SampleColumns latency; // one call alone per repetition, with its evidence
    std::optional<double> latencyMedian;
    std::vector<SampleColumns> perCallColumns; // per depth, one burst per repetition
    std::vector<double> perCall, throughput;
    std::optional<double> maxAbsError;
    bool cancelled = false;
    std::vector<double> latencySamples;              // latency's seconds
    std::vector<std::vector<double>> perCallSamples; // perCallColumns' seconds, one list per depth

    // The largest depth (the traced one), when depths has one.
    std::optional<std::int64_t> largestDepth() const;
    // per_call_seconds at the largest depth.
    std::optional<double> perCallAtLargest() const;
};

// Every key a run prints after the versions and the product, in order, and the figure it holds
// (core/lesson/boundfigures.h); docs/artifact-format.md, "performance-06", says more of each.
inline constexpr std::array kFields{
    bound::as(productfield::kSeed, &Figures::seed),
    bound::integer(key::kRepetitions, "", "rounds asked for", &Figures::repetitions).stating(kRepetitionsParameter),
    bound::integer(key::kWarmupRounds, "", "untimed rounds before them (1)", &Figures::warmupRounds),
    bound::list(key::kDepths, "", "K of each depth: 1, 2, 4 … and the largest", &Figures::depths),
    bound::samples(key::kLatencySamples, "one call alone: its dispatch to its observed readiness", &Figures::latency),
    bound::number(key::kLatencyMedian, "s", "their median", &Figures::latencyMedian).onSomeRuns(),
    bound::samples(key::kPerCallSamples,
                   "the round's burst of K calls: first dispatch to the last call's observed readiness, ÷ K",
                   &Figures::perCallColumns),
    bound::list(key::kPerCall, "s", "the median of each depth's samples", &Figures::perCall),
    bound::list(key::kThroughput, "", "1 ÷ per_call_seconds", &Figures::throughput),
    bound::number(key::kMaxAbsError, "", "the last output against a higher-precision reference", &Figures::maxAbsError),
    bound::as(productfield::kCancelled, &Figures::cancelled),
};

// What the samples make of the figures: the latency's median and each depth's over their clean
// samples (0 for a depth with none), and the throughput, 1 ÷ each.
void deriveFigures(Figures &figures);

Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

// What a run measured, for its stdout.
struct Measurements {
    std::vector<int> depths;
    Samples latency;              // one per repetition, with its evidence
    std::vector<Samples> perCall; // per depth, one per repetition
    double maxAbsError = 0;
    int warmupRounds = 0;
};

// A K-deep repetition's time per call: from its first dispatch to the observed readiness of its
// last call, ÷ K. The one formula the run, the checks and the timeline share.
inline double perCallSeconds(std::int64_t firstDispatchBegin, std::int64_t lastReadyObserved, std::int64_t depth)
{
    // In double: a hostile file's timestamps must not overflow a 64-bit subtraction.
    return (static_cast<double>(lastReadyObserved) - static_cast<double>(firstDispatchBegin)) * 1e-9
        / static_cast<double>(depth);
}

Json output(const LessonRun &run, const Measurements &measurements);
void check(const Json &document, const Json &output, Checker &checker);

// The lesson's contract: its stdout fields, panels, checks, summary, timeline and the parameters
// its stdout states (performance06contract.cpp).
extern const LessonContract kContract;

} // namespace lessonscope::performance06
