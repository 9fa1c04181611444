#include "core/lessons/performance-03/performance03phases.h"

#include "core/lesson/stdoutchecks.h"

#include "core/artifact/checker.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace lessonscope::performance03 {

TracedSamples samplesOf(const std::vector<TracedCall> &calls, const std::vector<PhaseTimes> &phases)
{
    TracedSamples s;
    const std::size_t count = std::min(calls.size(), phases.size());
    for (std::size_t i = 0; i < count; ++i) {
        const TracedCall &c = calls[i];
        const PhaseTimes &p = phases[i];
        s.prepare.push_back(secondsBetween(p.prepareBegin, p.prepareEnd));
        s.place.push_back(secondsBetween(p.placeDispatchBegin, p.placeReadyObserved));
        s.call.push_back(secondsBetween(c.dispatchBegin, c.readyObserved));
        s.withPlacement.push_back(secondsBetween(p.placeDispatchBegin, c.readyObserved));
        s.withPreparation.push_back(secondsBetween(p.prepareBegin, c.readyObserved));
    }
    return s;
}

std::optional<TracedSamples> tracedSamples(const Json &document, const std::vector<PhaseTimes> &phases)
{
    const auto begin = stdoutchecks::tracedColumn(document, "dispatchBegin");
    const auto ready = stdoutchecks::tracedColumn(document, "readyObserved");
    if (!begin || !ready || begin->size() != ready->size())
        return std::nullopt; // the format's trace checks report it
    std::vector<TracedCall> traced;
    for (std::size_t i = 0; i < begin->size(); ++i) {
        TracedCall call;
        call.dispatchBegin = (*begin)[i];
        call.readyObserved = (*ready)[i];
        traced.push_back(call);
    }
    if (traced.size() != phases.size()) {
        TracedSamples mismatch; // the caller reports it
        mismatch.traced = traced.size();
        return mismatch;
    }
    // The medians are the clean samples': the trace's evidence says which were interrupted.
    const std::vector<bool> interrupted = stdoutchecks::tracedInterrupted(document);
    if (interrupted.size() == traced.size()) {
        std::vector<TracedCall> clean;
        std::vector<PhaseTimes> cleanPhases;
        for (std::size_t i = 0; i < traced.size(); ++i) {
            if (!interrupted[i]) {
                clean.push_back(traced[i]);
                cleanPhases.push_back(phases[i]);
            }
        }
        TracedSamples samples = samplesOf(clean, cleanPhases);
        samples.traced = traced.size();
        return samples;
    }
    TracedSamples samples = samplesOf(traced, phases);
    samples.traced = traced.size();
    return samples;
}

} // namespace lessonscope::performance03
