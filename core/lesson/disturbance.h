#pragma once

#include "core/base/jsonfwd.h"
#include "core/timing/interference.h"

#include <optional>
#include <string>
#include <vector>

namespace lessonscope {

// A run's interference evidence in its artifact (environment.interference, docs/artifact-format.md)
// and the stated rule that calls a run disturbed (docs/artifact-format.md, "When a run was
// disturbed"). The keys are written and read here only.
Json interferenceToJson(const InterferenceEvidence &evidence);
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

// The rule's thresholds.
struct DisturbanceRule {
    double involuntaryPerSecond = 20; // switches taken from the timed threads, per second of run
    std::int64_t minimumInvoluntary = 5; // ... and at least this many
    double stealShare = 0.05;          // CPU time the hypervisor took
    double loadPerCpu = 1.0;           // load average at the start, per usable CPU
};

struct Disturbance {
    bool known = false;     // the artifact has evidence
    bool disturbed = false;
    std::vector<std::string> reasons; // each broken part of the rule, with its numbers
    std::string evidence;   // one line: what was counted, disturbed or not
    std::string advice;     // what to do, when disturbed
};

Disturbance assessDisturbance(const std::optional<InterferenceEvidence> &evidence,
                              const DisturbanceRule &rule = {});
// Reads the artifact's environment and applies the rule.
Disturbance disturbanceOf(const Json &document);

} // namespace lessonscope
