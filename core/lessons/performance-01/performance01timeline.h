#pragma once

#include "core/artifact/artifact.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lessonscope {

// The lanes of the performance-01 timeline, top to bottom.
enum class TimelineLane { Host, Device, Readiness, Measurement };
inline constexpr int kTimelineLaneCount = 4;
const char *timelineLaneName(TimelineLane lane); // "host", "device", "readiness", "measurement"

// Where the learner may stop the timer: the prediction's candidates, in time order.
enum class StopPoint { AfterDispatch, DuringWork, AfterSynchronization, LongAfter };
inline constexpr int kStopPointCount = 4;
// A stable key for settings and files: "after-dispatch", "during-work", "after-synchronization",
// "long-after".
const char *stopPointKey(StopPoint point);
std::optional<StopPoint> stopPointFromKey(std::string_view key);
// How a person names it: "right after dispatch returns", ...
const char *stopPointLabel(StopPoint point);
// A short name for crowded places: "after dispatch", "during work", "after sync", "long after".
const char *stopPointShortLabel(StopPoint point);
// The one stop that times the completed result.
constexpr bool isCorrectStop(StopPoint point)
{
    return point == StopPoint::AfterSynchronization;
}

// Something drawn on a lane. Times are relative to the timer start (the call's dispatch): in
// nanoseconds for a measured call, in arbitrary units (ordering only) for the schematic.
struct TimelineEvent {
    enum class Shape { Span, Instant };
    TimelineLane lane = TimelineLane::Host;
    Shape shape = Shape::Span;
    std::string label; // drawn on the timeline: "dispatch", "device work", ...
    std::string note;  // one sentence for the tooltip: what it is
    double begin = 0;
    double end = 0;       // == begin for an instant
    bool waiting = false; // the lane waits rather than works (drawn hatched)
};

// Work that lies outside the timed boundary ("separately chosen boundaries"): data preparation
// and placement, compilation / first use. Never measured by this lesson, so it has no times;
// the timeline draws it greyed, before the timer start.
struct OutsideActivity {
    TimelineLane lane = TimelineLane::Host;
    std::string label;
    std::string note;
};

// Where a stop candidate sits on one call's timeline.
struct StopCandidate {
    StopPoint point = StopPoint::AfterDispatch;
    double time = 0; // same units as the events
};

// One call laid out for drawing.
struct CallTimeline {
    std::string title; // "schematic call", "first call", "warm call 3"
    bool measured = false;
    std::vector<TimelineEvent> events;
    std::vector<OutsideActivity> outside;
    std::vector<StopCandidate> candidates; // one per StopPoint, in StopPoint order
    double timerStart = 0;                 // always 0: times are relative to it
    double viewBegin = 0;                  // the suggested whole view, a little around the call
    double viewEnd = 1;

    const StopCandidate &candidate(StopPoint point) const { return candidates.at(static_cast<int>(point)); }
};

// What a timer stopped at one candidate reads: for one call, and as the median over the warm
// calls (over all calls when there is no warm call). Empty when nothing measured says it.
struct StopReading {
    std::optional<double> callSeconds;
    std::optional<double> medianSeconds;
    int medianCount = 0; // how many calls the median is over
};

// The answer to the prediction, in words and numbers.
struct StopVerdict {
    bool correct = false;
    std::string headline; // "Right: …" / "Not quite: …"
    std::string why;      // the mechanism
    std::string numbers;  // what this stop read (measured), or why there are no numbers
};

// The lanes and events of the performance-01 diagram, built from an artifact: to scale from its
// measured trace ("measured" mode), or ordering only when it has none ("schematic" mode, the
// recorded seed). A plain value; every duration it gives comes from the artifact.
class TimelineModel
{
public:
    TimelineModel(); // schematic
    static TimelineModel fromArtifact(const Artifact &artifact);
    static TimelineModel fromTrace(const Trace &trace);

    bool isMeasured() const { return !m_trace.calls.empty(); }
    const Trace &trace() const { return m_trace; }

    // Measured calls (0 in schematic mode): index 0 the first call, 1.. the warm calls.
    int callCount() const { return static_cast<int>(m_trace.calls.size()); }
    int warmCallCount() const { return callCount() > 0 ? callCount() - 1 : 0; }
    // The warm call whose completed-result time is nearest the warm median (lowest index on a
    // tie), leaving out the last call when there are two warm calls or more (nothing follows it,
    // so "long after" has no number there); the first call when there are no warm calls; -1 in
    // schematic mode.
    int medianCallIndex() const;
    std::string callTitle(int index) const; // "first call", "warm call 3"

    // The call laid out; in schematic mode index is ignored. An index out of range gives the
    // median call.
    CallTimeline call(int index) const;

    StopReading reading(StopPoint point, int callIndex) const;
    // What stopping the timer at point would have read for call callIndex (clamped to the calls
    // there are), and whether that is the completed result.
    StopVerdict verdict(StopPoint point, int callIndex) const;

    // The completed result of call index (the correct stop's reading), if it was measured.
    std::optional<double> completedSeconds(int index) const
    {
        return callReading(StopPoint::AfterSynchronization, index);
    }

    // The recorded completed-result warm median from stdout, for the schematic's correct stop.
    std::optional<double> recordedWarmMedianSeconds() const { return m_recordedWarmMedian; }

private:
    CallTimeline schematicCall() const;
    CallTimeline measuredCall(int index) const;
    std::optional<double> callReading(StopPoint point, int index) const;
    // The median of point's readings over the warm calls (all calls without warm ones) that have
    // a reading at readableAt too, so that two medians can be compared over the same calls.
    std::optional<double> medianOver(StopPoint point, StopPoint readableAt) const;
    int medianCountOver(StopPoint point) const;

    Trace m_trace;
    std::optional<double> m_recordedWarmMedian;
};

} // namespace lessonscope
