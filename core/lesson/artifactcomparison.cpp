#include "core/lesson/artifactcomparison.h"

#include "core/base/units.h"
#include "core/lesson/lessonartifacts.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace lessonscope {

namespace {

// z for a two-sided 97.5% interval: each of two medians at 97.5% holds together at ≥ 95%.
constexpr double kZ = 2.2414;

std::string withInterval(const std::string &text, double low, double high)
{
    return text + " (95%: " + formatRatio(low) + "–" + formatRatio(high) + ")";
}

} // namespace

std::string verdictOf(const ComparedFigure &f)
{
    if (!f.ratio)
        return f.a || f.b ? "only one side has it" : std::string();
    if (!f.interval)
        return "B ÷ A = " + formatRatio(*f.ratio) + "; one value each, so no interval";
    const RatioInterval &i = *f.interval;
    if (!i.trusted) {
        return withInterval("B ÷ A = " + formatRatio(*f.ratio), i.low, i.high) + ", but with fewer than " +
               std::to_string(kTrustedSamples) + " samples (" + std::to_string(std::min(f.samplesA, f.samplesB)) +
               ") the interval cannot be trusted";
    }
    if (i.low <= 1 && 1 <= i.high)
        return withInterval("no difference beyond noise", i.low, i.high);
    const bool more = *f.ratio > 1;
    const char *word = f.isDuration ? (more ? "slower" : "faster") : (more ? "larger" : "smaller");
    if (more)
        return withInterval("B is " + formatRatio(*f.ratio) + " " + word, i.low, i.high);
    // Below 1, said the way people say it: "2.00× faster", the interval turned the same way.
    return withInterval("B is " + formatRatio(1 / *f.ratio) + " " + word, 1 / i.high, 1 / i.low);
}

namespace {

ComparedFigure compareFigure(const Figure &fa, const Figure &fb)
{
    ComparedFigure c;
    c.label = fa.label;
    c.a = fa.value;
    c.b = fb.value;
    c.isDuration = fa.isDuration;
    c.samplesA = fa.samples.size();
    c.samplesB = fb.samples.size();
    if (c.a && c.b && *c.a != 0 && std::isfinite(*c.a) && std::isfinite(*c.b))
        c.ratio = *c.b / *c.a;
    if (!fa.samples.empty() && !fb.samples.empty())
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
    return machine;
}

void addDifference(std::vector<std::string> &differences, const std::string &name, const std::string &a,
                   const std::string &b)
{
    if (a != b)
        differences.push_back(name + ": A " + (a.empty() ? "(none)" : a) + " · B " + (b.empty() ? "(none)" : b));
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
    for (const char *key : {"backend", "isa", "cpu", "libraries"}) {
        const auto ia = ma.find(key), ib = mb.find(key);
        addDifference(differences, key, ia == ma.end() ? std::string() : ia->second,
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
    return RatioInterval{ib.low / ia.high, ib.high / ia.low, a.size() >= kTrustedSamples && b.size() >= kTrustedSamples};
}

ArtifactComparison compareArtifacts(const Artifact &a, const Artifact &b)
{
    const LessonSummary sa = summarizeArtifact(a);
    const LessonSummary sb = summarizeArtifact(b);
    ArtifactComparison comparison;
    comparison.differences = differencesOf(a, b, sa, sb);
    comparison.disturbanceA = disturbanceOf(a.json());
    comparison.disturbanceB = disturbanceOf(b.json());
    for (const Figure &fa : sa.figures) {
        if (const Figure *fb = sb.figure(fa.key); fb && fa.compared)
            comparison.figures.push_back(compareFigure(fa, *fb));
    }
    return comparison;
}

std::vector<std::string> disturbanceWarnings(const ArtifactComparison &comparison)
{
    std::vector<std::string> warnings;
    for (const auto &[side, disturbance] : {std::pair{"A", &comparison.disturbanceA}, std::pair{"B", &comparison.disturbanceB}}) {
        if (!disturbance->disturbed)
            continue;
        std::string warning = side;
        warning.append(" was disturbed while it ran: ");
        for (std::size_t i = 0; i < disturbance->reasons.size(); ++i)
            warning.append(i > 0 ? "; " : "").append(disturbance->reasons[i]);
        warning.append(". Its numbers measure the other work as well as the code. ").append(disturbance->advice);
        warnings.push_back(std::move(warning));
    }
    return warnings;
}

} // namespace lessonscope
