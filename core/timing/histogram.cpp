#include "core/timing/histogram.h"

#include "core/base/units.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lessonscope {

namespace {

// A bin edge as a duration in its own unit ("640 ns", "2.10 µs") with digits significant digits.
std::string edgeText(double seconds, int digits)
{
    if (seconds == 0)
        return "0 s";
    if (!std::isfinite(seconds) || std::fabs(seconds) >= 1e5)
        return formatDuration(seconds); // beyond a day: a power of ten, not hundreds of digits
    const DurationUnit unit = durationUnitFor(seconds);
    const double value = seconds / unit.secondsPerUnit;
    // Digits before the point, from -324 (a denormal) to 309 (the largest double): clamped before
    // the conversion, so that no edge of a hostile file's samples makes an int out of infinity.
    const int whole = static_cast<int>(std::clamp(std::floor(std::log10(std::fabs(value))), -400.0, 400.0)) + 1;
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f %s", std::max(digits - whole, 0), value, unit.symbol);
    return buffer;
}

} // namespace

Histogram histogramOf(std::span<const double> samples, int bins)
{
    Histogram histogram;
    if (samples.empty() || std::any_of(samples.begin(), samples.end(), [](double v) { return !std::isfinite(v); }))
        return histogram;
    bins = std::max(bins, 1);
    const double low = percentile(samples, 1);
    const double high = percentile(samples, 99);
    if (!(high > low))
        bins = 1; // (nearly) every sample the same: one bin holds them
    // Timings spread over decades (an interrupted call is a thousand typical ones), so the bins
    // grow geometrically; a sample with a zero or negative 1st percentile gets equal bins.
    const bool geometric = low > 0;
    double step = geometric ? std::pow(high / low, 1.0 / bins) : (high - low) / bins;
    // A hostile file's samples can run from a denormal to the largest double, whose ratio (or,
    // from its negative, whose difference) overflows: then the same edges in forms that stay finite.
    const bool overflows = !std::isfinite(step);
    const double logStep = geometric && overflows ? (std::log(high) - std::log(low)) / bins : 0;
    if (overflows)
        step = geometric ? std::exp(logStep) : high / bins - low / bins;
    std::vector<double> edges; // lower edges, then high
    for (int i = 0; i < bins; ++i) {
        if (geometric)
            edges.push_back(overflows ? std::exp(std::log(low) + i * logStep) : low * std::pow(step, i));
        else
            edges.push_back(low + i * step);
    }
    edges.front() = low;
    edges.push_back(high);
    std::vector<std::int64_t> counts(static_cast<std::size_t>(bins) + 2, 0);
    for (double v : samples) {
        std::size_t slot = 0; // the underflow bin
        if (v > high)
            slot = counts.size() - 1;
        else if (v >= low) // the last edge at or below v; high itself is in the last bin
            slot = std::min<std::size_t>(
                static_cast<std::size_t>(std::upper_bound(edges.begin(), edges.end(), v) - edges.begin()),
                static_cast<std::size_t>(bins));
        ++counts[slot];
    }
    // As many significant digits as tell neighbouring edges apart (three at least).
    const double spacing = geometric ? step - 1 : (high > 0 ? step / high : 0);
    const int digits = spacing > 0 ? static_cast<int>(std::clamp(std::ceil(-std::log10(spacing)) + 1, 3.0, 8.0)) : 3;
    histogram.labels.push_back("< " + edgeText(low, digits));
    for (int i = 0; i < bins; ++i)
        histogram.labels.push_back(edgeText(edges[static_cast<std::size_t>(i)], digits));
    histogram.labels.push_back("> " + edgeText(high, digits));
    histogram.counts = std::move(counts);
    return histogram;
}

} // namespace lessonscope
