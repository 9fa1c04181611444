#include "core/trace/streamtimeline.h"

#include "core/base/units.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <cmath>

namespace lessonscope {

namespace {

constexpr double kSecondsPerNs = 1e-9;

} // namespace

const std::vector<TimelineLane> &StreamTimeline::streamLanes()
{
    // Hues turned from the palette's highlight: far enough apart to tell the lanes apart in
    // light and dark palettes alike.
    static const std::vector<TimelineLane> lanes = {
        {"host", TimelineLane::Role::Activity, 0},
        {"device", TimelineLane::Role::Activity, 187},
        {"readiness", TimelineLane::Role::Signal, 287},
        {"measurement", TimelineLane::Role::Timer, 67},
    };
    return lanes;
}

StreamTimeline::StreamTimeline(Trace trace) : m_trace(std::move(trace)) { }

std::string StreamTimeline::callTitle(int index) const
{
    if (!isMeasured())
        return "schematic call";
    if (index == 0)
        return "first call";
    return "warm call " + std::to_string(index);
}

StreamTimeline::CallTimes StreamTimeline::timesOf(int index) const
{
    if (!isMeasured()) // ordering only: dispatch, work a little after, readiness, the host seeing it
        return {8, 12, 60, 76, 100};
    const TracedCall &c = m_trace.calls.at(static_cast<std::size_t>(index));
    // In double: a hostile file's timestamps must not overflow a 64-bit subtraction.
    const auto rel = [&c](std::int64_t t) { return static_cast<double>(t) - static_cast<double>(c.dispatchBegin); };
    CallTimes times{rel(c.dispatchEnd), rel(c.workBegin), rel(c.workEnd), rel(c.readyObserved), std::nullopt};
    if (index + 1 < callCount())
        times.nextReadyObserved = rel(m_trace.calls[static_cast<std::size_t>(index) + 1].readyObserved);
    return times;
}

CallTimeline StreamTimeline::call(int index) const
{
    if (isMeasured() && (index < 0 || index >= callCount()))
        index = representativeCall();
    const CallTimes t = timesOf(index);

    CallTimeline call;
    call.title = callTitle(index);
    call.measured = isMeasured();
    call.lanes = streamLanes();
    call.marker = marker();
    call.anchor = anchorOf(t);
    call.events = {
        span(Host, "dispatch", "The host hands the work to " + queueName() + "; the call returns at once.", 0,
             t.dispatchEnd),
        span(Host, "wait for readiness", "The host blocks until it observes that the output is ready.", t.dispatchEnd,
             t.readyObserved, true),
        span(Device, "device work",
             onRealDevice() ? "The device runs the kernel: its START → END, placed on the host's clock."
                            : "The worker (the device) runs the work.",
             t.workBegin, t.workEnd),
        instant(Readiness, "ready", "The device signals that the output is ready.", t.workEnd),
        span(Readiness, "hand-back", "From the ready signal until the waiting host observes it.", t.workEnd,
             t.readyObserved, true),
        span(Measurement, "completed result",
             "Call plus output synchronization: the timer from the dispatch to the observed readiness.", 0,
             t.readyObserved),
    };
    call.outside = outsideActivities();
    call.candidates = candidatesFor(t);

    if (!call.measured) {
        call.viewBegin = -6;
        call.viewEnd = 108;
        return call;
    }
    // The view keeps to this call and whatever candidate lies close to it; one far beyond (the
    // next call's readiness) or far before would halve the call's width, so the widget pins it
    // to the edge.
    const double extent = std::max({t.readyObserved, t.workEnd, t.dispatchEnd, 1.0});
    double begin = 0;
    double end = extent;
    bool farCandidate = false;
    for (const TimelineCandidate &candidate : call.candidates) {
        if (candidate.time > extent * 1.3) {
            farCandidate = true;
        } else if (candidate.time < -extent * 0.3) {
            begin = std::min(begin, -extent * 0.2); // far before the call: pinned at the left edge
        } else {
            begin = std::min(begin, candidate.time);
            end = std::max(end, candidate.time);
        }
    }
    if (farCandidate)
        end = std::max(end, extent * 1.2);
    if (call.marker == MarkerKind::Start) // room after the timer's stop for its name
        end = std::max(end, call.anchor + 0.15 * extent);
    const double margin = 0.06 * (end - begin);
    call.viewBegin = begin - margin;
    call.viewEnd = end + margin;
    return call;
}

std::vector<TimelineCandidate> StreamTimeline::candidatesFor(const CallTimes &) const { return {}; }

std::vector<OutsideActivity> StreamTimeline::outsideActivities() const { return {}; }

std::optional<double> StreamTimeline::completedSeconds(int index) const
{
    if (index < 0 || index >= callCount())
        return std::nullopt;
    const TracedCall &c = m_trace.calls[static_cast<std::size_t>(index)];
    return (static_cast<double>(c.readyObserved) - static_cast<double>(c.dispatchBegin)) * kSecondsPerNs;
}

std::optional<double> StreamTimeline::readingSeconds(std::string_view, int) const { return std::nullopt; }

TimelineVerdict StreamTimeline::verdict(std::string_view, int) const
{
    TimelineVerdict verdict;
    verdict.headline = "This timeline asks nothing.";
    verdict.why = "This build of lessonscope does not know the lesson, so it shows its calls without a prediction.";
    return verdict;
}

int StreamTimeline::medianCallIndex(bool leaveOutLast) const
{
    if (!isMeasured())
        return -1;
    if (warmCallCount() == 0)
        return 0;
    // The median of the clean warm calls, as the figures are; of every warm call when none is.
    const auto counts = [this](int i) { return !m_trace.interrupted(static_cast<std::size_t>(i)); };
    bool anyClean = false;
    for (int i = 1; i < callCount() && !anyClean; ++i)
        anyClean = counts(i);
    std::vector<double> warm;
    for (int i = 1; i < callCount(); ++i) {
        if (!anyClean || counts(i))
            warm.push_back(*completedSeconds(i));
    }
    const double middle = median(warm);
    const int last = leaveOutLast && warmCallCount() >= 2 ? callCount() - 2 : callCount() - 1;
    int best = -1;
    for (int i = 1; i <= last; ++i) {
        if (anyClean && !counts(i))
            continue;
        if (best < 0 || std::abs(*completedSeconds(i) - middle) < std::abs(*completedSeconds(best) - middle))
            best = i;
    }
    return best < 0 ? 1 : best;
}

std::string StreamTimeline::callInterruption(int index) const
{
    const auto at = static_cast<std::size_t>(index);
    if (index < 0 || !m_trace.interrupted(at))
        return {};
    return "interrupted: other work kept a timed thread from a CPU for "
        + formatDuration(static_cast<double>(m_trace.evidence[at].waitedNs) / 1e9) + " of it";
}

} // namespace lessonscope
