#pragma once

#include <optional>
#include <span>

namespace lessonscope {

// The two-sided Mann–Whitney U test, computed as SciPy 1.10's scipy.stats.mannwhitneyu computes
// it with its defaults (alternative="two-sided", use_continuity=True, method="auto") — the call
// Google Benchmark's compare.py makes on the repetitions of a benchmark (gbench/report.py,
// calc_utest), so that a user of it reads here the p-value they know:
//   - ranks over both samples together, ties given their average rank; U1 = R1 − n1(n1+1)/2 and
//     U = max(U1, n1·n2 − U1);
//   - exact when either sample has 8 values or fewer and no two values of the pooled sample are
//     equal: p = 2·P(U' ≥ U) under the null distribution of U (the coefficients of the Gaussian
//     binomial [n1+n2 choose n1] in q), at most 1;
//   - otherwise the normal approximation with the tie correction and a continuity correction of
//     one half: z = (U − n1·n2/2 − 0.5) / σ, σ² = n1·n2/12 · ((n+1) − Σ(t³−t)/(n(n−1))), and
//     p = 2·(1 − Φ(z)), at most 1 (1 when every value is the same).
struct MannWhitneyU {
    double u1 = 0;      // the first sample's statistic (SciPy's "statistic")
    double pValue = 1;  // two-sided
    bool exact = false; // the exact distribution; else the normal approximation
};

// Nothing when either sample is empty or holds a value that is not finite.
std::optional<MannWhitneyU> mannWhitneyU(std::span<const double> x, std::span<const double> y);

} // namespace lessonscope
