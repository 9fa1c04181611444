#pragma once

// performance-07's stdout contract: the keys it prints, the figures of its runs computed once
// from their clean samples and bound to their keys, and the panels made from them (docs/artifact-format.md, "performance-07").

#include "core/artifact/artifact.h"
#include "core/lesson/lesson.h"
#include "core/lesson/boundfigures.h"
#include "core/lesson/lessonsummary.h"
#include "core/lesson/samplefields.h"
#include "core/lesson/stdoutfigures.h"
#include "core/lessons/shared/productkeys.h"

namespace lessonscope::performance07 {

// The parameter of how many runs, each of `samples` warm calls.
inline constexpr const char *kRunsParameter = "runs";

namespace key {
using namespace productkey;
inline constexpr const char *kWarmSamples = "warm_samples_seconds"; // a sample's round is its run
inline constexpr const char *kRunMedians = "run_medians_seconds";
inline constexpr const char *kRunLows = "run_ci95_low_seconds";
inline constexpr const char *kRunHighs = "run_ci95_high_seconds";
inline constexpr const char *kMedianOfRuns = "median_of_runs_seconds";
inline constexpr const char *kWithinWidth = "within_run_width";
inline constexpr const char *kBetweenWidth = "between_runs_width";
inline constexpr const char *kWidthRatio = "between_over_within";
inline constexpr const char *kPairs = "run_pairs";
inline constexpr const char *kPairsDifferent = "run_pairs_called_different";
inline constexpr const char *kRunsRequested = "runs_requested";
} // namespace key

enum PanelIndex : std::size_t { kRunsPanel = 0, kWidthsPanel = 1, kPairsPanel = 2 };

// What the runs' clean samples say. A run with no clean sample has no median and is left out.
struct RunFigures {
    std::vector<double> runNumbers; // 1-based, of the runs with a median (the samples' rounds say which)
    std::vector<double> medians, lows, highs;
    std::optional<double> medianOfRuns;
    std::optional<double> withinWidth;  // the runs' median interval width ÷ medianOfRuns
    std::optional<double> betweenWidth; // (highest median − lowest) ÷ medianOfRuns; two runs or more
    std::optional<double> ratio;        // betweenWidth ÷ withinWidth: the answer asked
    std::int64_t pairs = 0;             // pairs of runs with a median
    std::int64_t pairsDifferent = 0;    // of them, those whose two intervals do not overlap
};
RunFigures runFiguresOf(const std::vector<std::vector<double>> &cleanByRun);

// The run figures on stdout, in the order printed (core/lesson/boundfigures.h).
inline constexpr std::array kRunFigureFields{
    bound::list(key::kRunMedians, "s", "per run with a clean sample, the median of its clean samples", &RunFigures::medians),
    bound::list(key::kRunLows, "s", "the low end of each median's 95% interval, from its own run's samples", &RunFigures::lows),
    bound::list(key::kRunHighs, "s", "the high end", &RunFigures::highs),
    bound::number(key::kMedianOfRuns, "s", "the median of the runs' medians", &RunFigures::medianOfRuns).orNull(),
    bound::number(key::kWithinWidth, "", "the runs' median interval width ÷ the median of the runs", &RunFigures::withinWidth).orNull(),
    bound::number(key::kBetweenWidth, "", "the highest run median less the lowest, ÷ the median of the runs",
                  &RunFigures::betweenWidth).orNull(),
    bound::number(key::kWidthRatio, "", "between_runs_width ÷ within_run_width: the answer asked", &RunFigures::ratio).orNull(),
    bound::integer(key::kPairs, "", "pairs of runs with a median", &RunFigures::pairs),
    bound::integer(key::kPairsDifferent, "", "of them, those whose two 95% intervals do not overlap", &RunFigures::pairsDifferent),
};

// The numbers performance-07 prints, read back: its samples, and the run figures as stated.
struct Figures {
    SampleColumns warm;
    RunFigures stated;
    std::optional<double> maxAbsError;
    std::optional<std::int64_t> runsRequested, samplesRequested;
    std::string dtype;
    std::vector<std::int64_t> inputShape, weightShape;
};
Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

Json output(const LessonRun &run, const Samples &warm, double maxAbsError);
StdoutFields stdoutFields();
Json panels(const Json &output);
Json panelLayout();
LessonSummary summarize(const Artifact &artifact);
void check(const Json &document, const Json &output, Checker &checker);

} // namespace lessonscope::performance07
