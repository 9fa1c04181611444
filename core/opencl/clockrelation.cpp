#include "core/opencl/clockrelation.h"

#include "core/timing/monotonicclock.h"

#include <algorithm>
#include <limits>
#include <time.h>
#include <vector>

namespace lessonscope {

namespace {

clockid_t clockIdOf(HostClock clock)
{
    switch (clock) {
    case HostClock::MonotonicRaw:
        return CLOCK_MONOTONIC_RAW;
    case HostClock::Monotonic:
        return CLOCK_MONOTONIC;
    case HostClock::Boottime:
        break;
    }
    return CLOCK_BOOTTIME;
}

constexpr HostClock kCandidates[] = {HostClock::MonotonicRaw, HostClock::Monotonic, HostClock::Boottime};

} // namespace

OffsetInterval offsetInterval(std::span<const ClockBracket> brackets)
{
    OffsetInterval interval{std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(), 0};
    for (const ClockBracket &bracket : brackets) {
        interval.lowNs = std::max(interval.lowNs, bracket.hostBeginNs - bracket.otherNs);
        interval.highNs = std::min(interval.highNs, bracket.hostEndNs - bracket.otherNs);
        ++interval.samples;
    }
    return interval;
}

OffsetInterval intersection(const OffsetInterval &a, const OffsetInterval &b)
{
    return {std::max(a.lowNs, b.lowNs), std::min(a.highNs, b.highNs), a.samples + b.samples};
}

OffsetInterval offsetHull(std::span<const ClockBracket> brackets)
{
    OffsetInterval interval{std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min(), 0};
    for (const ClockBracket &bracket : brackets) {
        interval.lowNs = std::min(interval.lowNs, bracket.hostBeginNs - bracket.otherNs);
        interval.highNs = std::max(interval.highNs, bracket.hostEndNs - bracket.otherNs);
        ++interval.samples;
    }
    return interval;
}

OffsetInterval hull(const OffsetInterval &a, const OffsetInterval &b)
{
    if (!a.consistent())
        return b;
    if (!b.consistent())
        return a;
    return {std::min(a.lowNs, b.lowNs), std::max(a.highNs, b.highNs), a.samples + b.samples};
}

OffsetInterval sum(const OffsetInterval &a, const OffsetInterval &b)
{
    return {a.lowNs + b.lowNs, a.highNs + b.highNs, std::min(a.samples, b.samples)};
}

const char *hostClockName(HostClock clock)
{
    switch (clock) {
    case HostClock::MonotonicRaw:
        return "CLOCK_MONOTONIC_RAW";
    case HostClock::Monotonic:
        return "CLOCK_MONOTONIC";
    case HostClock::Boottime:
        break;
    }
    return "CLOCK_BOOTTIME";
}

std::int64_t readHostClock(HostClock clock)
{
    timespec now{};
    clock_gettime(clockIdOf(clock), &now);
    return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

OffsetInterval monotonicMinus(HostClock clock, int samples)
{
    std::vector<ClockBracket> brackets(static_cast<std::size_t>(std::max(samples, 1)));
    for (ClockBracket &bracket : brackets) {
        bracket.hostBeginNs = MonotonicClock::nowNs();
        bracket.otherNs = readHostClock(clock);
        bracket.hostEndNs = MonotonicClock::nowNs();
    }
    return offsetInterval(brackets);
}

std::optional<HostClock> identifyHostClock(const std::function<std::int64_t()> &readOther, int samples,
                                           OffsetInterval *evidence)
{
    std::vector<ClockBracket> brackets(static_cast<std::size_t>(std::max(samples, 1)));
    for (HostClock candidate : kCandidates) {
        for (ClockBracket &bracket : brackets) {
            bracket.hostBeginNs = readHostClock(candidate);
            bracket.otherNs = readOther();
            bracket.hostEndNs = readHostClock(candidate);
        }
        const OffsetInterval interval = offsetInterval(brackets);
        if (interval.consistent() && interval.lowNs <= 0 && interval.highNs >= 0) {
            if (evidence)
                *evidence = interval;
            return candidate;
        }
    }
    return std::nullopt;
}

std::int64_t DeviceClockRelation::toHostNs(std::int64_t deviceNs) const
{
    if (lastDeviceNs == firstDeviceNs)
        return deviceNs + firstOffsetNs;
    // In long double: the products of nanosecond spans overflow 64 bits after a few seconds.
    const long double slope = static_cast<long double>(lastOffsetNs - firstOffsetNs)
        / static_cast<long double>(lastDeviceNs - firstDeviceNs);
    const long double offset = firstOffsetNs + slope * static_cast<long double>(deviceNs - firstDeviceNs);
    return deviceNs + static_cast<std::int64_t>(offset < 0 ? offset - 0.5L : offset + 0.5L);
}

double DeviceClockRelation::driftPpm() const
{
    if (lastDeviceNs == firstDeviceNs)
        return 0;
    return static_cast<double>(lastOffsetNs - firstOffsetNs) / static_cast<double>(lastDeviceNs - firstDeviceNs) * 1e6;
}

const char *clockMethodName(DeviceClockRelation::Method method)
{
    switch (method) {
    case DeviceClockRelation::Method::DeviceIsHostClock:
        return "device clock is a host clock";
    case DeviceClockRelation::Method::DeviceAndHostTimer:
        return "clGetDeviceAndHostTimer";
    case DeviceClockRelation::Method::ProfilingBrackets:
        return "profiling brackets";
    case DeviceClockRelation::Method::None:
        break;
    }
    return "none";
}

DeviceClockRelation combined(const DeviceClockRelation &earlier, const DeviceClockRelation &later)
{
    if (!earlier.established() || earlier.method != later.method || earlier.deviceClock != later.deviceClock
        || later.firstDeviceNs == earlier.firstDeviceNs)
        return later;
    DeviceClockRelation both = later;
    both.firstDeviceNs = earlier.firstDeviceNs;
    both.firstOffsetNs = earlier.firstOffsetNs;
    both.lastDeviceNs = later.lastDeviceNs;
    both.lastOffsetNs = later.lastOffsetNs;
    both.uncertaintyNs = std::max(earlier.uncertaintyNs, later.uncertaintyNs);
    both.samples = earlier.samples + later.samples;
    return both;
}

} // namespace lessonscope
