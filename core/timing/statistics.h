#pragma once

#include <cstddef>
#include <optional>
#include <span>

namespace lessonscope {

// Summary statistics of a sample. An empty sample gives count 0 and every value NaN.
struct Statistics {
    std::size_t count = 0;
    double min = 0;
    double max = 0;
    double mean = 0;
    double median = 0;
    double stddev = 0; // sample standard deviation (n - 1); 0 for a single value
    double mad = 0;    // median absolute deviation from the median, unscaled
};

Statistics summarize(std::span<const double> values);

// The median as numpy computes it: the middle value, or the mean of the two middle values.
double median(std::span<const double> values);
// The same, reordering values instead of copying them (for a caller that holds its own copy).
double medianInPlace(std::span<double> values);
// The median of values' finite ones (NaN and infinities left out; NaN when there are none),
// neither copied nor reordered: a radix selection over the values' bits in four passes of 16 bits,
// 512 KiB of counts whatever the count (a chart's description of a 10⁷-point series).
double medianOfFinite(std::span<const double> values);

// Percentile q in [0, 100] with linear interpolation between closest ranks (numpy's default).
double percentile(std::span<const double> values, double q);

// z of a two-sided 95% interval under the normal distribution.
inline constexpr double kZ95 = 1.959963984540054;

// The distribution-free confidence interval of a sample's median, from two of its order
// statistics: 1-based ranks ⌊n/2 − z·√n/2⌋ and ⌈n/2 + 1 + z·√n/2⌉ (the binomial's normal
// approximation), clamped to 1…n. Timings are skewed and often bimodal, so no normal model of
// the values themselves; the interval needs one sort and no resampling.
struct OrderStatisticRanks {
    std::size_t low = 0;  // 0-based index into the sorted sample
    std::size_t high = 0; // 0-based index into the sorted sample
};
OrderStatisticRanks medianIntervalRanks(std::size_t count, double z); // count ≥ 1

struct MedianInterval {
    double low = 0;
    double high = 0;
};
// The interval of values' median at z (kZ95: 95%); NaN ends for an empty sample or one with NaN.
MedianInterval medianInterval(std::span<const double> values, double z);

// z of a two-sided 99% interval under the normal distribution.
inline constexpr double kZ99 = 2.5758293035489004;

// The two-sided quantile of Student's t with `degrees` degrees of freedom at 95% or 99% (t such
// that P(|T| ≤ t) = 0.95 or 0.99): exact to the printed digits for whole degrees up to 30 (a
// table), linearly interpolated between them, and the Cornish–Fisher expansion above; degrees
// below 1 read as 1.
double studentT95(double degrees);
double studentT99(double degrees);

// An interval at `confidence` (0.95 or 0.99) for the ratio of two positive quantities measured in
// rounds: Welch's t on the logarithms of each side's round values (the rounds' own spread, not the
// samples'), centred where that t is valid, on the ratio of the two sides' geometric means of
// rounds. Needs two rounds a side; nullopt otherwise, or for values that are not positive.
struct RoundRatioInterval {
    double low = 0;
    double high = 0;
    double degrees = 0; // Welch–Satterthwaite
};
std::optional<RoundRatioInterval> roundRatioInterval(std::span<const double> a, std::span<const double> b,
                                                     double confidence = 0.95);

} // namespace lessonscope
