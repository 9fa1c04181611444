#pragma once

#include "core/trace/streamtimeline.h"

#include <optional>
#include <string>
#include <string_view>

namespace lessonscope {

// performance-01's timeline: one call on the stream, and where the learner stops the timer.
// The candidates, in time order: right after dispatch returns, during the device work, at
// readiness after synchronization (the answer), long after (through the next call).
class Performance01Timeline final : public StreamTimeline
{
public:
    enum class Stop { AfterDispatch, DuringWork, AfterSynchronization, LongAfter };
    static constexpr int kStopCount = 4;
    static const char *key(Stop stop); // "after-dispatch", "during-work", ...
    static std::optional<Stop> stopFromKey(std::string_view key);

    explicit Performance01Timeline(const Artifact &artifact);
    explicit Performance01Timeline(Trace trace) : StreamTimeline(std::move(trace)) { }

    // Leaves out the last call (with two warm calls or more): "long after" reads the next call.
    int representativeCall() const override { return medianCallIndex(true); }

    std::optional<double> readingSeconds(std::string_view candidateKey, int callIndex) const override;
    TimelineVerdict verdict(std::string_view candidateKey, int callIndex) const override;

    // What a timer stopped at this stop reads for one call, and as the median over the warm calls
    // (all calls when there is none) that have a reading at readableAt too.
    std::optional<double> callReading(Stop stop, int index) const;
    std::optional<double> medianOver(Stop stop, Stop readableAt) const;
    int medianCountOver(Stop stop) const;

    // The recorded completed-result warm median from stdout, for the schematic's verdict.
    std::optional<double> recordedWarmMedianSeconds() const { return m_recordedWarmMedian; }

protected:
    std::vector<TimelineCandidate> candidatesFor(const CallTimes &times) const override;
    std::vector<OutsideActivity> outsideActivities() const override;

private:
    std::string measuredNumbers(Stop stop, int callIndex) const;

    std::optional<double> m_recordedWarmMedian;
};

} // namespace lessonscope
