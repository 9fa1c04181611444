#pragma once

// performance-01's stdout contract: the keys it prints, how they are read back into typed
// figures, and the panels made from them (docs/artifact-format.md, "performance-01").

#include "core/artifact/artifact.h"
#include "core/base/jsonfwd.h"
#include "core/lesson/lesson.h"
#include "core/lesson/lessonsummary.h"
#include "core/lessons/shared/productkeys.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lessonscope::performance01 {

// The stdout keys: those the matrix lessons share (productkeys.h), then the lesson's own, in the
// order they are printed.
namespace key {
using namespace productkey; // backend, eigen, compiler, lessonscope, shapes, dtype, seed, max_abs_error, cancelled
inline constexpr const char *kBoundary = "boundary";
inline constexpr const char *kFirstCall = "first_call_seconds";
inline constexpr const char *kFirstCallWaited = "first_call_waited_ns"; // other work's wait in the first call
inline constexpr const char *kWarmSamples = "warm_samples_seconds";
inline constexpr const char *kWarmMedian = "warm_median_seconds";
inline constexpr const char *kDispatchFirstCall = "dispatch_only_first_call_seconds";
inline constexpr const char *kDispatchWarmSamples = "dispatch_only_warm_samples_seconds";
inline constexpr const char *kDispatchWarmMedian = "dispatch_only_warm_median_seconds";
} // namespace key

// The panels, by position in data.panels (the checks find them there).
enum PanelIndex : std::size_t { kFirstCallPanel = 0, kWarmCallsPanel = 1, kBoundaryPanel = 2 };
inline constexpr const char *kSynchronized = "synchronized call";
inline constexpr const char *kDispatchOnly = "dispatch only";

// The numbers performance-01 prints on stdout, read back; empty fields when absent.
struct Figures {
    std::optional<double> firstCallSeconds;
    std::optional<std::int64_t> firstCallWaitedNs;
    std::vector<double> warmSamplesSeconds;      // every warm call, clean and interrupted
    std::vector<std::int64_t> warmWaitedNs;      // their evidence; empty when recorded elsewhere
    std::vector<std::vector<double>> warmCleanByRound;
    std::optional<std::int64_t> samplesRequested;
    std::optional<double> warmMedianSeconds;
    std::optional<double> maxAbsError;
    std::optional<double> dispatchOnlyFirstCallSeconds;
    std::vector<double> dispatchOnlyWarmSamplesSeconds;
    std::optional<double> dispatchOnlyWarmMedianSeconds;
    std::string backend;
    std::string dtype;
    std::vector<std::int64_t> inputShape;
    std::vector<std::int64_t> weightShape;
    std::string boundary;
};
Figures readFigures(const Artifact &artifact);
Figures readFigures(const Json &output);

// The stdout object of a run: its calls (the first apart, the warm ones after it) and the
// error of the last output against the reference.
Json output(const LessonRun &run, const Samples &warm, double maxAbsError, const std::string &boundary);
// Every key of its stdout, in order (performance01fields.cpp).
StdoutFields stdoutFields();
Json panels(const Json &output);
Json panelLayout();
LessonSummary summarize(const Artifact &artifact);
void check(const Json &document, const Json &output, Checker &checker);
// The parameters of the run, as its stdout states them (Lesson::parametersOf).
std::optional<ParameterValues> parametersOf(const Json &output);

} // namespace lessonscope::performance01
