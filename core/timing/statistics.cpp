#include "core/timing/statistics.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

namespace lessonscope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool containsNaN(std::span<const double> values)
{
    return std::any_of(values.begin(), values.end(), [](double v) { return std::isnan(v); });
}

// numpy's linear interpolation between two closest ranks of a sorted sample.
double sortedPercentile(const std::vector<double> &sorted, double q)
{
    const double rank = q / 100.0 * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(rank));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = rank - static_cast<double>(below);
    const double a = sorted[below];
    const double b = sorted[above];
    // numpy interpolates from the nearer end (its _lerp), which keeps the result exact at the
    // ends and monotonic in q; the two forms differ only in the last bit.
    return fraction < 0.5 ? a + (b - a) * fraction : b - (b - a) * (1.0 - fraction);
}

double sortedMedian(const std::vector<double> &sorted)
{
    const std::size_t n = sorted.size();
    if (n % 2 == 1)
        return sorted[n / 2];
    // numpy.median averages the two middle values as their mean.
    return (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
}

std::vector<double> sortedCopy(std::span<const double> values)
{
    std::vector<double> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

} // namespace

Statistics summarize(std::span<const double> values)
{
    Statistics s;
    s.count = values.size();
    if (values.empty() || containsNaN(values)) {
        // Like numpy, a NaN anywhere makes every order statistic NaN; sorting it would be
        // undefined behaviour besides.
        s.min = s.max = s.mean = s.median = s.stddev = s.mad = kNaN;
        return s;
    }

    const std::vector<double> sorted = sortedCopy(values);
    const auto n = static_cast<double>(sorted.size());
    s.min = sorted.front();
    s.max = sorted.back();
    s.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / n;
    s.median = sortedMedian(sorted);

    if (sorted.size() > 1) {
        double squares = 0;
        for (double v : sorted)
            squares += (v - s.mean) * (v - s.mean);
        s.stddev = std::sqrt(squares / (n - 1.0));
    }

    std::vector<double> deviations;
    deviations.reserve(sorted.size());
    for (double v : sorted)
        deviations.push_back(std::fabs(v - s.median));
    std::sort(deviations.begin(), deviations.end());
    s.mad = sortedMedian(deviations);
    return s;
}

double median(std::span<const double> values)
{
    if (values.empty() || containsNaN(values))
        return kNaN;
    std::vector<double> copy(values.begin(), values.end());
    return medianInPlace(copy);
}

double medianInPlace(std::span<double> values)
{
    if (values.empty() || containsNaN(values))
        return kNaN;
    // Selection, not a sort: linear in the count, which a panel of 10⁷ points feels.
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    if (values.size() % 2 == 1)
        return *middle;
    // numpy.median averages the two middle values as their mean: the lower one is the largest
    // of those nth_element left before the middle.
    return (*std::max_element(values.begin(), middle) + *middle) / 2.0;
}

namespace {

// A double's bits as an unsigned key that orders as the values do (negative values have their
// bits inverted, positive ones their sign bit set).
std::uint64_t orderKey(double value)
{
    const auto bits = std::bit_cast<std::uint64_t>(value);
    return (bits >> 63) ? ~bits : bits | (std::uint64_t(1) << 63);
}

double fromOrderKey(std::uint64_t key)
{
    return std::bit_cast<double>((key >> 63) ? key & ~(std::uint64_t(1) << 63) : ~key);
}

// The rank-th smallest (0 first) of values' finite ones; rank < their count.
double finiteOrderStatistic(std::span<const double> values, std::size_t rank)
{
    std::vector<std::size_t> counts(std::size_t(1) << 16);
    std::uint64_t prefix = 0, mask = 0;
    for (int shift = 48; shift >= 0; shift -= 16) {
        std::fill(counts.begin(), counts.end(), 0);
        for (const double value : values) {
            if (!std::isfinite(value))
                continue;
            const std::uint64_t key = orderKey(value);
            if ((key & mask) == prefix)
                ++counts[(key >> shift) & 0xFFFF];
        }
        std::size_t digit = 0;
        while (rank >= counts[digit])
            rank -= counts[digit++];
        prefix |= std::uint64_t(digit) << shift;
        mask |= std::uint64_t(0xFFFF) << shift;
    }
    return fromOrderKey(prefix);
}

} // namespace

double medianOfFinite(std::span<const double> values)
{
    const auto finite = static_cast<std::size_t>(
        std::count_if(values.begin(), values.end(), [](double v) { return std::isfinite(v); }));
    if (finite == 0)
        return kNaN;
    const double upper = finiteOrderStatistic(values, finite / 2);
    if (finite % 2 == 1)
        return upper;
    return (finiteOrderStatistic(values, finite / 2 - 1) + upper) / 2.0; // numpy's mean of the two
}

OrderStatisticRanks medianIntervalRanks(std::size_t count, double z)
{
    const double n = static_cast<double>(std::max<std::size_t>(count, 1));
    const double half = z * std::sqrt(n) / 2;
    const auto index = [n](double rank) { return static_cast<std::size_t>(std::clamp(rank, 1.0, n)) - 1; };
    return {index(std::floor(n / 2 - half)), index(std::ceil(n / 2 + 1 + half))};
}

MedianInterval medianInterval(std::span<const double> values, double z)
{
    if (values.empty() || containsNaN(values))
        return {kNaN, kNaN};
    const std::vector<double> sorted = sortedCopy(values);
    const OrderStatisticRanks ranks = medianIntervalRanks(sorted.size(), z);
    return {sorted[ranks.low], sorted[ranks.high]};
}

double percentile(std::span<const double> values, double q)
{
    // numpy raises for q outside [0, 100]; a function that never throws says "no value".
    if (values.empty() || containsNaN(values) || !(q >= 0.0 && q <= 100.0))
        return kNaN;
    return sortedPercentile(sortedCopy(values), q);
}

namespace {

// t for ν = 1 … 30 from its table, interpolated; above, the Cornish–Fisher expansion around z:
// z + (z³ + z)/4ν + (5z⁵ + 16z³ + 3z)/96ν² (Abramowitz & Stegun 26.7.5).
double studentT(double degrees, const double (&table)[30], double z)
{
    if (!(degrees >= 1))
        degrees = 1;
    if (degrees <= 30) {
        const auto below = static_cast<std::size_t>(std::floor(degrees));
        const double fraction = degrees - static_cast<double>(below);
        const double a = table[below - 1];
        const double b = below < 30 ? table[below] : a;
        return a + fraction * (b - a);
    }
    const double z3 = z * z * z, z5 = z3 * z * z;
    return z + (z3 + z) / (4 * degrees) + (5 * z5 + 16 * z3 + 3 * z) / (96 * degrees * degrees);
}

} // namespace

double studentT95(double degrees)
{
    // t(0.975, ν) for ν = 1 … 30, to four decimals (any table of Student's t).
    static constexpr double kTable[30]
        = {12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
           2.2010,  2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
           2.0796,  2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423};
    return studentT(degrees, kTable, kZ95);
}

double studentT99(double degrees)
{
    // t(0.995, ν) for ν = 1 … 30, to four decimals.
    static constexpr double kTable[30]
        = {63.6567, 9.9248, 5.8409, 4.6041, 4.0321, 3.7074, 3.4995, 3.3554, 3.2498, 3.1693,
           3.1058,  3.0545, 3.0123, 2.9768, 2.9467, 2.9208, 2.8982, 2.8784, 2.8609, 2.8453,
           2.8314,  2.8188, 2.8073, 2.7969, 2.7874, 2.7787, 2.7707, 2.7633, 2.7564, 2.7500};
    return studentT(degrees, kTable, kZ99);
}

std::optional<RoundRatioInterval> roundRatioInterval(std::span<const double> a, std::span<const double> b,
                                                     double confidence)
{
    if (a.size() < 2 || b.size() < 2)
        return std::nullopt;
    const auto logs = [](std::span<const double> values, double &mean, double &variance) {
        std::vector<double> l;
        for (double v : values) {
            if (!(v > 0) || !std::isfinite(v))
                return false;
            l.push_back(std::log(v));
        }
        mean = std::accumulate(l.begin(), l.end(), 0.0) / static_cast<double>(l.size());
        double sum = 0;
        for (double x : l)
            sum += (x - mean) * (x - mean);
        variance = sum / static_cast<double>(l.size() - 1);
        return true;
    };
    double ma = 0, va = 0, mb = 0, vb = 0;
    if (!logs(a, ma, va) || !logs(b, mb, vb))
        return std::nullopt;
    const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
    const double wa = va / na, wb = vb / nb;
    const double se = std::sqrt(wa + wb);
    RoundRatioInterval interval;
    // Welch–Satterthwaite; rounds that agree exactly on both sides leave no spread to weigh.
    interval.degrees = se > 0 ? (wa + wb) * (wa + wb) / (wa * wa / (na - 1) + wb * wb / (nb - 1)) : na + nb - 2;
    const double half = (confidence >= 0.99 ? studentT99(interval.degrees) : studentT95(interval.degrees)) * se;
    // Centred on the difference of the means of the logs, which Welch's t is about: centred on
    // another ratio (the pooled medians'), its coverage would not be what it states.
    interval.low = std::exp(mb - ma - half);
    interval.high = std::exp(mb - ma + half);
    return interval;
}

} // namespace lessonscope
