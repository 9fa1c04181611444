#pragma once

// A lesson's samples on stdout with their per-call evidence (docs/artifact-format.md, "Per-call
// evidence"): beside a samples key such as "warm_samples_seconds", two companions of the same
// shape, "warm_samples_waited_ns" (how long other work kept a timed thread from a CPU during the
// sample; beyond isInterruptedWait's rule it was interrupted) and "warm_samples_round" (the round it was
// measured in). Written, read and checked here only.

#include "core/artifact/checker.h"
#include "core/base/jsonfwd.h"
#include "core/lesson/measuring.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lessonscope {

// "warm_samples_seconds" → "warm_samples_waited_ns" / "warm_samples_round".
std::string waitedKeyOf(const std::string &samplesKey);
std::string roundKeyOf(const std::string &samplesKey);

// The samples, then their two companions.
void writeSamples(Json &out, const char *key, const Samples &samples);
// One list per group (per type, per depth …), each with its companions in the same shape.
void writeSampleLists(Json &out, const char *key, const std::vector<Samples> &lists);

// Samples read back; waitedNs and round are empty when the artifact has no evidence (recorded
// elsewhere, or by an older lessonscope), and then every sample counts as clean.
struct SampleColumns {
    std::vector<double> seconds;
    std::vector<std::int64_t> waitedNs;
    std::vector<std::int64_t> round;
    double callsPerSample = 1.0; // as Samples's: a burst's per-call share is judged as the burst

    bool hasEvidence() const { return !waitedNs.empty() && waitedNs.size() == seconds.size(); }
    std::vector<bool> interrupted() const { return interruptedMask(seconds, waitedNs, callsPerSample); }
    std::vector<double> clean() const { return keepClean(seconds, interrupted()); }
    std::size_t interruptedCount() const;
    // The clean samples' values per round (round r's in [r]); empty without rounds.
    std::vector<std::vector<double>> cleanByRound() const;
};
SampleColumns readSamples(const Json &out, const char *key);
// values grouped by their round (round[i]; a negative round leaves the value out).
std::vector<std::vector<double>> roundsOf(const std::vector<double> &values, const std::vector<std::int64_t> &round);
std::vector<SampleColumns> readSampleLists(const Json &out, const char *key);

// The companions of a samples key as a check sees them: absent (fine), or of the samples' shape,
// non-negative integers for the waits and 0 … kRounds − 1 for the rounds.
void checkSampleEvidence(const Json &out, const char *key, Checker &checker);

} // namespace lessonscope
