#pragma once

// The stdout fields the matrix lessons share, declared once (core/lesson/stdoutfields.h), in the
// groups they are printed in: a lesson's declaration is joinFields of these and its own.

#include "core/lesson/stdoutfields.h"
#include "core/lessons/shared/productkeys.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace lessonscope::productfield {

// What ran the product and what built lessonscope: first in every run's stdout.
inline constexpr std::array<StdoutField, 4> kVersions{{
    field::text(productkey::kBackend,
                "what ran the product: \"eigen-stream-worker\" on the stream, \"opencl-kernel\" on an OpenCL device"),
    field::text(productkey::kEigen, "Eigen's version"),
    field::text(productkey::kCompiler, "the compiler that built lessonscope"),
    field::text(productkey::kLessonscope, "lessonscope's version"),
}};

// The product: X m×k · W k×n in one element type.
inline constexpr std::array<StdoutField, 3> kProduct{{
    field::list(productkey::kInputShape, "", "X: [m, k]").stating(param::kM, param::kK),
    field::list(productkey::kWeightShape, "", "W: [k, n]").stating(param::kK, param::kN),
    field::text(productkey::kDtype, "\"float32\" or \"float64\"").stating(param::kDtype),
}};

inline constexpr StdoutField kSeed = field::integer(productkey::kSeed, "", "the inputs' seed").stating(param::kSeed);
inline constexpr StdoutField kSamplesRequested
    = field::integer(productkey::kSamplesRequested, "", "the warm samples asked for").stating(param::kSamples);
inline constexpr StdoutField kCancelled
    = field::boolean(productkey::kCancelled, "the run was cancelled; it keeps the calls measured before");

// What a run asked for and whether it finished: last in the stdout of most lessons.
inline constexpr std::array<StdoutField, 3> kRunEnd{{kSeed, kSamplesRequested, kCancelled}};

} // namespace lessonscope::productfield

namespace lessonscope {

// The fields of several groups, in order, as one declaration.
template<std::size_t... N>
constexpr auto joinFields(const std::array<StdoutField, N> &...groups)
{
    std::array<StdoutField, (N + ...)> joined{};
    std::size_t at = 0;
    ((std::copy(groups.begin(), groups.end(), joined.begin() + static_cast<std::ptrdiff_t>(at)), at += N), ...);
    return joined;
}

} // namespace lessonscope
