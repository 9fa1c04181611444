#pragma once

// performance-03, declared (kLesson), and its stdout contract: the keys it prints, how they are
// read back into typed figures, and the panels made from them (docs/artifact-format.md,
// "performance-03").

#include "core/lessons/shared/lessonheader.h"

namespace lessonscope::performance03 {

inline constexpr const char *kId = "performance-03";

// performance-03 "Place the inputs before the timer": for each size n of a sweep, X (n×n) · W
// (n×n) on a DeviceStream, each sample in three steps — the host prepares the inputs from the
// seed, the worker places them in memory it owns, the worker runs the product on the placed
// inputs — and three boundaries timed on the same calls: preparation + placement + call + sync,
// placement + call + sync, call + sync. The default size's calls are traced; the result is
// checked against a long-double reference at every size. On an OpenCL device (runOn "opencl:N")
// placement is a blocking clEnqueueWriteBuffer host → device and the call an enqueue and its wait
// (placedsampler.h).
// Its declaration is at the end of performance03.cpp.
extern const LessonDeclaration kLesson;

// The sizes of a sweep as the sizes parameter names it ("16,64,256,1024"); empty when the
// text is not a comma-separated list of ascending sizes from 1 to 4096.
std::vector<int> sizesOf(const std::string &sweep);

// The size whose calls are traced and shown in the bar: the sweep's middle one (the upper
// of the two middle ones), so that preparation, placement and the product all show.
int defaultSizeOf(const std::vector<int> &sizes);

// The parameter of the sweep: its sizes, as the list itself ("16,64,256,1024").
inline constexpr const char *kSizesParameter = "sizes";

// The stdout keys: those the matrix lessons share (productkeys.h), then the lesson's own, in the
// order they are printed.
namespace key {
using namespace productkey; // backend, eigen, compiler, lessonscope, shapes, dtype, seed, max_abs_error, cancelled
inline constexpr const char *kSizes = "sizes";              // n of each n×n · n×n, ascending
inline constexpr const char *kDefaultSize = "default_size"; // the size traced and shown in the bar
inline constexpr const char *kSamplesPerSize = "samples_per_size";
inline constexpr const char *kWarmupRounds = "warmup_rounds_per_size";
inline constexpr const char *kSamplesMeasured = "samples_measured"; // per size
inline constexpr const char *kPrepareMedian = "prepare_median_seconds";
inline constexpr const char *kPlaceMedian = "place_median_seconds";
inline constexpr const char *kCallMedian = "call_median_seconds";
inline constexpr const char *kWithPlacementMedian = "with_placement_median_seconds";
inline constexpr const char *kWithPreparationMedian = "with_preparation_median_seconds";
inline constexpr const char *kPhases = "default_size_phases"; // per traced call, ns since the first dispatch
// Every sample of every size, per boundary (one list per size); the whole sample's with its evidence
// and round (with_preparation_samples_waited_ns, …_round), which hold for the narrower boundaries too.
inline constexpr const char *kCallSamples = "call_samples_seconds";
inline constexpr const char *kWithPlacementSamples = "with_placement_samples_seconds";
inline constexpr const char *kWithPreparationSamples = "with_preparation_samples_seconds";
} // namespace key

// The members of default_size_phases: one integer per traced call each.
namespace phase {
inline constexpr const char *kPrepareBegin = "prepare_begin_ns";
inline constexpr const char *kPrepareEnd = "prepare_end_ns";
inline constexpr const char *kPlaceDispatchBegin = "place_dispatch_begin_ns";
inline constexpr const char *kPlaceWorkBegin = "place_work_begin_ns";
inline constexpr const char *kPlaceWorkEnd = "place_work_end_ns";
inline constexpr const char *kPlaceReadyObserved = "place_ready_observed_ns";
// The sample's un-awaited twin (placedsampler.h), all eight or none: its placement's dispatch,
// the copy on the device, the call's dispatch and work, and the readiness the host observed.
inline constexpr const char *kUnawaitedPlaceDispatchBegin = "unawaited_place_dispatch_begin_ns";
inline constexpr const char *kUnawaitedPlaceDispatchEnd = "unawaited_place_dispatch_end_ns";
inline constexpr const char *kUnawaitedPlaceWorkBegin = "unawaited_place_work_begin_ns";
inline constexpr const char *kUnawaitedPlaceWorkEnd = "unawaited_place_work_end_ns";
inline constexpr const char *kUnawaitedCallDispatchBegin = "unawaited_call_dispatch_begin_ns";
inline constexpr const char *kUnawaitedCallWorkBegin = "unawaited_call_work_begin_ns";
inline constexpr const char *kUnawaitedCallWorkEnd = "unawaited_call_work_end_ns";
inline constexpr const char *kUnawaitedReadyObserved = "unawaited_ready_observed_ns";
} // namespace phase

// The panels, by position in data.panels (the checks find them there).
enum PanelIndex : std::size_t { kDefaultSizePanel = 0, kBySizePanel = 1, kSharePanel = 2 };
// The three boundaries, widest first: series names of the line, bar labels of the bar.
inline constexpr const char *kWhole = "prepare + place + call";
inline constexpr const char *kPlaceAndCall = "place + call";
inline constexpr const char *kCallOnly = "call";
inline constexpr const char *kShare = "placement ÷ whole";

// The un-awaited twin of a traced call, ns since the run's first dispatch.
struct UnawaitedPhase {
    std::int64_t placeDispatchBegin = 0;
    std::int64_t placeDispatchEnd = 0; // where a timer "after placement" starts
    std::int64_t placeWorkBegin = 0;
    std::int64_t placeWorkEnd = 0;
    std::int64_t callDispatchBegin = 0;
    std::int64_t callWorkBegin = 0;
    std::int64_t callWorkEnd = 0;
    std::int64_t readyObserved = 0;
};

// One traced call's preparation and placement, ns since the run's first dispatch; its twin in a
// run that measured one (lessonscope 0.3 on).
struct PhaseTimes {
    std::int64_t prepareBegin = 0;
    std::int64_t prepareEnd = 0;
    std::int64_t placeDispatchBegin = 0;
    std::int64_t placeWorkBegin = 0;
    std::int64_t placeWorkEnd = 0;
    std::int64_t placeReadyObserved = 0;
    std::optional<UnawaitedPhase> unawaited;
};

// What one size measured: one element per sample.
struct SizeSamples {
    int n = 0;
    // The whole samples (preparation, placement and call) with each one's evidence and round; the
    // narrower boundaries of the same samples, one to one, judged by the whole sample's evidence.
    Samples whole;
    std::vector<double> prepare, place, call, withPlacement;
    double maxAbsError = 0;
};

// What a run measured, for its stdout.
struct Measurements {
    std::vector<SizeSamples> sizes; // ascending n, only sizes with at least one sample
    int defaultSize = 0;
    std::vector<PhaseTimes> phases; // one per traced call (the run's calls, at the default size)
    int warmupRounds = 0;
};

// The numbers performance-03 prints on stdout, read back; empty when absent or malformed.
struct Figures {
    std::vector<std::int64_t> sizes;
    std::optional<std::int64_t> defaultSize;
    std::vector<double> prepareMedian, placeMedian, callMedian, withPlacementMedian, withPreparationMedian;
    std::vector<double> maxAbsError;
    std::vector<PhaseTimes> phases;
    std::string dtype;
    std::optional<std::int64_t> samplesPerSize;
    std::vector<SampleColumns> wholeSamples; // per size, with their evidence
    std::vector<std::vector<double>> callSamples, withPlacementSamples;

    // The index of the default size in sizes, when it is there.
    std::optional<std::size_t> defaultIndex() const;
};
Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

Json output(const LessonRun &run, const Measurements &measurements);
void check(const Json &document, const Json &output, Checker &checker);

// The lesson's contract: its stdout fields, panels, checks, summary, timeline and the parameters
// its stdout states (performance03contract.cpp).
extern const LessonContract kContract;

} // namespace lessonscope::performance03
