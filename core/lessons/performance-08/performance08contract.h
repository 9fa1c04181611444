#pragma once

// performance-08's stdout contract: the keys it prints, how they are read back into typed
// figures, and the panels made from them (docs/artifact-format.md, "performance-08").

#include "core/artifact/artifact.h"
#include "core/lesson/lesson.h"
#include "core/lesson/lessonsummary.h"
#include "core/lesson/samplefields.h"
#include "core/lessons/performance-08/performance08experiment.h"
#include "core/lessons/shared/productkeys.h"

namespace lessonscope::performance08 {

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

enum PanelIndex : std::size_t { kPerOperationPanel = 0, kClockPanel = 1, kSharePanel = 2 };
inline constexpr const char *kClockSeries = "steady_clock";
inline constexpr const char *kPerOperationSeries = "median reading ÷ batch size";
inline constexpr const char *kShareSeries = "one clock read ÷ median reading";
// On an OpenCL device the clock is its profiling timer and a reading's fixed cost an empty kernel's.
inline constexpr const char *kDeviceBackend = "opencl-kernel";
inline constexpr const char *kDeviceClock = "the OpenCL device's profiling timer (CL_PROFILING_COMMAND_START → END)";
inline constexpr const char *kDeviceClockSeries = "the device's profiling timer";
inline constexpr const char *kDeviceShareSeries = "empty kernel ÷ median reading";

// The numbers performance-08 prints on stdout, read back; empty when absent or malformed.
struct Figures {
    std::string backend; // "opencl-kernel" on a device; empty on the host
    std::optional<double> clockRead, clockStep, clockGetres, tscRead, timerResolution, operation, maxAbsError;
    SampleColumns clockReads;
    std::vector<std::int64_t> batchSizes;
    std::vector<SampleColumns> readings; // per batch size, with their evidence
    std::vector<double> readingMedian, perOperation, clockShare;
    std::optional<std::int64_t> forOnePercent, samplesRequested;
    bool onDevice() const { return !backend.empty(); }
};
Figures readFigures(const Artifact &artifact);
Figures readFigures(const Json &output);

Json output(const LessonRun &run, const ClockCost &clock, const BatchReadings &batches);
StdoutFields stdoutFields(); // performance08fields.cpp
Json panels(const Json &output);
// The clock panel's and the share panel's series, named for the clock the run read.
const char *clockSeries(bool onDevice);
const char *shareSeries(bool onDevice);
Json panelLayout();
LessonSummary summarize(const Artifact &artifact);
void check(const Json &document, const Json &output, Checker &checker); // performance08checks.cpp
std::optional<ParameterValues> parametersOf(const Json &output);

} // namespace lessonscope::performance08
