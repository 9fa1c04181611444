#pragma once

#include <cstddef>
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

// Percentile q in [0, 100] with linear interpolation between closest ranks (numpy's default).
double percentile(std::span<const double> values, double q);

} // namespace lessonscope
