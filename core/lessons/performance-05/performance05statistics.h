#pragma once

// performance-05's statistics of a sample of timings, pure functions of the samples: the median
// and its 95% interval (core/timing/statistics: the order-statistic interval), the running median
// and mean, the samples the interval needed to come within ±2% of the median, the outliers by
// their stated rule, and the histogram the "Distribution" panel draws.

#include "core/timing/histogram.h"
#include "core/timing/statistics.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace lessonscope::performance05 {

// An outlier lies above median + kOutlierMads × MAD (the MAD unscaled, not × 1.4826).
inline constexpr double kOutlierMads = 5;
// The interval is "within ±2%" when both its ends lie within 2% of the median.
inline constexpr double kTargetFraction = 0.02;
// The interval is judged from this many samples on: below it the order-statistic interval is the
// sample's range and says little; below 6 it cannot hold 95% (kTrustedSamples of core/lesson/artifactcomparison.h).
inline constexpr std::size_t kFirstJudged = 10;

// The figures over the first n samples, for every n from 1 to the sample's size (element n − 1).
struct RunningFigures {
    std::vector<double> median; // as numpy.median: the mean of the two middle values for even n
    std::vector<double> mean;
    std::vector<double> low;  // the median's 95% interval (kZ95), its low end
    std::vector<double> high; // and its high end

    std::size_t size() const { return median.size(); }
};
// O(n log n): each sample is inserted once into a counting tree over the samples' ranks, and every
// order statistic of a prefix is read from it in O(log n). Empty for a sample with a NaN.
RunningFigures runningFigures(std::span<const double> samples);

// low and high both within ±fraction of median.
bool withinFraction(double low, double high, double median, double fraction);

// The rule of samples_for_2_percent: the smallest n ≥ from such that the interval of the first m
// samples lies within ±fraction of their median for every m from n to the whole sample — it
// came within and stayed there. Nothing when the whole sample's interval is not within.
std::optional<std::size_t> samplesWithin(const RunningFigures &running, double fraction,
                                         std::size_t from = kFirstJudged);

// Samples above median + kOutlierMads × mad.
std::size_t countOutliers(std::span<const double> samples, double median, double mad);

// Everything stdout states of the sample, computed once.
struct SampleFigures {
    double median = 0;
    double mean = 0;
    double mad = 0;
    MedianInterval interval; // 95%
    std::size_t outliers = 0;
    std::optional<std::size_t> samplesFor2Percent;
};
SampleFigures figuresOf(std::span<const double> samples); // samples not empty, no NaN

// The "Distribution" panel's bins: lessonscope::histogramOf (core/timing/histogram.h).
using lessonscope::Histogram;
using lessonscope::histogramOf;

} // namespace lessonscope::performance05
