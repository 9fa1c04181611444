#pragma once

// performance-09, declared (kLesson), and its stdout contract: the keys it prints, each bound to
// its typed figure, and the panels made from them (docs/artifact-format.md, "performance-09").

#include "core/lessons/shared/lessonheader.h"

namespace lessonscope::performance09 {

inline constexpr const char *kId = "performance-09";

// performance-09 "Time on the device's clock": the course's product as a kernel on an OpenCL
// device, each call timed twice — by the host (enqueue to the readiness it observed) and by the
// device's own profiling timestamps (QUEUED, SUBMIT, START, END) — the kernel's first enqueue
// after an explicit build, a write not awaited whose copy leaks into a timer started "after
// placement", and the device clock's resolution. It runs on a device only: on the stream, which
// has no clock of its own, it runs on the first OpenCL device, and says so when there is none.
// Its declaration is at the end of performance09.cpp.
extern const LessonDeclaration kLesson;

// The parameter of the writes' size: n of their n×n · n×n inputs.
inline constexpr const char *kPlaceSizeParameter = "place_size";

// The stdout keys: those the matrix lessons share (productkeys.h), then the lesson's own, in the
// order they are printed.
namespace key {
using namespace productkey; // backend, eigen, compiler, lessonscope, shapes, dtype, seed, max_abs_error, cancelled
inline constexpr const char *kDeviceClock = "device_clock";                   // the clock the device stamps with
inline constexpr const char *kTimerResolution = "device_timer_resolution_ns"; // as the device reports it
inline constexpr const char *kSmallestStep = "device_smallest_step_ns";       // the smallest step its stamps took
// The first enqueue of the kernel, after an explicit clBuildProgram: the host's time, and the
// device's QUEUED → START (the driver's hand-off, a compilation for the work-group size included)
// and START → END.
inline constexpr const char *kComputedBefore = "products_computed_before_first_call"; // 0: the first enqueue
inline constexpr const char *kFirstCall = "first_call_seconds";
inline constexpr const char *kFirstCallQueue = "first_call_device_queue_seconds";
inline constexpr const char *kFirstCallWork = "first_call_device_work_seconds";
// The warm calls, each on both clocks: the host's enqueue → readiness observed (with evidence and
// round), the device's QUEUED → START and START → END of the same calls.
inline constexpr const char *kWarmSamples = "warm_samples_seconds";
inline constexpr const char *kWarmMedian = "warm_median_seconds";
inline constexpr const char *kQueueSamples = "device_queue_samples_seconds";
inline constexpr const char *kQueueMedian = "device_queue_median_seconds";
inline constexpr const char *kWorkSamples = "device_work_samples_seconds";
inline constexpr const char *kWorkMedian = "device_work_median_seconds";
// The write not awaited, at place_size × place_size (performance-03's placed samples and their
// twins): the call alone after a blocking write, the timer from a non-blocking write's return to
// the kernel's readiness, the copy as the device stamped it, and how many twins' kernels were
// enqueued while the copy still ran.
inline constexpr const char *kPlaceSize = "place_size";
inline constexpr const char *kPlacedCallSamples = "placed_call_samples_seconds";
inline constexpr const char *kPlacedCallMedian = "placed_call_median_seconds";
inline constexpr const char *kUnawaitedSamples = "unawaited_samples_seconds";
inline constexpr const char *kUnawaitedMedian = "unawaited_median_seconds";
inline constexpr const char *kCopySamples = "unawaited_copy_samples_seconds";
inline constexpr const char *kStillCopying = "unawaited_still_copying";
} // namespace key

// The panels, by position in data.panels (the checks find them there).
enum PanelIndex : std::size_t { kClocksPanel = 0, kWarmPanel = 1, kUnawaitedPanel = 2 };
inline constexpr const char *kHostSeries = "host: enqueue to readiness";
inline constexpr const char *kQueueSeries = "device: queued to start";
inline constexpr const char *kWorkSeries = "device: start to end";
inline constexpr const char *kCallAloneSeries = "call, write awaited";
inline constexpr const char *kUnawaitedSeries = "from a write not awaited";

// What the run measured, for its stdout (the warm calls are the run's calls after the first).
struct Measurements {
    Samples warm;                    // the host's reading of each warm call
    std::vector<double> queue, work; // the device's, of the same calls
    Samples unawaited;               // the twins' readings
    std::vector<double> placedCall, copy;
    std::int64_t stillCopying = 0;
    std::int64_t smallestStepNs = 0; // 0: no step seen
    std::int64_t computedBeforeFirstCall = 0;
    double maxAbsError = 0;
};

// The numbers performance-09 prints on stdout, each bound to its key below; read back, a missing
// or malformed one is empty.
struct Figures {
    std::string backend, lessonscope, dtype, deviceClock;
    std::vector<std::int64_t> inputShape, weightShape;
    std::optional<std::int64_t> timerResolutionNs, smallestStepNs, placeSize, stillCopying, samplesRequested, seed;
    std::optional<std::int64_t> computedBeforeFirstCall;
    std::optional<double> firstCall, firstCallQueue, firstCallWork;
    SampleColumns warm;
    std::vector<double> queue, work;
    std::optional<double> warmMedian, queueMedian, workMedian;
    SampleColumns unawaited;
    std::vector<double> placedCall, copy;
    std::optional<double> unawaitedMedian, placedCallMedian, maxAbsError;
    bool cancelled = false;
};

// Every key a run prints, in order, and the figure it holds (core/lesson/boundfigures.h);
// docs/artifact-format.md, "performance-09", says more of each.
inline constexpr const char *kFirstCallOnDevice
    = "the same call on the device's clock: QUEUED → START (the driver's hand-off; PoCL's compilation for the "
      "work-group size is here) and START → END";
inline constexpr const char *kWarmOnDevice = "the same calls on the device's clock: QUEUED → START and START → END";
inline constexpr const char *kDeviceMedians
    = "the medians of the clean calls' device readings (a call is clean or interrupted as a whole)";
inline constexpr const char *kPlacedCall
    = "the call after a blocking write, per placed sample, and the median of the clean ones";
inline constexpr const char *kUnawaited
    = "the twin's timer: from the non-blocking write's return to the kernel's observed readiness";
inline constexpr std::array kFields{
    bound::text(key::kBackend,
                "what ran the product: \"eigen-stream-worker\" on the stream, \"opencl-kernel\" on an OpenCL device",
                &Figures::backend),
    bound::text(key::kLessonscope, "lessonscope's version", &Figures::lessonscope),
    bound::as(productfield::kProduct[0], &Figures::inputShape),
    bound::as(productfield::kProduct[1], &Figures::weightShape),
    bound::as(productfield::kProduct[2], &Figures::dtype),
    bound::text(key::kDeviceClock, "the clock the device stamps with (environment.device.clock.deviceClock)",
                &Figures::deviceClock),
    bound::integer(key::kTimerResolution, "ns", "CL_DEVICE_PROFILING_TIMER_RESOLUTION, as the device reports it",
                   &Figures::timerResolutionNs)
        .orNull(),
    bound::integer(key::kSmallestStep, "ns",
                   "the smallest positive step between two stamps of one command over the run (0: none seen)",
                   &Figures::smallestStepNs),
    bound::integer(key::kComputedBefore, "",
                   "the products the device had stamped as run before the first call "
                   "(TimedProduct::productsComputed): 0 for a first enqueue",
                   &Figures::computedBeforeFirstCall),
    bound::number(key::kFirstCall, "s", "the first enqueue, on the host's clock: enqueue to observed readiness",
                  &Figures::firstCall),
    bound::number(key::kFirstCallQueue, "s", kFirstCallOnDevice, &Figures::firstCallQueue),
    bound::number(key::kFirstCallWork, "s", kFirstCallOnDevice, &Figures::firstCallWork),
    bound::samples(key::kWarmSamples, "each warm call on the host's clock", &Figures::warm),
    bound::number(key::kWarmMedian, "s", "the clean ones' median", &Figures::warmMedian).onSomeRuns(),
    bound::list(key::kQueueSamples, "s", kWarmOnDevice, &Figures::queue),
    bound::list(key::kWorkSamples, "s", kWarmOnDevice, &Figures::work),
    bound::number(key::kQueueMedian, "s", kDeviceMedians, &Figures::queueMedian).onSomeRuns(),
    bound::number(key::kWorkMedian, "s", kDeviceMedians, &Figures::workMedian).onSomeRuns(),
    bound::integer(key::kPlaceSize, "", "n of the writes' n×n · n×n inputs", &Figures::placeSize)
        .stating(kPlaceSizeParameter),
    bound::list(key::kPlacedCallSamples, "s", kPlacedCall, &Figures::placedCall),
    bound::samples(key::kUnawaitedSamples, kUnawaited, &Figures::unawaited),
    bound::list(key::kCopySamples, "s", "the twin's copy, START → END on the device's clock", &Figures::copy),
    bound::number(key::kUnawaitedMedian, "s", kUnawaited, &Figures::unawaitedMedian).onSomeRuns(),
    bound::number(key::kPlacedCallMedian, "s", kPlacedCall, &Figures::placedCallMedian).onSomeRuns(),
    bound::integer(key::kStillCopying, "", "twins whose kernel was enqueued before the copy had ended",
                   &Figures::stillCopying),
    bound::number(key::kMaxAbsError, "", "the last output against the long-double reference", &Figures::maxAbsError)
        .onSomeRuns(),
    bound::as(productfield::kSeed, &Figures::seed),
    bound::as(productfield::kSamplesRequested, &Figures::samplesRequested),
    bound::as(productfield::kCancelled, &Figures::cancelled),
};

// The medians a run states, from its samples: the clean warm calls' on both clocks (a call is
// clean or interrupted as a whole), and the clean twins' with their placed calls.
void deriveMedians(Figures &figures);

Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

Json output(const LessonRun &run, const Measurements &measurements);
void check(const Json &document, const Json &output, Checker &checker);

// The lesson's contract: its stdout fields, panels, checks, summary, timeline and the parameters
// its stdout states (performance09contract.cpp).
extern const LessonContract kContract;

} // namespace lessonscope::performance09
