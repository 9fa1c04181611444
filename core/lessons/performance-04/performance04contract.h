#pragma once

// performance-04, declared (kLesson), and its stdout contract: the keys it prints, how they are
// read back into typed figures, and the panels made from them (docs/artifact-format.md,
// "performance-04").

#include "core/lessons/shared/lessonheader.h"

#include <array>

namespace lessonscope::performance04 {

inline constexpr const char *kId = "performance-04";

// performance-04 "Compare like with like": the same product X (m×k) · W (k×n) timed in float32 and
// in float64 on the DeviceStream, or as kernels on an OpenCL device with cl_khr_fp64 (runOn
// "opencl:N", core/lessons/shared/timedproduct.h), from the same inputs (float32's are float64's
// rounded), in alternating pairs of warm calls so that both types see the same machine; each
// product checked against a long-double reference on its own inputs.
// Its declaration is at the end of performance04.cpp.
extern const LessonDeclaration kLesson;

// The stdout keys: those the matrix lessons share (productkeys.h), then the lesson's own, in the
// order they are printed. A key "one per dtype" is an array in the order of dtypes.
namespace key {
using namespace productkey; // backend, eigen, compiler, lessonscope, shapes, dtype, seed, max_abs_error, cancelled
inline constexpr const char *kBoundary = "boundary";
inline constexpr const char *kDtypes = "dtypes"; // ["float32", "float64"]
inline constexpr const char *kFlops = "flops";   // 2·m·k·n: the product's floating-point operations
inline constexpr const char *kUntimedCalls = "untimed_calls_per_dtype";
inline constexpr const char *kWarmSamples = "warm_samples_seconds"; // one array of samples per dtype
inline constexpr const char *kMedian = "median_seconds";            // one per dtype
inline constexpr const char *kGflops = "gflops";                    // one per dtype: flops ÷ median ÷ 10⁹
} // namespace key

// The element types, in stdout's order; the trace's calls alternate between them in this order.
inline constexpr std::array<const char *, 2> kDtypes = {"float32", "float64"};
inline constexpr std::size_t kFloat32 = 0;
inline constexpr std::size_t kFloat64 = 1;

// The panels, by position in data.panels (the checks find them there).
enum PanelIndex : std::size_t { kMedianPanel = 0, kErrorPanel = 1, kGflopsPanel = 2 };
inline constexpr const char *kMedianSeries = "warm median";
inline constexpr const char *kErrorSeries = "largest |error| against long double";
inline constexpr const char *kGflopsSeries = "at the warm median";

// The numbers performance-04 prints on stdout, read back; empty when absent or malformed.
struct Figures {
    std::vector<std::string> dtypes;
    std::vector<std::int64_t> inputShape;
    std::vector<std::int64_t> weightShape;
    std::optional<double> flops;
    std::vector<std::vector<double>> warmSamples; // per dtype, every call
    std::vector<SampleColumns> warm;              // per dtype, with their evidence
    std::vector<double> median, gflops, maxAbsError;
    std::optional<std::int64_t> samplesRequested;

    // float64's median over float32's, when both are there and positive.
    std::optional<double> medianRatio() const;
};
Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

// What a run measured: the warm samples of each dtype (in kDtypes order) and each product's error.
struct Measurements {
    std::array<Samples, 2> warm; // every call of each type, with its evidence
    std::array<double, 2> maxAbsError{};
    int untimedCalls = 0;
};

// 2·m·k·n.
double flopsOf(std::int64_t m, std::int64_t k, std::int64_t n);

Json output(const LessonRun &run, const Measurements &measurements, const std::string &boundary);
// Every key of its stdout, in order (performance04fields.cpp).
StdoutFields stdoutFields();
void check(const Json &document, const Json &output, Checker &checker);

// The lesson's contract: its stdout fields, panels, checks, summary, timeline and the parameters
// its stdout states (performance04contract.cpp).
extern const LessonContract kContract;

} // namespace lessonscope::performance04
