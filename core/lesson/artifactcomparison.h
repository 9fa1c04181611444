#pragma once

// Two artifacts compared as a careful engineer would sign it: what differs between the two
// experiments (a ratio across different experiments is no result), and for each figure the
// lessons compare on, the ratio B ÷ A with a 95% interval and a plain verdict. The GUI's
// comparison and `lessonscope compare` print the same.

#include "core/artifact/artifact.h"
#include "core/lesson/disturbance.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace lessonscope {

// Below this many samples on either side the interval is shown but cannot be trusted.
inline constexpr std::size_t kTrustedSamples = 10;

// A distribution-free 95% interval for the ratio of two medians, median(b) ÷ median(a): each
// median's order-statistic interval at 97.5% (ranks n/2 ± 1.12·√n, from the binomial), so that
// both hold at once with at least 95%, and the ratio's interval from their ends (conservative).
struct RatioInterval {
    double low = 0;
    double high = 0;
    bool trusted = false; // both samples have kTrustedSamples or more (or both sides have rounds)
    // How it was made: "rounds" (Welch's t on each side's round figures: the spread between
    // runs, as two runs of the same code show it) or "samples" (the medians' order-statistic
    // intervals: the spread within one run, which runs exceed).
    std::string method = "samples";
    double confidence = 0.95; // 0.99 between runs (kBetweenRunsConfidence)
};

// How sure a verdict between two runs (made from their rounds) must be. Two runs of the same code
// differ by more than the rounds inside each show — the machine changes over seconds, and each
// process is placed anew — so at 95% identical runs on a shared virtual machine were called
// different in 18–27% of pairs; at 99%, in a few (docs/performance.md, "Comparisons between runs").
inline constexpr double kBetweenRunsConfidence = 0.99;
// The least difference a verdict calls one, as criterion.rs's noise threshold: identical runs of a
// 512³ product here differ by up to 1.65% with rounds that agree within ±0.5%, so "slower" or
// "faster" needs the whole interval beyond ±2% (docs/performance.md, "Comparisons between runs").
// A smaller difference is found only by runs taken together, not by two runs compared.
inline constexpr double kNoiseThreshold = 0.02;
std::optional<RatioInterval> medianRatioInterval(std::span<const double> a, std::span<const double> b);

// The CPU's own speed in a run: the medians of the reference readings its rounds began with
// (environment.interference.measuring, core/timing/referencework.h), in ns.
struct CpuReference {
    double loopNs = 0;
    std::optional<double> productNs{}; // absent in runs that read the chain alone
    std::optional<double> sweepNs{};   // absent in runs from before the sweep
    // The link between two CPUs (a cache line's round trip): absent before it was read, and where
    // a run could use one CPU. Not a speed of the CPU: it moves a call's crossings, not its work,
    // so it widens no band; a comparison names it when it moved (linkWarning).
    std::optional<double> linkNs{};
};
std::optional<CpuReference> cpuReferenceOf(const Artifact &artifact);

// How the CPU's own speed changed from A to B: each reference's B ÷ A. The band a duration may move
// by with the CPU alone runs from the lowest of 1 and these to the highest.
struct CpuSpeedChange {
    double loop = 1;
    std::optional<double> product{};
    std::optional<double> sweep{};
    double lowest() const;
    double highest() const;
};

struct ComparedFigure {
    std::string label;
    std::optional<double> a;
    std::optional<double> b;
    bool isDuration = true;
    std::optional<double> ratio;           // b ÷ a, when both are there and a is not 0
    std::optional<RatioInterval> interval; // when both have samples
    // How the CPU's own speed changed from A to B, when both runs read it: a duration that
    // differs by no more than this is the CPU's, not the code's.
    std::optional<CpuSpeedChange> cpuChange;
    std::size_t samplesA = 0;
    std::size_t samplesB = 0;
    std::string verdict; // "B ÷ A = 1.42× (95%: 1.31×–1.54×): B is slower", "…: no difference beyond noise"
};

// The figure's verdict in words, from its ratio, interval and samples: "B ÷ A = 1.42× (95%:
// 1.38×–1.47×): B is slower", "…: no difference beyond noise", "… so no verdict is drawn from it".
std::string verdictOf(const ComparedFigure &figure);

struct ArtifactComparison {
    // Each difference between the two experiments, named: "lesson: A one-lesson · B another",
    // "dtype: float32 · float64", "cpu: …". Empty when they are the same experiment.
    std::vector<std::string> differences;
    std::vector<ComparedFigure> figures;
    // Whether each run was disturbed while it ran (docs/artifact-format.md, "What a run's conditions say").
    Disturbance disturbanceA;
    Disturbance disturbanceB;
    // Each run's CPU reference and the change from A to B, when both runs read it.
    std::optional<CpuReference> cpuA, cpuB;
    std::optional<CpuSpeedChange> cpuChange;
};

// One warning per side whose conditions say something, with its reasons and what to do: "B could
// not measure: …", "B was disturbed while it ran: …", "B was measured on one CPU: …", "B: 50
// interrupted timed units were left out of its figures …"; and one when the CPU itself ran at
// another speed in B than in A.
std::vector<std::string> disturbanceWarnings(const ArtifactComparison &comparison);

ArtifactComparison compareArtifacts(const Artifact &a, const Artifact &b);

// The least rounds a side needs for the between-round interval.
inline constexpr std::size_t kLeastRounds = 3;

} // namespace lessonscope
