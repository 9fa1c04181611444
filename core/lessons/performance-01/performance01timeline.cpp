#include "core/lessons/performance-01/performance01timeline.h"

#include "core/base/units.h"
#include "core/lessons/performance-01/performance01contract.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace lessonscope {

namespace {

using Stop = Performance01Timeline::Stop;
constexpr double kSecondsPerNs = 1e-9;

constexpr std::array<CandidateNames, Performance01Timeline::kStopCount> kStops = {{
    {"after-dispatch", "right after dispatch returns", "after dispatch",
     "Dispatch returns as soon as the work is queued, before the device has done it. A timer stopped here "
     "measures the cost of handing the work over, not the result."},
    {"during-work", "during the device work", "during work",
     "The device is still working and the output is not ready: the host cannot observe this moment, and a "
     "timer stopped here misses the rest of the work and the hand-back."},
    {"after-synchronization", "at readiness, after synchronization", "after sync",
     "The timer stops when the host has observed readiness, so it covers the dispatch, the device work and "
     "the synchronization: the completed result's latency."},
    {"long-after", "long after the result is ready", "long after",
     "The output was ready well before. A timer stopped this late also counts whatever the host did after "
     "the result was available: here, the whole next call."},
}};

const CandidateNames &namesOf(Stop stop) { return kStops.at(static_cast<std::size_t>(stop)); }

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

std::string duration(double seconds) { return formatDuration(seconds); }

// "During the device work" as the host could stop a timer: halfway through the part of the work
// that runs after the dispatch returned (all of it when the work ended before that).
double duringWork(double dispatchEnd, double workBegin, double workEnd)
{
    const double from = std::max(workBegin, dispatchEnd);
    return from < workEnd ? (from + workEnd) / 2 : (workBegin + workEnd) / 2;
}

} // namespace

const char *Performance01Timeline::key(Stop stop) { return namesOf(stop).key; }

std::optional<Stop> Performance01Timeline::stopFromKey(std::string_view key)
{
    return candidateFromKey<Stop>(kStops, key);
}

Performance01Timeline::Performance01Timeline(const Artifact &artifact)
    : StreamTimeline(artifact.trace().value_or(Trace{})),
      m_recordedWarmMedian(performance01::readFigures(artifact).warmMedianSeconds)
{ }

std::vector<TimelineCandidate> Performance01Timeline::candidatesFor(const CallTimes &t) const
{
    // After the last call nothing later was measured: "long after" then sits a quarter of the
    // call beyond readiness, for placing only; it reads no number.
    const double extent = std::max({t.readyObserved, t.workEnd, t.dispatchEnd, 1.0});
    const std::array<double, kStopCount> times = {t.dispatchEnd, duringWork(t.dispatchEnd, t.workBegin, t.workEnd),
                                                  t.readyObserved, t.nextReadyObserved.value_or(extent * 1.25)};
    std::vector<TimelineCandidate> candidates;
    for (int i = 0; i < kStopCount; ++i) {
        const CandidateNames &names = kStops[static_cast<std::size_t>(i)];
        candidates.push_back({names.key, names.label, names.shortLabel, times[static_cast<std::size_t>(i)],
                              static_cast<Stop>(i) == Stop::AfterSynchronization});
    }
    return candidates;
}

std::vector<OutsideActivity> Performance01Timeline::outsideActivities() const
{
    return {
        {Host, "prepare & place inputs",
         "Making the inputs and placing them where the product reads them happens before the timer "
         "starts (\"input already placed\"). Not measured here."},
        {Device, "compile / first use",
         "Compilation and first-use costs need their own, separately chosen boundary. In this lesson the "
         "first call carries them, which is why it is reported apart from the warm calls."},
    };
}

std::optional<double> Performance01Timeline::callReading(Stop stop, int index) const
{
    if (index < 0 || index >= callCount())
        return std::nullopt;
    const CallTimes t = timesOf(index);
    switch (stop) {
    case Stop::AfterDispatch:
        return t.dispatchEnd * kSecondsPerNs;
    case Stop::DuringWork:
        return duringWork(t.dispatchEnd, t.workBegin, t.workEnd) * kSecondsPerNs;
    case Stop::AfterSynchronization:
        return t.readyObserved * kSecondsPerNs;
    case Stop::LongAfter:
        // A timer left running through the next call too: stopped when its output was observed.
        if (!t.nextReadyObserved)
            return std::nullopt;
        return *t.nextReadyObserved * kSecondsPerNs;
    }
    return std::nullopt;
}

std::optional<double> Performance01Timeline::medianOver(Stop stop, Stop readableAt) const
{
    // Over the clean calls, as the figures are.
    std::vector<double> values;
    for (int i = warmCallCount() > 0 ? 1 : 0; i < callCount(); ++i) {
        if (!isCleanCall(i))
            continue;
        const auto value = callReading(stop, i);
        if (value && callReading(readableAt, i))
            values.push_back(*value);
    }
    if (values.empty())
        return std::nullopt;
    return median(values);
}

int Performance01Timeline::medianCountOver(Stop stop) const
{
    int count = 0;
    for (int i = warmCallCount() > 0 ? 1 : 0; i < callCount(); ++i)
        count += isCleanCall(i) && callReading(stop, i).has_value() ? 1 : 0;
    return count;
}

std::optional<double> Performance01Timeline::readingSeconds(std::string_view candidateKey, int callIndex) const
{
    const auto stop = stopFromKey(candidateKey);
    return stop ? callReading(*stop, callIndex) : std::nullopt;
}

TimelineVerdict Performance01Timeline::verdict(std::string_view candidateKey, int callIndex) const
{
    const Stop stop = stopFromKey(candidateKey).value_or(Stop::AfterDispatch);
    TimelineVerdict verdict;
    verdict.correct = stop == Stop::AfterSynchronization;
    verdict.headline = verdict.correct ? std::string("Right: stop ") + namesOf(stop).label + "."
                                       : std::string("Not quite: you stopped ") + namesOf(stop).label + ".";
    verdict.why = namesOf(stop).why;

    if (!isMeasured()) {
        verdict.numbers = "This artifact has no measured trace: the timeline shows the order of events only, "
                          "not their durations.";
        if (m_recordedWarmMedian)
            verdict.numbers
                += " The recorded run timed the completed result: warm median " + duration(*m_recordedWarmMedian) + ".";
        verdict.numbers += " Rerun the lesson to see what each stop reads on your machine.";
        return verdict;
    }
    // An index out of range (a stale selection, a caller's off-by-one) reads the nearest call:
    // the verdict never looks past the trace.
    verdict.numbers = measuredNumbers(stop, std::clamp(callIndex, 0, std::max(callCount() - 1, 0)));
    return verdict;
}

std::string Performance01Timeline::measuredNumbers(Stop stop, int callIndex) const
{
    const auto completed = callReading(Stop::AfterSynchronization, callIndex);
    if (!completed) // a measured trace has a call; this is the guard, not a case
        return {};
    const auto over = [this](int count) {
        return "over " + std::to_string(count) + (warmCallCount() > 0 ? " warm calls" : " calls");
    };
    const std::string thisCall = "this call (" + callTitle(callIndex) + ")";
    const auto chosen = callReading(stop, callIndex);
    const auto chosenMedian = medianOver(stop, stop);
    const auto pairedCompleted = medianOver(Stop::AfterSynchronization, stop); // over the same calls
    std::string text;
    if (stop == Stop::AfterSynchronization) {
        text = "Completed result: " + duration(*completed) + " for " + thisCall;
        if (chosenMedian)
            text += "; median " + over(medianCountOver(stop)) + ": " + duration(*chosenMedian);
        text += ".";
        if (const auto early = callReading(Stop::AfterDispatch, callIndex))
            text += " Stopped after dispatch it would read " + duration(*early) + " — " + ratioText(*early, *completed)
                + " the completed result.";
    } else if (chosen) {
        text = std::string("Stopped ") + namesOf(stop).shortLabel + ": " + duration(*chosen) + " for " + thisCall
            + " — " + ratioText(*chosen, *completed) + " the completed result, " + duration(*completed) + ".";
        if (chosenMedian && pairedCompleted)
            text += " Median " + over(medianCountOver(stop)) + ": " + duration(*chosenMedian) + " against "
                + duration(*pairedCompleted) + ".";
    } else {
        text = "Nothing was measured after the run's last call, so this stop has no number for " + thisCall + ".";
        if (chosenMedian && pairedCompleted)
            text += " Median over the calls that have a next call: " + duration(*chosenMedian) + " against "
                + duration(*pairedCompleted) + " for the completed result.";
    }
    return text;
}

} // namespace lessonscope
