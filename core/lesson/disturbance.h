#pragma once

#include "core/base/jsonfwd.h"
#include "core/lesson/measuring.h"
#include "core/timing/interference.h"

#include <optional>
#include <string>
#include <vector>

namespace lessonscope {

// A run's evidence in its artifact (environment.interference, docs/artifact-format.md) and the
// stated verdict on it (docs/artifact-format.md, "What a run's conditions say"). The keys are
// written and read here only.

// What the artifact says of the machine and of the measuring.
struct RunEvidence {
    std::optional<InterferenceEvidence> machine; // the whole run's counts, load, steal, idle sample
    std::optional<MeasuringReport> measuring;    // the timed units' evidence (lessonscope 0.2 on)
    // The device is this machine's CPUs (an OpenCL device of type CPU, such as PoCL): its driver
    // keeps a thread on every CPU, the host's too, so host and device share CPUs by nature, and
    // "measured on one CPU" is said of such a run only where the process had one.
    bool deviceIsTheCpus = false;
};

Json interferenceToJson(const InterferenceEvidence &evidence, const MeasuringReport *measuring = nullptr);

// The evidence's bounds: a field beyond them (or missing, or of another type) makes the evidence
// unreadable, never arithmetic (a count is summed with others; docs/security.md, "Limits").
inline constexpr std::int64_t kMaxEvidenceCount = 1'000'000'000'000; // switches, migrations, threads
inline constexpr std::int64_t kMaxEvidenceSeconds = 10'000'000;      // a window of about 115 days
inline constexpr std::int64_t kMaxEvidenceCpus = 1'048'576;
inline constexpr std::int64_t kMaxEvidenceLoad = 1'000'000;
inline constexpr std::size_t kMaxGovernorBytes = 64;

// Where and why evidence could not be read: the JSON Pointer of the first field that broke.
struct EvidenceProblem {
    std::string pointer;
    std::string message;
};

// nullopt when the environment has no evidence (recorded elsewhere, or an older lessonscope) or
// when it is malformed or out of range (then *problem says where and why, if given).
std::optional<InterferenceEvidence> interferenceFromJson(const Json &environment, EvidenceProblem *problem = nullptr);
RunEvidence runEvidenceFromJson(const Json &environment, EvidenceProblem *problem = nullptr);

// The older rule, for artifacts whose evidence covers the whole run only (no measuring block).
struct DisturbanceRule {
    double involuntaryPerSecond = 20;    // switches taken from the timed threads, per second of run
    std::int64_t minimumInvoluntary = 5; // ... and at least this many
    double stealShare = 0.05;            // CPU time the hypervisor took
    double loadPerCpu = 1.0;             // load average at the start, per usable CPU
};

// The verdict, from the worst: could not measure (refused: too few clean samples; no figure of
// the run should be believed), disturbed (figures doubtful: steal, drift between the halves, or
// fewer clean samples than asked), measured on one CPU (the lesson's own threads took turns: named
// apart from other work), clean beside other work (a busy machine, every figure from units that
// ran uninterrupted), quiet (every timed unit clean, or the interrupted ones left out).
struct Disturbance {
    bool known = false;      // the artifact has evidence
    bool unreadable = false; // it has evidence that cannot be trusted (out of range, wrong type)
    bool disturbed = false;  // its figures are doubtful (refused runs are disturbed too)
    bool refused = false;    // could not measure
    bool oneCpu = false;     // host and device shared a CPU for most timed units
    // Other programs kept at least half a CPU busy just before the run: its clean units ran
    // between their time slices, and the headline says so rather than "quiet".
    bool besideOtherWork = false;
    bool keepsInterrupted = false; // the lesson's figures are of every unit (MeasuringReport)
    std::size_t clean = 0;
    std::size_t interrupted = 0;
    std::vector<std::string> reasons; // each broken part of the rule, with its numbers
    std::string evidence;             // one line: what was counted, disturbed or not
    std::string advice;               // what to do, when disturbed or on one CPU
};

// The data check's two halves of a run's clean calls (their durations in ns), for a trace
// without rounds (an older lessonscope's run): a run measured in rounds has its drift in the
// spread of its rounds, which its comparisons' intervals rest on. Empty when unknown.
struct DriftSamples {
    std::vector<double> first, second;
};
DriftSamples halvesOf(const std::vector<double> &samples);

Disturbance assessDisturbance(const RunEvidence &evidence, const DriftSamples &drift = {},
                              const DisturbanceRule &rule = {});
Disturbance assessDisturbance(const std::optional<InterferenceEvidence> &evidence, const DisturbanceRule &rule = {});
// Reads the artifact's environment and trace and applies the rule.
Disturbance disturbanceOf(const Json &document);

// The verdict in one line for a terminal or a header, from the worst: "could not measure: …",
// "DISTURBED: …", "measured on one CPU: …", "quiet: …", "not known: …"; with the evidence and,
// where there is something to do, the advice, each on a line of its own after the first.
std::string conditionsText(const Disturbance &disturbance);
// The first line of it alone.
std::string conditionsHeadline(const Disturbance &disturbance);

// The data check: the second half's clean calls against the first's. A drift when the two
// halves' medians differ by more than 5% and their 95% intervals do not meet (at least 20 calls
// a half). Empty when none.
std::string driftOf(const DriftSamples &halves);

} // namespace lessonscope
