#pragma once

// The results file of another harness — Google Benchmark, hyperfine, pyperf, nanobench — as
// lessonscope reads it: what the file says of the machine and the run, and per benchmark its
// samples (repetitions, runs, values or epochs), what the file summarises them to, its counters
// and its error. The readers (core/peers/peerformats.h) fill it from the file as it is; nothing
// here is converted back, and the file is never rewritten.

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lessonscope {

enum class Harness { GoogleBenchmark, Hyperfine, Pyperf, Nanobench };

// "Google Benchmark", "hyperfine", "pyperf", "nanobench"
const char *harnessName(Harness harness);

// A number a benchmark reports beside its times: a user counter, bytes or items per second, a
// hardware counter per iteration.
struct BenchmarkCounter {
    std::string name; // as the file names it: "items_per_second", "elements_rate", "pagefaults"
    double value = 0; // the median over the samples when the file has one per sample
    std::string unit; // how to read it: "per second", "bytes per second", "per op", or empty
};

// A summary the file itself reports: Google Benchmark's aggregate rows (mean, median, stddev,
// cv, …), hyperfine's mean, stddev, user, system, min, max, nanobench's median error.
struct BenchmarkAggregate {
    std::string name;
    double value = 0;
    bool isDuration = true; // seconds; otherwise a plain number (cv is a fraction: 0.08 is 8 %)
};

struct BenchmarkResult {
    std::string name;    // as the harness names it: "BM_Sort/4096", a command, a pyperf name
    std::string pointer; // where it begins in the file: "/benchmarks/3", "/results/0", "line 14"
    // Its samples in order: Google Benchmark's repetitions (real time), hyperfine's runs,
    // pyperf's values (of every run), nanobench's epochs; in seconds when isDuration.
    std::vector<double> samples;
    std::vector<double> cpuSamples;        // Google Benchmark: CPU time of each repetition, seconds
    std::string sampleName = "repetition"; // what one sample is: "repetition", "run", "value", "epoch"
    bool isDuration = true;                // pyperf's "byte" and "integer" units are not
    std::string unit = "seconds";          // the samples' unit as the file names it when not seconds
    std::vector<BenchmarkAggregate> aggregates;
    std::vector<BenchmarkCounter> counters;
    std::string error;                 // why it has no result (Google Benchmark's error_message)
    std::vector<int> exitCodes;        // hyperfine: one per run
    std::size_t runsWithoutWarmup = 0; // pyperf: runs with values and no warm-up value
    std::size_t runs = 0;              // pyperf: runs with values (calibration runs left out)
    std::string family;                // the family it belongs to ("BM_Sort"); empty when alone
    std::optional<double> argument;    // its place in the family: n = 4096, size = 20000
    std::string argumentName;          // what the argument is: "n", "size", "threads"
    int threads = 1;

    // The aggregate of this name, or nothing.
    std::optional<double> aggregate(const std::string &aggregateName) const;
    // Its typical value: the median of its samples; else the file's median, else its mean (a
    // file of aggregates only, or a single repetition's mean over its iterations).
    std::optional<double> typical() const;
};

// Benchmarks that are one computation over an argument: Google Benchmark's family (Args,
// Range, threads), a hyperfine parameter scan, nanobench results of one title with complexityN.
struct BenchmarkFamily {
    std::string name;                 // "BM_Sort", "seq {size} | sort -R >/dev/null", "sort"
    std::string argumentName;         // "n", "size", "threads", "complexityN"
    std::vector<std::size_t> members; // indexes into ResultsFile::benchmarks, by argument
    // The file's own fit of time against the argument (Google Benchmark's BigO and RMS rows).
    std::string bigO;                  // "NlgN", "N", "N^2", "N^3", "lgN", "(1)", "f(N)"
    std::optional<double> coefficient; // seconds per unit of bigO's function (real time)
    std::optional<double> rms;         // the fit's root-mean-square error, as a fraction
};

struct ResultsFile {
    Harness harness = Harness::GoogleBenchmark;
    std::string format;  // "Google Benchmark JSON", "Google Benchmark CSV", "hyperfine JSON", …
    bool csv = false;    // read from a CSV, whose places are lines ("line 14"), not JSON Pointers
    std::string version; // the harness's version as far as the file tells: "1.6–1.7", "1.0"
    std::string date;    // when it ran
    std::string host;
    std::string cpu; // "2 × 2300 MHz", a CPU model name
    // Everything the file says of the machine and the run, in file order, as text.
    std::vector<std::pair<std::string, std::string>> context;
    std::optional<int> cpus;
    std::optional<double> loadAverage; // one minute, at the start
    std::string loadPointer;           // where the file says it
    std::optional<bool> cpuScaling;
    std::string buildType; // Google Benchmark's library_build_type: "debug", "release"
    std::vector<BenchmarkResult> benchmarks;
    std::vector<BenchmarkFamily> families;
    std::size_t repetitions = 0; // Google Benchmark: --benchmark_repetitions (0 when not said)
    bool truncated = false;      // the file ends before its end: the run was cut short

    const BenchmarkResult *find(const std::string &name) const;
};

// How many seconds one of Google Benchmark's time units is ("ns", "us", "ms", "s"); nothing for
// another word.
std::optional<double> secondsPerTimeUnit(const std::string &unit);

} // namespace lessonscope
