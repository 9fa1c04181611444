// Built with -ffp-contract=off (core/CMakeLists.txt): TwoSum and TwoProduct are exact only when
// every operation is rounded as written, and a fused multiply-add the compiler chose would lose
// the very error they keep.
#include "core/timing/productreference.h"

#include "core/base/orderedparallel.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <thread>
#include <type_traits>
#include <vector>

namespace lessonscope {

namespace {

// s + e == a + b exactly, s = fl(a + b) (Knuth's TwoSum: no condition on the magnitudes).
inline void twoSum(double a, double b, double &s, double &e)
{
    s = a + b;
    const double bb = s - a;
    e = (a - (s - bb)) + (b - bb);
}

// p + e == a · b exactly, p = fl(a · b): with a fused multiply-add where the CPU has one, else
// Dekker's split of each factor into halves whose products are exact.
inline void twoProduct(double a, double b, double &p, double &e)
{
    p = a * b;
#if defined(__FMA__)
    e = std::fma(a, b, -p);
#else
    constexpr double kSplit = 134217729.0; // 2^27 + 1
    const double ca = kSplit * a;
    const double ah = ca - (ca - a);
    const double al = a - ah;
    const double cb = kSplit * b;
    const double bh = cb - (cb - b);
    const double bl = b - bh;
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
#endif
}

// The exact x · weight added into (high, low), element-wise along a column.
template<typename Scalar>
inline void accumulate(double &high, double &low, Scalar x, double weight)
{
    double product = 0;
    double productError = 0;
    if constexpr (std::is_same_v<Scalar, float>)
        product = static_cast<double>(x) * weight; // 24 + 24 bits: exact in a double
    else
        twoProduct(x, weight, product, productError);
    double sum = 0;
    double sumError = 0;
    twoSum(high, product, sum, sumError);
    high = sum;
    low += sumError + productError;
}

// The largest error over output columns [first, last).
template<typename Scalar>
double worstOfColumns(const Scalar *x, const Scalar *w, const Scalar *out, std::int64_t m, std::int64_t k,
                      std::int64_t first, std::int64_t last)
{
    const auto rows = static_cast<std::size_t>(m);
    std::vector<double> highs(rows), lows(rows);
    double *const high = highs.data();
    double *const low = lows.data();
    double worst = 0;
    for (std::int64_t col = first; col < last; ++col) {
        std::fill(highs.begin(), highs.end(), 0.0);
        std::fill(lows.begin(), lows.end(), 0.0);
        const Scalar *weights = w + col * k;
        // Four terms per pass over the column: the running sums stay in registers across them,
        // and are loaded and stored a quarter as often (the loop is bound by those, not the sums).
        std::int64_t p = 0;
        for (; p + 4 <= k; p += 4) {
            const Scalar *x0 = x + p * m, *x1 = x0 + m, *x2 = x1 + m, *x3 = x2 + m;
            const double w0 = weights[p], w1 = weights[p + 1], w2 = weights[p + 2], w3 = weights[p + 3];
            for (std::size_t row = 0; row < rows; ++row) {
                double h = high[row];
                double l = low[row];
                accumulate(h, l, x0[row], w0);
                accumulate(h, l, x1[row], w1);
                accumulate(h, l, x2[row], w2);
                accumulate(h, l, x3[row], w3);
                high[row] = h;
                low[row] = l;
            }
        }
        for (; p < k; ++p) {
            const Scalar *column = x + p * m;
            for (std::size_t row = 0; row < rows; ++row)
                accumulate(high[row], low[row], column[row], static_cast<double>(weights[p]));
        }
        const Scalar *result = out + col * m;
        for (std::size_t row = 0; row < rows; ++row) {
            // result and high agree to within the product's error: their difference is exact.
            const double difference = (static_cast<double>(result[row]) - high[row]) - low[row];
            worst = std::max(worst, std::fabs(difference));
        }
    }
    return worst;
}

// Thrown from the delivery of a block to stop the workers (forEachInOrder joins them first).
struct StopRequested { };

template<typename Scalar>
double maxAbsError(const Scalar *x, const Scalar *w, const Scalar *out, std::int64_t m, std::int64_t k, std::int64_t n,
                   const std::function<bool()> &stopped)
{
    if (m <= 0 || k <= 0 || n <= 0 || !x || !w || !out)
        return std::numeric_limits<double>::quiet_NaN();
    // The check runs after the clock stopped, so it may use every core: blocks of columns in
    // parallel (a small product, 64×32 · 32×16, stays on this thread).
    constexpr std::int64_t kColumnsPerBlock = 16;
    constexpr double kParallelFrom = 1 << 24; // multiply-adds
    const std::size_t blocks = static_cast<std::size_t>((n + kColumnsPerBlock - 1) / kColumnsPerBlock);
    const bool large = static_cast<double>(m) * static_cast<double>(k) * static_cast<double>(n) >= kParallelFrom;
    const int threads = large ? static_cast<int>(std::max(1u, std::thread::hardware_concurrency())) : 1;
    double worst = 0;
    try {
        forEachInOrder(
            blocks, threads, 2 * static_cast<std::size_t>(threads),
            [&](std::size_t block) {
                const std::int64_t first = static_cast<std::int64_t>(block) * kColumnsPerBlock;
                return worstOfColumns(x, w, out, m, k, first, std::min(n, first + kColumnsPerBlock));
            },
            [&](std::size_t block, double blockWorst) {
                worst = std::max(worst, blockWorst);
                // Asked on this thread, between blocks: a stop waits for the few in flight only.
                // A check of one block is whole before anything could stop it.
                if (block + 1 < blocks && stopped && stopped())
                    throw StopRequested{};
            });
    } catch (const StopRequested &) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return worst;
}

} // namespace

double maxAbsErrorOfProduct(const float *x, const float *w, const float *out, std::int64_t m, std::int64_t k,
                            std::int64_t n, const std::function<bool()> &stopped)
{
    return maxAbsError(x, w, out, m, k, n, stopped);
}

double maxAbsErrorOfProduct(const double *x, const double *w, const double *out, std::int64_t m, std::int64_t k,
                            std::int64_t n, const std::function<bool()> &stopped)
{
    return maxAbsError(x, w, out, m, k, n, stopped);
}

} // namespace lessonscope
