#include "core/peers/resultswarnings.h"

#include "core/artifact/checker.h"
#include "core/base/units.h"
#include "core/peers/resultssummary.h"

#include <algorithm>

namespace lessonscope {

namespace {

// How to have more samples, in the harness's own words.
const char *moreSamples(Harness harness)
{
    switch (harness) {
    case Harness::GoogleBenchmark:
        return "Rerun with --benchmark_repetitions=10 (or more).";
    case Harness::Hyperfine:
        return "Rerun with --runs 10 (or more).";
    case Harness::Pyperf:
        return "Rerun with more --processes or --values.";
    case Harness::Nanobench:
        return "Run more epochs (Bench::epochs(10) or more).";
    }
    return "";
}

// How to tighten a spread, in the harness's own words.
const char *lessSpread(Harness harness)
{
    switch (harness) {
    case Harness::GoogleBenchmark:
        return "Run on a quiet machine with the benchmark pinned to one CPU (taskset -c 2), or let each repetition "
               "run longer (--benchmark_min_time).";
    case Harness::Hyperfine:
        return "Run on a quiet machine, with --warmup, and compare medians rather than means.";
    case Harness::Pyperf:
        return "Run on a quiet machine; `pyperf system tune` and --rigorous help.";
    case Harness::Nanobench:
        return "Run on a quiet machine, or raise minEpochIterations so each epoch runs longer.";
    }
    return "";
}

void fewSamples(const ResultsFile &file, Checker &checker)
{
    std::vector<const BenchmarkResult *> few;
    for (const BenchmarkResult &b : file.benchmarks) {
        if (b.error.empty() && b.samples.size() < kEnoughSamples)
            few.push_back(&b);
    }
    if (few.empty())
        return;
    const BenchmarkResult &first = *few.front();
    const bool aggregatesOnly = first.samples.empty() && file.repetitions > 1;
    if (aggregatesOnly) {
        checker.warning(first.pointer,
                        std::to_string(few.size())
                            + " of its benchmarks have aggregates only (mean, "
                              "median, stddev, cv of "
                            + std::to_string(file.repetitions)
                            + " repetitions): "
                              "with no repetition to order, no interval can be given for a median. Rerun "
                              "without --benchmark_report_aggregates_only.");
        return;
    }
    const std::string plural = first.sampleName + "s";
    if (few.size() == 1) {
        checker.warning(first.pointer,
                        first.name + " has " + std::to_string(first.samples.size()) + " "
                            + (first.samples.size() == 1 ? first.sampleName : plural) + ", fewer than "
                            + std::to_string(kEnoughSamples)
                            + ": the interval of its median spans nearly all of "
                              "them and says little (below 6 it cannot hold 95%). "
                            + moreSamples(file.harness));
        return;
    }
    std::string names;
    for (std::size_t i = 0; i < few.size() && i < 3; ++i)
        names += (i ? ", " : "") + few[i]->name + " (" + std::to_string(few[i]->samples.size()) + ")";
    if (few.size() > 3)
        names += ", …";
    checker.warning(
        first.pointer,
        std::to_string(few.size()) + " benchmarks have fewer than " + std::to_string(kEnoughSamples) + " " + plural
            + " (" + names
            + "): the interval of a median spans nearly all of them and says little (below 6 it cannot hold "
              "95%). "
            + moreSamples(file.harness));
}

void spread(const ResultsFile &file, Checker &checker)
{
    for (const BenchmarkResult &b : file.benchmarks) {
        const auto cv = coefficientOfVariation(b);
        if (!cv || !(*cv > kSpreadShare))
            continue;
        checker.warning(b.pointer,
                        b.name + ": its " + b.sampleName + "s spread with a coefficient of variation of "
                            + formatShare(*cv) + ", above " + formatShare(kSpreadShare)
                            + ": something else ran beside it, or each is too short for the clock. "
                            + lessSpread(file.harness));
    }
}

void machine(const ResultsFile &file, Checker &checker)
{
    if (file.buildType == "debug")
        checker.warning(file.csv ? "line 1" : "/context/library_build_type",
                        "Google Benchmark itself was built as a debug build (library_build_type \"debug\", as "
                        "Debian 12's libbenchmark is): its own code around every iteration runs unoptimised, "
                        "which adds to short benchmarks. Build the library in release (-DCMAKE_BUILD_TYPE=Release) "
                        "to time code that takes nanoseconds.");
    if (file.cpuScaling.value_or(false))
        checker.warning(file.csv ? "line 1" : "/context/cpu_scaling_enabled",
                        "CPU frequency scaling was enabled: the clock speed could change under the benchmark, so "
                        "its times measure the governor as well as the code. Set the governor to performance "
                        "(cpupower frequency-set -g performance) before timing.");
    if (file.loadAverage && file.cpus && *file.cpus > 0 && *file.loadAverage >= *file.cpus)
        checker.warning(file.loadPointer,
                        "the load average at the start was " + formatNumber(*file.loadAverage) + " on "
                            + std::to_string(*file.cpus)
                            + " CPUs, 1 or more per CPU: other work was waiting for the "
                              "CPUs, and the times include that waiting. Rerun on a quiet machine.");
}

void perBenchmark(const ResultsFile &file, Checker &checker)
{
    for (const BenchmarkResult &b : file.benchmarks) {
        if (!b.error.empty())
            checker.warning(b.pointer, b.name + " did not run: " + b.error + ". Its row has no times.");
        if (b.runsWithoutWarmup > 0)
            checker.warning(b.pointer,
                            b.name + ": " + std::to_string(b.runsWithoutWarmup) + " of its " + std::to_string(b.runs)
                                + " runs have no warm-up value, so their first "
                                  "values pay what a first call pays (imports, caches). Keep pyperf's "
                                  "default of one warm-up (--warmups 1) or more.");
        const auto failed = std::count_if(b.exitCodes.begin(), b.exitCodes.end(), [](int code) { return code != 0; });
        if (failed > 0)
            checker.warning(b.pointer + "/exit_codes",
                            b.name + ": " + std::to_string(failed) + " of its " + std::to_string(b.exitCodes.size())
                                + " runs exited with a non-zero code: a failing run times something other than the "
                                  "work, and hyperfine kept them only with --ignore-failure. Make the command succeed "
                                  "on every run, then time it.");
        const auto typical = b.typical();
        if (file.harness == Harness::Hyperfine && typical && *typical < kHyperfineShellPrecision)
            checker.warning(b.pointer,
                            b.name + ": a run takes " + formatDuration(*typical) + ", under "
                                + formatDuration(kHyperfineShellPrecision)
                                + ", the precision to which hyperfine can subtract the shell's start-up: "
                                  "these times are mostly that uncertainty. Time more work per run, or "
                                  "run without a shell (-N).");
    }
}

} // namespace

void addCourseWarnings(const ResultsFile &file, Problems &problems)
{
    Checker checker(problems);
    machine(file, checker);
    fewSamples(file, checker);
    spread(file, checker);
    perBenchmark(file, checker);
    checker.finish();
}

} // namespace lessonscope
