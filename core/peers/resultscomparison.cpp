#include "core/peers/resultscomparison.h"

#include "core/base/units.h"
#include "core/timing/mannwhitney.h"

#include <cmath>
#include <map>
#include <set>

namespace lessonscope {

namespace {

void addDifference(std::vector<std::string> &differences, const std::string &name, const std::string &a,
                   const std::string &b)
{
    if (a != b)
        differences.push_back(name + ": A " + (a.empty() ? "(not said)" : a) + " · B "
                              + (b.empty() ? "(not said)" : b));
}

std::string loadText(const ResultsFile &file)
{
    if (!file.loadAverage)
        return {};
    return formatNumber(*file.loadAverage) + (file.cpus ? " on " + std::to_string(*file.cpus) + " CPUs" : "");
}

// A load that changes what the times mean: one side busy (1 or more per CPU) and the other not, or
// half a CPU's worth apart.
bool loadsDiffer(const ResultsFile &a, const ResultsFile &b)
{
    if (!a.loadAverage || !b.loadAverage)
        return false;
    const double cpus = std::max(1, std::max(a.cpus.value_or(1), b.cpus.value_or(1)));
    const bool busyA = *a.loadAverage >= a.cpus.value_or(1), busyB = *b.loadAverage >= b.cpus.value_or(1);
    return busyA != busyB || std::fabs(*a.loadAverage - *b.loadAverage) / cpus >= 0.5;
}

// The context entries each harness writes of the machine and its software.
const std::set<std::string> &machineKeys()
{
    static const std::set<std::string> keys{"executable",     "caches",
                                            "mhz_per_cpu", // Google Benchmark
                                            "platform",       "python_implementation",
                                            "python_version", "cpu_config", // pyperf
                                            "clockResolution"};             // nanobench
    return keys;
}

std::vector<std::string> differencesOf(const ResultsFile &a, const ResultsFile &b)
{
    std::vector<std::string> differences;
    addDifference(differences, "format", a.format, b.format);
    addDifference(differences, "host", a.host, b.host);
    addDifference(differences, "CPU", a.cpu, b.cpu);
    addDifference(differences, "build type", a.buildType, b.buildType);
    const auto scaling = [](const ResultsFile &f) {
        return f.cpuScaling ? std::string(*f.cpuScaling ? "enabled" : "disabled") : std::string();
    };
    addDifference(differences, "CPU scaling", scaling(a), scaling(b));
    std::map<std::string, std::pair<std::string, std::string>> context;
    for (const auto &[key, value] : a.context)
        context[key].first = value;
    for (const auto &[key, value] : b.context)
        context[key].second = value;
    for (const auto &[key, values] : context) {
        if (machineKeys().count(key))
            addDifference(differences, key, values.first, values.second);
    }
    if (loadsDiffer(a, b))
        differences.push_back("load at the start: A " + loadText(a) + " · B " + loadText(b));
    return differences;
}

ComparedBenchmark compareOne(const BenchmarkResult &a, const BenchmarkResult &b)
{
    ComparedBenchmark c;
    ComparedFigure &f = c.figure;
    f.label = a.name;
    f.a = a.typical();
    f.b = b.typical();
    f.isDuration = a.isDuration;
    f.samplesA = a.samples.size();
    f.samplesB = b.samples.size();
    if (f.a && f.b && *f.a != 0 && std::isfinite(*f.a) && std::isfinite(*f.b))
        f.ratio = *f.b / *f.a;
    if (!a.samples.empty() && !b.samples.empty() && (a.samples.size() > 1 || b.samples.size() > 1))
        f.interval = medianRatioInterval(a.samples, b.samples);
    f.verdict = verdictOf(f);
    if (a.samples.size() < kUTestFewest || b.samples.size() < kUTestFewest) {
        c.pNote = "no U test: compare.py needs " + std::to_string(kUTestFewest) + " samples or more on each side";
        return c;
    }
    c.reliable = a.samples.size() >= kUTestReliable && b.samples.size() >= kUTestReliable;
    if (const auto u = mannWhitneyU(a.samples, b.samples))
        c.pValue = u->pValue;
    if (a.cpuSamples.size() >= kUTestFewest && b.cpuSamples.size() >= kUTestFewest) {
        if (const auto u = mannWhitneyU(a.cpuSamples, b.cpuSamples))
            c.cpuPValue = u->pValue;
    }
    return c;
}

} // namespace

ResultsComparison compareResults(const ResultsFile &a, const ResultsFile &b)
{
    ResultsComparison comparison;
    comparison.harness = a.harness;
    comparison.differences = differencesOf(a, b);
    const auto saysNothing = [](const ResultsFile &f) { return f.host.empty() && f.cpu.empty() && !f.cpus; };
    comparison.machineUnknown = saysNothing(a) && saysNothing(b);
    for (const BenchmarkResult &ba : a.benchmarks) {
        const BenchmarkResult *bb = b.find(ba.name);
        if (!bb) {
            comparison.onlyInA.push_back(ba.name);
        } else if (!ba.error.empty() || !bb->error.empty()) {
            comparison.notCompared.push_back(ba.name + ": " + (ba.error.empty() ? "B" : "A") + " did not run ("
                                             + (ba.error.empty() ? bb->error : ba.error) + ")");
        } else {
            comparison.benchmarks.push_back(compareOne(ba, *bb));
        }
    }
    for (const BenchmarkResult &bb : b.benchmarks) {
        if (!a.find(bb.name))
            comparison.onlyInB.push_back(bb.name);
    }
    return comparison;
}

std::string formatPValue(double p)
{
    if (p < 1e-6)
        return "< 10⁻⁶";
    return formatNumber(p);
}

std::string machineUnknownNote(Harness harness)
{
    return std::string("Neither file says what machine it ran on (") + harnessName(harness)
        + " writes nothing of it): whether the two runs were made alike is not known from the files.";
}

std::string pValueCell(const std::optional<double> &p)
{
    if (!p)
        return "—";
    return formatPValue(*p) + (*p < kSignificance ? " (differs)" : "");
}

std::string comparedValueCell(const std::optional<double> &value, bool isDuration)
{
    if (!value)
        return "—";
    return isDuration ? formatDuration(*value) : formatNumber(*value);
}

} // namespace lessonscope
