#include "core/timing/mannwhitney.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace lessonscope {

namespace {

// SciPy's rule: above 8 values in both samples, or with any tie, the normal approximation.
constexpr std::size_t kExactUpTo = 8;

struct Ranked {
    std::vector<double> ranks; // of the pooled sample, x first, ties at their average rank
    double tieTerm = 0;        // Σ (t³ − t) over the groups of equal values
};

Ranked rankPooled(std::span<const double> x, std::span<const double> y)
{
    std::vector<double> pooled(x.begin(), x.end());
    pooled.insert(pooled.end(), y.begin(), y.end());
    std::vector<std::size_t> order(pooled.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return pooled[a] < pooled[b]; });
    Ranked ranked;
    ranked.ranks.resize(pooled.size());
    for (std::size_t first = 0; first < order.size();) {
        std::size_t last = first + 1;
        while (last < order.size() && pooled[order[last]] == pooled[order[first]])
            ++last;
        // Ranks first+1 … last share their mean.
        const double average = (static_cast<double>(first + 1) + static_cast<double>(last)) / 2;
        for (std::size_t i = first; i < last; ++i)
            ranked.ranks[order[i]] = average;
        const double t = static_cast<double>(last - first);
        ranked.tieTerm += t * t * t - t;
        first = last;
    }
    return ranked;
}

// P(U' ≥ u) for U' the statistic of m values against n under the null hypothesis: the number of
// arrangements with U' = k is the coefficient of q^k in the Gaussian binomial
// [m+n choose m]_q = Π_{i=1..m} (1 − q^(n+i)) / (1 − q^i), built one factor at a time.
double exactSurvival(std::size_t m, std::size_t n, double u)
{
    if (m > n)
        std::swap(m, n); // the same distribution; fewer factors
    std::vector<double> ways(m * n + 1, 0.0);
    ways[0] = 1;
    for (std::size_t i = 1; i <= m; ++i) {
        // × (1 − q^(n+i)), from the top so that each coefficient uses the old ones.
        for (std::size_t k = ways.size(); k-- > n + i;)
            ways[k] -= ways[k - (n + i)];
        // ÷ (1 − q^i): each coefficient adds the one i below it, already divided.
        for (std::size_t k = i; k < ways.size(); ++k)
            ways[k] += ways[k - i];
    }
    const double total = std::accumulate(ways.begin(), ways.end(), 0.0);
    const auto from = static_cast<std::size_t>(std::max(0.0, std::ceil(u)));
    double tail = 0;
    for (std::size_t k = from; k < ways.size(); ++k)
        tail += ways[k];
    return tail / total;
}

double normalSurvival(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

} // namespace

std::optional<MannWhitneyU> mannWhitneyU(std::span<const double> x, std::span<const double> y)
{
    const auto finite = [](double v) { return std::isfinite(v); };
    if (x.empty() || y.empty() || !std::all_of(x.begin(), x.end(), finite) || !std::all_of(y.begin(), y.end(), finite))
        return std::nullopt;
    const double n1 = static_cast<double>(x.size());
    const double n2 = static_cast<double>(y.size());
    const Ranked ranked = rankPooled(x, y);
    const double r1
        = std::accumulate(ranked.ranks.begin(), ranked.ranks.begin() + static_cast<std::ptrdiff_t>(x.size()), 0.0);
    MannWhitneyU result;
    result.u1 = r1 - n1 * (n1 + 1) / 2;
    const double u = std::max(result.u1, n1 * n2 - result.u1);
    const bool small = x.size() <= kExactUpTo || y.size() <= kExactUpTo;
    result.exact = small && ranked.tieTerm == 0;
    if (result.exact) {
        result.pValue = std::min(1.0, 2 * exactSurvival(x.size(), y.size(), u));
        return result;
    }
    const double n = n1 + n2;
    const double variance = n1 * n2 / 12 * ((n + 1) - ranked.tieTerm / (n * (n - 1)));
    if (!(variance > 0)) {
        result.pValue = 1; // every value the same: nothing tells the samples apart
        return result;
    }
    const double z = (u - n1 * n2 / 2 - 0.5) / std::sqrt(variance);
    result.pValue = std::clamp(2 * normalSurvival(z), 0.0, 1.0);
    return result;
}

} // namespace lessonscope
