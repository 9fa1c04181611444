#pragma once

// performance-08, declared (kLesson), and its stdout contract: the keys it prints, each bound to
// its typed figure, and the panels made from them (docs/artifact-format.md, "performance-08").

#include "core/lessons/shared/lessonheader.h"
#include "core/lessons/performance-08/performance08experiment.h"

namespace lessonscope::performance08 {

inline constexpr const char *kId = "performance-08";

// performance-08 "Time more than the clock": what a steady_clock read costs and how finely it
// ticks (and a TSC read where the TSC is invariant), then a short operation — a 32-term float32
// dot product — timed 1, 10, … 10,000 to a reading. The clock's share of a reading falls as the
// batch grows; the learner predicts the batch where it falls below 1%. On "stream" the host's
// own clock is the subject (no stream worker: the host times its own work); on an OpenCL device
// ("opencl:N") the device's profiling timer is, a reading one kernel's START → END and its fixed
// cost what an empty kernel reads (performance08device.h).
// Its declaration is at the end of performance08.cpp.
extern const LessonDeclaration kLesson;

namespace key {
using productkey::kBackend, productkey::kCancelled, productkey::kCompiler, productkey::kEigen, productkey::kLessonscope,
    productkey::kMaxAbsError, productkey::kSamplesRequested;
inline constexpr const char *kClock = "clock";
inline constexpr const char *kOperation = "operation";
inline constexpr const char *kClockRead = "clock_read_seconds"; // samples: one read's cost per block
inline constexpr const char *kClockReadMedian = "clock_read_median_seconds";
inline constexpr const char *kClockStep = "clock_step_seconds";
inline constexpr const char *kClockGetres = "clock_getres_seconds";
inline constexpr const char *kTscRead = "tsc_read_median_seconds";
inline constexpr const char *kTimerResolution = "profiling_timer_resolution_seconds"; // on a device
inline constexpr const char *kBatchSizes = "batch_sizes";
inline constexpr const char *kReadings = "reading_samples_seconds"; // one sample list per batch size
inline constexpr const char *kReadingMedian = "reading_median_seconds";
inline constexpr const char *kPerOperation = "per_operation_seconds";
inline constexpr const char *kClockShare = "clock_share";
inline constexpr const char *kOperationSeconds = "operation_seconds";
inline constexpr const char *kForOnePercent = "operations_for_one_percent";
} // namespace key

// The share of a reading the learner is asked about, and the largest batch a guess may take.
inline constexpr double kAskedShare = 0.01;

// On an OpenCL device the clock is its profiling timer and a reading's fixed cost an empty kernel's.
inline constexpr const char *kDeviceBackend = "opencl-kernel";
inline constexpr const char *kDeviceClock = "the OpenCL device's profiling timer (CL_PROFILING_COMMAND_START → END)";

// The numbers performance-08 prints on stdout, each bound to its key below; read back, a missing
// or malformed one is empty.
struct Figures {
    std::string eigen, compiler, lessonscope;
    std::string backend; // "opencl-kernel" on a device; empty on the host
    std::string clock, operationName;
    SampleColumns clockReads;
    std::optional<double> clockRead, clockStep, clockGetres, tscRead, timerResolution;
    std::vector<std::int64_t> batchSizes;
    std::vector<SampleColumns> readings; // per batch size, with their evidence
    std::vector<double> readingMedian, perOperation, clockShare;
    std::optional<double> operation;
    std::optional<std::int64_t> forOnePercent;
    std::optional<double> maxAbsError;
    std::optional<std::int64_t> samplesRequested;
    bool cancelled = false;
    bool onDevice() const { return !backend.empty(); }
};

// Every key a run prints, in order, and the figure it holds (core/lesson/boundfigures.h);
// docs/artifact-format.md, "performance-08", says more of each.
inline constexpr std::array kFields{
    bound::text(key::kEigen, "Eigen's version (the operation is Eigen's)", &Figures::eigen),
    bound::text(key::kCompiler, "the compiler that built lessonscope", &Figures::compiler),
    bound::text(key::kLessonscope, "lessonscope's version", &Figures::lessonscope),
    bound::text(key::kBackend, "on an OpenCL device, what ran the operation: \"opencl-kernel\"", &Figures::backend)
        .onSomeRuns(),
    bound::text(key::kClock,
                "the clock every figure is read on: \"std::chrono::steady_clock\", or the device's profiling timer",
                &Figures::clock),
    bound::text(key::kOperation, "what one operation is: a 32-term float32 dot product, Eigen's or a kernel's",
                &Figures::operationName),
    bound::samples(
        key::kClockRead,
        "per block of 256 back-to-back reads, the block's time ÷ 256; on a device, each empty kernel's START → END",
        &Figures::clockReads),
    bound::number(key::kClockReadMedian, "s", "their median over the clean blocks: what one read costs",
                  &Figures::clockRead)
        .onSomeRuns(),
    bound::number(
        key::kClockStep, "s",
        "the smallest positive difference of two back-to-back reads (on a device, of two stamps of one command): "
        "no reading resolves less",
        &Figures::clockStep),
    bound::number(key::kClockGetres, "s", "on the host, the resolution clock_getres(CLOCK_MONOTONIC) states",
                  &Figures::clockGetres)
        .onSomeRuns(),
    bound::number(key::kTscRead, "s",
                  "on the host, one rdtsc, timed as the clock's blocks; null where the TSC is not invariant",
                  &Figures::tscRead)
        .orNull()
        .onSomeRuns(),
    bound::number(key::kTimerResolution, "s", "on a device, the resolution CL_DEVICE_PROFILING_TIMER_RESOLUTION states",
                  &Figures::timerResolution)
        .onSomeRuns(),
    bound::list(key::kBatchSizes, "", "the operations per reading, of the sizes whose clean readings read more than 0",
                &Figures::batchSizes),
    bound::samples(key::kReadings,
                   "one list per batch size: each reading, the second clock read less the first (on a device, its "
                   "kernel's START → END)",
                   &Figures::readings),
    bound::list(key::kReadingMedian, "s", "per batch size, the median of its clean readings", &Figures::readingMedian),
    bound::list(key::kPerOperation, "s", "per batch size, that median ÷ the batch size", &Figures::perOperation),
    bound::list(key::kClockShare, "", "per batch size, one clock read (an empty kernel) ÷ that median",
                &Figures::clockShare)
        .onSomeRuns(),
    bound::number(key::kOperationSeconds, "s",
                  "the largest batch's median less one clock read (an empty kernel), ÷ its size", &Figures::operation)
        .onSomeRuns(),
    bound::integer(key::kForOnePercent, "",
                   "the fewest operations per reading for which its fixed cost is under 1% of it",
                   &Figures::forOnePercent)
        .onSomeRuns(),
    bound::number(key::kMaxAbsError, "", "the operation's last result against a double reference",
                  &Figures::maxAbsError)
        .onSomeRuns(),
    bound::integer(key::kSamplesRequested, "", "the readings per batch size asked for", &Figures::samplesRequested)
        .stating(param::kSamples),
    bound::as(productfield::kCancelled, &Figures::cancelled),
};

// What the samples make of the figures derived from them: one read's cost (the median of the
// clean blocks) and, for each batch size whose clean readings have a median above nothing, that
// median, the time per operation, the clock's share; then the operation's own time and the
// fewest operations for a share under 1%. Batches below the clock's step are left out.
void deriveFigures(Figures &figures);

Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

Json output(const LessonRun &run, const ClockCost &clock, const BatchReadings &batches);

// The lesson's contract: its stdout fields, panels, checks, summary, timeline and the parameters
// its stdout states (performance08contract.cpp).
extern const LessonContract kContract;

} // namespace lessonscope::performance08
