#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lessonscope {

// A duration in a readable unit with three significant digits: "8.50 µs", "29.2 ms", "1.20 s",
// "640 ns". Negative durations keep their sign; NaN reads "n/a".
std::string formatDuration(double seconds);

// The unit formatDuration would pick for a magnitude, and its scale: (1e-6, "µs").
struct DurationUnit {
    double secondsPerUnit;
    const char *symbol;
};
DurationUnit durationUnitFor(double seconds);

// A ratio as people read it: "1,530×", "46.5×", "1.42×", "0.51×", "0.00000025×" — whole numbers
// with thousands separators from 100, two significant digits at least below 0.01; never an
// exponent. NaN: "n/a".
std::string formatRatio(double ratio);
// A fraction as a percentage, formatNumber(fraction × 100) and "%": 0.253 → "25.3%".
std::string formatPercent(double fraction);

// A plain number (an error, a count) with three significant digits as people read it: "0.0153",
// "42.1", "2.38 × 10⁻⁷", "1.20 × 10⁹" — powers of ten written out, never an "e" exponent.
std::string formatNumber(double value);

// A count as people read it: 10013 → "10,013".
std::string formatCount(std::int64_t count);

// A matrix shape as people write it: {64, 32} → "64×32".
std::string formatShape(const std::vector<std::int64_t> &shape);

} // namespace lessonscope
