#pragma once

// performance-06's stdout contract: the keys it prints, how they are read back into typed
// figures, and the panels made from them (docs/artifact-format.md, "performance-06").

#include "core/artifact/artifact.h"
#include "core/base/jsonfwd.h"
#include "core/lesson/contractlesson.h"
#include "core/lesson/lesson.h"
#include "core/lesson/lessonsummary.h"
#include "core/lessons/shared/productkeys.h"
#include "core/lesson/samplefields.h"
#include "core/lesson/stdoutfigures.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lessonscope::performance06 {

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

// The numbers performance-06 prints on stdout, read back; empty when absent or malformed.
struct Figures {
    std::vector<std::int64_t> depths;
    std::vector<double> latencySamples;
    std::optional<double> latencyMedian;
    std::vector<std::vector<double>> perCallSamples; // one list per depth
    SampleColumns latency;                           // with their evidence
    std::vector<SampleColumns> perCallColumns;
    std::vector<double> perCall;
    std::vector<double> throughput;
    std::optional<double> maxAbsError;
    std::string dtype;
    std::vector<std::int64_t> inputShape;
    std::vector<std::int64_t> weightShape;
    std::optional<std::int64_t> repetitions;

    // The largest depth (the traced one), when depths has one.
    std::optional<std::int64_t> largestDepth() const;
    // per_call_seconds at the largest depth.
    std::optional<double> perCallAtLargest() const;
};
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
// Every key of its stdout, in order (performance06fields.cpp).
StdoutFields stdoutFields();
Json panels(const Json &output);
Json panelLayout();
LessonSummary summarize(const Artifact &artifact);
void check(const Json &document, const Json &output, Checker &checker);
// The parameters of the run, as its stdout states them (Lesson::parametersOf).
std::optional<ParameterValues> parametersOf(const Json &output);

// The lesson's contract: the functions above, its timeline and the parameters its stdout states.
LessonContract contract();

} // namespace lessonscope::performance06
