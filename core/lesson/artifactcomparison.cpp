#include "core/lesson/artifactcomparison.h"

#include "core/base/units.h"
#include "core/artifact/lenientjson.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/lessonartifacts.h"
#include "core/timing/referencework.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace lessonscope {

namespace {

// z for a two-sided 97.5% interval: each of two medians at 97.5% holds together at ≥ 95%.
constexpr double kZ = 2.2414;

// Why so few samples draw no verdict, in words true of the median's order-statistic interval: below
// 6 samples it cannot reach 95% ([min, max] holds 1 − 2 × 0.5ⁿ: 93.8% at 5); from 6 to 9 it holds
// 95% (96.9–99.8%) only by spanning nearly every sample, so it says little.
std::string fewSamplesWords(std::size_t n)
{
    if (n < 6)
        return "with " + std::to_string(n) + " samples on one side the interval cannot hold 95% (at most "
            + formatNumber(std::round(1000 * (1 - std::pow(0.5, static_cast<double>(n) - 1))) / 10) + "%)";
    return "with only " + std::to_string(n)
        + " samples on one side the interval spans nearly all of them: it holds 95% but "
          "says little";
}

// Whether a duration's interval, beyond ±kNoiseThreshold, still meets the band the CPU's own
// speed explains, widened by the threshold. A product, a clock read or a burst takes as much
// longer as the core runs slower; only what lies beyond that is the code's.
bool withinCpuSpeed(const RatioInterval &i, const CpuSpeedChange &change)
{
    return i.low < change.highest() * (1 + kNoiseThreshold) && i.high > change.lowest() / (1 + kNoiseThreshold);
}

// How far the link between CPUs must move before a comparison names it: its two states on a
// virtual machine lie 4× apart, while one state's readings agree within ±20%.
constexpr double kLinkMoved = 1.25;

std::string sweepName() { return "a sweep through " + std::to_string(kReferenceSweepBytes >> 20) + " MiB"; }

std::string cpuChangeWords(const CpuSpeedChange &change)
{
    if (!change.product)
        return "a fixed chain of multiply-adds took " + formatRatio(change.loop) + " as long in B";
    std::string words = "a fixed small product took " + formatRatio(*change.product)
        + " as long in B, a chain of multiply-adds " + formatRatio(change.loop);
    if (change.sweep)
        words += ", " + sweepName() + " " + formatRatio(*change.sweep);
    return words;
}

} // namespace

// Every verdict in one form: "B ÷ A = 1.42× (95%: 1.38×–1.47×): B is slower", the ratio and
// its interval first, then what they say (or why they say little).
std::string verdictOf(const ComparedFigure &f)
{
    if (!f.ratio) {
        if (f.a && f.b)
            return *f.a == 0 ? "no ratio: A is 0" : "no ratio: a side is not a finite number";
        // Neither side has it as a number (missing, or a string or a list in its place): said, so
        // that the row does not read as one the comparison forgot.
        return f.a || f.b ? "only one side has it" : "neither side has it";
    }
    std::string text = "B ÷ A = " + formatRatio(*f.ratio);
    if (!f.interval) {
        const char *why = f.samplesA == 0 && f.samplesB == 0 ? "one value each, so no interval"
            : f.samplesA == 0 || f.samplesB == 0             ? "only one side has samples, so no interval"
                                                 : "no interval: the samples of a side are not all positive";
        return text + ": " + why;
    }
    const RatioInterval &i = *f.interval;
    text += " (" + std::to_string(static_cast<int>(std::lround(i.confidence * 100))) + "%: " + formatRatio(i.low) + "–"
        + formatRatio(i.high) + ")";
    if (!i.trusted)
        return text + ": " + fewSamplesWords(std::min(f.samplesA, f.samplesB)) + ", so no verdict is drawn from it ("
            + std::to_string(kTrustedSamples) + " samples on each side give one)";
    const bool more = *f.ratio > 1;
    if (i.low <= 1 && 1 <= i.high)
        text += ": no difference beyond noise";
    else if (i.low < 1 + kNoiseThreshold && i.high > 1 / (1 + kNoiseThreshold))
        text += ": no difference beyond noise: the interval does not clear ±" + formatPercent(kNoiseThreshold)
            + ", as much as runs of the same code differ";
    else if (const auto cpu = f.isDuration ? f.cpuChange : std::nullopt; cpu && withinCpuSpeed(i, *cpu))
        text += ": no difference beyond the CPU's own speed: " + cpuChangeWords(*cpu) + ", as much as this differs";
    else
        text += std::string(": B is ") + (f.isDuration ? (more ? "slower" : "faster") : (more ? "larger" : "smaller"));
    if (i.method == "samples")
        text += "; within-run interval (a side has no rounds), and runs differ more than samples do";
    return text;
}

namespace {

ComparedFigure compareFigure(const Figure &fa, const Figure &fb, std::optional<CpuSpeedChange> cpuChange)
{
    ComparedFigure c;
    c.label = fa.label;
    c.cpuChange = cpuChange;
    // One source: a figure that summarises samples on both sides is compared on the samples alone
    // (each side's median, and the interval of those medians), so that a file whose stated median
    // is not its samples' (validation warns of it) cannot give a verdict its interval contradicts.
    const bool fromSamples = !fa.samples.empty() && !fb.samples.empty();
    c.a = fromSamples ? std::optional(median(fa.samples)) : fa.value;
    c.b = fromSamples ? std::optional(median(fb.samples)) : fb.value;
    c.isDuration = fa.isDuration;
    c.samplesA = fa.samples.size();
    c.samplesB = fb.samples.size();
    if (c.a && c.b && *c.a != 0 && std::isfinite(*c.a) && std::isfinite(*c.b))
        c.ratio = *c.b / *c.a;
    // Between runs, when both have rounds: two runs of the same code differ by more than one
    // run's samples say (docs/performance.md, "Comparing runs").
    if (c.ratio && fa.rounds.size() >= kLeastRounds && fb.rounds.size() >= kLeastRounds) {
        if (const auto between = roundRatioInterval(fa.rounds, fb.rounds, kBetweenRunsConfidence))
            c.interval = RatioInterval{between->low, between->high, true, "rounds", kBetweenRunsConfidence};
    }
    if (!c.interval && !fa.samples.empty() && !fb.samples.empty())
        c.interval = medianRatioInterval(fa.samples, fb.samples);
    c.verdict = verdictOf(c);
    return c;
}

// What the environment says of the machine and the run, by key.
std::map<std::string, std::string> machineOf(const Artifact &artifact)
{
    std::map<std::string, std::string> machine;
    for (const auto &[key, value] : artifact.environment()) {
        if (key == "backend" || key == "cpu" || key == "isa")
            machine[key] = value;
    }
    std::string libraries;
    for (const auto &[key, value] : artifact.libraryVersions())
        libraries += (libraries.empty() ? "" : ", ") + key + " " + value;
    machine["libraries"] = libraries;
    const Json *environment = lenient::member(artifact.json(), "environment");
    machine["device"] = environment ? deviceDescription(*environment) : deviceDescription(Json());
    return machine;
}

void addDifference(std::vector<std::string> &differences, const std::string &name, const std::string &a,
                   const std::string &b)
{
    if (a != b)
        differences.push_back(name + ": A " + (a.empty() ? "(not recorded)" : a) + " · B "
                              + (b.empty() ? "(not recorded)" : b));
}

std::vector<std::string> differencesOf(const Artifact &a, const Artifact &b, const LessonSummary &sa,
                                       const LessonSummary &sb)
{
    std::vector<std::string> differences;
    addDifference(differences, "lesson", a.lessonId(), b.lessonId());
    std::map<std::string, std::pair<std::string, std::string>> settings;
    for (const auto &[name, value] : sa.settings)
        settings[name].first = value;
    for (const auto &[name, value] : sb.settings)
        settings[name].second = value;
    for (const auto &[name, values] : settings)
        addDifference(differences, name, values.first, values.second);
    const auto ma = machineOf(a);
    const auto mb = machineOf(b);
    // Named as people read them; "isa" alone says nothing to a learner.
    for (const auto &[key, name] : {std::pair{"backend", "backend"}, std::pair{"device", "device"},
                                    std::pair{"isa", "instruction-set variant (isa)"}, std::pair{"cpu", "cpu"},
                                    std::pair{"libraries", "libraries"}}) {
        const auto ia = ma.find(key), ib = mb.find(key);
        addDifference(differences, name, ia == ma.end() ? std::string() : ia->second,
                      ib == mb.end() ? std::string() : ib->second);
    }
    return differences;
}

} // namespace

std::optional<RatioInterval> medianRatioInterval(std::span<const double> a, std::span<const double> b)
{
    if (a.empty() || b.empty())
        return std::nullopt;
    const MedianInterval ia = medianInterval(a, kZ);
    const MedianInterval ib = medianInterval(b, kZ);
    if (!(ia.low > 0) || !(ib.low > 0)) // ratios of durations and errors: positive, or no interval
        return std::nullopt;
    return RatioInterval{ib.low / ia.high, ib.high / ia.low, a.size() >= kTrustedSamples && b.size() >= kTrustedSamples,
                         "samples"};
}

double CpuSpeedChange::lowest() const { return std::min({1.0, loop, product.value_or(1.0), sweep.value_or(1.0)}); }
double CpuSpeedChange::highest() const { return std::max({1.0, loop, product.value_or(1.0), sweep.value_or(1.0)}); }

std::optional<CpuReference> cpuReferenceOf(const Artifact &artifact)
{
    const Json *environment = lenient::member(artifact.json(), "environment");
    if (!environment)
        return std::nullopt;
    const RunEvidence evidence = runEvidenceFromJson(*environment);
    if (!evidence.measuring || evidence.measuring->referenceLoopNs.empty())
        return std::nullopt;
    CpuReference reference{median(evidence.measuring->referenceLoopNs)};
    if (!evidence.measuring->referenceProductNs.empty())
        reference.productNs = median(evidence.measuring->referenceProductNs);
    if (!evidence.measuring->referenceSweepNs.empty())
        reference.sweepNs = median(evidence.measuring->referenceSweepNs);
    if (!evidence.measuring->referenceLinkNs.empty())
        reference.linkNs = median(evidence.measuring->referenceLinkNs);
    return reference;
}

ArtifactComparison compareArtifacts(const Artifact &a, const Artifact &b)
{
    const LessonSummary sa = summarizeArtifact(a);
    const LessonSummary sb = summarizeArtifact(b);
    ArtifactComparison comparison;
    comparison.differences = differencesOf(a, b, sa, sb);
    comparison.disturbanceA = disturbanceOf(a.json());
    comparison.disturbanceB = disturbanceOf(b.json());
    comparison.cpuA = cpuReferenceOf(a);
    comparison.cpuB = cpuReferenceOf(b);
    if (comparison.cpuA && comparison.cpuB) {
        CpuSpeedChange change{comparison.cpuB->loopNs / comparison.cpuA->loopNs, std::nullopt, std::nullopt};
        if (comparison.cpuA->productNs && comparison.cpuB->productNs)
            change.product = *comparison.cpuB->productNs / *comparison.cpuA->productNs;
        if (comparison.cpuA->sweepNs && comparison.cpuB->sweepNs)
            change.sweep = *comparison.cpuB->sweepNs / *comparison.cpuA->sweepNs;
        comparison.cpuChange = change;
    }
    const bool refused = comparison.disturbanceA.refused || comparison.disturbanceB.refused;
    for (const Figure &fa : sa.figures) {
        const Figure *fb = sb.figure(fa.key);
        if (!fb || !fa.compared)
            continue;
        ComparedFigure compared = compareFigure(fa, *fb, comparison.cpuChange);
        // A run that could not measure has no duration to compare: a ratio of it would be the
        // other work's, not the code's.
        if (refused && fa.isDuration) {
            compared.ratio.reset();
            compared.interval.reset();
            compared.verdict
                = std::string("not compared: ") + (comparison.disturbanceA.refused ? "A" : "B") + " could not measure";
        }
        comparison.figures.push_back(std::move(compared));
    }
    return comparison;
}

std::vector<std::string> disturbanceWarnings(const ArtifactComparison &comparison)
{
    std::vector<std::string> warnings;
    for (const auto &[side, disturbance] :
         {std::pair{"A", &comparison.disturbanceA}, std::pair{"B", &comparison.disturbanceB}}) {
        std::string reasons;
        for (std::size_t i = 0; i < disturbance->reasons.size(); ++i)
            reasons.append(i > 0 ? "; " : "").append(disturbance->reasons[i]);
        std::string warning = side;
        if (disturbance->refused) {
            warning.append(" could not measure: ")
                .append(reasons)
                .append(". Its figures are not to be believed. ")
                .append(disturbance->advice);
        } else if (disturbance->disturbed) {
            warning.append(" was disturbed while it ran: ")
                .append(reasons)
                .append(". Its numbers measure the other work as well as the code. ")
                .append(disturbance->advice);
        } else if (disturbance->oneCpu) {
            warning.append(" was measured on one CPU: host and device took turns on it. ").append(disturbance->advice);
        } else if (disturbance->keepsInterrupted && disturbance->interrupted > 0) {
            // A lesson whose figures are of every unit (its lesson is the whole distribution).
            warning.append(disturbance->besideOtherWork ? " ran beside other work: " : ": ")
                .append(formatCount(static_cast<std::int64_t>(disturbance->interrupted)))
                .append(disturbance->interrupted == 1 ? " interrupted timed unit is" : " interrupted timed units are")
                .append(" kept in its figures, as the lesson shows them (")
                .append(disturbance->evidence)
                .append(")");
        } else if (disturbance->besideOtherWork) {
            warning.append(" ran beside other work: its figures come from timed units that ran uninterrupted (")
                .append(disturbance->evidence)
                .append("); a quiet run reads steadier");
        } else if (disturbance->unreadable) {
            // Evidence that is there but cannot be trusted (a negative switch count, a string for
            // a number) is not the same as none: the side's conditions are unknown, and said so.
            warning.append(": ")
                .append(disturbance->evidence)
                .append("; whether other work disturbed it is not known, so compare it with care");
        } else if (disturbance->interrupted > 0) {
            warning.append(": ")
                .append(formatCount(static_cast<std::int64_t>(disturbance->interrupted)))
                .append(disturbance->interrupted == 1 ? " interrupted timed unit was" : " interrupted timed units were")
                .append(" left out of its figures (")
                .append(disturbance->evidence)
                .append(")");
        } else {
            continue;
        }
        warnings.push_back(std::move(warning));
    }
    if (const auto &change = comparison.cpuChange;
        change && (change->highest() > 1 + kNoiseThreshold || change->lowest() < 1 / (1 + kNoiseThreshold))) {
        const auto took = [](double a, double b) {
            return formatDuration(a / 1e9) + " in A and " + formatDuration(b / 1e9) + " in B (" + formatRatio(b / a)
                + ")";
        };
        std::string warning
            = "The CPU itself ran at another speed: as each round ended, on the slowest CPU, a fixed chain of "
              "multiply-adds took "
            + took(comparison.cpuA->loopNs, comparison.cpuB->loopNs);
        if (change->product)
            warning += ", a fixed small product " + took(*comparison.cpuA->productNs, *comparison.cpuB->productNs);
        if (change->sweep)
            warning += ", " + sweepName() + " " + took(*comparison.cpuA->sweepNs, *comparison.cpuB->sweepNs);
        warnings.push_back(warning + "; a duration that differs by no more than that is the CPU's, not the code's");
    }
    if (const auto &a = comparison.cpuA, &b = comparison.cpuB;
        a && b && a->linkNs && b->linkNs && std::max(*a->linkNs / *b->linkNs, *b->linkNs / *a->linkNs) >= kLinkMoved) {
        warnings.push_back("The link between the CPUs changed: a cache line's round trip between two of them took "
                           + formatDuration(*a->linkNs / 1e9) + " in A and " + formatDuration(*b->linkNs / 1e9)
                           + " in B (" + formatRatio(*b->linkNs / *a->linkNs)
                           + "). A call on the stream crosses it twice, to the device's CPU and back; where "
                             "the CPUs are virtual, the host machine's placement of them sets it, not the code");
    }
    return warnings;
}

} // namespace lessonscope
