#include "core/lessons/performance-08/performance08timeline.h"

#include "core/base/units.h"

#include <algorithm>
#include <cmath>

namespace lessonscope {

namespace {

using performance08::kBatchSizes;

constexpr double kTolerance = 0.25;       // a guess within 25% of the operations graded is right
constexpr double kSchematicOperation = 0.4; // the schematic's operation, in clock reads
constexpr double kViewReads = 150;        // the view shows this many clock reads' worth at least

const std::vector<TimelineLane> &lanes()
{
    static const std::vector<TimelineLane> list = {
        {"clock", TimelineLane::Role::Activity, 0},
        {"operations", TimelineLane::Role::Activity, 187},
        {"measurement", TimelineLane::Role::Timer, 67},
    };
    return list;
}

TimelineEvent span(int lane, std::string label, std::string note, double begin, double end, bool answer = false)
{
    TimelineEvent event{lane, TimelineEvent::Shape::Span, std::move(label), std::move(note), begin, std::max(begin, end)};
    event.answer = answer;
    return event;
}

std::string percentText(double fraction)
{
    return formatNumber(fraction * 100) + "%";
}

} // namespace

Performance08Timeline::Performance08Timeline(const Artifact &artifact)
    : m_figures(performance08::readFigures(artifact))
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
    const TracedCall &c = m_trace.calls[static_cast<std::size_t>(index)];
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
    CallTimeline call;
    call.title = callTitle(index);
    call.measured = isMeasured();
    call.lanes = lanes();
    call.marker = MarkerKind::Length;
    call.anchor = read / 2; // the batch begins where the first read ends
    // The batch is drawn as its operations' own time (the run's one operation × its size), the
    // reads as one read's cost each; the timer's lane shows what this reading read, which for a
    // short batch is mostly the clock's cost and its rounding.
    const double work = static_cast<double>(batch) * operation;
    call.events = {
        span(Clock, "clock read", "steady_clock is read: the reading's start is taken somewhere in it.", -read / 2, read / 2),
        span(Operations, operations, "The batch: " + operations + ", nothing else between the two reads.", read / 2,
             read / 2 + work),
        span(Clock, "clock read", "steady_clock is read again: the reading is this value less the first.",
             read / 2 + work, read * 3 / 2 + work),
        span(Measurement, "reading", "What the timer reads: the second read less the first, " + operations + " and one read's cost.",
             0, reading),
        span(Measurement, "1% clock", "The fewest operations for which one clock read is under 1% of the reading.",
             call.anchor, call.anchor + answerOperations() * operation, true),
    };
    call.length.event = 4;
    call.length.reference = operation;
    call.length.referenceName = "one operation";
    call.length.guessName = "operations in one reading";
    call.length.initial = 1;
    call.length.minimum = 1;
    call.length.maximum = static_cast<double>(kBatchSizes.back());
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
    verdict.headline = (verdict.correct ? "Right: you guessed " : "Not quite: you guessed ") + guess + "; one clock read is under 1% of a reading from "
                       + formatCount(static_cast<std::int64_t>(graded)) + " operations on"
                       + (isMeasured() ? "." : " in the schematic's proportions (this artifact has no measured reading).");
    verdict.why = "A clock read is work too: steady_clock goes through the vDSO, reads the processor's counter and scales it, "
                  "tens of nanoseconds, longer than a short operation. One operation per reading times mostly the clock, and a "
                  "clock that ticks in steps rounds it as well. A batch spreads one read over many operations, as nanobench "
                  "and Google Benchmark do, until the clock's share is below the precision the figure needs: then divide.";
    verdict.numbers = "Your guess is " + percentText(std::fabs(multiple / graded - 1)) + (multiple >= graded ? " above" : " below")
                      + " the number graded; within 25% counts as right." + measuredNumbers();
    return verdict;
}

std::string Performance08Timeline::measuredNumbers() const
{
    const performance08::Figures &f = m_figures;
    std::string text;
    if (f.clockRead)
        text += " One steady_clock read cost " + formatDuration(*f.clockRead);
    if (f.clockStep)
        text += ", and no two reads differed by less than " + formatDuration(*f.clockStep);
    if (f.tscRead)
        text += "; one TSC read " + formatDuration(*f.tscRead);
    if (f.operation)
        text += "; one operation " + formatDuration(*f.operation);
    text += f.clockRead ? "." : "";
    if (f.clockShare.size() == f.batchSizes.size() && f.readingMedian.size() == f.batchSizes.size()) {
        for (std::size_t b = 0; b < f.batchSizes.size(); ++b) {
            text += (b == 0 ? " Median readings: " : "; ") + formatCount(f.batchSizes[b]) + " → "
                    + formatDuration(f.readingMedian[b]) + ", the clock " + percentText(f.clockShare[b]) + " of it";
        }
        text += f.batchSizes.empty() ? "" : ".";
    }
    return text;
}

} // namespace lessonscope
