#include "core/base/units.h"

#include <cmath>
#include <cstdio>

namespace lessonscope {

DurationUnit durationUnitFor(double seconds)
{
    const double magnitude = std::fabs(seconds);
    // Pick the unit by the value as it will be printed (three significant digits), so that
    // 999.96 ns reads "1.00 µs" rather than "1000 ns".
    if (magnitude < 999.5e-9)
        return {1e-9, "ns"};
    if (magnitude < 999.5e-6)
        return {1e-6, "µs"};
    if (magnitude < 999.5e-3)
        return {1e-3, "ms"};
    return {1.0, "s"};
}

std::string formatDuration(double seconds)
{
    if (std::isnan(seconds))
        return "n/a";
    if (std::isinf(seconds))
        return seconds > 0 ? "∞ s" : "-∞ s";
    if (seconds == 0)
        return "0 s";

    const DurationUnit unit = durationUnitFor(seconds);
    const double value = seconds / unit.secondsPerUnit;
    const double magnitude = std::fabs(value);
    // Three significant digits; seconds beyond 999 keep their integer digits.
    const int decimals = magnitude >= 99.95 ? 0 : magnitude >= 9.995 ? 1 : 2;

    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f %s", decimals, value, unit.symbol);
    return buffer;
}

std::string formatShape(const std::vector<std::int64_t> &shape)
{
    std::string text;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0)
            text += "×";
        text += std::to_string(shape[i]);
    }
    return text;
}

} // namespace lessonscope
