#include "core/peers/resultssummary.h"

#include "core/artifact/problemlimit.h"
#include "core/base/units.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lessonscope {

namespace {

std::string plural(std::size_t count, const std::string &singular)
{
    return groupedNumber(count) + " " + singular + (count == 1 ? "" : "s");
}

// What one benchmark of this file is called in the counts.
const char *benchmarkWord(Harness harness) { return harness == Harness::Hyperfine ? "command" : "benchmark"; }

} // namespace

std::string formatArgument(double argument)
{
    if (argument == std::floor(argument) && std::fabs(argument) < 1e15)
        return formatCount(static_cast<std::int64_t>(argument));
    return formatNumber(argument);
}

std::string formatShare(double fraction)
{
    const double percent = fraction * 100;
    return formatNumber(percent) + " %";
}

std::string describeCounts(const ResultsFile &file)
{
    std::string text = plural(file.benchmarks.size(), benchmarkWord(file.harness));
    std::size_t fewest = std::numeric_limits<std::size_t>::max(), most = 0;
    std::string sampleName = "repetition";
    for (const BenchmarkResult &b : file.benchmarks) {
        if (!b.error.empty() || b.samples.empty())
            continue;
        fewest = std::min(fewest, b.samples.size());
        most = std::max(most, b.samples.size());
        sampleName = b.sampleName;
    }
    if (most == 0) {
        if (file.repetitions > 1)
            return text + ", " + plural(file.repetitions, "repetition") + " (aggregates only)";
        return text;
    }
    if (fewest == most)
        return text + ", " + plural(most, sampleName) + (file.benchmarks.size() > 1 ? " each" : "");
    return text + ", " + groupedNumber(fewest) + "–" + groupedNumber(most) + " " + sampleName + "s";
}

std::string describeResults(const ResultsFile &file)
{
    std::string text = harnessName(file.harness);
    // The format without the harness's name again: "(JSON)", "(CSV)", "(JSON 1.0)".
    const std::string format = file.format.rfind(text, 0) == 0 ? file.format.substr(text.size() + 1) : file.format;
    if (!file.version.empty() && file.harness == Harness::GoogleBenchmark
        && file.version.find(' ') == std::string::npos)
        text += " " + file.version;
    text += " results (" + format + ")";
    if (file.truncated)
        text += ", cut short";
    return text + ": " + describeCounts(file);
}

std::string formatBenchmarkValue(const BenchmarkResult &benchmark, double value)
{
    if (benchmark.isDuration)
        return formatDuration(value);
    return formatNumber(value) + (benchmark.unit.empty() ? "" : " " + benchmark.unit);
}

std::optional<double> coefficientOfVariation(const BenchmarkResult &benchmark)
{
    if (benchmark.samples.size() >= 2) {
        const Statistics s = summarize(benchmark.samples);
        if (s.mean > 0)
            return s.stddev / s.mean;
        return std::nullopt;
    }
    return benchmark.aggregate("cv");
}

std::string describeBenchmark(const BenchmarkResult &b)
{
    if (!b.error.empty())
        return "error: " + b.error;
    const auto value = [&b](double v) { return formatBenchmarkValue(b, v); };
    std::string text;
    if (const auto typical = b.typical())
        text = (b.samples.size() == 1 ? "" : "median ") + value(*typical);
    if (b.samples.size() >= 2) {
        const MedianInterval interval = medianInterval(b.samples, kZ95);
        const Statistics s = summarize(b.samples);
        text += " (95%: " + value(interval.low) + "–" + value(interval.high) + "), "
            + plural(b.samples.size(), b.sampleName) + ", min " + value(s.min) + ", max " + value(s.max);
    } else if (b.samples.size() == 1) {
        text += ", 1 " + b.sampleName;
    } else if (b.aggregate("median")) {
        text += " (the file's median: it has aggregates only)";
    }
    if (const auto cv = coefficientOfVariation(b))
        text += ", cv " + formatShare(*cv);
    if (!b.cpuSamples.empty())
        text += "; CPU " + formatDuration(median(b.cpuSamples));
    for (const BenchmarkCounter &counter : b.counters)
        text += "; " + counter.name + " " + formatNumber(counter.value)
            + (counter.unit.empty() ? "" : " " + counter.unit);
    if (const auto failed = std::count_if(b.exitCodes.begin(), b.exitCodes.end(), [](int code) { return code != 0; }))
        text += "; " + plural(static_cast<std::size_t>(failed), "run") + " failed";
    return text;
}

} // namespace lessonscope
