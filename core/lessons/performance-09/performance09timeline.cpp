#include "core/lessons/performance-09/performance09timeline.h"

#include "core/base/units.h"
#include "core/trace/deviceclocklane.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace lessonscope {

namespace {

using Stop = Performance09Timeline::Stop;

constexpr std::array<CandidateNames, Performance09Timeline::kStopCount> kStops = {{
    {"device-end", "at the device's END", "device END",
     "START to END are two stamps of the device's own clock around the work alone: no driver, no queue, no "
     "host wake-up. That is what a profiler of the device reports, and it is the only timer here that a busy "
     "host does not lengthen."},
    {"host-ready", "when the host saw it ready", "host saw ready",
     "The host learns that the work is done only when its wait returns: after END the device signals, the driver "
     "passes it on and the host's thread wakes. Stopped there, a timer started at START adds that hand-back to "
     "the work."},
    {"host-duration", "the host's duration, laid from START", "host's duration",
     "The host's timer runs from the enqueue to the readiness it observed: the driver's hand-off before START, "
     "the work, the hand-back after END. Its length is not the work's, so laid from START it ends far past END."},
}};

const CandidateNames &namesOf(Stop stop) { return kStops.at(static_cast<std::size_t>(stop)); }

std::string ratioText(double ratio)
{
    if (!(ratio > 0) || !std::isfinite(ratio))
        return "?×";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, ratio < 9.95 ? "%.1f×" : "%.0f×", ratio);
    return buffer;
}

constexpr int kHostLane = 0;
constexpr int kDeviceLane = 1;
constexpr int kTimerLane = 2;

} // namespace

const char *Performance09Timeline::key(Stop stop) { return namesOf(stop).key; }

std::optional<Stop> Performance09Timeline::stopFromKey(std::string_view key)
{
    return candidateFromKey<Stop>(kStops, key);
}

Performance09Timeline::Performance09Timeline(const Artifact &artifact)
    : StreamTimeline(artifact.trace().value_or(Trace{})), m_figures(performance09::readFigures(artifact))
{ }

std::string Performance09Timeline::deviceLaneName() const
{
    // Named as every device run's clock lane is, which the reading's note on the two clocks names.
    const std::string clock = !trace().deviceClock.empty() ? trace().deviceClock : m_figures.deviceClock;
    return deviceClockLaneName(clock.empty() ? std::string("its own") : clock);
}

std::optional<Performance09Timeline::Moments> Performance09Timeline::momentsOf(int index) const
{
    if (!isMeasured() || index < 0 || index >= callCount() || static_cast<std::size_t>(index) >= trace().device.size())
        return std::nullopt;
    const auto i = static_cast<std::size_t>(index);
    const DeviceClockTimes &d = trace().device[i];
    if (!d.known)
        return std::nullopt;
    const TracedCall &c = trace().calls[i];
    // In double: a hostile file's stamps must not overflow a 64-bit sum.
    const double origin = static_cast<double>(c.dispatchBegin);
    const auto host = [origin](std::int64_t t) { return static_cast<double>(t) - origin; };
    const auto device
        = [origin, &d](std::int64_t t) { return static_cast<double>(t) + static_cast<double>(d.offsetNs) - origin; };
    return Moments{host(c.dispatchEnd), host(c.readyObserved), device(d.queued),
                   device(d.submit),    device(d.start),       device(d.end)};
}

CallTimeline Performance09Timeline::call(int index) const
{
    if (isMeasured() && (index < 0 || index >= callCount()))
        index = representativeCall();
    // Schematic: ordering only.
    Moments t{8, 76, 2, 10, 14, 60};
    if (const auto measured = momentsOf(index))
        t = *measured;
    CallTimeline call;
    call.title = callTitle(index);
    call.measured = momentsOf(index).has_value();
    // The device's work is the answer: it stands on the timer's lane, drawn once the learner has
    // placed the stop; the device's lane shows what its clock stamped before START.
    call.lanes = {{"host", TimelineLane::Role::Activity, 0},
                  {deviceLaneName(), TimelineLane::Role::Activity, 187},
                  {"timer, on the device's clock", TimelineLane::Role::Timer, 67}};
    call.marker = MarkerKind::Stop;
    call.anchor = t.start; // the timer starts where the device began the work
    const std::string clock = " Stamped by the device's own clock, placed on the host's time by the clock relation.";
    call.events = {
        span(kHostLane, "enqueue", "clEnqueueNDRangeKernel: the host hands the kernel to the driver and returns.", 0,
             t.enqueueEnd),
        span(kHostLane, "wait for readiness", "The host waits until it observes that the kernel is done.", t.enqueueEnd,
             t.ready, true),
        span(kDeviceLane, "queued", "QUEUED → SUBMIT: the command waits in the driver's queue." + clock, t.queued,
             t.submit, true),
        span(kDeviceLane, "submitted",
             "SUBMIT → START: handed to the device, not begun (a first enqueue's compilation shows here)." + clock,
             t.submit, t.start, true),
        span(kTimerLane, "device work", "START → END: the device's work alone." + clock, t.start, t.end),
    };
    const std::array<double, kStopCount> times = {t.end, t.ready, t.start + t.ready};
    call.candidates = candidatesAt(kStops, times, static_cast<std::size_t>(Stop::DeviceEnd));
    const double begin = std::min({0.0, t.queued});
    const double end = std::max({t.ready, t.end, call.candidates.back().time});
    call.viewBegin = begin - 0.04 * (end - begin);
    call.viewEnd = end + 0.12 * (end - begin);
    return call;
}

std::optional<double> Performance09Timeline::readingSeconds(std::string_view candidateKey, int callIndex) const
{
    const auto stop = stopFromKey(candidateKey);
    const auto t = momentsOf(callIndex);
    if (!stop || !t)
        return std::nullopt;
    switch (*stop) {
    case Stop::DeviceEnd:
        return (t->end - t->start) * 1e-9;
    case Stop::HostReady:
        return (t->ready - t->start) * 1e-9;
    case Stop::HostDuration:
        return t->ready * 1e-9; // the host's enqueue → readiness
    }
    return std::nullopt;
}

TimelineVerdict Performance09Timeline::verdict(std::string_view candidateKey, int callIndex) const
{
    const Stop stop = stopFromKey(candidateKey).value_or(Stop::HostDuration);
    TimelineVerdict verdict;
    verdict.correct = stop == Stop::DeviceEnd;
    verdict.headline = verdict.correct ? "Right: on the device's clock the work ends at END."
                                       : std::string("Not quite: you stopped the timer ") + namesOf(stop).label + ".";
    verdict.why = namesOf(stop).why;
    const int index = isMeasured() ? std::clamp(callIndex, 0, callCount() - 1) : -1;
    verdict.numbers = momentsOf(index) ? measuredNumbers(stop, index) : schematicNumbers();
    return verdict;
}

std::string Performance09Timeline::measuredNumbers(Stop stop, int index) const
{
    const Moments t = *momentsOf(index);
    const double work = (t.end - t.start) * 1e-9;
    const double host = t.ready * 1e-9;
    const double chosen = *readingSeconds(key(stop), index);
    std::string text = stop == Stop::DeviceEnd
        ? "Stopped at END the timer reads " + formatDuration(work) + " for " + callTitle(index) + ": the work alone."
        : std::string("Stopped ") + namesOf(stop).label + " the timer reads " + formatDuration(chosen) + " for "
            + callTitle(index) + " — " + ratioText(chosen / work) + " the work alone, " + formatDuration(work) + ".";
    text += " The host's timer read " + formatDuration(host)
        + " (enqueue to readiness): " + formatDuration((t.start - t.queued) * 1e-9) + " before START in the driver, "
        + formatDuration((t.ready - t.end) * 1e-9) + " after END until the host saw it.";
    if (index == 0 && m_figures.computedBeforeFirstCall == 0)
        text += " This is the kernel's first enqueue after an explicit build: what the driver still did before "
                "START (PoCL compiles the kernel for its work-group size) is in its queued and submitted spans.";
    if (m_figures.workMedian && m_figures.warmMedian)
        text += " Over the clean warm calls: work " + formatDuration(*m_figures.workMedian) + " on the device's clock, "
            + formatDuration(*m_figures.warmMedian) + " on the host's.";
    text += writesNotAwaited();
    if (m_figures.smallestStepNs && *m_figures.smallestStepNs > 0)
        text += " The device's stamps moved in steps as small as " + std::to_string(*m_figures.smallestStepNs) + " ns"
            + (m_figures.timerResolutionNs
                   ? " (it reports a resolution of " + std::to_string(*m_figures.timerResolutionNs) + " ns)"
                   : std::string())
            + ".";
    return text;
}

// What the writes not awaited measured, as numbers: they are the lesson's, not this call's.
std::string Performance09Timeline::writesNotAwaited() const
{
    const performance09::Figures &f = m_figures;
    if (!f.unawaitedMedian || !f.placedCallMedian || f.copy.empty() || !f.stillCopying)
        return {};
    const std::string size = f.placeSize ? std::to_string(*f.placeSize) + "×" + std::to_string(*f.placeSize) : "";
    std::string text = " Writes of " + size + " inputs: a timer started when a write not awaited returned read "
        + formatDuration(*f.unawaitedMedian) + ", the call after a write awaited " + formatDuration(*f.placedCallMedian)
        + "; the device stamped each copy at " + formatDuration(median(f.copy)) + ", and "
        + std::to_string(*f.stillCopying) + " of " + std::to_string(f.copy.size())
        + " kernels were enqueued while it still ran.";
    if (*f.stillCopying * 2 < static_cast<std::int64_t>(f.copy.size()))
        text += " Here the driver mostly finished the copy inside the enqueue (memory to memory on a CPU device), "
                "so little of it leaked into the timer; across a GPU's bus the enqueue returns first and the copy "
                "lands inside the timer.";
    else
        text += " The copy ran on after the write returned: the kernel waited behind it, inside the timer.";
    return text;
}

std::string Performance09Timeline::schematicNumbers() const
{
    std::string text = "This artifact has no device's clock in its trace: the timeline shows the order of events "
                       "only, not their durations.";
    if (m_figures.workMedian && m_figures.warmMedian)
        text += " Its medians: the device's work " + formatDuration(*m_figures.workMedian) + ", the host's call "
            + formatDuration(*m_figures.warmMedian) + ".";
    return text + " Run the lesson on an OpenCL device to see each stop's reading on your machine.";
}

} // namespace lessonscope
