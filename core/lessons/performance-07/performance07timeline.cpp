#include "core/lessons/performance-07/performance07timeline.h"

#include "core/base/units.h"

#include <algorithm>
#include <cmath>

namespace lessonscope {

namespace {

constexpr double kTolerance = 0.3;     // a guess within 30% of the widths graded is right
constexpr double kSchematicWidths = 6; // the schematic's band, in widths of one run's interval
constexpr double kMostWidths = 60;     // the longest band a guess may draw

const std::vector<TimelineLane> &lanes()
{
    static const std::vector<TimelineLane> list = {
        {"this run", TimelineLane::Role::Activity, 187},
        {"all runs", TimelineLane::Role::Timer, 67},
    };
    return list;
}

TimelineEvent event(int lane, TimelineEvent::Shape shape, std::string label, std::string note, double begin, double end)
{
    return TimelineEvent{lane, shape, std::move(label), std::move(note), begin, std::max(begin, end)};
}

} // namespace

Performance07Timeline::Performance07Timeline(const Artifact &artifact) : m_figures(performance07::readFigures(artifact))
{
    const performance07::Figures &s = m_figures;
    m_measured = !s.medians.empty() && s.lows.size() == s.medians.size() && s.highs.size() == s.medians.size()
        && s.medianOfRuns && s.withinWidth && *s.withinWidth > 0 && s.ratio;
}

int Performance07Timeline::representativeCall() const
{
    if (!m_measured)
        return -1;
    const std::vector<double> &medians = m_figures.medians;
    const double middle = *m_figures.medianOfRuns;
    const auto nearest = std::min_element(medians.begin(), medians.end(), [middle](double a, double b) {
        return std::fabs(a - middle) < std::fabs(b - middle);
    });
    return static_cast<int>(nearest - medians.begin());
}

std::string Performance07Timeline::callTitle(int index) const
{
    if (!m_measured)
        return "schematic run";
    const auto &numbers = m_figures.runNumbers;
    const auto i = static_cast<std::size_t>(std::clamp(index, 0, callCount() - 1));
    const double run = i < numbers.size() ? numbers[i] : static_cast<double>(i + 1);
    return "run " + formatCount(static_cast<std::int64_t>(run)) + " of "
        + formatCount(m_figures.runsRequested.value_or(callCount()));
}

std::optional<double> Performance07Timeline::callSeconds(int index) const
{
    if (!m_measured || index < 0 || index >= callCount())
        return std::nullopt;
    return m_figures.medians[static_cast<std::size_t>(index)];
}

double Performance07Timeline::answerWidths() const { return m_measured ? *m_figures.ratio : kSchematicWidths; }

CallTimeline Performance07Timeline::call(int index) const
{
    if (m_measured && (index < 0 || index >= callCount()))
        index = representativeCall();
    const performance07::Figures &s = m_figures;
    const auto i = static_cast<std::size_t>(std::max(index, 0));
    // Nanoseconds of a call's duration; in the schematic, widths of one run's interval.
    const double scale = m_measured ? 1e9 : 1;
    const double width = m_measured ? *s.withinWidth * *s.medianOfRuns * scale : 1;
    const double low = m_measured ? s.lows[i] * scale : 10;
    const double high = m_measured ? s.highs[i] * scale : 11;
    const double runMedian = m_measured ? s.medians[i] * scale : 10.5;
    const double lowest = m_measured ? *std::min_element(s.medians.begin(), s.medians.end()) * scale : 8;
    CallTimeline call;
    call.title = callTitle(index);
    call.measured = m_measured;
    call.lanes = lanes();
    call.marker = MarkerKind::Length;
    call.anchor = lowest;
    call.events = {
        event(ThisRun, TimelineEvent::Shape::Span, "95% interval",
              "Where this run's own samples place its median, 95% of the time.", low, high),
        event(ThisRun, TimelineEvent::Shape::Instant, "median", "This run's median call.", runMedian, runMedian),
        event(AllRuns, TimelineEvent::Shape::Span, "every run's median", "From the lowest run's median to the highest.",
              lowest, lowest + answerWidths() * width),
    };
    call.events.back().answer = true;
    call.length.event = 2;
    call.length.reference = width;
    call.length.referenceName = "one run's 95% interval";
    call.length.guessName = "the band of the runs' medians";
    call.length.initial = 1;
    call.length.minimum = 0.5;
    call.length.maximum = kMostWidths;
    call.length.step = 0.5;
    call.length.tolerance = kTolerance;
    // The view is set by this run and the longest guess, never by the answer.
    call.viewBegin = std::min(low, lowest) - 3 * width;
    call.viewEnd = std::max(high, lowest + kMostWidths * width) + 2 * width;
    return call;
}

TimelineVerdict Performance07Timeline::lengthVerdict(double multiple, int) const
{
    const double graded = answerWidths();
    TimelineVerdict verdict;
    verdict.correct = lengthGuessIsRight(multiple, graded, kTolerance);
    verdict.headline = (verdict.correct ? "Right: you guessed " : "Not quite: you guessed ") + formatNumber(multiple)
        + " widths; the runs' medians spread over " + formatNumber(graded) + " widths of one run's 95% interval"
        + (m_measured ? "." : " in the schematic's proportions (this artifact has no measured runs).");
    verdict.why = "A run's 95% interval comes from its own samples: it says how well they pin that run's median, "
                  "and nothing of what stays fixed through one run and changes between runs — where its buffers "
                  "landed, which cores its threads got, the machine's speed at that moment. Identical runs then "
                  "differ by more than either interval, and a comparison that trusts the intervals calls them "
                  "different. Repeat the run, and compare runs by the spread of their medians, as pyperf and "
                  "lessonscope compare do.";
    verdict.numbers = "Your guess is " + formatPercent(std::fabs(multiple / graded - 1))
        + (multiple >= graded ? " above" : " below") + " the widths graded; within 30% counts as right."
        + measuredNumbers();
    return verdict;
}

std::string Performance07Timeline::measuredNumbers() const
{
    if (!m_measured)
        return {};
    const performance07::Figures &s = m_figures;
    const auto [lowest, highest] = std::minmax_element(s.medians.begin(), s.medians.end());
    return " The " + formatCount(static_cast<std::int64_t>(s.medians.size())) + " runs' medians went from "
        + formatDuration(*lowest) + " to " + formatDuration(*highest) + " (" + formatPercent(s.betweenWidth.value_or(0))
        + " of their median, " + formatDuration(*s.medianOfRuns) + "); one run's 95% interval is "
        + formatPercent(*s.withinWidth) + " of it. The intervals of " + formatCount(s.pairsDifferent) + " of the "
        + formatCount(s.pairs)
        + " pairs of runs do not overlap: a within-run interval calls those identical runs different.";
}

} // namespace lessonscope
