#pragma once

// A results file and its benchmarks in words, for `validate`, `show`, the library and the
// explorer's header: every number in a readable unit, never with an exponent.

#include "core/peers/resultsfile.h"

#include <string>

namespace lessonscope {

// "Google Benchmark 1.6–1.7 results (JSON): 13 benchmarks, 10 repetitions each"
std::string describeResults(const ResultsFile &file);
// "13 benchmarks, 10 repetitions each": the counts alone.
std::string describeCounts(const ResultsFile &file);

// A value of a benchmark as people read it: a duration ("170 µs") or a plain number with the
// file's unit ("1.20 × 10⁶ bytes").
std::string formatBenchmarkValue(const BenchmarkResult &benchmark, double value);

// One benchmark: "median 170 µs (95%: 168 µs–173 µs), 10 repetitions, min 165 µs, max 190 µs,
// cv 3.2 %; CPU 169 µs; items_per_second 2.92 × 10⁹ per second" — or its error.
std::string describeBenchmark(const BenchmarkResult &benchmark);

// The spread of its samples: their standard deviation over their mean (the file's cv when it has
// aggregates only); nothing with fewer than two samples and no cv.
std::optional<double> coefficientOfVariation(const BenchmarkResult &benchmark);

// A family's argument: "65,536", "0.5".
std::string formatArgument(double argument);

// "12.3 %"
std::string formatShare(double fraction);

} // namespace lessonscope
