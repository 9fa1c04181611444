#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace lessonscope {

// A distribution of durations: bins from the 1st to the 99th percentile, growing geometrically
// (each the same factor wider than the one before: timings spread over decades, an interrupted
// call is a thousand typical ones; equal widths when the 1st percentile is not positive), an
// underflow bin for the samples below and an overflow bin for those above. Labels are the bins'
// lower edges as durations ("< 2.10 µs", "2.10 µs", …, "> 9.80 µs") with as many significant
// digits as tell neighbouring edges apart. A lesson's distribution panel, and the
// distribution the explorer offers for any long series of durations.
struct Histogram {
    std::vector<std::string> labels;
    std::vector<std::int64_t> counts;
};
inline constexpr int kHistogramBins = 12; // between the percentiles
// Empty for no samples or a non-finite one.
Histogram histogramOf(std::span<const double> samples, int bins = kHistogramBins);

} // namespace lessonscope
