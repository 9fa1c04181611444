#include "core/lessons/performance-06/performance06timeline.h"

#include "core/base/units.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace lessonscope {

namespace {

using Stop = Performance06Timeline::Stop;
constexpr double kSecondsPerNs = 1e-9;

constexpr std::array<CandidateNames, Performance06Timeline::kStopCount> kStops = {{
    {"after-last-dispatch", "right after the last dispatch returns", "last dispatch",
     "A dispatch returns once its call is queued. When the last one returns the host has only handed the K "
     "calls over; the device is still working through the queue. A timer stopped here measures how fast the "
     "host dispatches, not how fast the calls are done."},
    {"at-first-ready", "at the first call's readiness", "first ready",
     "The first call's readiness says nothing of the others: the stream runs calls in order, and the other "
     "K − 1 are still queued or running behind it. Divided by K, a timer stopped here credits calls that "
     "have not run yet."},
    {"at-last-ready", "at the last call's observed readiness", "last ready",
     "The stream runs calls in order, so the last call's observed readiness means all K are done. From the "
     "first dispatch to there, divided by K, is the time per call of a busy stream, its throughput's "
     "inverse. The hand-over and the host's wake-up after its wait are paid once for the K calls, so it is "
     "below one call's latency, which pays them every time."},
}};

const CandidateNames &namesOf(Stop stop) { return kStops.at(static_cast<std::size_t>(stop)); }

// The trace as bursts of the largest depth: calls that do not make whole bursts cannot be
// grouped, and the timeline is then the schematic's.
Trace burstTrace(const Artifact &artifact, const performance06::Figures &figures)
{
    Trace trace = artifact.trace().value_or(Trace{});
    const auto depth = figures.largestDepth();
    if (!depth || *depth < 1 || *depth > 1'000'000 || trace.calls.size() % static_cast<std::size_t>(*depth) != 0)
        trace.calls.clear();
    return trace;
}

// One burst's times: its calls' timestamps, ns since the trace's origin (the schematic's: K = 4,
// ordering only).
struct BurstTimes {
    std::vector<TracedCall> calls;
};

BurstTimes schematicBurst()
{
    BurstTimes burst;
    for (int j = 0; j < 4; ++j)
        burst.calls.push_back({4 * j, 4 * j + 3, 5 + 25 * j, 30 + 25 * j, 110});
    return burst;
}

// A rate as people read it, three significant digits with thousands grouped: "12,100".
std::string rateText(double perSecond)
{
    if (!(perSecond > 0) || !std::isfinite(perSecond))
        return "n/a";
    if (perSecond < 100)
        return formatNumber(perSecond);
    const double unit = std::pow(10.0, std::floor(std::log10(perSecond)) - 2);
    const std::string digits = std::to_string(std::llround(std::round(perSecond / unit) * unit));
    std::string text;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            text.push_back(',');
        text.push_back(digits[i]);
    }
    return text;
}

std::string perCallText(double seconds, int depth) { return formatDuration(seconds / depth) + " per call"; }

} // namespace

const char *Performance06Timeline::key(Stop stop) { return namesOf(stop).key; }

std::optional<Stop> Performance06Timeline::stopFromKey(std::string_view key)
{
    return candidateFromKey<Stop>(kStops, key);
}

Performance06Timeline::Performance06Timeline(const Artifact &artifact)
    : StreamTimeline(burstTrace(artifact, performance06::readFigures(artifact))),
      m_figures(performance06::readFigures(artifact))
{
    if (isMeasured())
        m_depth = static_cast<int>(*m_figures.largestDepth());
}

int Performance06Timeline::burstCount() const { return m_depth > 0 ? callCount() / m_depth : 0; }

int Performance06Timeline::burstOf(int callIndex) const
{
    return m_depth > 0 && callIndex >= 0 && callIndex < callCount() ? callIndex / m_depth : -1;
}

std::string Performance06Timeline::callTitle(int index) const
{
    if (!isMeasured())
        return "schematic burst of 4 calls";
    const int burst = burstOf(std::clamp(index, 0, callCount() - 1));
    return "call " + std::to_string(index - burst * m_depth + 1) + " of " + std::to_string(m_depth) + ", burst "
        + std::to_string(burst + 1) + " of " + std::to_string(burstCount());
}

std::optional<double> Performance06Timeline::stopTime(Stop stop, int burst) const
{
    if (!isMeasured() || burst < 0 || burst >= burstCount())
        return std::nullopt;
    const auto first = static_cast<std::size_t>(burst) * static_cast<std::size_t>(m_depth);
    const std::size_t last = first + static_cast<std::size_t>(m_depth) - 1;
    const std::vector<TracedCall> &calls = trace().calls;
    switch (stop) {
    case Stop::AfterLastDispatch:
        return static_cast<double>(calls[last].dispatchEnd);
    case Stop::AtFirstReady:
        return static_cast<double>(calls[first].workEnd);
    case Stop::AtLastReady:
        return static_cast<double>(calls[last].readyObserved);
    }
    return std::nullopt;
}

std::optional<double> Performance06Timeline::burstReading(Stop stop, int burst) const
{
    const auto at = stopTime(stop, burst);
    if (!at)
        return std::nullopt;
    const double begin = static_cast<double>(trace().calls[static_cast<std::size_t>(burst * m_depth)].dispatchBegin);
    // The same subtraction as the run's (performance06::perCallSeconds), so the same doubles.
    return (*at - begin) * kSecondsPerNs;
}

bool Performance06Timeline::isCleanBurst(int burst) const
{
    for (int i = 0; i < m_depth; ++i) {
        if (!isCleanCall(burst * m_depth + i))
            return false;
    }
    return true;
}

std::optional<double> Performance06Timeline::medianPerCall(Stop stop) const
{
    // Over the clean bursts, as the figures are (of every burst when none is).
    std::vector<double> values, all;
    for (int b = 0; b < burstCount(); ++b) {
        const double value = *burstReading(stop, b) / m_depth;
        all.push_back(value);
        if (isCleanBurst(b))
            values.push_back(value);
    }
    if (values.empty())
        values = std::move(all);
    return values.empty() ? std::nullopt : std::optional(median(values));
}

int Performance06Timeline::unfinishedAt(Stop stop, int burst) const
{
    const auto at = stopTime(stop, burst);
    int count = 0;
    for (int j = 0; at && j < m_depth; ++j)
        count
            += static_cast<double>(trace().calls[static_cast<std::size_t>(burst * m_depth + j)].workEnd) > *at ? 1 : 0;
    return count;
}

std::optional<double> Performance06Timeline::callSeconds(int index) const
{
    const auto reading = burstReading(Stop::AtLastReady, burstOf(index));
    return reading ? std::optional(*reading / m_depth) : std::nullopt;
}

int Performance06Timeline::representativeCall() const
{
    if (!isMeasured())
        return -1;
    const auto middle = medianPerCall(Stop::AtLastReady);
    int best = 0;
    for (int b = 1; middle && b < burstCount(); ++b) {
        if (std::abs(*callSeconds(b * m_depth) - *middle) < std::abs(*callSeconds(best * m_depth) - *middle))
            best = b;
    }
    return best * m_depth;
}

std::optional<double> Performance06Timeline::readingSeconds(std::string_view candidateKey, int callIndex) const
{
    const auto stop = stopFromKey(candidateKey);
    return stop ? burstReading(*stop, burstOf(callIndex)) : std::nullopt;
}

CallTimeline Performance06Timeline::call(int index) const
{
    if (isMeasured() && (index < 0 || index >= callCount()))
        index = representativeCall();
    CallTimeline call;
    call.title = callTitle(index);
    call.measured = isMeasured();
    call.lanes = streamLanes();
    call.marker = MarkerKind::Stop;
    addBurst(call, index);
    return call;
}

// The burst around call index: every call's dispatch, work and ready signal, the host's one wait
// and the timer's boundary, in times from call index's own dispatch.
void Performance06Timeline::addBurst(CallTimeline &call, int index) const
{
    BurstTimes burst;
    int own = 0;
    double origin = 0;
    if (isMeasured()) {
        const int b = burstOf(index);
        const auto first = trace().calls.begin() + static_cast<std::ptrdiff_t>(b) * m_depth;
        burst.calls.assign(first, first + m_depth);
        own = index - b * m_depth;
        origin = static_cast<double>(trace().calls[static_cast<std::size_t>(index)].dispatchBegin);
    } else {
        burst = schematicBurst();
    }
    const auto rel = [origin](std::int64_t t) { return static_cast<double>(t) - origin; };
    const int depth = static_cast<int>(burst.calls.size());
    const TracedCall &first = burst.calls.front();
    const TracedCall &last = burst.calls.back();
    for (int j = 0; j < depth; ++j) {
        const TracedCall &c = burst.calls[static_cast<std::size_t>(j)];
        const bool context = j != own;
        // Names on this call and on the burst's ends; 62 more would only cover one another.
        const bool named = !context || j == 0 || j == depth - 1;
        const std::string n = std::to_string(j + 1);
        call.events.push_back(
            span(Host, named ? "dispatch " + n : "",
                 "The host queues call " + n + " on " + queueName() + "; the dispatch returns at once.",
                 rel(c.dispatchBegin), rel(c.dispatchEnd), false, context));
        call.events.push_back(span(Device, named ? "call " + n : "",
                                   "The device runs call " + n + ", in order, after the calls queued before it.",
                                   rel(c.workBegin), rel(c.workEnd), false, context));
        // Ready signals lie close together: only this call's is named, the last's is the hand-back.
        call.events.push_back(instant(Readiness, context ? "" : "ready " + n,
                                      "Call " + n + "'s output is ready: the device signals it.", rel(c.workEnd),
                                      context));
    }
    // The one wait and the one boundary belong to the burst's last and first call.
    call.events.push_back(span(Host, "one wait, for the last call",
                               "The host waits once, for the last call; in order, its readiness means all are done.",
                               rel(last.dispatchEnd), rel(last.readyObserved), true, own != depth - 1));
    call.events.push_back(span(Readiness, "hand-back",
                               "From the last call's ready signal until the waiting host "
                               "observes it.",
                               rel(last.workEnd), rel(last.readyObserved), true, own != depth - 1));
    call.events.push_back(span(Measurement, std::to_string(depth) + " calls, one wait",
                               "The throughput boundary: from the first dispatch to the last call's observed "
                               "readiness; divided by K it is the time per call.",
                               rel(first.dispatchBegin), rel(last.readyObserved), false, own != 0));

    call.anchor = rel(first.dispatchBegin);
    const std::array<double, kStopCount> times = {rel(last.dispatchEnd), rel(first.workEnd), rel(last.readyObserved)};
    call.candidates = candidatesAt(kStops, times, static_cast<std::size_t>(Stop::AtLastReady));
    call.outside = {{Host, "prepare & place inputs",
                     "The inputs are made and placed before any clock reads (\"input already placed\"). Not "
                     "measured here."}};
    // The whole burst in view, with room after the wait for the timer's flag.
    const double extent = std::max(rel(last.readyObserved) - call.anchor, 1.0);
    call.viewBegin = call.anchor - 0.04 * extent;
    call.viewEnd = rel(last.readyObserved) + 0.08 * extent;
}

TimelineVerdict Performance06Timeline::verdict(std::string_view candidateKey, int callIndex) const
{
    const Stop stop = stopFromKey(candidateKey).value_or(Stop::AfterLastDispatch);
    TimelineVerdict verdict;
    verdict.correct = stop == Stop::AtLastReady;
    verdict.headline = verdict.correct ? "Right: stop at the last call's observed readiness."
                                       : std::string("Not quite: you stopped ") + namesOf(stop).label + ".";
    verdict.why = namesOf(stop).why;
    // An index out of range (a stale selection) reads the nearest call's burst.
    verdict.numbers
        = isMeasured() ? measuredNumbers(stop, burstOf(std::clamp(callIndex, 0, callCount() - 1))) : schematicNumbers();
    return verdict;
}

std::string Performance06Timeline::measuredNumbers(Stop stop, int burst) const
{
    const auto done = burstReading(Stop::AtLastReady, burst);
    const auto chosen = burstReading(stop, burst);
    const auto doneMedian = medianPerCall(Stop::AtLastReady);
    const auto chosenMedian = medianPerCall(stop);
    if (!done || !chosen || !doneMedian || !chosenMedian)
        return {};
    const std::string k = std::to_string(m_depth);
    const std::string thisBurst = "burst " + std::to_string(burst + 1) + " of " + std::to_string(burstCount());
    int clean = 0;
    for (int b = 0; b < burstCount(); ++b)
        clean += isCleanBurst(b) ? 1 : 0;
    const std::string over = "median over the " + std::to_string(clean > 0 ? clean : burstCount())
        + (clean > 0 && clean < burstCount() ? " clean bursts" : " bursts");
    std::string text;
    if (stop == Stop::AtLastReady) {
        text = "Stopped at the last call's observed readiness the timer reads " + formatDuration(*done) + " for the "
            + k + " calls of " + thisBurst + ": " + perCallText(*done, m_depth) + "; " + over + ": "
            + formatDuration(*doneMedian) + " per call, " + rateText(1.0 / *doneMedian) + " calls per second.";
        if (m_figures.latencyMedian && *m_figures.latencyMedian > 0)
            text += " One call at a time takes " + formatDuration(*m_figures.latencyMedian)
                + " (the latency median): kept busy, a call costs "
                + formatRatio(*doneMedian / *m_figures.latencyMedian) + " of it.";
        const auto dispatched = burstReading(Stop::AfterLastDispatch, burst);
        const auto firstReady = burstReading(Stop::AtFirstReady, burst);
        text += " Stopped after the last dispatch it would read " + perCallText(*dispatched, m_depth)
            + ", at the first call's readiness " + perCallText(*firstReady, m_depth) + ".";
        return text;
    }
    const int unfinished = unfinishedAt(stop, burst);
    text = std::string("Stopped ") + namesOf(stop).label + " the timer reads " + formatDuration(*chosen) + " for "
        + thisBurst + ": " + perCallText(*chosen, m_depth) + ", " + formatRatio(*done / *chosen) + " less than the "
        + perCallText(*done, m_depth) + " the " + k
        + " calls took to the last call's observed readiness. At that moment " + std::to_string(unfinished) + " of the "
        + k + " calls had not finished on the device.";
    text += " The " + over + ": " + formatDuration(*chosenMedian) + " against " + formatDuration(*doneMedian)
        + " per call.";
    return text;
}

std::string Performance06Timeline::schematicNumbers() const
{
    std::string text = "This artifact has no measured trace: the timeline shows the order of events only, not "
                       "their durations.";
    const auto busy = m_figures.perCallAtLargest();
    if (m_figures.latencyMedian && busy && *m_figures.latencyMedian > 0)
        text += " Its medians: one call at a time " + formatDuration(*m_figures.latencyMedian) + "; kept busy with "
            + std::to_string(*m_figures.largestDepth()) + " calls in flight " + formatDuration(*busy) + " per call ("
            + formatRatio(*busy / *m_figures.latencyMedian) + ").";
    return text + " Rerun the lesson to see what each stop reads on your machine.";
}

} // namespace lessonscope
