#include "core/base/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

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

    // Beyond a day no unit reads better than seconds, and whole digits would run to hundreds;
    // below a picosecond, nanoseconds would read "0.00 ns".
    if (std::fabs(seconds) >= 1e5 || std::fabs(seconds) < 1e-12)
        return formatNumber(seconds) + " s";
    const DurationUnit unit = durationUnitFor(seconds);
    const double value = seconds / unit.secondsPerUnit;
    const double magnitude = std::fabs(value);
    // Three significant digits; seconds beyond 999 keep their integer digits.
    const int decimals = magnitude >= 99.95 ? 0 : magnitude >= 9.995 ? 1 : 2;

    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f %s", decimals, value, unit.symbol);
    return buffer;
}

std::string formatRatio(double ratio)
{
    if (!std::isfinite(ratio))
        return std::isnan(ratio) ? "n/a" : "∞×";
    char buffer[64];
    const double magnitude = std::fabs(ratio);
    // A thousand million million, or a thousand millionth: digits no one reads.
    if (magnitude >= 1e15 || (magnitude > 0 && magnitude < 1e-9))
        return formatNumber(ratio) + "×";
    if (magnitude >= 99.5) {
        // Whole, with a comma every three digits: 1530 → "1,530".
        std::string text = formatCount(static_cast<std::int64_t>(std::llround(ratio)));
        text += "×";
        return text;
    }
    // Two decimals down to 0.01; below, as many as two significant digits need (0.00000025×).
    int decimals = magnitude >= 9.995 ? 1 : 2;
    if (magnitude > 0 && magnitude < 0.00995)
        decimals = std::min(20, static_cast<int>(std::ceil(-std::log10(magnitude))) + 1);
    std::snprintf(buffer, sizeof buffer, "%.*f×", decimals, ratio);
    return buffer;
}

std::string formatNumber(double value)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "n/a" : (value > 0 ? "∞" : "-∞");
    char buffer[64];
    const double magnitude = std::fabs(value);
    if (magnitude >= 999.5 && magnitude < 1e6) {
        // %.3g would write 1818 as "1.82e+03": whole numbers keep their digits (a count stays exact).
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
        return buffer;
    }
    if (magnitude == 0 || (magnitude >= 1e-3 && magnitude < 1e6)) {
        std::snprintf(buffer, sizeof buffer, "%.3g", value);
        return buffer;
    }
    // printf rounds the mantissa and finds the exponent together (9.996e-7 is "1.00e-06"), for
    // every double: dividing by a power of ten would make a denormal's mantissa infinite (10⁻³²⁴
    // is 0 in a double).
    std::snprintf(buffer, sizeof buffer, "%.2e", value);
    const std::string text = buffer;
    const std::size_t e = text.find('e');
    const int exponent = std::atoi(text.c_str() + e + 1);
    static const char *const kSuperscript[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    std::string power = exponent < 0 ? "⁻" : "";
    for (char digit : std::to_string(std::abs(exponent)))
        power += kSuperscript[digit - '0'];
    return text.substr(0, e) + " × 10" + power;
}

std::string formatCount(std::int64_t count)
{
    const std::string plain
        = std::to_string(count < 0 ? -static_cast<std::uint64_t>(count) : static_cast<std::uint64_t>(count));
    std::string text = count < 0 ? "-" : "";
    for (std::size_t i = 0; i < plain.size(); ++i) {
        if (i > 0 && (plain.size() - i) % 3 == 0)
            text += ',';
        text += plain[i];
    }
    return text;
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

std::string formatPercent(double fraction) { return formatNumber(fraction * 100) + "%"; }

} // namespace lessonscope
