#include "core/lessons/performance-01/performance01timeline.h"

#include "core/timing/statistics.h"
#include "core/base/units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace lessonscope {

namespace {

constexpr double kSecondsPerNs = 1e-9;

struct StopNames {
    const char *key;
    const char *label;
    const char *shortLabel;
};

constexpr std::array<StopNames, kStopPointCount> kStopNames = {{
    {"after-dispatch", "right after dispatch returns", "after dispatch"},
    {"during-work", "during the device work", "during work"},
    {"after-synchronization", "at readiness, after synchronization", "after sync"},
    {"long-after", "long after the result is ready", "long after"},
}};

constexpr std::array<StopPoint, kStopPointCount> kAllStops = {StopPoint::AfterDispatch, StopPoint::DuringWork,
                                                              StopPoint::AfterSynchronization, StopPoint::LongAfter};

const char *whyText(StopPoint point)
{
    switch (point) {
    case StopPoint::AfterDispatch:
        return "Dispatch returns as soon as the work is queued, before the device has done it. A timer "
               "stopped here measures the cost of handing the work over, not the result.";
    case StopPoint::DuringWork:
        return "The device is still working and the output is not ready: the host cannot observe this "
               "moment, and a timer stopped here misses the rest of the work and the hand-back.";
    case StopPoint::AfterSynchronization:
        return "The timer stops when the host has observed readiness, so it covers the dispatch, the "
               "device work and the synchronization: the completed result's latency.";
    case StopPoint::LongAfter:
        return "The output was ready well before. A timer stopped this late also counts whatever the "
               "host did after the result was available: here, the whole next call.";
    }
    return "";
}

std::string ratioText(double value, double reference)
{
    if (!(value > 0) || !(reference > 0))
        return {};
    const double ratio = value > reference ? value / reference : reference / value;
    if (ratio < 1.05)
        return "about the same as";
    char buffer[32];
    // Three significant digits at most: "3.0×", "46.5×", "465×".
    std::snprintf(buffer, sizeof buffer, "%.*f× %s than", ratio >= 99.95 ? 0 : 1, ratio,
                  value > reference ? "more" : "less");
    return buffer;
}

std::string duration(double seconds)
{
    return formatDuration(seconds);
}

// "During the device work" as the host could stop a timer: halfway through the part of the work
// that runs after the dispatch returned (all of it when the work ended before that).
double duringWork(double dispatchEnd, double workBegin, double workEnd)
{
    const double from = std::max(workBegin, dispatchEnd);
    return from < workEnd ? (from + workEnd) / 2 : (workBegin + workEnd) / 2;
}

TimelineEvent span(TimelineLane lane, std::string label, std::string note, double begin, double end,
                   bool waiting = false)
{
    return {lane, TimelineEvent::Shape::Span, std::move(label), std::move(note), begin, std::max(begin, end), waiting};
}

TimelineEvent instant(TimelineLane lane, std::string label, std::string note, double at)
{
    return {lane, TimelineEvent::Shape::Instant, std::move(label), std::move(note), at, at, false};
}

// The events every call has, at the given times relative to the timer start.
std::vector<TimelineEvent> callEvents(double dispatchEnd, double workBegin, double workEnd, double readyObserved)
{
    return {
        span(TimelineLane::Host, "dispatch", "The host hands the work to the stream; the call returns at once.", 0,
             dispatchEnd),
        span(TimelineLane::Host, "wait for readiness", "The host blocks until it observes that the output is ready.",
             dispatchEnd, readyObserved, true),
        span(TimelineLane::Device, "device work", "The worker (the device) runs the matrix product.", workBegin,
             workEnd),
        instant(TimelineLane::Readiness, "ready", "The device signals that the output is ready.", workEnd),
        span(TimelineLane::Readiness, "hand-back", "From the ready signal until the waiting host observes it.", workEnd,
             readyObserved, true),
        span(TimelineLane::Measurement, "completed result",
             "Call plus output synchronization: the timer from the dispatch to the observed readiness.", 0,
             readyObserved),
    };
}

std::vector<OutsideActivity> outsideActivities()
{
    return {
        {TimelineLane::Host, "prepare & place inputs",
         "Making the inputs and placing them where the product reads them happens before the timer "
         "starts (\"input already placed\"). Not measured here."},
        {TimelineLane::Device, "compile / first use",
         "Compilation and first-use costs need their own, separately chosen boundary. In this lesson the "
         "first call carries them, which is why it is reported apart from the warm calls."},
    };
}

} // namespace

const char *timelineLaneName(TimelineLane lane)
{
    switch (lane) {
    case TimelineLane::Host:
        return "host";
    case TimelineLane::Device:
        return "device";
    case TimelineLane::Readiness:
        return "readiness";
    case TimelineLane::Measurement:
        return "measurement";
    }
    return "";
}

const char *stopPointKey(StopPoint point)
{
    return kStopNames.at(static_cast<std::size_t>(point)).key;
}

std::optional<StopPoint> stopPointFromKey(std::string_view key)
{
    for (StopPoint point : kAllStops) {
        if (key == stopPointKey(point))
            return point;
    }
    return std::nullopt;
}

const char *stopPointLabel(StopPoint point)
{
    return kStopNames.at(static_cast<std::size_t>(point)).label;
}

const char *stopPointShortLabel(StopPoint point)
{
    return kStopNames.at(static_cast<std::size_t>(point)).shortLabel;
}

TimelineModel::TimelineModel() = default;

TimelineModel TimelineModel::fromArtifact(const Artifact &artifact)
{
    TimelineModel model;
    if (auto trace = artifact.trace())
        model.m_trace = std::move(*trace);
    model.m_recordedWarmMedian = artifact.timingSummary().warmMedianSeconds;
    return model;
}

TimelineModel TimelineModel::fromTrace(const Trace &trace)
{
    TimelineModel model;
    model.m_trace = trace;
    return model;
}

int TimelineModel::medianCallIndex() const
{
    if (!isMeasured())
        return -1;
    if (warmCallCount() == 0)
        return 0;
    std::vector<double> warm;
    for (int i = 1; i < callCount(); ++i)
        warm.push_back(*callReading(StopPoint::AfterSynchronization, i));
    const double middle = median(warm);
    // The last call has no next call, so "long after" reads nothing there: with two warm calls or
    // more, the representative call is picked among the others.
    const int last = warmCallCount() >= 2 ? callCount() - 2 : callCount() - 1;
    int best = 1;
    for (int i = 1; i <= last; ++i) {
        if (std::abs(warm[i - 1] - middle) < std::abs(warm[best - 1] - middle))
            best = i;
    }
    return best;
}

std::string TimelineModel::callTitle(int index) const
{
    if (!isMeasured())
        return "schematic call";
    if (index == 0)
        return "first call";
    return "warm call " + std::to_string(index);
}

CallTimeline TimelineModel::call(int index) const
{
    if (!isMeasured())
        return schematicCall();
    if (index < 0 || index >= callCount())
        index = medianCallIndex();
    return measuredCall(index);
}

CallTimeline TimelineModel::schematicCall() const
{
    // Ordering only: dispatch, work starting a little after, readiness, the host observing it.
    CallTimeline call;
    call.title = callTitle(0);
    call.events = callEvents(8, 12, 60, 76);
    call.outside = outsideActivities();
    call.candidates = {{StopPoint::AfterDispatch, 8},
                       {StopPoint::DuringWork, 36},
                       {StopPoint::AfterSynchronization, 76},
                       {StopPoint::LongAfter, 100}};
    call.viewBegin = -6;
    call.viewEnd = 108;
    return call;
}

CallTimeline TimelineModel::measuredCall(int index) const
{
    const TracedCall &c = m_trace.calls.at(static_cast<std::size_t>(index));
    // In double: a hostile file's timestamps must not overflow a 64-bit subtraction.
    const auto rel = [&c](std::int64_t t) { return static_cast<double>(t) - static_cast<double>(c.dispatchBegin); };
    const double dispatchEnd = rel(c.dispatchEnd);
    const double workBegin = rel(c.workBegin);
    const double workEnd = rel(c.workEnd);
    const double ready = rel(c.readyObserved);

    CallTimeline call;
    call.title = callTitle(index);
    call.measured = true;
    call.events = callEvents(dispatchEnd, workBegin, workEnd, ready);
    call.outside = outsideActivities();

    const double extent = std::max({ready, workEnd, dispatchEnd, 1.0});
    // After the last call nothing later was measured: "long after" then sits a quarter of the
    // call beyond readiness, for placing only; it reads no number (reading() says so).
    const bool hasNext = index + 1 < callCount();
    const double longAfter =
        hasNext ? rel(m_trace.calls[static_cast<std::size_t>(index) + 1].readyObserved) : extent * 1.25;
    call.candidates = {{StopPoint::AfterDispatch, dispatchEnd},
                       {StopPoint::DuringWork, duringWork(dispatchEnd, workBegin, workEnd)},
                       {StopPoint::AfterSynchronization, ready},
                       {StopPoint::LongAfter, longAfter}};
    // The next call's readiness is at least a call away, and showing it would halve the call's
    // width: the view keeps to this call and the widget pins "long after" to its edge.
    const double end = longAfter <= extent * 1.3 ? std::max(extent, longAfter) : extent * 1.2;
    call.viewBegin = -0.06 * end;
    call.viewEnd = end * 1.06;
    return call;
}

std::optional<double> TimelineModel::callReading(StopPoint point, int index) const
{
    if (index < 0 || index >= callCount())
        return std::nullopt;
    const TracedCall &c = m_trace.calls[static_cast<std::size_t>(index)];
    const auto since = [&c](double t) { return (t - static_cast<double>(c.dispatchBegin)) * kSecondsPerNs; };
    switch (point) {
    case StopPoint::AfterDispatch:
        return since(static_cast<double>(c.dispatchEnd));
    case StopPoint::DuringWork:
        return since(static_cast<double>(c.dispatchBegin) +
                     duringWork(static_cast<double>(c.dispatchEnd) - static_cast<double>(c.dispatchBegin),
                                static_cast<double>(c.workBegin) - static_cast<double>(c.dispatchBegin),
                                static_cast<double>(c.workEnd) - static_cast<double>(c.dispatchBegin)));
    case StopPoint::AfterSynchronization:
        return since(static_cast<double>(c.readyObserved));
    case StopPoint::LongAfter:
        if (index + 1 >= callCount())
            return std::nullopt;
        // A timer left running through the next call too: stopped when its output was observed.
        return since(static_cast<double>(m_trace.calls[static_cast<std::size_t>(index) + 1].readyObserved));
    }
    return std::nullopt;
}

StopReading TimelineModel::reading(StopPoint point, int callIndex) const
{
    StopReading result;
    if (!isMeasured()) {
        // The recorded stdout timed the completed result only.
        if (isCorrectStop(point) && m_recordedWarmMedian) {
            result.medianSeconds = m_recordedWarmMedian;
        }
        return result;
    }
    result.callSeconds = callReading(point, callIndex);
    result.medianSeconds = medianOver(point, point);
    result.medianCount = medianCountOver(point);
    return result;
}

std::optional<double> TimelineModel::medianOver(StopPoint point, StopPoint readableAt) const
{
    std::vector<double> values;
    for (int i = warmCallCount() > 0 ? 1 : 0; i < callCount(); ++i) {
        const auto value = callReading(point, i);
        if (value && callReading(readableAt, i))
            values.push_back(*value);
    }
    if (values.empty())
        return std::nullopt;
    return median(values);
}

int TimelineModel::medianCountOver(StopPoint point) const
{
    int count = 0;
    for (int i = warmCallCount() > 0 ? 1 : 0; i < callCount(); ++i)
        count += callReading(point, i).has_value() ? 1 : 0;
    return count;
}

StopVerdict TimelineModel::verdict(StopPoint point, int callIndex) const
{
    StopVerdict verdict;
    verdict.correct = isCorrectStop(point);
    verdict.headline = verdict.correct ? std::string("Right: stop ") + stopPointLabel(point) + "."
                                       : std::string("Not quite: you stopped ") + stopPointLabel(point) + ".";
    verdict.why = whyText(point);

    // An index out of range (a stale selection, a caller's off-by-one) reads the nearest call:
    // the verdict never looks past the trace.
    callIndex = std::clamp(callIndex, 0, std::max(callCount() - 1, 0));
    const StopReading chosen = reading(point, callIndex);
    const StopReading completed = reading(StopPoint::AfterSynchronization, callIndex);
    if (!isMeasured()) {
        verdict.numbers = "This artifact has no measured trace: the timeline shows the order of events only, "
                          "not their durations.";
        if (completed.medianSeconds)
            verdict.numbers +=
                " The recorded run timed the completed result: warm median " + duration(*completed.medianSeconds) + ".";
        verdict.numbers += " Rerun the lesson to see what each stop reads on your machine.";
        return verdict;
    }

    if (!completed.callSeconds) // a measured trace has a call; this is the guard, not a case
        return verdict;

    const auto over = [this](int count) {
        return "over " + std::to_string(count) + (warmCallCount() > 0 ? " warm calls" : " calls");
    };
    const std::string thisCall = "this call (" + callTitle(callIndex) + ")";
    std::string text;
    if (verdict.correct) {
        text = "Completed result: " + duration(*completed.callSeconds) + " for " + thisCall;
        if (completed.medianSeconds)
            text += "; median " + over(completed.medianCount) + ": " + duration(*completed.medianSeconds);
        text += ".";
        const StopReading early = reading(StopPoint::AfterDispatch, callIndex);
        if (early.callSeconds)
            text += " Stopped after dispatch it would read " + duration(*early.callSeconds) + " — " +
                    ratioText(*early.callSeconds, *completed.callSeconds) + " the completed result.";
    } else if (chosen.callSeconds) {
        text = std::string("Stopped ") + stopPointShortLabel(point) + ": " + duration(*chosen.callSeconds) + " for " +
               thisCall + " — " + ratioText(*chosen.callSeconds, *completed.callSeconds) + " the completed result, " +
               duration(*completed.callSeconds) + ".";
        // Both medians over the same calls ("long after" has none for the last call).
        const auto pairedCompleted = medianOver(StopPoint::AfterSynchronization, point);
        if (chosen.medianSeconds && pairedCompleted)
            text += " Median " + over(chosen.medianCount) + ": " + duration(*chosen.medianSeconds) + " against " +
                    duration(*pairedCompleted) + ".";
    } else {
        text = "Nothing was measured after the run's last call, so this stop has no number for " + thisCall + ".";
        const auto pairedCompleted = medianOver(StopPoint::AfterSynchronization, point);
        if (chosen.medianSeconds && pairedCompleted)
            text += " Median over the calls that have a next call: " + duration(*chosen.medianSeconds) + " against " +
                    duration(*pairedCompleted) + " for the completed result.";
    }
    verdict.numbers = text;
    return verdict;
}

} // namespace lessonscope
