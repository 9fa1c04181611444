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

// A matrix shape as people write it: {64, 32} → "64×32".
std::string formatShape(const std::vector<std::int64_t> &shape);

} // namespace lessonscope
