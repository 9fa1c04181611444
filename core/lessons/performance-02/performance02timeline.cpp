#include "core/lessons/performance-02/performance02timeline.h"

#include "core/base/units.h"
#include "core/timing/statistics.h"
#include "core/trace/streamtimeline.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace lessonscope {

namespace {

using Start = Performance02Timeline::Start;
using Lane = StreamTimeline::Lane;
constexpr double kSecondsPerNs = 1e-9;

constexpr std::array<CandidateNames, Performance02Timeline::kStartCount> kStarts = {{
    {"before-stream", "before the first use", "before first use",
     "A timer started before the process first uses the product counts everything the first call pays once "
     "— the variant's choice, the output's first touch, the library's first use — and every call before the "
     "one it stops at."},
    {"first-dispatch", "at the first call's dispatch", "first dispatch",
     "Started at the first call's dispatch, the timer leaves the set-up out but keeps the first call's own "
     "first-use work (the library's first use, cold caches) and every call up to the one it stops at."},
    {"this-dispatch", "at this call's dispatch", "this dispatch",
     "Started at a warm call's dispatch and stopped at its observed readiness, the timer measures that call "
     "alone. The first call is kept apart and reported as a figure of its own, measured in fresh processes."},
}};

// On an OpenCL device the first call pays other things once (performance02contract.h's device
// parts): the same candidates and keys, named for them.
constexpr std::array<CandidateNames, Performance02Timeline::kStartCount> kDeviceStarts = {{
    {"before-stream", "before OpenCL is first used", "before set-up",
     "A timer started before the process first uses OpenCL counts everything its first call pays once — "
     "loading the drivers, the context, the program's build, the kernel and the buffers, the first "
     "enqueue's compilation — and every call before the one it stops at."},
    {"first-dispatch", "at the first call's enqueue", "first enqueue",
     "Started at the first call's enqueue, the timer leaves the set-up out but keeps the first call's own "
     "first-use work (on PoCL the kernel's compilation for its work-group size, unless the cache held it) "
     "and every call up to the one it stops at."},
    {"this-dispatch", "at this call's enqueue", "this enqueue",
     "Started at a warm call's enqueue and stopped at its observed readiness, the timer measures that call "
     "alone. The first call is kept apart and reported as a figure of its own, measured in fresh processes."},
}};

constexpr const char *kDeviceMeasuredReading
    = "The first call of a process on an OpenCL device pays once for what later calls reuse: loading the "
      "drivers, creating the context and its queue, building the program (or finding it in the driver's kernel "
      "cache, as JAX finds a compiled function in its persistent compilation cache), creating the kernel and "
      "the buffers, and at the first enqueue compiling the kernel for its work-group size. Lengths are this "
      "machine's measured durations in the traced process, to scale, the host's view above the device's own "
      "clock: the device shows the first enqueue's compilation as time submitted but not begun. Whether the "
      "cache held the program changes the first call a thousandfold, so the run records it for every process. "
      "Keep the first call apart: start the timer at a warm call's enqueue, and report the first call, "
      "measured in fresh processes, as a figure of its own.";

// A stream run of contentVersion 1 timed the stream's start too: its first start is before it.
constexpr CandidateNames kBeforeStreamStart{
    "before-stream", "before the stream starts", "before stream",
    "A timer started before the stream exists counts everything the first call pays once — the worker's start, "
    "the variant's choice, the output's first touch, the library's first use — and every call before the one it "
    "stops at."};

const CandidateNames &namesOf(Start start, std::string_view layout = {})
{
    if (start == Start::BeforeStream && layout == performance02::kStreamWithStart)
        return kBeforeStreamStart;
    return (layout == performance02::kDeviceBackend ? kDeviceStarts : kStarts).at(static_cast<std::size_t>(start));
}

// The schematic: ordering only, in arbitrary units since the first dispatch.
constexpr double kSchematicParts[] = {-44, -36, -26}; // variant, first touch, their end
constexpr TracedCall kSchematicCalls[] = {{0, 4, 6, 44, 48}, {58, 60, 61, 68, 70}};

// How much of a call is named on the timeline. Calls drawn for context say less (their tooltips
// stay): their readiness sits next to the timed call's, and the labels would overlap.
enum class Labels { None, Host, All };

// Call c's events, times relative to origin.
void addCall(std::vector<TimelineEvent> &events, const TracedCall &c, double origin, const std::string &name,
             Labels labels)
{
    const auto at = [origin](std::int64_t t) { return static_cast<double>(t) - origin; };
    const auto label
        = [labels](const char *text, Labels atLeast) { return labels >= atLeast ? std::string(text) : std::string(); };
    events.push_back(span(Lane::Host, label("dispatch", Labels::Host), "The host hands " + name + " to the stream.",
                          at(c.dispatchBegin), at(c.dispatchEnd)));
    events.push_back(span(Lane::Host, label("wait", Labels::Host),
                          "The host waits until it observes " + name + "'s readiness.", at(c.dispatchEnd),
                          at(c.readyObserved), true));
    events.push_back(span(Lane::Device, label(name.c_str(), Labels::Host), "The worker runs " + name + ".",
                          at(c.workBegin), at(c.workEnd)));
    events.push_back(instant(Lane::Readiness, label("ready", Labels::All),
                             "The device signals that " + name + "'s output is ready.", at(c.workEnd)));
    events.push_back(span(Lane::Readiness, label("hand-back", Labels::All),
                          "From the ready signal until the host observes it.", at(c.workEnd), at(c.readyObserved),
                          true));
}

// The parts before the first dispatch, each from one bound to the next (bounds has one more than
// the parts drawn: the first call's work, the last part, is drawn as the call).
void addParts(std::vector<TimelineEvent> &events, const std::vector<performance02::PartSpec> &parts,
              const std::vector<double> &bounds)
{
    for (std::size_t i = 0; i + 1 < bounds.size() && i < parts.size(); ++i)
        events.push_back(span(Lane::Host, parts[i].caption, parts[i].meaning, bounds[i], bounds[i + 1]));
}

std::string callName(int index) { return index == 0 ? "first call" : "warm call " + std::to_string(index); }

} // namespace

const char *Performance02Timeline::key(Start start) { return namesOf(start).key; }

std::optional<Start> Performance02Timeline::startFromKey(std::string_view key)
{
    return candidateFromKey<Start>(kStarts, key);
}

Performance02Timeline::Performance02Timeline(const Artifact &artifact)
    : m_trace(artifact.trace().value_or(Trace{})), m_figures(performance02::readFigures(artifact))
{
    // To scale only with everything the layout needs: the calls, the traced process's first call
    // and its parts (a file missing them is drawn as the schematic rather than guessed at).
    const auto traced = m_figures.tracedProcess;
    const bool hasFirst
        = traced && *traced >= 0 && static_cast<std::size_t>(*traced) < m_figures.firstCallSamplesSeconds.size();
    m_measured = !m_trace.calls.empty() && hasFirst
        && m_figures.parts.size() == performance02::partNames(m_figures.partsLayout).size();
    if (m_measured) {
        const double first = m_figures.firstCallSamplesSeconds[static_cast<std::size_t>(*traced)];
        m_timerStart = static_cast<double>(m_trace.calls.front().readyObserved) - first / kSecondsPerNs;
    }
}

int Performance02Timeline::representativeCall() const
{
    if (!m_measured)
        return -1;
    if (m_trace.calls.size() < 2)
        return 0;
    std::vector<double> warm;
    for (int i = 1; i < callCount(); ++i)
        warm.push_back(*callSeconds(i));
    const double middle = median(warm);
    int best = 1;
    for (int i = 2; i < callCount(); ++i) {
        if (std::abs(*callSeconds(i) - middle) < std::abs(*callSeconds(best) - middle))
            best = i;
    }
    return best;
}

std::string Performance02Timeline::callTitle(int index) const
{
    return m_measured ? callName(index) : "schematic: the first call and a warm call";
}

std::optional<double> Performance02Timeline::callSeconds(int index) const
{
    if (!m_measured || index < 0 || index >= callCount())
        return std::nullopt;
    const TracedCall &c = m_trace.calls[static_cast<std::size_t>(index)];
    return (static_cast<double>(c.readyObserved) - static_cast<double>(c.dispatchBegin)) * kSecondsPerNs;
}

double Performance02Timeline::dispatchOf(int index) const
{
    return static_cast<double>(m_trace.calls.at(static_cast<std::size_t>(index)).dispatchBegin);
}

CallTimeline Performance02Timeline::call(int index) const
{
    if (m_measured && (index < 0 || index >= callCount()))
        index = representativeCall();
    CallTimeline call;
    call.title = callTitle(index);
    call.measured = m_measured;
    call.lanes = StreamTimeline::streamLanes();
    call.marker = MarkerKind::Start;

    std::vector<TracedCall> calls;
    const std::vector<performance02::PartSpec> &parts = performance02::partSpecs(m_figures.partsLayout);
    std::vector<double> bounds; // the timer's start, then the end of each part before the work
    double origin = 0;
    if (m_measured) {
        calls.assign(m_trace.calls.begin(), m_trace.calls.begin() + index + 1);
        origin = dispatchOf(index);
        bounds.push_back(m_timerStart - origin);
        for (std::size_t i = 0; i + 1 < parts.size(); ++i)
            bounds.push_back(bounds.back() + m_figures.parts.at(parts[i].name) / kSecondsPerNs);
    } else {
        calls.assign(std::begin(kSchematicCalls), std::end(kSchematicCalls));
        origin = static_cast<double>(calls.back().dispatchBegin);
        for (const double bound : kSchematicParts)
            bounds.push_back(bound - origin);
    }
    const TracedCall &own = calls.back();
    const int ownIndex = static_cast<int>(calls.size()) - 1;
    const double anchor = static_cast<double>(own.readyObserved) - origin;
    // In time order, so that captions under the lanes follow one another from the left: the
    // parts, the calls before this one (for context), this call and its completed result.
    addParts(call.events, parts, bounds);
    for (int i = 0; i < ownIndex; ++i)
        addCall(call.events, calls[static_cast<std::size_t>(i)], origin, callName(i),
                i == 0 ? Labels::Host : Labels::None);
    // The parts belong to the first call, the earlier calls to themselves: context on any other.
    for (TimelineEvent &event : call.events)
        event.context = ownIndex > 0;
    addCall(call.events, own, origin, callName(ownIndex), Labels::All);
    // The first call's box is its dispatch to its readiness only: the parts before it (drawn
    // apart) belong to the first call the header and the panels report as a whole.
    call.events.push_back(span(Lane::Measurement, ownIndex == 0 ? "first call, dispatch to ready" : "warm call",
                               "The call's completed result: from its dispatch to its observed readiness.",
                               static_cast<double>(own.dispatchBegin) - origin, anchor));

    call.anchor = anchor;
    const std::array<double, kStartCount> times = {bounds[0], static_cast<double>(calls.front().dispatchBegin) - origin,
                                                   static_cast<double>(own.dispatchBegin) - origin};
    for (int i = 0; i < kStartCount; ++i) {
        const CandidateNames &names = namesOf(static_cast<Start>(i), m_figures.partsLayout);
        call.candidates.push_back({names.key, names.label, names.shortLabel, times[static_cast<std::size_t>(i)],
                                   static_cast<Start>(i) == Start::ThisDispatch});
    }
    const double extent = std::max(anchor - bounds[0], 1.0);
    call.viewBegin = bounds[0] - 0.04 * extent;
    call.viewEnd = anchor + 0.12 * extent; // room after the timer's stop for its name
    return call;
}

std::optional<double> Performance02Timeline::readingSeconds(std::string_view candidateKey, int callIndex) const
{
    const auto start = startFromKey(candidateKey);
    if (!m_measured || !start || callIndex < 0 || callIndex >= callCount())
        return std::nullopt;
    if (*start == Start::ThisDispatch && callIndex == 0)
        return std::nullopt; // the first call is no warm call
    const double ready = static_cast<double>(m_trace.calls[static_cast<std::size_t>(callIndex)].readyObserved);
    const double from = *start == Start::BeforeStream ? m_timerStart
        : *start == Start::FirstDispatch              ? dispatchOf(0)
                                                      : dispatchOf(callIndex);
    return (ready - from) * kSecondsPerNs;
}

TimelineVerdict Performance02Timeline::verdict(std::string_view candidateKey, int callIndex) const
{
    const Start start = startFromKey(candidateKey).value_or(Start::BeforeStream);
    TimelineVerdict verdict;
    verdict.correct = start == Start::ThisDispatch;
    verdict.headline = verdict.correct
        ? std::string("Right: start the timer ") + namesOf(start, m_figures.partsLayout).label + "."
        : std::string("Not quite: you started the timer ") + namesOf(start, m_figures.partsLayout).label + ".";
    verdict.why = namesOf(start, m_figures.partsLayout).why;
    verdict.numbers = m_measured ? measuredNumbers(std::clamp(callIndex, 0, callCount() - 1)) : schematicNumbers();
    return verdict;
}

std::string Performance02Timeline::measuredNumbers(int callIndex) const
{
    if (callIndex == 0)
        return "This is the first call: no warm call ends here. A timer started before the first use reads "
            + formatDuration(*readingSeconds(key(Start::BeforeStream), 0)) + ", one started at its dispatch "
            + formatDuration(*readingSeconds(key(Start::FirstDispatch), 0))
            + ". Choose a warm call to see what each start reads for it.";
    const double warm = *readingSeconds(key(Start::ThisDispatch), callIndex);
    const std::string name = callName(callIndex);
    std::string text;
    for (const Start start : {Start::BeforeStream, Start::FirstDispatch}) {
        const double reading = *readingSeconds(key(start), callIndex);
        text += std::string("A timer started ") + namesOf(start, m_figures.partsLayout).label + " reads "
            + formatDuration(reading) + " — " + formatRatio(reading / warm) + " " + name + ". ";
    }
    text += std::string("Started ") + namesOf(Start::ThisDispatch, m_figures.partsLayout).label + " it reads "
        + formatDuration(warm) + ", " + name + " itself.";
    if (m_figures.warmMedianSeconds && m_figures.firstCallSeconds)
        text += " Over " + std::to_string(m_figures.warmSamplesSeconds.size()) + " warm calls in "
            + std::to_string(m_figures.firstCallSamplesSeconds.size()) + " fresh processes the warm median is "
            + formatDuration(*m_figures.warmMedianSeconds) + "; the first call, kept apart, has a median of "
            + formatDuration(*m_figures.firstCallSeconds) + ".";
    return text;
}

std::string Performance02Timeline::schematicNumbers() const
{
    std::string text = "This artifact has no measured trace: the timeline shows the order of events only, not "
                       "their durations.";
    if (m_figures.firstCallSeconds && m_figures.warmMedianSeconds && *m_figures.warmMedianSeconds > 0)
        text += " The recorded run measured a first call of " + formatDuration(*m_figures.firstCallSeconds)
            + " (median of " + std::to_string(m_figures.firstCallSamplesSeconds.size())
            + " fresh processes) against a warm median of " + formatDuration(*m_figures.warmMedianSeconds) + ": "
            + formatRatio(*m_figures.firstCallSeconds / *m_figures.warmMedianSeconds) + ".";
    text += " Rerun the lesson to see what each start reads on your machine.";
    return text;
}

bool Performance02Timeline::onDevice() const { return m_figures.backend == performance02::kDeviceBackend; }

std::string Performance02Timeline::measuredReading() const
{
    return onDevice() ? kDeviceMeasuredReading : std::string();
}

} // namespace lessonscope
