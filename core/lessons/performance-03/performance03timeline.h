#pragma once

#include "core/lessons/performance-03/performance03contract.h"
#include "core/trace/streamtimeline.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lessonscope {

// performance-03's timeline: one sample at the default size — the host prepares the inputs,
// places them (a dispatch the worker copies for), then dispatches the call and waits — and where
// the learner starts the timer that stops at the call's observed readiness. The candidates, in
// time order: before preparation, before placement, at the dispatch (the answer). Every reading
// is the call's readiness minus the start's timestamp, from the trace and default_size_phases.
class Performance03Timeline final : public StreamTimeline
{
public:
    // AfterUnawaitedPlacement reads the sample's twin (placedsampler.h): offered where the trace
    // has the twins, and on the schematic.
    enum class Start { BeforePreparation, BeforePlacement, AfterUnawaitedPlacement, AtDispatch };
    static constexpr int kStartCount = 4;
    // "before-preparation", "before-placement", "after-unawaited-placement", "at-dispatch"
    static const char *key(Start start);
    static std::optional<Start> startFromKey(std::string_view key);

    explicit Performance03Timeline(const Artifact &artifact);

    // The calls in the trace are all timed samples (the untimed round is not traced): "call 3 of 7".
    std::string callTitle(int index) const override;
    // The call whose whole (preparation + placement + call) is nearest its median.
    int representativeCall() const override;
    CallTimeline call(int index) const override;

    std::optional<double> readingSeconds(std::string_view candidateKey, int callIndex) const override;
    TimelineVerdict verdict(std::string_view candidateKey, int callIndex) const override;

    // A start's reading as the median over the traced calls.
    std::optional<double> medianReading(Start start) const;

protected:
    MarkerKind marker() const override { return MarkerKind::Start; }
    double anchorOf(const CallTimes &times) const override { return times.readyObserved; }

private:
    // The trace has a phase record for every call (else the timeline is the schematic's).
    bool hasPhases() const;
    bool hasTwins() const; // every traced call has its un-awaited twin
    std::optional<std::int64_t> startTimestamp(Start start, int index) const; // ns since the first dispatch
    void addPhases(CallTimeline &call, int index) const;
    // The twin on lanes of its own, its readiness at the call's: the timer's stop is common.
    // Returns where its "after placement" start lies.
    double addTwin(CallTimeline &call, int index) const;
    std::string twinNumbers(int index) const;
    std::string measuredNumbers(Start start, int index) const;
    std::string schematicNumbers() const;

    performance03::Figures m_figures;
};

} // namespace lessonscope
