#include "core/lessons/performance-08/performance08timeline.h"

#include "core/base/units.h"

#include <algorithm>
#include <cmath>

namespace lessonscope {

namespace {

using performance08::kBatchSizes;

constexpr double kTolerance = 0.25;         // a guess within 25% of the operations graded is right
constexpr double kSchematicOperation = 0.4; // the schematic's operation, in clock reads
constexpr double kViewReads = 150;          // the view shows this many clock reads' worth at least

const std::vector<TimelineLane> &lanes()
{
    static const std::vector<TimelineLane> list = {
        {"clock", TimelineLane::Role::Activity, 0},
        {"operations", TimelineLane::Role::Activity, 187},
        {"measurement", TimelineLane::Role::Timer, 67},
    };
    return list;
}

// What one reading's spans say: of the clock's two ends, of the batch, of what the timer reads.
struct ReadingWords {
    const char *before, *beforeNote, *batchTail, *after, *afterNote, *readingHead, *readingTail;
};

// On the host: the first steady_clock read, the batch, the second read.
constexpr ReadingWords kHostWords = {"clock read",
                                     "steady_clock is read: the reading's start is taken somewhere in it.",
                                     ", nothing else between the two reads.",
                                     "clock read",
                                     "steady_clock is read again: the reading is this value less the first.",
                                     "What the timer reads: the second read less the first, ",
                                     " and one read's cost."};

// On a device: the kernel's START → END holds its batch and what an empty kernel reads (drawn half
// before the batch and half after; where in it the device spends it is not measured).
constexpr ReadingWords kDeviceWords
    = {"START + launch",
       "The device stamps START; the kernel's work-item is launched. With the end's share, this is what "
       "an empty kernel's START → END reads.",
       " on one work-item, nothing else in the kernel.",
       "return + END",
       "The work-item returns and the device stamps END.",
       "What the device's profiling timer reads: END less START, ",
       " and an empty kernel's cost."};

// One reading: the clock's first end, the batch, its second end, and what the timer reads. half is
// the half of a read that lies inside the reading at each end, batch the batch's drawn length.
std::vector<TimelineEvent> readingEvents(const ReadingWords &w, double half, double batch, double reading,
                                         const std::string &operations)
{
    std::vector<TimelineEvent> events = {
        span(Performance08Timeline::Clock, w.before, w.beforeNote, -half, half),
        span(Performance08Timeline::Operations, operations, "The batch: " + operations + w.batchTail, half,
             half + batch),
        span(Performance08Timeline::Clock, w.after, w.afterNote, half + batch, 3 * half + batch),
        span(Performance08Timeline::Measurement, "reading", w.readingHead + operations + w.readingTail, 0, reading),
    };
    // A read squeezed to nothing by its neighbours is not drawn: a span of no length says nothing.
    std::erase_if(events, [](const TimelineEvent &event) { return !(event.end > event.begin); });
    return events;
}

constexpr const char *kHostWhy
    = "A clock read is work too: steady_clock goes through the vDSO, reads the processor's counter and scales it, "
      "tens of nanoseconds, longer than a short operation. One operation per reading times mostly the clock, and a "
      "clock that ticks in steps rounds it as well. A batch spreads one read over many operations, as nanobench "
      "and Google Benchmark do, until the clock's share is below the precision the figure needs: then divide.";

constexpr const char *kDeviceWhy
    = "A device's timer reads more than the work too: between START and END the driver launches the kernel's "
      "work-item and sees it return, a fixed cost an empty kernel reads, and the stamps move in steps. One operation "
      "per kernel times mostly that. A batch spreads the fixed cost over many operations until its share is below the "
      "precision the figure needs: then divide, as on the host.";

} // namespace

Performance08Timeline::Performance08Timeline(const Artifact &artifact) : m_figures(performance08::readFigures(artifact))
{
    if (m_figures.clockRead && m_figures.operation && m_figures.forOnePercent)
        m_trace = artifact.trace().value_or(Trace{});
}

std::int64_t Performance08Timeline::batchOf(int index) const
{
    return isMeasured() ? kBatchSizes[static_cast<std::size_t>(std::max(index, 0)) % kBatchSizes.size()] : 1;
}

int Performance08Timeline::representativeCall() const
{
    if (!isMeasured())
        return -1;
    std::vector<std::pair<double, int>> ones; // the readings of one operation, by duration
    for (int i = 0; i < callCount(); i += static_cast<int>(kBatchSizes.size()))
        ones.emplace_back(callSeconds(i).value_or(0), i);
    std::nth_element(ones.begin(), ones.begin() + static_cast<std::ptrdiff_t>(ones.size() / 2), ones.end());
    return ones[ones.size() / 2].second;
}

std::string Performance08Timeline::callTitle(int index) const
{
    if (!isMeasured())
        return "schematic reading";
    return "reading " + std::to_string(index + 1) + ", batch of " + formatCount(batchOf(index));
}

std::optional<double> Performance08Timeline::callSeconds(int index) const
{
    if (index < 0 || index >= callCount())
        return std::nullopt;
    // The reading's own clock: on a device its START and END as the device stamped them (not
    // as placed on the host's time, whose relation may stretch them), on the host the two reads.
    const auto i = static_cast<std::size_t>(index);
    if (i < m_trace.device.size() && m_trace.device[i].known)
        return static_cast<double>(m_trace.device[i].end - m_trace.device[i].start) * 1e-9;
    const TracedCall &c = m_trace.calls[i];
    return static_cast<double>(c.readyObserved - c.dispatchBegin) * 1e-9;
}

std::string Performance08Timeline::callInterruption(int index) const
{
    if (index < 0 || !m_trace.interrupted(static_cast<std::size_t>(index)))
        return {};
    return "interrupted: other work kept the timed thread from a CPU for "
        + formatDuration(static_cast<double>(m_trace.evidence[static_cast<std::size_t>(index)].waitedNs) * 1e-9)
        + " of it";
}

double Performance08Timeline::answerOperations() const
{
    if (m_figures.forOnePercent)
        return static_cast<double>(*m_figures.forOnePercent);
    return std::floor((1 - performance08::kAskedShare) / performance08::kAskedShare / kSchematicOperation) + 1;
}

Performance08Timeline::ReadingParts Performance08Timeline::measuredParts(int index, double read, double work) const
{
    const auto i = static_cast<std::size_t>(index);
    const double reading = std::round(*callSeconds(index) * 1e9);
    // A reading shorter than the medians add to was faster than they say: both shrink alike.
    const double scale = read + work > 0 ? std::min(1.0, reading / (read + work)) : 1.0;
    ReadingParts parts{std::floor(read * scale / 2), std::max(1.0, std::round(work * scale))};
    // Each read lies half outside the reading, in the gap to the reading before or after it:
    // never more than half that gap, so that no two readings' reads are drawn over each other.
    const auto drawnEnd = [this](std::size_t call) {
        return static_cast<double>(m_trace.calls[call].dispatchBegin)
            + std::round(*callSeconds(static_cast<int>(call)) * 1e9);
    };
    if (i > 0)
        parts.half = std::min(parts.half,
                              std::floor((static_cast<double>(m_trace.calls[i].dispatchBegin) - drawnEnd(i - 1)) / 2));
    if (i + 1 < m_trace.calls.size())
        parts.half = std::min(parts.half,
                              std::floor((static_cast<double>(m_trace.calls[i + 1].dispatchBegin) - drawnEnd(i)) / 2));
    parts.half = std::clamp(parts.half, 0.0, std::floor((reading - parts.batch) / 2));
    return parts;
}

CallTimeline Performance08Timeline::call(int index) const
{
    if (isMeasured() && (index < 0 || index >= callCount()))
        index = representativeCall();
    // Nanoseconds from the first read's moment for a measured reading; clock reads in the schematic.
    const double read = isMeasured() ? *m_figures.clockRead * 1e9 : 1;
    const double operation = isMeasured() ? *m_figures.operation * 1e9 : kSchematicOperation;
    const double reading = isMeasured() ? *callSeconds(index) * 1e9 : read + operation;
    const std::int64_t batch = batchOf(index);
    const std::string operations = formatCount(batch) + (batch == 1 ? " operation" : " operations");
    // The batch is drawn as its operations' own time (the run's one operation × its size), the
    // reads as one read's cost each, in whole nanoseconds inside this reading; the timer's lane
    // shows what this reading read, which for a short batch is mostly the clock's cost and its rounding.
    const double work = static_cast<double>(batch) * operation;
    const ReadingParts parts = isMeasured() ? measuredParts(index, read, work) : ReadingParts{read / 2, work};
    CallTimeline call;
    call.title = callTitle(index);
    call.measured = isMeasured();
    call.lanes = lanes();
    call.marker = MarkerKind::Length;
    call.anchor = parts.half; // the batch begins where the first read ends
    call.events
        = readingEvents(m_figures.onDevice() ? kDeviceWords : kHostWords, parts.half, parts.batch, reading, operations);
    TimelineEvent answer
        = span(Measurement, "1% clock", "The fewest operations for which one clock read is under 1% of the reading.",
               call.anchor, call.anchor + answerOperations() * operation);
    answer.answer = true;
    call.events.push_back(std::move(answer));
    call.length.event = static_cast<int>(call.events.size()) - 1;
    call.length.reference = operation;
    call.length.referenceName = "one operation";
    call.length.guessName = "operations in one reading";
    call.length.initial = 1;
    call.length.minimum = 1;
    // A device whose fixed cost is many operations' asks past the largest batch: still reachable.
    call.length.maximum = std::max(static_cast<double>(kBatchSizes.back()), 2 * answerOperations());
    call.length.step = 1;
    call.length.tolerance = kTolerance;
    // The view is set by the clock's cost and this reading, never by the answer.
    call.viewBegin = -read;
    call.viewEnd = std::max(std::max(reading, work) + 2 * read, kViewReads * read);
    return call;
}

TimelineVerdict Performance08Timeline::lengthVerdict(double multiple, int) const
{
    const double graded = answerOperations();
    const std::string guess = formatCount(std::llround(multiple)) + " operations";
    TimelineVerdict verdict;
    verdict.correct = lengthGuessIsRight(multiple, graded, kTolerance);
    const char *fixedCost = m_figures.onDevice() ? "an empty kernel's cost" : "one clock read";
    verdict.headline = (verdict.correct ? "Right: you guessed " : "Not quite: you guessed ") + guess + "; " + fixedCost
        + " is under 1% of a reading from " + formatCount(static_cast<std::int64_t>(graded)) + " operations on"
        + (isMeasured() ? "." : " in the schematic's proportions (this artifact has no measured reading).");
    verdict.why = m_figures.onDevice() ? kDeviceWhy : kHostWhy;
    verdict.numbers = "Your guess is " + formatPercent(std::fabs(multiple / graded - 1))
        + (multiple >= graded ? " above" : " below") + " the number graded; within 25% counts as right."
        + measuredNumbers();
    return verdict;
}

std::string Performance08Timeline::measuredReading() const
{
    if (!m_figures.onDevice())
        return {};
    return "The clock lane is what every kernel's START → END holds besides its batch, as an empty kernel reads it; "
           "between, the operations lane runs the batch on one work-item. The measurement lane is what the device's "
           "profiling timer reads: END less START. Lengths are this device's measured durations, to scale: a kernel "
           "of one operation times mostly the kernel's own launch, which only a batch of many operations makes small.";
}

std::string Performance08Timeline::measuredNumbers() const
{
    const performance08::Figures &f = m_figures;
    std::string text;
    if (f.clockRead && f.onDevice())
        text += " On the device's profiling timer an empty kernel read " + formatDuration(*f.clockRead);
    else if (f.clockRead)
        text += " One steady_clock read cost " + formatDuration(*f.clockRead);
    if (f.timerResolution)
        text += "; the device states a resolution of " + formatDuration(*f.timerResolution);
    if (f.clockStep)
        text += (f.onDevice() ? ", and no two stamps of one command differed by less than "
                              : ", and no two reads differed by less than ")
            + formatDuration(*f.clockStep);
    if (f.tscRead)
        text += "; one TSC read " + formatDuration(*f.tscRead);
    if (f.operation)
        text += "; one operation " + formatDuration(*f.operation);
    text += f.clockRead ? "." : "";
    if (f.clockShare.size() == f.batchSizes.size() && f.readingMedian.size() == f.batchSizes.size()) {
        for (std::size_t b = 0; b < f.batchSizes.size(); ++b) {
            text += (b == 0 ? " Median readings: " : "; ") + formatCount(f.batchSizes[b]) + " → "
                + formatDuration(f.readingMedian[b]) + ", the clock " + formatPercent(f.clockShare[b]) + " of it";
        }
        text += f.batchSizes.empty() ? "" : ".";
    }
    return text;
}

} // namespace lessonscope
