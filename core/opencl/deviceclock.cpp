#include "core/opencl/deviceclock.h"
#include "core/opencl/openclsession_p.h"

#include "core/timing/monotonicclock.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace lessonscope {

using namespace opencl_detail;

namespace {

using Method = DeviceClockRelation::Method;

struct CommandBrackets {
    std::vector<ClockBracket> queued; // QUEUED within the enqueue call
    std::vector<ClockBracket> ended;  // END between the enqueue and clFinish's return
};

std::int64_t profiled(cl_event event, cl_profiling_info which)
{
    cl_ulong value = 0;
    check(clGetEventProfilingInfo(event, which, sizeof value, &value, nullptr), "clGetEventProfilingInfo");
    return static_cast<std::int64_t>(value);
}

CommandBrackets bracketCommands(OpenClSession::Impl &s, int samples)
{
    cl::Buffer scratch = translated([&] { return cl::Buffer(s.context, CL_MEM_READ_WRITE, 64); });
    const cl_uint pattern = 0;
    CommandBrackets brackets;
    for (int i = 0; i < samples; ++i) {
        cl_event event = nullptr;
        const std::int64_t before = MonotonicClock::nowNs();
        const cl_int enqueued
            = clEnqueueFillBuffer(s.queue(), scratch(), &pattern, sizeof pattern, 0, 64, 0, nullptr, &event);
        const std::int64_t enqueuedEnd = MonotonicClock::nowNs();
        check(enqueued, "clEnqueueFillBuffer");
        const cl_int finished = clFinish(s.queue());
        const std::int64_t after = MonotonicClock::nowNs();
        cl::Event owned(event);
        check(finished, "clFinish");
        brackets.queued.push_back({before, profiled(event, CL_PROFILING_COMMAND_QUEUED), enqueuedEnd});
        brackets.ended.push_back({before, profiled(event, CL_PROFILING_COMMAND_END), after});
    }
    return brackets;
}

std::string describe(const OffsetInterval &interval)
{
    // Appended, not "[" + …: GCC 12 warns falsely (-Wrestrict) about a literal before a temporary.
    std::string text = "[";
    text += std::to_string(interval.lowNs);
    text += ", ";
    text += std::to_string(interval.highNs);
    text += "] ns";
    return text;
}

DeviceClockRelation relation(Method method, const std::string &deviceClock, const OffsetInterval &offset,
                             std::int64_t atDeviceNs, int samples, std::string evidence)
{
    DeviceClockRelation r;
    r.method = method;
    r.deviceClock = deviceClock;
    r.firstDeviceNs = r.lastDeviceNs = atDeviceNs;
    r.firstOffsetNs = r.lastOffsetNs = offset.midNs();
    r.uncertaintyNs = offset.halfWidthNs();
    r.samples = samples;
    r.evidence = std::move(evidence);
    return r;
}

// clGetDeviceAndHostTimer's pairs as MonotonicClock − device, once the platform's host clock is known.
std::optional<DeviceClockRelation> fromDeviceAndHostTimer(OpenClSession::Impl &s, const OffsetInterval &proven,
                                                          int samples)
{
    if (!s.info.atLeast(2, 1))
        return std::nullopt;
    cl_ulong device = 0, host = 0;
    if (clGetDeviceAndHostTimer(s.device(), &device, &host) != CL_SUCCESS)
        return std::nullopt;
    auto readHostTimer = [&s]() -> std::int64_t {
        cl_ulong value = 0;
        return clGetHostTimer(s.device(), &value) == CL_SUCCESS ? static_cast<std::int64_t>(value) : -1;
    };
    const std::optional<HostClock> platformClock = identifyHostClock(readHostTimer, samples);
    if (!platformClock)
        return std::nullopt;
    std::vector<ClockBracket> pairs;
    for (int i = 0; i < samples; ++i) {
        if (clGetDeviceAndHostTimer(s.device(), &device, &host) != CL_SUCCESS)
            return std::nullopt;
        // The driver takes both "as close as possible": a bracket of zero width on its host clock.
        pairs.push_back(
            {static_cast<std::int64_t>(host), static_cast<std::int64_t>(device), static_cast<std::int64_t>(host)});
    }
    const OffsetInterval offset = sum(offsetHull(pairs), monotonicMinus(*platformClock, samples));
    if (!offset.overlaps(proven))
        return std::nullopt;
    DeviceClockRelation r
        = relation(Method::DeviceAndHostTimer, "the device's timer", offset, static_cast<std::int64_t>(device), samples,
                   "clGetDeviceAndHostTimer's pairs, on the platform's host clock "
                       + std::string(hostClockName(*platformClock)) + ", give MonotonicClock − device in "
                       + describe(offset) + ", within what the commands' own timestamps prove, " + describe(proven));
    r.platformHostClock = hostClockName(*platformClock);
    return r;
}

// The host clocks the commands' timestamps may be readings of: those whose offset to MonotonicClock
// lies within what the commands proved. Where two are (CLOCK_MONOTONIC and CLOCK_BOOTTIME on a
// machine that never slept, CLOCK_MONOTONIC_RAW too where no NTP has slewed the clock), the
// commands cannot tell them apart, and the uncertainty covers them all.
std::optional<DeviceClockRelation> asHostClock(const OffsetInterval &proven, std::int64_t atDeviceNs, int samples,
                                               const std::string &proof)
{
    std::string names;
    OffsetInterval offset;
    for (HostClock clock : {HostClock::MonotonicRaw, HostClock::Monotonic, HostClock::Boottime}) {
        const OffsetInterval toMonotonic = monotonicMinus(clock, samples);
        if (!toMonotonic.overlaps(proven))
            continue;
        names += (names.empty() ? "" : " or ") + std::string(hostClockName(clock));
        offset = hull(offset, toMonotonic);
    }
    if (names.empty())
        return std::nullopt;
    return relation(Method::DeviceIsHostClock, names, offset, atDeviceNs, samples,
                    proof + ", which holds MonotonicClock − " + names + " = " + describe(offset)
                        + ": the device's timestamps are " + names + " readings");
}

} // namespace

DeviceClockRelation calibrateDeviceClock(OpenClSession &session, int samples)
{
    OpenClSession::Impl &s = session.impl();
    samples = std::max(samples, 4);
    CommandBrackets brackets;
    try {
        brackets = bracketCommands(s, samples);
    } catch (const std::exception &error) {
        DeviceClockRelation none;
        none.problem = std::string("the device's clock could not be read: ") + error.what();
        return none;
    }
    const OffsetInterval ended = offsetInterval(brackets.ended);
    const OffsetInterval queued = offsetInterval(brackets.queued);
    const std::int64_t lastDeviceNs = brackets.ended.back().otherNs;
    if (!ended.consistent()) {
        DeviceClockRelation none;
        none.samples = samples;
        none.problem = "the device's END timestamps of " + std::to_string(samples)
            + " commands are no constant offset from MonotonicClock: the clocks drift or jump apart";
        return none;
    }
    // QUEUED is the device clock's reading when the host enqueued; a driver that stamps it later
    // (when it submits) breaks that bracket, and END's alone then stand.
    const OffsetInterval both = intersection(queued, ended);
    const bool queuedHolds = queued.consistent() && both.consistent();
    const OffsetInterval proven = queuedHolds ? both : ended;
    const std::string proof = std::to_string(samples) + " commands' " + (queuedHolds ? "QUEUED and END" : "END")
        + " timestamps prove MonotonicClock − device in " + describe(proven);

    if (std::optional<DeviceClockRelation> timer = fromDeviceAndHostTimer(s, proven, samples))
        return *timer;
    if (std::optional<DeviceClockRelation> same = asHostClock(proven, lastDeviceNs, samples, proof))
        return *same;
    return relation(Method::ProfilingBrackets, "the device's timer", proven, lastDeviceNs, samples, proof);
}

} // namespace lessonscope
