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
    const Json *trace = Checker::member(document, "trace");
    const Json *calls = trace && trace->is_object() ? Checker::member(*trace, "calls") : nullptr;
    const Json *begin = calls && calls->is_object() ? Checker::member(*calls, "dispatchBegin") : nullptr;
    const Json *ready = calls && calls->is_object() ? Checker::member(*calls, "readyObserved") : nullptr;
    if (!begin || !ready || !begin->is_array() || !ready->is_array() || begin->size() != ready->size())
        return std::nullopt;
    std::vector<TracedCall> traced;
    for (std::size_t i = 0; i < begin->size(); ++i) {
        if (!(*begin)[i].is_number_integer() || !(*ready)[i].is_number_integer())
            return std::nullopt; // the format's trace checks report it
        TracedCall call;
        call.dispatchBegin = (*begin)[i].get<std::int64_t>();
        call.readyObserved = (*ready)[i].get<std::int64_t>();
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
