#pragma once

#include <cstdint>
#include <functional>

namespace lessonscope {

// How far a computed matrix product is from the exact one: the largest |out − X·W| over every
// element, for column-major X (m×k), W (k×n) and out (m×n). Every lesson reports it as
// max_abs_error, "against a higher-precision reference" (docs/artifact-format.md).
//
// The reference is each element's sum of products carried in double-double (a double and the
// error of its rounding, kept exactly by Knuth's TwoSum; products of doubles split exactly by
// TwoProduct): about 106 bits, more than long double's 64, so it measures the float64 product's
// error as well as the float32 one's. It runs element-wise along each output column, which the
// compiler vectorises, and a large product's columns in parallel on every core (the clock has
// stopped): bench_reference prints how much faster than the long-double loop it replaced, which
// took 4 s of a 4.9 s run whose largest product was 1024×1024. NaN for empty sizes.
//
// `stopped`, when given, is asked on the calling thread after each block of 16 columns: true
// ends the check within the blocks already running, and the result is NaN (nothing was checked
// whole). A cancelled run, or a quit, does not wait for the check of a large product.
double maxAbsErrorOfProduct(const float *x, const float *w, const float *out, std::int64_t m, std::int64_t k,
                            std::int64_t n, const std::function<bool()> &stopped = {});
double maxAbsErrorOfProduct(const double *x, const double *w, const double *out, std::int64_t m, std::int64_t k,
                            std::int64_t n, const std::function<bool()> &stopped = {});

} // namespace lessonscope
