#pragma once

// The figures of a results file, as the panels the explorer and `render` draw
// (core/artifact/artifact.h's Panel): the benchmarks' medians side by side; each family as a line
// over its argument with the file's own fit; each counter across the benchmarks; and each
// benchmark's samples in order, with their distribution when there are many. Made from the file
// as read, never saved.

#include "core/artifact/artifact.h"
#include "core/peers/resultsfile.h"

#include <vector>

namespace lessonscope {

// From this many samples a benchmark's distribution is drawn beside its samples in order.
inline constexpr std::size_t kDistributionFromSamples = 20;

// distributions: also each long benchmark's histogram (left out where two files are overlaid,
// whose bins would not match).
std::vector<Panel> resultsPanels(const ResultsFile &file, bool distributions = true);

// The file's fit of a family at argument n: coefficient × f(n) for Google Benchmark's "(1)",
// "N", "lgN", "NlgN", "N^2", "N^3"; nothing for "f(N)" (a function the file does not hold).
std::optional<double> fittedSeconds(const BenchmarkFamily &family, double n);

} // namespace lessonscope
