#include "core/peers/resultsfile.h"

#include "core/timing/statistics.h"

namespace lessonscope {

const char *harnessName(Harness harness)
{
    switch (harness) {
    case Harness::GoogleBenchmark:
        return "Google Benchmark";
    case Harness::Hyperfine:
        return "hyperfine";
    case Harness::Pyperf:
        return "pyperf";
    case Harness::Nanobench:
        return "nanobench";
    }
    return "";
}

std::optional<double> BenchmarkResult::aggregate(const std::string &aggregateName) const
{
    for (const BenchmarkAggregate &a : aggregates) {
        if (a.name == aggregateName)
            return a.value;
    }
    return std::nullopt;
}

std::optional<double> BenchmarkResult::typical() const
{
    if (!samples.empty())
        return median(samples);
    if (const auto m = aggregate("median"))
        return m;
    return aggregate("mean");
}

const BenchmarkResult *ResultsFile::find(const std::string &name) const
{
    for (const BenchmarkResult &b : benchmarks) {
        if (b.name == name)
            return &b;
    }
    return nullptr;
}

std::optional<double> secondsPerTimeUnit(const std::string &unit)
{
    if (unit == "ns")
        return 1e-9;
    if (unit == "us")
        return 1e-6;
    if (unit == "ms")
        return 1e-3;
    if (unit == "s")
        return 1.0;
    return std::nullopt;
}

} // namespace lessonscope
