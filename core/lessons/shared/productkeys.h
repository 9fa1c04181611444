#pragma once

// The names the course's matrix lessons share: the parameters of the product and its run, and
// the stdout keys every one of them prints with the same meaning (docs/artifact-format.md). A
// lesson's own keys namespace takes these in (`using namespace productkey;`) and adds its own.

namespace lessonscope {

namespace param {
inline constexpr const char *kSamples = "samples"; // how many timed samples (calls, pairs, …) a run takes
inline constexpr const char *kSeed = "seed";       // the inputs' generator seed
inline constexpr const char *kDtype = "dtype";     // float32 or float64
inline constexpr const char *kM = "m";             // X is m×k, W k×n
inline constexpr const char *kK = "k";
inline constexpr const char *kN = "n";
} // namespace param

namespace productkey {
inline constexpr const char *kBackend = "backend";          // what ran the product: Eigen or OpenCL, and where
inline constexpr const char *kEigen = "eigen";              // Eigen's version
inline constexpr const char *kCompiler = "compiler";        // the compiler that built lessonscope
inline constexpr const char *kLessonscope = "lessonscope";  // lessonscope's version
inline constexpr const char *kInputShape = "input_shape";   // X: [m, k]
inline constexpr const char *kWeightShape = "weight_shape"; // W: [k, n]
inline constexpr const char *kDtype = "dtype";
inline constexpr const char *kSeed = "seed";
inline constexpr const char *kSamplesRequested = "samples_requested"; // the samples asked for
inline constexpr const char *kMaxAbsError = "max_abs_error";          // against the long-double reference
inline constexpr const char *kCancelled = "cancelled"; // true: the run was stopped and keeps what it measured
} // namespace productkey

} // namespace lessonscope
