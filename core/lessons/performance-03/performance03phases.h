#pragma once

// The five durations of one performance-03 sample, from its timestamps: the one formula the run,
// the checks and the timeline share, so that all three read the same doubles.

#include "core/artifact/artifact.h"
#include "core/lessons/performance-03/performance03contract.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace lessonscope::performance03 {

// to − from, nanoseconds to seconds. Subtracted as doubles: exact for any real run (below 2^53
// ns, 104 days), and a hostile file's timestamps cannot overflow it.
inline double secondsBetween(std::int64_t from, std::int64_t to)
{
    return (static_cast<double>(to) - static_cast<double>(from)) * 1e-9;
}

// One element per traced call.
struct TracedSamples {
    std::vector<double> prepare, place, call, withPlacement, withPreparation;
    std::size_t traced = 0; // the calls the trace has, interrupted ones included
};

// The call's readiness ends every boundary; each starts at its own timestamp.
TracedSamples samplesOf(const std::vector<TracedCall> &calls, const std::vector<PhaseTimes> &phases);
// The same from a document's trace, of its clean calls (the trace's evidence says which); nothing
// when it has no usable trace.
std::optional<TracedSamples> tracedSamples(const Json &document, const std::vector<PhaseTimes> &phases);

} // namespace lessonscope::performance03
