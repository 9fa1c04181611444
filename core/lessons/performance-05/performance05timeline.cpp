#include "core/lessons/performance-05/performance05timeline.h"

#include "core/base/units.h"
#include "core/lessons/performance-05/performance05statistics.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace lessonscope {

namespace {

using Stop = Performance05Timeline::Stop;
using Lane = StreamTimeline::Lane;
constexpr double kNsPerSecond = 1e9;

constexpr std::array<CandidateNames, Performance05Timeline::kStopCount> kStops = {{
    {"fastest-call", "where the fastest call ends", "fastest",
     "The fastest call met no interruption and the warmest caches: a bound the calls rarely reach, not the "
     "typical call. The minimum answers how fast this code can run here; the median, how long a call "
     "typically takes; the mean, what the calls cost in total. A benchmark says which question its figure "
     "answers."},
    {"median-call", "where the median call ends", "median",
     "Half the calls end before this point and half after. An interrupted call moves it by one rank at most, "
     "however long the interruption, so the median of many calls — with its 95% interval — is what a "
     "benchmark reports."},
    {"mean-call", "where the mean call would end", "mean",
     "The mean spreads every interruption's delay over all the calls: a few slow calls move it away from "
     "where typical calls end, and by how much depends on what else ran on the machine."},
    {"this-call", "where this call ends", "this call",
     "One timing is one sample of a noisy process: this call alone is not the call's duration. An "
     "interrupted call measures the interruption too."},
}};

// The samples a 95% interval of ±2% around the median needs, planned from the spread rather than
// read off one order of the samples: the median's standard error is about √(π/2) σ/√n ≈ 1.25 σ/√n
// for a normal spread, σ estimated as 1.4826 × MAD, so n ≈ (z × 1.25 × σ / (0.02 × median))².
std::optional<double> samplesPlannedFor2Percent(const performance05::Figures &f)
{
    if (!f.mad || !f.median || !(*f.median > 0) || !(*f.mad >= 0))
        return std::nullopt;
    const double sigma = 1.4826 * *f.mad;
    const double n = std::ceil(std::pow(1.96 * std::sqrt(std::acos(-1.0) / 2) * sigma / (0.02 * *f.median), 2));
    return std::isfinite(n) ? std::optional<double>(std::max(n, 1.0)) : std::nullopt;
}

const CandidateNames &namesOf(Stop stop) { return kStops.at(static_cast<std::size_t>(stop)); }

// Call c's events, times relative to origin; a call drawn for context is unnamed on the lanes
// (it is a sliver beside an interrupted call) and keeps its tooltips.
// queue and worker: how the notes name where the calls ran (StreamTimeline::queueName, workerName).
void addCall(std::vector<TimelineEvent> &events, const TracedCall &c, double origin, const std::string &name,
             bool context, const std::string &queue, const std::string &worker)
{
    const auto at = [origin](std::int64_t t) { return static_cast<double>(t) - origin; };
    const auto label = [context](const char *text) { return context ? std::string() : std::string(text); };
    const std::size_t first = events.size();
    events.push_back(span(Lane::Host, label("dispatch"), "The host hands " + name + " to " + queue + ".",
                          at(c.dispatchBegin), at(c.dispatchEnd)));
    events.push_back(span(Lane::Host, label("wait for readiness"),
                          "The host waits until it observes " + name + "'s readiness.", at(c.dispatchEnd),
                          at(c.readyObserved), true));
    events.push_back(
        span(Lane::Device, label("device work"), worker + " runs " + name + ".", at(c.workBegin), at(c.workEnd)));
    events.push_back(instant(Lane::Readiness, label("ready"), "The device signals that " + name + "'s output is ready.",
                             at(c.workEnd)));
    events.push_back(span(Lane::Readiness, label("hand-back"), "From the ready signal until the host observes it.",
                          at(c.workEnd), at(c.readyObserved), true));
    for (std::size_t i = first; i < events.size(); ++i)
        events[i].context = context;
}

// The schematic: consecutive calls in arbitrary units, the third interrupted (its work held up).
constexpr TracedCall kSchematicCalls[]
    = {{0, 2, 3, 11, 12}, {14, 16, 17, 25, 26}, {28, 30, 31, 84, 86}, {88, 90, 91, 99, 100}};
constexpr int kSchematicTimed = 2;
constexpr const char *kMedianNote = "The median call's completed result: half the calls end before it, half after.";
// Where each candidate sits on the schematic, after the timed call's dispatch: ordering only.
constexpr std::array<double, Performance05Timeline::kStopCount> kSchematicStops = {10, 12, 20, 58};

} // namespace

const char *Performance05Timeline::key(Stop stop) { return namesOf(stop).key; }

std::optional<Stop> Performance05Timeline::stopFromKey(std::string_view key)
{
    return candidateFromKey<Stop>(kStops, key);
}

Performance05Timeline::Performance05Timeline(const Artifact &artifact)
    : StreamTimeline(artifact.trace().value_or(Trace{})), m_figures(performance05::readFigures(artifact))
{
    const auto &samples = m_figures.samples;
    if (!samples.empty() && std::none_of(samples.begin(), samples.end(), [](double v) { return std::isnan(v); }))
        m_fastest = *std::min_element(samples.begin(), samples.end());
}

std::string Performance05Timeline::callTitle(int index) const
{
    if (!isMeasured())
        return "schematic: consecutive calls, one interrupted";
    std::string title = "call " + std::to_string(index + 1) + " of " + std::to_string(callCount());
    if (index == slowestCall())
        title += ", the slowest";
    return title;
}

int Performance05Timeline::representativeCall() const
{
    if (!isMeasured())
        return -1;
    int slowest = 0;
    for (int i = 1; i < callCount(); ++i) {
        if (*completedSeconds(i) > *completedSeconds(slowest))
            slowest = i;
    }
    return slowest;
}

CallTimeline Performance05Timeline::schematicCall() const
{
    CallTimeline call;
    call.title = callTitle(-1);
    call.lanes = streamLanes();
    call.marker = MarkerKind::Stop;
    const TracedCall &timed = kSchematicCalls[kSchematicTimed];
    const auto origin = static_cast<double>(timed.dispatchBegin);
    int index = 0;
    for (const TracedCall &c : kSchematicCalls) {
        const bool own = index++ == kSchematicTimed;
        addCall(call.events, c, origin, own ? "the interrupted call" : "a neighbouring call", !own, queueName(),
                workerName());
    }
    call.events.push_back(
        span(Measurement, "median call", kMedianNote, 0, kSchematicStops[static_cast<std::size_t>(Stop::Median)]));
    call.events.back().answer = true;
    for (int i = 0; i < kStopCount; ++i) {
        const CandidateNames &names = kStops[static_cast<std::size_t>(i)];
        const bool interrupted = static_cast<Stop>(i) == Stop::ThisCall;
        call.candidates.push_back({names.key, interrupted ? "where the interrupted call ends" : names.label,
                                   interrupted ? "interrupted" : names.shortLabel,
                                   kSchematicStops[static_cast<std::size_t>(i)], static_cast<Stop>(i) == Stop::Median});
    }
    call.viewBegin = -origin - 4;
    call.viewEnd = static_cast<double>(kSchematicCalls[3].readyObserved) - origin + 4;
    return call;
}

CallTimeline Performance05Timeline::call(int index) const
{
    if (!isMeasured())
        return schematicCall();
    if (index < 0 || index >= callCount())
        index = representativeCall();
    const auto &calls = trace().calls;
    const auto origin = static_cast<double>(calls[static_cast<std::size_t>(index)].dispatchBegin);
    CallTimeline call;
    call.title = callTitle(index);
    call.measured = true;
    call.lanes = streamLanes();
    call.marker = MarkerKind::Stop;
    const int first = std::max(0, index - kNeighbours);
    const int last = std::min(callCount() - 1, index + kNeighbours);
    for (int i = first; i <= last; ++i)
        addCall(call.events, calls[static_cast<std::size_t>(i)], origin, "call " + std::to_string(i + 1), i != index,
                queueName(), workerName());
    // The timer's lane holds the answer, revealed with it: the median call's completed result.
    const double median = stopSeconds(Stop::Median, index).value_or(0) * kNsPerSecond;
    call.events.push_back(span(Measurement, "median call", kMedianNote, 0, median));
    call.events.back().answer = true;

    for (int i = 0; i < kStopCount; ++i) {
        const auto stop = static_cast<Stop>(i);
        const CandidateNames &names = namesOf(stop);
        const double at = stopSeconds(stop, index).value_or(0) * kNsPerSecond;
        // "Interrupted" only where the trace recorded a wait for a CPU during the call: the slowest
        // call is not interrupted by being slowest.
        const bool interrupted = stop == Stop::ThisCall && !isCleanCall(index);
        call.candidates.push_back({names.key, interrupted ? "where the interrupted call ends" : names.label,
                                   interrupted ? "interrupted" : names.shortLabel, at, stop == Stop::Median});
    }
    // In time order, as measured (the mean may lie below the median, this call anywhere).
    std::stable_sort(call.candidates.begin(), call.candidates.end(),
                     [](const TimelineCandidate &a, const TimelineCandidate &b) { return a.time < b.time; });

    double begin = static_cast<double>(calls[static_cast<std::size_t>(first)].dispatchBegin) - origin;
    double finish = static_cast<double>(calls[static_cast<std::size_t>(last)].readyObserved) - origin;
    finish = std::max({finish, call.candidates.back().time, 1.0});
    const double margin = 0.04 * (finish - begin);
    call.viewBegin = begin - margin;
    call.viewEnd = finish + margin;
    return call;
}

std::optional<double> Performance05Timeline::stopSeconds(Stop stop, int callIndex) const
{
    switch (stop) {
    case Stop::Fastest:
        return m_fastest;
    case Stop::Median:
        return m_figures.median;
    case Stop::Mean:
        return m_figures.mean;
    case Stop::ThisCall:
        return completedSeconds(callIndex);
    }
    return std::nullopt;
}

std::optional<double> Performance05Timeline::readingSeconds(std::string_view candidateKey, int callIndex) const
{
    const auto stop = stopFromKey(candidateKey);
    if (!stop || !isMeasured() || callIndex < 0 || callIndex >= callCount())
        return std::nullopt;
    return stopSeconds(*stop, callIndex);
}

TimelineVerdict Performance05Timeline::verdict(std::string_view candidateKey, int callIndex) const
{
    const Stop stop = stopFromKey(candidateKey).value_or(Stop::Fastest);
    TimelineVerdict verdict;
    verdict.correct = stop == Stop::Median;
    verdict.headline = verdict.correct ? std::string("Right: stop ") + namesOf(stop).label + "."
                                       : std::string("Not quite: you stopped ") + namesOf(stop).label + ".";
    verdict.why = namesOf(stop).why;
    if (!isMeasured()) {
        verdict.numbers = "This artifact has no measured trace: the timeline shows the order of events only, not "
                          "their durations.";
        if (m_figures.median)
            verdict.numbers += " Its run: " + runNumbers(false);
        verdict.numbers += " Rerun the lesson to see the calls on your machine.";
        return verdict;
    }
    verdict.numbers = measuredNumbers(stop, std::clamp(callIndex, 0, callCount() - 1));
    return verdict;
}

// The run's figures in one sentence or two, every number from stdout.
std::string Performance05Timeline::runNumbers(bool sentence) const
{
    const auto &f = m_figures;
    if (!f.median)
        return {};
    std::string text = sentence ? "Over " : "over ";
    text += std::to_string(f.samples.size()) + " calls the median is ";
    text += formatDuration(*f.median);
    if (f.interval.size() == 2)
        text += " (95% interval " + formatDuration(f.interval[0]) + "–" + formatDuration(f.interval[1]) + ")";
    if (f.mean && *f.median > 0)
        text += "; the mean is " + formatDuration(*f.mean) + ", " + formatRatio(*f.mean / *f.median) + " the median";
    if (f.outliers)
        text += ", with " + std::to_string(*f.outliers) + " outliers above median + 5 × MAD";
    text += ".";
    if (f.samplesFor2Percent)
        text += " The running interval first came within ±2% of the median after "
            + std::to_string(*f.samplesFor2Percent)
            + " samples, in the order they were taken (the warm-up and "
              "that order move this count).";
    else if (f.samples.size() >= performance05::kFirstJudged)
        text += " The running interval never came within ±2% of the median.";
    if (const std::optional<double> planned = samplesPlannedFor2Percent(f))
        text += " Planned from the spread instead: n ≈ (z × 1.25 × σ ÷ (2% × median))², with σ = 1.4826 × MAD, "
                "is about "
            + formatCount(static_cast<std::int64_t>(*planned)) + " samples for ±2%.";
    text += " An interval bounds the noise between calls, not a bias that every call shares.";
    if (f.neighbour == "on" && f.neighbourBursts > 0)
        text
            += " A noisy neighbour competed for the worker's core in " + std::to_string(f.neighbourBursts) + " bursts.";
    return text;
}

std::string Performance05Timeline::measuredNumbers(Stop stop, int callIndex) const
{
    const auto reading = stopSeconds(stop, callIndex);
    const auto self = completedSeconds(callIndex);
    std::string text;
    if (reading)
        text = std::string("Stopped ") + namesOf(stop).label + ", the timer reads " + formatDuration(*reading) + ". ";
    if (self && m_figures.median && *m_figures.median > 0)
        text += "This call (" + callTitle(callIndex) + ") took " + formatDuration(*self) + ", "
            + formatRatio(*self / *m_figures.median) + " the median. ";
    return text + runNumbers(true);
}

} // namespace lessonscope
