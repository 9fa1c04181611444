#pragma once

#include "core/lessons/performance-06/performance06contract.h"
#include "core/trace/streamtimeline.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lessonscope {

// performance-06's timeline: one burst of K calls at the largest depth, to scale from the trace —
// the host's dispatches back to back, the device's work queued behind them, each call's ready
// signal, and the host's one wait at the end — and where the learner stops the timer that
// started at the burst's first dispatch to measure the K calls' throughput. The candidates: right
// after the last dispatch returns, at the first call's readiness, at the last call's observed
// readiness (the answer). Each reads a difference of the burst's timestamps, ÷ K per call.
//
// Call i of the trace is shown as its whole burst, in times from its own dispatch; the other
// calls of the burst are context (a trace export writes each call's events once, with it).
class Performance06Timeline final : public StreamTimeline
{
public:
    enum class Stop { AfterLastDispatch, AtFirstReady, AtLastReady };
    static constexpr int kStopCount = 3;
    static const char *key(Stop stop); // "after-last-dispatch", "at-first-ready", "at-last-ready"
    static std::optional<Stop> stopFromKey(std::string_view key);

    explicit Performance06Timeline(const Artifact &artifact);

    int representativeCall() const override;
    std::string callTitle(int index) const override;             // "call 5 of 64, burst 3 of 21"
    std::optional<double> callSeconds(int index) const override; // its burst's time per call
    CallTimeline call(int index) const override;

    // What the timer reads, from the burst's first dispatch to the stop, for the whole burst.
    std::optional<double> readingSeconds(std::string_view candidateKey, int callIndex) const override;
    TimelineVerdict verdict(std::string_view candidateKey, int callIndex) const override;

    int depth() const { return m_depth; }                           // K of the traced bursts (0: none)
    int burstCount() const;                                         // traced bursts
    int burstOf(int callIndex) const;                               // -1 when out of range
    std::optional<double> burstReading(Stop stop, int burst) const; // seconds, the whole burst
    // No call of the burst was interrupted (trace.evidence).
    bool isCleanBurst(int burst) const;
    std::optional<double> medianPerCall(Stop stop) const; // over the bursts, ÷ K
    // How many of the burst's calls had not finished on the device when the stop came.
    int unfinishedAt(Stop stop, int burst) const;

private:
    std::optional<double> stopTime(Stop stop, int burst) const; // ns since the trace's origin
    void addBurst(CallTimeline &call, int index) const;
    std::string measuredNumbers(Stop stop, int burst) const;
    std::string schematicNumbers() const;

    performance06::Figures m_figures;
    int m_depth = 0;
};

} // namespace lessonscope
