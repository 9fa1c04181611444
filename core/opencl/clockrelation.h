#pragma once

// How two clocks relate, from reads of both: pure arithmetic, no OpenCL (deviceclock.h takes the
// reads from a device). Every interval is what the reads prove, never a guess: an event the other
// clock stamped `otherNs` happened while the host clock went from hostBeginNs to hostEndNs, so
// host − other lies in [hostBeginNs − otherNs, hostEndNs − otherNs]; many such reads narrow it to
// their intersection, and an empty intersection says the clocks are not a constant offset apart.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

namespace lessonscope {

struct ClockBracket {
    std::int64_t hostBeginNs = 0;
    std::int64_t otherNs = 0;
    std::int64_t hostEndNs = 0;
};

// host − other ∈ [lowNs, highNs], from `samples` reads.
struct OffsetInterval {
    std::int64_t lowNs = 0;
    std::int64_t highNs = 0;
    int samples = 0;

    bool consistent() const { return samples > 0 && lowNs <= highNs; }
    std::int64_t midNs() const { return lowNs + (highNs - lowNs) / 2; }
    std::int64_t halfWidthNs() const { return (highNs - lowNs + 1) / 2; }
    bool overlaps(const OffsetInterval &other) const
    {
        return consistent() && other.consistent() && lowNs <= other.highNs && other.lowNs <= highNs;
    }
};

// The intersection of every bracket's interval (inconsistent when empty or when there is none).
OffsetInterval offsetInterval(std::span<const ClockBracket> brackets);
OffsetInterval intersection(const OffsetInterval &a, const OffsetInterval &b);
// The smallest interval that holds every bracket's: for pairs read "at once" (brackets of no
// width), the spread of their offsets.
OffsetInterval offsetHull(std::span<const ClockBracket> brackets);
OffsetInterval hull(const OffsetInterval &a, const OffsetInterval &b);
// a + b: the offset of clock A to C when a is A − B and b is B − C.
OffsetInterval sum(const OffsetInterval &a, const OffsetInterval &b);

// The host's clocks a device's or a platform's timestamps may be readings of (Linux clock_gettime).
enum class HostClock { MonotonicRaw, Monotonic, Boottime };
const char *hostClockName(HostClock clock); // "CLOCK_MONOTONIC_RAW", ...
std::int64_t readHostClock(HostClock clock);
// MonotonicClock − clock, from `samples` reads of clock between two MonotonicClock reads (tens of
// nanoseconds wide: the time of one clock read).
OffsetInterval monotonicMinus(HostClock clock, int samples);
// Which host clock readOther reads, if any: the first of MONOTONIC_RAW, MONOTONIC, BOOTTIME whose
// reads before and after each of `samples` reads of readOther hold it with no offset. `evidence`,
// when given, gets that clock's interval (it holds 0).
std::optional<HostClock> identifyHostClock(const std::function<std::int64_t()> &readOther, int samples,
                                           OffsetInterval *evidence = nullptr);

// How a device's timestamps (CL_PROFILING_COMMAND_*) become MonotonicClock times: host = device +
// offset, the offset measured at one device time, or at two and linear between them (the rate at
// which the clocks drift apart). docs/opencl.md explains each method.
struct DeviceClockRelation {
    enum class Method {
        None,               // not established: `problem` says why
        DeviceIsHostClock,  // the device's timestamps are readings of a host clock (PoCL: CLOCK_MONOTONIC_RAW)
        DeviceAndHostTimer, // clGetDeviceAndHostTimer pairs (OpenCL ≥ 2.1), its host clock identified
        ProfilingBrackets,  // commands' QUEUED and END between host reads around them
    };
    Method method = Method::None;
    std::string deviceClock;       // "CLOCK_MONOTONIC_RAW", or "the device's timer" when it is none of the host's
    std::string platformHostClock; // DeviceAndHostTimer: the host clock clGetHostTimer reads
    std::int64_t firstDeviceNs = 0;
    std::int64_t firstOffsetNs = 0;
    std::int64_t lastDeviceNs = 0; // == firstDeviceNs until combined() with a later calibration
    std::int64_t lastOffsetNs = 0;
    std::int64_t uncertaintyNs = 0; // ± around each calibration's offset: what its reads prove
    int samples = 0;
    std::string evidence; // one sentence: what the reads showed
    std::string problem;  // Method::None: why

    bool established() const { return method != Method::None; }
    std::int64_t toHostNs(std::int64_t deviceNs) const;
    // How fast the offset changed between the two calibrations, in parts per million of device
    // time; 0 with one calibration.
    double driftPpm() const;
};
const char *clockMethodName(DeviceClockRelation::Method method); // "device clock is a host clock", ...

// The earlier relation's offset and a later calibration's: the drift between them is then known.
// Both must use the same method and clocks; otherwise `later` alone is returned.
DeviceClockRelation combined(const DeviceClockRelation &earlier, const DeviceClockRelation &later);

} // namespace lessonscope
