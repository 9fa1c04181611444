#include "core/lessons/performance-04/performance04timeline.h"

#include "core/base/concat.h"
#include "core/base/units.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lessonscope {

namespace {

using performance04::kFloat32;
using performance04::kFloat64;

constexpr double kTolerance = 0.25;  // a guess within 25% of the measured multiple is right
constexpr double kViewMultiples = 5; // the view shows the float32 work's length this many times over

const std::vector<TimelineLane> &lanes()
{
    static const std::vector<TimelineLane> list = {
        {"host", TimelineLane::Role::Activity, 0},
        {"float32 device", TimelineLane::Role::Activity, 187},
        {"float64 device", TimelineLane::Role::Timer, 67},
    };
    return list;
}

// A trace of whole pairs only: a file whose trace is not (an odd number of calls) is drawn as
// the schematic, and its own checks say why.
Trace pairedTrace(const Artifact &artifact)
{
    Trace trace = artifact.trace().value_or(Trace{});
    if (trace.calls.size() % 2 != 0)
        trace.calls.clear();
    return trace;
}

} // namespace

Performance04Timeline::Performance04Timeline(const Artifact &artifact)
    : StreamTimeline(pairedTrace(artifact)), m_figures(performance04::readFigures(artifact))
{ }

std::string Performance04Timeline::representativeName() const { return "Typical pair"; }

std::string Performance04Timeline::callTitle(int index) const
{
    if (!isMeasured())
        return "schematic pair";
    std::string title(performance04::kDtypes[static_cast<std::size_t>(index % 2)]);
    return title.append(" call ").append(std::to_string(index / 2 + 1));
}

int Performance04Timeline::representativeCall() const
{
    if (!isMeasured())
        return -1;
    // The pair whose float64 ÷ float32 device work is nearest the pairs' median, among the pairs
    // whose float32 call is itself typical (its duration in the middle half of them): the one the
    // learner sees revealed is typical of what is asked, and its float32 call agrees with the
    // float32 median beside it.
    std::vector<double> ratios, float32;
    for (int i = 0; i < callCount(); i += 2) {
        ratios.push_back(pairWorkRatio(i).value_or(std::numeric_limits<double>::infinity()));
        float32.push_back(callSeconds(i).value_or(std::numeric_limits<double>::infinity()));
    }
    const double middle = median(ratios);
    std::vector<double> sorted = float32;
    std::sort(sorted.begin(), sorted.end());
    const double low = sorted[sorted.size() / 4];
    const double high = sorted[(3 * sorted.size()) / 4];
    std::optional<std::size_t> best;
    for (std::size_t p = 0; p < ratios.size(); ++p) {
        const bool typical = float32[p] >= low && float32[p] <= high;
        if (typical && (!best || std::fabs(ratios[p] - middle) < std::fabs(ratios[*best] - middle)))
            best = p;
    }
    return static_cast<int>(best.value_or(0)) * 2;
}

CallTimeline Performance04Timeline::call(int index) const
{
    if (isMeasured() && (index < 0 || index >= callCount()))
        index = representativeCall();
    const bool measured = isMeasured();
    const int own = measured ? index % 2 : 0;
    const CallTimes t32 = timesOf(measured ? index - own : -1);
    const double length32 = t32.workEnd - t32.workBegin;
    double length64 = length32 * m_figures.medianRatio().value_or(1.0); // the schematic's, from stdout
    double anchor = t32.workBegin;
    double shift = 0; // added to the float32 call's times
    if (measured) {
        const CallTimes t64 = timesOf(index - own + 1);
        length64 = t64.workEnd - t64.workBegin;
        if (own == 1) {
            anchor = t64.workBegin;
            shift = t64.workBegin - t32.workBegin;
        }
    }
    const bool context32 = own == 1;
    CallTimeline call;
    call.title = callTitle(index);
    call.measured = measured;
    call.lanes = lanes();
    call.marker = MarkerKind::Length;
    call.anchor = anchor;
    call.events = {
        span(Host, "float32 dispatch", "The host hands the float32 product to " + queueName() + ".", shift,
             shift + t32.dispatchEnd, false, context32),
        span(Host, "wait for readiness", "The host blocks until it observes that the float32 output is ready.",
             shift + t32.dispatchEnd, shift + t32.readyObserved, true, context32),
        span(Float32Device, "float32 work", workerName() + " runs the product on float32 inputs.", anchor,
             anchor + length32, false, context32),
        span(Float64Device, "float64 work",
             workerName()
                 + " runs the same product on float64 inputs (the same values, not rounded to float32); "
                   "drawn from the same start as the float32 work.",
             anchor, anchor + length64, false, !context32 && measured),
    };
    call.length.event = 3;
    call.length.reference = length32 > 0 ? length32 : 1;
    call.length.referenceName = "float32 work";
    call.length.guessName = "float64 work";
    call.length.initial = 1;
    call.length.minimum = 0.1;
    call.length.maximum = 8;
    call.length.step = 0.05;
    call.length.tolerance = kTolerance;
    // The view depends on the float32 call only, never on the answer.
    const double begin = std::min(shift, anchor);
    const double end = std::max(anchor + kViewMultiples * call.length.reference, shift + t32.readyObserved);
    const double margin = 0.04 * (end - begin);
    call.viewBegin = begin - margin;
    call.viewEnd = end + margin;
    return call;
}

std::optional<double> Performance04Timeline::pairWorkRatio(int callIndex) const
{
    if (!isMeasured())
        return std::nullopt;
    const int index = std::clamp(callIndex, 0, callCount() - 1);
    const CallTimes t32 = timesOf(index - index % 2);
    const CallTimes t64 = timesOf(index - index % 2 + 1);
    const double length32 = t32.workEnd - t32.workBegin;
    if (!(length32 > 0))
        return std::nullopt;
    return (t64.workEnd - t64.workBegin) / length32;
}

std::optional<double> Performance04Timeline::measuredMultiple(int callIndex) const
{
    // The quantity asked is the one drawn: the shown pair's device work, to scale; the schematic
    // draws the float64 work from stdout's medians, and is judged by them.
    if (isMeasured())
        return pairWorkRatio(callIndex);
    return m_figures.medianRatio();
}

std::string Performance04Timeline::gradedName(int callIndex) const
{
    if (!isMeasured())
        return "float64's warm median over float32's (stdout), as the schematic draws it";
    const int index = std::clamp(callIndex, 0, callCount() - 1);
    return "this pair's float64 device work over its float32 device work (" + callTitle(index - index % 2) + " and "
        + callTitle(index - index % 2 + 1) + "), as drawn";
}

namespace {

// Below this multiple the measurement does not show the vector width's factor of two, and the
// explanation says what it does show instead of the mechanism it did not see.
constexpr double kWidthShowsFrom = 1.6;

std::string whyTheTypesDiffer(std::optional<double> measured)
{
    const std::string compare
        = "The same product is a different experiment in each type, with a different error too. Compare like "
          "with like: the same type on both sides, or say which each one is (JAX computes in float32 by default, "
          "NumPy in float64).";
    if (measured && *measured < kWidthShowsFrom) {
        return "A float64 number takes twice the bytes of a float32 one, and a vector register holds half as "
               "many; yet here the float64 work took only "
            + formatRatio(*measured)
            + " the float32 work, not the twice that width predicts: something other than the arithmetic's "
              "width set this product's pace on this machine (moving the data, the calls' own overhead, or code "
              "that is not vectorised), and the width's factor shows only where the arithmetic dominates. "
            + compare;
    }
    return "A float64 number takes twice the bytes of a float32 one: a vector register holds half as many, each "
           "instruction does half the arithmetic, and twice the memory moves. "
        + compare;
}

} // namespace

TimelineVerdict Performance04Timeline::lengthVerdict(double multiple, int callIndex) const
{
    const auto measured = measuredMultiple(callIndex);
    TimelineVerdict verdict;
    verdict.correct = measured && lengthGuessIsRight(multiple, *measured, kTolerance);
    const std::string guess = formatRatio(multiple);
    if (!measured) {
        verdict.headline = "You guessed " + guess + ": this artifact has no timings to judge it by.";
    } else {
        verdict.headline = (verdict.correct ? "Right: you guessed " : "Not quite: you guessed ") + guess
            + " the float32 work; the graded number, " + gradedName(callIndex) + ", is " + formatRatio(*measured) + ".";
    }
    verdict.why = whyTheTypesDiffer(measured);
    verdict.numbers = numbersText(multiple, callIndex);
    return verdict;
}

std::string Performance04Timeline::numbersText(double multiple, int callIndex) const
{
    const performance04::Figures &f = m_figures;
    std::string text;
    if (const auto graded = measuredMultiple(callIndex)) {
        text += concat("Your guess, ", formatRatio(multiple), ", is ", formatPercent(std::fabs(multiple / *graded - 1)),
                       multiple >= *graded ? " above " : " below ", formatRatio(*graded),
                       ", the number graded; within 25% counts as right.");
    }
    if (const auto ratio = f.medianRatio()) {
        const std::size_t n = f.warmSamples.size() == 2 ? f.warmSamples[kFloat32].size() : 0;
        text += concat(" Over the whole run, warm medians of ", std::to_string(n),
                       " calls of each (each call with its dispatch and wait): float32 ",
                       formatDuration(f.median[kFloat32]), ", float64 ", formatDuration(f.median[kFloat64]), " — ",
                       formatRatio(*ratio), ".");
    }
    if (f.gflops.size() == 2) {
        text += concat(" Throughput: ", formatNumber(f.gflops[kFloat32]), " GFLOP/s in float32, ",
                       formatNumber(f.gflops[kFloat64]), " in float64.");
    }
    if (f.maxAbsError.size() == 2) {
        text += concat(" Largest error against the long-double reference: ", formatNumber(f.maxAbsError[kFloat32]),
                       " in float32, ", formatNumber(f.maxAbsError[kFloat64]), " in float64.");
    }
    if (!isMeasured()) {
        text += " This artifact has no measured trace: the timeline's lengths are drawn from stdout's medians. "
                "Rerun the lesson to see each call to scale.";
    }
    return text;
}

} // namespace lessonscope
