#include "core/lessons/performance-03/performance03timeline.h"

#include "core/base/units.h"
#include "core/lessons/performance-03/performance03phases.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace lessonscope {

namespace {

using Start = Performance03Timeline::Start;

constexpr std::array<CandidateNames, Performance03Timeline::kStartCount> kStarts = {{
    {"before-preparation", "before preparation", "before prepare",
     "Preparation makes the inputs on the host, and it grows with them. A timer started before it adds the "
     "preparation and the placement to the call's time: it measures the data pipeline, not the call."},
    {"before-placement", "before placement", "before place",
     "Placement copies the inputs into the device's memory. A benchmark places its inputs before the timer "
     "(in JAX, device_put and block_until_ready) so that it sees the call alone; started here, the timer adds "
     "the copy."},
    {"after-unawaited-placement", "after a placement not awaited", "after place, not awaited",
     "The placement's dispatch returned before the copy was done: a copy to a device is asynchronous (JAX's "
     "device_put, clEnqueueWriteBuffer without blocking, a copy on a stream). The call queued behind it, so a "
     "timer started when the placement returned waits for the rest of the copy too. Wait for the placement "
     "(block_until_ready, a blocking write, clFinish) before the timer starts."},
    {"at-dispatch", "at the dispatch, inputs placed", "at dispatch",
     "With the inputs prepared and placed beforehand, the timer runs from the dispatch to the observed "
     "result: the call and its synchronization, nothing else. Preparation and placement get boundaries of "
     "their own."},
}};

const CandidateNames &namesOf(Start start) { return kStarts.at(static_cast<std::size_t>(start)); }

// Digits grouped by thousands: 1530 → "1,530".
std::string grouped(long long value)
{
    const std::string digits = std::to_string(value);
    std::string text;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-')
            text.push_back(',');
        text.push_back(digits[i]);
    }
    return text;
}

// A ratio as people read it: "1.3×", "46×", "1,530×"; never an exponent.
std::string ratioText(double ratio)
{
    if (!(ratio > 0) || !std::isfinite(ratio))
        return "?×";
    if (ratio < 9.95) {
        char buffer[16];
        std::snprintf(buffer, sizeof buffer, "%.1f×", ratio);
        return buffer;
    }
    return grouped(std::llround(ratio)) + "×";
}

Trace phasedTrace(const Artifact &artifact, const performance03::Figures &figures)
{
    Trace trace = artifact.trace().value_or(Trace{});
    // A trace without a phase record for every call cannot place the host's preparation and
    // placement: the timeline is then the schematic's.
    if (trace.calls.size() != figures.phases.size())
        trace.calls.clear();
    return trace;
}

} // namespace

const char *Performance03Timeline::key(Start start) { return namesOf(start).key; }

std::optional<Start> Performance03Timeline::startFromKey(std::string_view key)
{
    return candidateFromKey<Start>(kStarts, key);
}

Performance03Timeline::Performance03Timeline(const Artifact &artifact)
    : StreamTimeline(phasedTrace(artifact, performance03::readFigures(artifact))),
      m_figures(performance03::readFigures(artifact))
{ }

bool Performance03Timeline::hasPhases() const
{
    return isMeasured() && m_figures.phases.size() == static_cast<std::size_t>(callCount());
}

bool Performance03Timeline::hasTwins() const
{
    return hasPhases()
        && std::all_of(m_figures.phases.begin(), m_figures.phases.end(),
                       [](const performance03::PhaseTimes &p) { return p.unawaited.has_value(); });
}

std::string Performance03Timeline::callTitle(int index) const
{
    if (!isMeasured())
        return "schematic call";
    std::string title = "call " + std::to_string(index + 1) + " of " + std::to_string(callCount());
    if (m_figures.defaultSize)
        title += " at " + std::to_string(*m_figures.defaultSize) + "×" + std::to_string(*m_figures.defaultSize);
    return title;
}

std::optional<std::int64_t> Performance03Timeline::startTimestamp(Start start, int index) const
{
    if (!hasPhases() || index < 0 || index >= callCount())
        return std::nullopt;
    const auto i = static_cast<std::size_t>(index);
    switch (start) {
    case Start::BeforePreparation:
        return m_figures.phases[i].prepareBegin;
    case Start::BeforePlacement:
        return m_figures.phases[i].placeDispatchBegin;
    case Start::AfterUnawaitedPlacement:
        return std::nullopt; // the twin's own readiness ends it (readingSeconds)
    case Start::AtDispatch:
        return trace().calls[i].dispatchBegin;
    }
    return std::nullopt;
}

std::optional<double> Performance03Timeline::readingSeconds(std::string_view candidateKey, int callIndex) const
{
    const auto start = startFromKey(candidateKey);
    if (start == Start::AfterUnawaitedPlacement) {
        if (!hasTwins() || callIndex < 0 || callIndex >= callCount())
            return std::nullopt;
        const performance03::UnawaitedPhase &twin = *m_figures.phases[static_cast<std::size_t>(callIndex)].unawaited;
        return performance03::secondsBetween(twin.placeDispatchEnd, twin.readyObserved);
    }
    const auto from = start ? startTimestamp(*start, callIndex) : std::nullopt;
    if (!from)
        return std::nullopt;
    // The same subtraction as the run's, so the same doubles as stdout's samples.
    return performance03::secondsBetween(*from, trace().calls[static_cast<std::size_t>(callIndex)].readyObserved);
}

std::optional<double> Performance03Timeline::medianReading(Start start) const
{
    // Of the clean calls, as stdout's medians are.
    std::vector<double> values;
    for (int i = 0; i < callCount(); ++i) {
        if (trace().interrupted(static_cast<std::size_t>(i)))
            continue;
        if (const auto value = readingSeconds(key(start), i))
            values.push_back(*value);
    }
    return values.empty() ? std::nullopt : std::optional(median(values));
}

int Performance03Timeline::representativeCall() const
{
    if (!isMeasured())
        return -1;
    const auto middle = medianReading(Start::BeforePreparation);
    int best = 0;
    for (int i = 0; middle && i < callCount(); ++i) {
        const double distance = std::abs(*readingSeconds(key(Start::BeforePreparation), i) - *middle);
        if (distance < std::abs(*readingSeconds(key(Start::BeforePreparation), best) - *middle))
            best = i;
    }
    return best;
}

CallTimeline Performance03Timeline::call(int index) const
{
    if (isMeasured() && (index < 0 || index >= callCount()))
        index = representativeCall();
    CallTimeline call = StreamTimeline::call(index);
    addPhases(call, index);
    return call;
}

// The host's preparation and placement before the call, the device's copy, and the three starts.
void Performance03Timeline::addPhases(CallTimeline &call, int index) const
{
    double prepareBegin = -90, prepareEnd = -55, placeBegin = -50, copyBegin = -44, copyEnd = -14, placeEnd = -8;
    if (hasPhases()) {
        const performance03::PhaseTimes &p = m_figures.phases[static_cast<std::size_t>(index)];
        const auto rel = [dispatch = static_cast<double>(trace().calls[static_cast<std::size_t>(index)].dispatchBegin)](
                             std::int64_t t) { return static_cast<double>(t) - dispatch; };
        prepareBegin = rel(p.prepareBegin);
        prepareEnd = rel(p.prepareEnd);
        placeBegin = rel(p.placeDispatchBegin);
        copyBegin = rel(p.placeWorkBegin);
        copyEnd = rel(p.placeWorkEnd);
        placeEnd = rel(p.placeReadyObserved);
    }
    const std::vector<TimelineEvent> before = {
        span(Host, "prepare inputs", "The host makes the inputs from the seed, in its own memory.", prepareBegin,
             prepareEnd),
        span(Host, "place inputs", "The host dispatches the copy of the inputs to the device and waits for it.",
             placeBegin, placeEnd, true),
        span(Device, "copy to device memory", workerName() + " copies the inputs into memory it owns.", copyBegin,
             copyEnd),
    };
    call.events.insert(call.events.begin(), before.begin(), before.end());
    const bool twin = !isMeasured() || hasTwins();
    const double afterUnawaited = twin ? addTwin(call, index) : 0.0;
    const std::array<double, kStartCount> times = {prepareBegin, placeBegin, afterUnawaited, 0.0};
    call.candidates = candidatesAt(kStarts, times, static_cast<std::size_t>(Start::AtDispatch));
    if (!twin) { // an older run measured no twin
        std::erase_if(call.candidates, [](const TimelineCandidate &candidate) {
            return candidate.key == key(Start::AfterUnawaitedPlacement);
        });
    }
    // The whole sample and its twin in view (the twin, aligned on the readiness, begins before
    // the sample's preparation when it took longer), with room after the timer's stop for its name.
    double begin = prepareBegin;
    for (const TimelineEvent &event : call.events)
        begin = std::min(begin, event.begin);
    const double end = std::max(call.anchor, 1.0);
    const double extent = end - begin;
    call.viewBegin = begin - 0.04 * extent;
    call.viewEnd = end + 0.12 * extent;
}

double Performance03Timeline::addTwin(CallTimeline &call, int index) const
{
    // Schematic: the placement returns at once, the copy runs on, the call waits behind it.
    double placeBegin = -34, placeEnd = -30, copyBegin = -28, copyEnd = 6, dispatch = -28, workBegin = 12, workEnd = 60,
           ready = call.anchor;
    double drawnLaterBy = 0; // than the twin ran, right after its call
    if (hasTwins()) {
        const performance03::UnawaitedPhase &u = *m_figures.phases[static_cast<std::size_t>(index)].unawaited;
        // Shifted so that the twin's readiness is the call's: both timers stop at the anchor.
        const double shift = call.anchor - static_cast<double>(u.readyObserved);
        drawnLaterBy = shift + static_cast<double>(trace().calls[static_cast<std::size_t>(index)].dispatchBegin);
        const auto at = [shift](std::int64_t t) { return static_cast<double>(t) + shift; };
        placeBegin = at(u.placeDispatchBegin);
        placeEnd = at(u.placeDispatchEnd);
        copyBegin = at(u.placeWorkBegin);
        copyEnd = at(u.placeWorkEnd);
        dispatch = at(u.callDispatchBegin);
        workBegin = at(u.callWorkBegin);
        workEnd = at(u.callWorkEnd);
        ready = at(u.readyObserved);
    }
    const int host = static_cast<int>(call.lanes.size());
    call.lanes.push_back({"host, placement not awaited", TimelineLane::Role::Activity, 0});
    call.lanes.push_back({"device, placement not awaited", TimelineLane::Role::Activity, 187});
    const int device = host + 1;
    const std::vector<TimelineEvent> twin = {
        span(host, "place, not awaited",
             "The same sample again (its twin, right after it): the host dispatches the copy and does not wait "
             "for it. The dispatch returns at once.",
             placeBegin, placeEnd),
        span(host, "dispatch, wait",
             "The host dispatches the call, queued behind the copy, and waits for its result. The twin's "
             "readiness is drawn at the call's, so that both timers stop at one place.",
             dispatch, ready, true),
        span(device, "copy (still running)", "The device copies the inputs after the host has moved on.", copyBegin,
             copyEnd),
        span(device, "device work", "The call's work begins only when the copy has ended: one queue, in order.",
             workBegin, workEnd),
    };
    for (TimelineEvent event : twin) {
        event.drawnLaterBy = drawnLaterBy;
        call.events.push_back(std::move(event));
    }
    return placeEnd;
}

TimelineVerdict Performance03Timeline::verdict(std::string_view candidateKey, int callIndex) const
{
    const Start start = startFromKey(candidateKey).value_or(Start::BeforePreparation);
    TimelineVerdict verdict;
    verdict.correct = start == Start::AtDispatch;
    verdict.headline = verdict.correct ? "Right: start the timer at the dispatch, with the inputs placed."
                                       : std::string("Not quite: you started the timer ") + namesOf(start).label + ".";
    verdict.why = namesOf(start).why;
    verdict.numbers
        = isMeasured() ? measuredNumbers(start, std::clamp(callIndex, 0, callCount() - 1)) : schematicNumbers();
    return verdict;
}

std::string Performance03Timeline::twinNumbers(int index) const
{
    const auto twin = readingSeconds(key(Start::AfterUnawaitedPlacement), index);
    const auto call = readingSeconds(key(Start::AtDispatch), index);
    const auto twinMedian = medianReading(Start::AfterUnawaitedPlacement);
    const auto callMedian = medianReading(Start::AtDispatch);
    if (!twin || !call)
        return "This call has no twin measured with it (a run stopped before it, or an older one): there is no "
               "reading of a timer started after a placement not awaited.";
    const performance03::UnawaitedPhase &u = *m_figures.phases[static_cast<std::size_t>(index)].unawaited;
    const double copy = performance03::secondsBetween(u.placeWorkBegin, u.placeWorkEnd);
    std::string text = "Started after a placement not awaited the timer reads " + formatDuration(*twin)
        + " for the twin of " + callTitle(index)
        + " (the same sample again, its placement dispatched "
          "and not awaited) — "
        + ratioText(*twin / *call) + " the call alone, " + formatDuration(*call) + ". The device copied for "
        + formatDuration(copy);
    if (u.placeWorkEnd <= u.callDispatchBegin)
        text += ", and finished before the call was dispatched: this driver copied within the enqueue, so little "
                "of it leaked into the timer. On a GPU the enqueue returns first and the copy crosses the bus "
                "while the timer runs.";
    else
        text += ", still copying when the call was dispatched: the call waited behind it, inside the timer.";
    if (!twinMedian || !callMedian) // every twin interrupted: its reading stands alone
        return text + " No twin of this run ran clean, so there is no median to set beside it.";
    return text + " The median over " + std::to_string(callCount()) + " twins: " + formatDuration(*twinMedian)
        + " against " + formatDuration(*callMedian) + " for the call alone.";
}

std::string Performance03Timeline::measuredNumbers(Start start, int index) const
{
    if (start == Start::AfterUnawaitedPlacement)
        return twinNumbers(index);
    const auto read = [this, index](Start s) { return readingSeconds(key(s), index); };
    const auto call = read(Start::AtDispatch);
    const auto chosen = read(start);
    const auto callMedian = medianReading(Start::AtDispatch);
    const auto chosenMedian = medianReading(start);
    if (!call || !chosen)
        return "Nothing measured says what that timer read for this call.";
    // A run whose every call was interrupted has readings and no medians (of clean calls only).
    const bool medians = callMedian && chosenMedian;
    const std::string noMedian = " No call of this run ran clean, so there is no median to set beside it.";
    const std::string over = "median over " + std::to_string(callCount()) + " calls";
    const std::string thisCall = "this call (" + callTitle(index) + ")";
    if (start == Start::AtDispatch) {
        std::string text = "Started at the dispatch the timer reads " + formatDuration(*call) + " for " + thisCall
            + (medians ? "; " + over + ": " + formatDuration(*callMedian) + "." : "." + noMedian);
        const auto placement = read(Start::BeforePlacement);
        const auto whole = read(Start::BeforePreparation);
        if (placement && whole)
            text += " Started before placement it would read " + formatDuration(*placement) + " ("
                + ratioText(*placement / *call) + " the call), before preparation " + formatDuration(*whole) + " ("
                + ratioText(*whole / *call) + ").";
        if (const auto twin = read(Start::AfterUnawaitedPlacement))
            text += " Started after a placement not awaited (its twin) it would read " + formatDuration(*twin) + " ("
                + ratioText(*twin / *call) + ").";
        return text;
    }
    const std::string reading = std::string("Started ") + namesOf(start).label + " the timer reads "
        + formatDuration(*chosen) + " for " + thisCall + " — " + ratioText(*chosen / *call) + " the call alone, "
        + formatDuration(*call) + ".";
    if (!medians)
        return reading + noMedian;
    return reading + " The " + over + ": " + formatDuration(*chosenMedian) + " against " + formatDuration(*callMedian)
        + ".";
}

std::string Performance03Timeline::schematicNumbers() const
{
    std::string text = "This artifact has no measured trace: the timeline shows the order of events only, not "
                       "their durations.";
    const auto at = m_figures.defaultIndex();
    const auto value = [at](const std::vector<double> &values) {
        return at && *at < values.size() ? std::optional(values[*at]) : std::nullopt;
    };
    const auto whole = value(m_figures.withPreparationMedian);
    const auto placed = value(m_figures.withPlacementMedian);
    const auto call = value(m_figures.callMedian);
    if (whole && placed && call && *call > 0) {
        const std::string size = std::to_string(m_figures.sizes[*at]);
        text += " Its medians at " + size + "×" + size + ": from the dispatch " + formatDuration(*call)
            + "; from before placement " + formatDuration(*placed) + " (" + ratioText(*placed / *call)
            + "); from before preparation " + formatDuration(*whole) + " (" + ratioText(*whole / *call) + ").";
    }
    return text + " Rerun the lesson to see each start's reading on your machine.";
}

} // namespace lessonscope
