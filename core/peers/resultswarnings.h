#pragma once

// What the course teaches, applied to a results file from what the file itself says: too few
// samples for an interval, a spread too wide, a debug build of the harness, CPU scaling, a busy
// machine, runs without a warm-up, failing runs, benchmarks that did not run. Each is a warning at
// the place in the file that shows it, saying what it means and what to do
// (docs/peer-results.md, "Warnings").

#include "core/artifact/problem.h"
#include "core/lesson/artifactcomparison.h"
#include "core/peers/resultsfile.h"

namespace lessonscope {

// Below this many samples a median's interval says little (as for lessons: kTrustedSamples): it
// spans nearly every sample, and below 6 it cannot hold 95%.
inline constexpr std::size_t kEnoughSamples = kTrustedSamples;
// Above this coefficient of variation a benchmark's samples spread too widely: pyperf's own
// `check` warns from here.
inline constexpr double kSpreadShare = 0.10;
// hyperfine says it cannot subtract the shell's start-up more precisely than this.
inline constexpr double kHyperfineShellPrecision = 5e-3;

void addCourseWarnings(const ResultsFile &file, Problems &problems);

} // namespace lessonscope
