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

// The numbers performance-04 prints on stdout after the versions and the shapes, each bound to its
// key in kFields; read back, a missing or malformed one is empty.
struct Figures {
    std::vector<std::int64_t> inputShape, weightShape; // read with the product's keys
    std::string boundary;
    std::vector<std::string> dtypes;
    std::optional<double> flops;
    std::int64_t untimedCalls = 0;
    std::vector<SampleColumns> warm;              // per dtype, every call with its evidence
    std::vector<std::vector<double>> warmSamples; // per dtype, every call's seconds (warm's)
    std::vector<double> median, gflops, maxAbsError;
    std::optional<std::int64_t> seed, samplesRequested;
    bool cancelled = false;

    // float64's median over float32's, when both are there and positive.
    std::optional<double> medianRatio() const;
};

// Every key a run prints after the versions and the shapes, in order, and the figure it holds
// (core/lesson/boundfigures.h); docs/artifact-format.md, "performance-04", says more of each. A
// key "one per dtype" is a list in the order of dtypes.
inline constexpr std::array kFields{
    bound::text(key::kBoundary, "what one sample times", &Figures::boundary),
    bound::texts(key::kDtypes, "[\"float32\", \"float64\"], always in this order", &Figures::dtypes),
    bound::number(key::kFlops, "", "2·m·k·n, the product's floating-point operations", &Figures::flops),
    bound::integer(key::kUntimedCalls, "", "calls of each type before the timed pairs (1)", &Figures::untimedCalls),
    bound::samples(key::kWarmSamples, "every timed call's completed result", &Figures::warm),
    bound::list(key::kMedian, "s", "the median of that type's samples", &Figures::median),
    bound::list(key::kGflops, "", "flops ÷ median_seconds ÷ 10⁹", &Figures::gflops),
    bound::list(key::kMaxAbsError, "", "the last output against the higher-precision reference", &Figures::maxAbsError),
    bound::as(productfield::kSeed, &Figures::seed),
    bound::as(productfield::kSamplesRequested, &Figures::samplesRequested),
    bound::as(productfield::kCancelled, &Figures::cancelled),
};

// What the figures' samples and shapes make of them: the medians of the clean calls of each type
// (0 for a type with none), the GFLOP/s at them, and 2·m·k·n.
void deriveFigures(Figures &figures);

Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

// What a run measured: the warm samples of each dtype (in kDtypes order) and each product's error.
struct Measurements {
    std::array<Samples, 2> warm; // every call of each type, with its evidence
    std::array<double, 2> maxAbsError{};
};

// One untimed call of each type before the timed pairs: first-use costs (the output's pages, cold
// caches, the worker's first wake-up) are performance-02's subject, not this lesson's.
inline constexpr int kUntimedCallsPerType = 1;

Json output(const LessonRun &run, const Measurements &measurements, const std::string &boundary);
void check(const Json &document, const Json &output, Checker &checker);
// Each panel's values against stdout's (performance04contract.cpp declares the panels).
void checkPanels(const Json &document, const Json &output, Checker &checker);

// The lesson's contract: its stdout fields, panels, checks, summary, timeline and the parameters
// its stdout states (performance04contract.cpp).
extern const LessonContract kContract;

} // namespace lessonscope::performance04
