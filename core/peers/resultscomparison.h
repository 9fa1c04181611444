#pragma once

// Two results files of the same harness compared as the lessons compare two runs
// (core/lesson/artifactcomparison): benchmarks matched by name (so a family by instance),
// B ÷ A of their medians with the same order-statistic 95% interval and verdict, and beside it
// the two-sided Mann–Whitney U p-value that Google Benchmark's compare.py prints, computed the
// same way (core/timing/mannwhitney.h) on the same samples. What differs between the two runs
// (host, CPU, build type, scaling, load) is named first; benchmarks only one file has are listed.

#include "core/lesson/artifactcomparison.h"
#include "core/peers/resultsfile.h"

#include <optional>
#include <string>
#include <vector>

namespace lessonscope {

// compare.py's significance level (--alpha) and its fewest repetitions for a U test
// (UTEST_MIN_REPETITIONS) and for one it calls reliable (UTEST_OPTIMAL_REPETITIONS).
inline constexpr double kSignificance = 0.05;
inline constexpr std::size_t kUTestFewest = 2;
inline constexpr std::size_t kUTestReliable = 9;

struct ComparedBenchmark {
    ComparedFigure figure;           // label: the name; a, b: the medians; ratio, interval, verdict
    std::optional<double> pValue;    // of the samples (Google Benchmark: real time)
    std::optional<double> cpuPValue; // Google Benchmark: of the CPU times
    bool reliable = false;           // both sides have kUTestReliable samples or more
    std::string pNote;               // why there is no p-value, when there is none

    // compare.py's verdict: the two samples differ at p < kSignificance.
    bool differs() const { return pValue && *pValue < kSignificance; }
    bool cpuDiffers() const { return cpuPValue && *cpuPValue < kSignificance; }
};

struct ResultsComparison {
    Harness harness = Harness::GoogleBenchmark;
    // What differs between the two runs besides the code: "host: A vm · B lab-3", "load at the
    // start: …". Empty when nothing the files say differs.
    std::vector<std::string> differences;
    // Neither file says what machine it ran on (hyperfine and nanobench write nothing of it): that
    // the runs were made alike is the reader's word alone.
    bool machineUnknown = false;
    std::vector<ComparedBenchmark> benchmarks; // in A's order
    std::vector<std::string> onlyInA;
    std::vector<std::string> onlyInB;
    std::vector<std::string> notCompared; // with an error on a side: "BM_OpenInput: A did not run (…)"
};

// a and b must be of the same harness (whyNotComparable, core/library/openedfile.h).
ResultsComparison compareResults(const ResultsFile &a, const ResultsFile &b);

// What is said when ResultsComparison::machineUnknown.
std::string machineUnknownNote(Harness harness);

// "1.83 × 10⁻⁴", "< 10⁻⁶", for tables.
std::string formatPValue(double p);
// A p-value's cell: "1.83 × 10⁻⁴ (differs)" below kSignificance, "0.385", or "—" for none.
std::string pValueCell(const std::optional<double> &p);
// A compared value's cell: "170 µs" or "0.0153" as people read it, or "—" for none.
std::string comparedValueCell(const std::optional<double> &value, bool isDuration);

} // namespace lessonscope
