#pragma once

// performance-07, declared (kLesson), and its stdout contract: the keys it prints, each bound to
// its typed figure (the runs' computed once from their clean samples), and the panels made from
// them (docs/artifact-format.md, "performance-07").

#include "core/lessons/shared/lessonheader.h"

namespace lessonscope::performance07 {

inline constexpr const char *kId = "performance-07";

// performance-07 "Repeat the run, not only the call": the same product timed in several runs,
// each on a fresh stream (or device context) with fresh buffers and spread over time. Each run's
// median comes with its 95% interval from that run's samples; the medians of the runs spread far
// wider than one run's interval says, and two identical runs are then called different. The
// learner predicts how much wider: the band that holds every run's median, in widths of one
// run's interval.
// Its declaration is at the end of performance07.cpp.
extern const LessonDeclaration kLesson;

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

// The numbers performance-07 prints on stdout, each bound to its key below; read back, a missing
// or malformed one is empty. The runs' figures are the warm samples' clean ones by run
// (deriveFigures): a run with no clean sample has no median and is left out.
struct Figures {
    std::string backend, eigen, compiler, lessonscope; // what ran the product, and the versions
    std::vector<std::int64_t> inputShape, weightShape;
    std::string dtype;
    SampleColumns warm;             // every run's warm calls; a sample's round is its run
    std::vector<double> runNumbers; // not printed: 1-based, of the runs with a median
    std::vector<double> medians, lows, highs;
    std::optional<double> medianOfRuns;
    std::optional<double> withinWidth;  // the runs' median interval width ÷ medianOfRuns
    std::optional<double> betweenWidth; // (highest median − lowest) ÷ medianOfRuns; two runs or more
    std::optional<double> ratio;        // betweenWidth ÷ withinWidth: the answer asked
    std::int64_t pairs = 0;             // pairs of runs with a median
    std::int64_t pairsDifferent = 0;    // of them, those whose two intervals do not overlap
    std::optional<double> maxAbsError;
    std::optional<std::int64_t> runsRequested, seed, samplesRequested;
    bool cancelled = false;
};

// The runs' figures (runNumbers to pairsDifferent) from the warm samples' clean ones.
void deriveFigures(Figures &figures);

// Every key a run prints, in order, and the figure it holds (core/lesson/boundfigures.h);
// docs/artifact-format.md, "performance-07", says more of each.
inline constexpr std::array kFields{
    bound::as(productfield::kVersions[0], &Figures::backend),
    bound::as(productfield::kVersions[1], &Figures::eigen),
    bound::as(productfield::kVersions[2], &Figures::compiler),
    bound::as(productfield::kVersions[3], &Figures::lessonscope),
    bound::as(productfield::kProduct[0], &Figures::inputShape),
    bound::as(productfield::kProduct[1], &Figures::weightShape),
    bound::as(productfield::kProduct[2], &Figures::dtype),
    bound::samples(key::kWarmSamples,
                   "each warm call of every run, dispatch to observed readiness; its round is its run", &Figures::warm),
    bound::list(key::kRunMedians, "s", "per run with a clean sample, the median of its clean samples",
                &Figures::medians),
    bound::list(key::kRunLows, "s", "the low end of each median's 95% interval, from its own run's samples",
                &Figures::lows),
    bound::list(key::kRunHighs, "s", "the high end", &Figures::highs),
    bound::number(key::kMedianOfRuns, "s", "the median of the runs' medians", &Figures::medianOfRuns).orNull(),
    bound::number(key::kWithinWidth, "", "the runs' median interval width ÷ the median of the runs",
                  &Figures::withinWidth)
        .orNull(),
    bound::number(key::kBetweenWidth, "", "the highest run median less the lowest, ÷ the median of the runs",
                  &Figures::betweenWidth)
        .orNull(),
    bound::number(key::kWidthRatio, "", "between_runs_width ÷ within_run_width: the answer asked", &Figures::ratio)
        .orNull(),
    bound::integer(key::kPairs, "", "pairs of runs with a median", &Figures::pairs),
    bound::integer(key::kPairsDifferent, "", "of them, those whose two 95% intervals do not overlap",
                   &Figures::pairsDifferent),
    bound::number(key::kMaxAbsError, "", "the last output against a higher-precision reference", &Figures::maxAbsError)
        .onSomeRuns(),
    bound::integer(key::kRunsRequested, "", "the runs asked for", &Figures::runsRequested).stating(kRunsParameter),
    bound::as(productfield::kSeed, &Figures::seed),
    bound::as(productfield::kSamplesRequested, &Figures::samplesRequested),
    bound::as(productfield::kCancelled, &Figures::cancelled),
};

Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

Json output(const LessonRun &run, const Samples &warm, double maxAbsError);

// The lesson's contract: its stdout fields, panels, checks, summary, timeline and the parameters
// its stdout states (performance07contract.cpp).
extern const LessonContract kContract;

} // namespace lessonscope::performance07
