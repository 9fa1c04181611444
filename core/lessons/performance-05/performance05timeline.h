#pragma once

#include "core/lessons/performance-05/performance05contract.h"
#include "core/trace/streamtimeline.h"

#include <optional>
#include <string>
#include <string_view>

namespace lessonscope {

// performance-05's timeline: consecutive calls around one call of the run — first the slowest,
// an interrupted call — to scale, and where the learner stops a timer started at that call's
// dispatch so that it reads the typical call. The candidates, in time order as measured: where
// the fastest call ends, where the median call ends (the answer), where the mean call would end,
// where this call ends. Every time and number comes from the artifact: the calls from the trace,
// the fastest, median and mean from stdout.
class Performance05Timeline final : public StreamTimeline
{
public:
    enum class Stop { Fastest, Median, Mean, ThisCall };
    static constexpr int kStopCount = 4;
    static const char *key(Stop stop); // "fastest-call", "median-call", "mean-call", "this-call"
    static std::optional<Stop> stopFromKey(std::string_view key);
    // How many calls are drawn on each side of the timed one.
    static constexpr int kNeighbours = 2;

    explicit Performance05Timeline(const Artifact &artifact);

    // Every traced call is a timed sample: "call 812 of 2000".
    std::string callTitle(int index) const override;
    // The slowest call (the first of equals): the interrupted one; -1 in schematic mode.
    int representativeCall() const override;
    int slowestCall() const { return representativeCall(); }
    std::string representativeName() const override { return "Interrupted call"; }
    bool keepsInterruptedCalls() const override { return true; } // the lesson's figures are of every call
    CallTimeline call(int index) const override;

    std::optional<double> readingSeconds(std::string_view candidateKey, int callIndex) const override;
    TimelineVerdict verdict(std::string_view candidateKey, int callIndex) const override;

    const performance05::Figures &figures() const { return m_figures; }

private:
    // Where a timer started at the call's dispatch stops for each candidate, in seconds: the
    // fastest, median and mean from stdout, this call from the trace.
    std::optional<double> stopSeconds(Stop stop, int callIndex) const;
    CallTimeline schematicCall() const;
    std::string measuredNumbers(Stop stop, int callIndex) const;
    std::string runNumbers(bool sentence) const; // sentence: it starts one ("Over …")

    performance05::Figures m_figures;
    std::optional<double> m_fastest;
};

} // namespace lessonscope
