#pragma once

// What every product the lessons time shares: the inputs' values and the chosen variant's entry
// for an element type (matmulkernel, stagedmatmul, placement).

#include "matmulvariant.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <random>
#include <type_traits>

namespace lessonscope {

// The next input value in [-1, 1): mt19937_64 is specified bit for bit by the standard, and the
// top 53 bits scaled by 2^-53 are exact in a double, so the inputs are the same on every platform
// and compiler; the distributions of <random> are not specified that tightly, which is why none
// is used.
inline double nextUniform(std::mt19937_64 &generator)
{
    return static_cast<double>(generator() >> 11) * 0x1.0p-53 * 2.0 - 1.0;
}

// A rows×cols matrix stored column-major, filled row by row (the order MatmulKernel fills its
// Eigen matrices in, whatever their storage) from generator: X then W from one mt19937_64(seed)
// give every product of the lessons the same inputs.
template<typename Scalar>
void fillColumnMajor(Scalar *matrix, int rows, int cols, std::mt19937_64 &generator)
{
    for (int row = 0; row < rows; ++row) {
        for (int col = 0; col < cols; ++col)
            matrix[static_cast<std::size_t>(col) * rows + row] = static_cast<Scalar>(nextUniform(generator));
    }
}

// The chosen variant's product for this element type.
template<typename Scalar>
auto productOf(const LessonscopeMatmulVariant &variant)
{
    if constexpr (std::is_same_v<Scalar, float>)
        return variant.multiplyFloat;
    else
        return variant.multiplyDouble;
}

} // namespace lessonscope
