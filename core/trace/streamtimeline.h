#pragma once

#include "core/artifact/artifact.h"
#include "core/trace/timeline.h"

#include <optional>
#include <vector>

namespace lessonscope {

// The timeline of calls on the device stream, read from an artifact's measured trace: the host
// dispatches and waits, the device works, readiness is signalled and observed, and the timer's
// lane shows the completed result. A lesson that times calls on the stream derives from it and
// adds its candidates and verdicts; as it is (no candidates) it shows and exports the calls of
// an artifact whose lesson this build does not know.
class StreamTimeline : public LessonTimeline
{
public:
    // The lanes, top to bottom, and their indices.
    enum Lane { Host, Device, Readiness, Measurement };
    static const std::vector<TimelineLane> &streamLanes();

    explicit StreamTimeline(Trace trace = {}); // no calls: the schematic

    const Trace &trace() const { return m_trace; }
    // Whether the calls ran on a real device (the trace has its own clock's view): the notes then
    // name the device's queue and the device, not the stream and its worker.
    bool onRealDevice() const { return !m_trace.device.empty(); }
    std::string queueName() const { return onRealDevice() ? "the device's queue" : "the stream"; }
    std::string workerName() const { return onRealDevice() ? "The device" : "The worker"; }

    bool isMeasured() const override { return !m_trace.calls.empty(); }
    int callCount() const override { return static_cast<int>(m_trace.calls.size()); }
    // Measured calls after the first ("warm"); 0 in schematic mode.
    int warmCallCount() const { return callCount() > 0 ? callCount() - 1 : 0; }
    // The clean warm call whose completed result is nearest the clean warm calls' median (lowest
    // index on a tie; of every warm call when none is clean);
    // the first call when there is no warm call; -1 in schematic mode.
    int representativeCall() const override { return medianCallIndex(false); }
    std::string callTitle(int index) const override; // "schematic call", "first call", "warm call 3"
    CallTimeline call(int index) const override;
    std::optional<double> callSeconds(int index) const override { return completedSeconds(index); }
    std::string callInterruption(int index) const override;
    // Whether call index is among the figures' calls: not interrupted (every call of a trace
    // without evidence is).
    bool isCleanCall(int index) const { return index >= 0 && !m_trace.interrupted(static_cast<std::size_t>(index)); }

    std::optional<double> readingSeconds(std::string_view candidateKey, int callIndex) const override;
    TimelineVerdict verdict(std::string_view candidateKey, int callIndex) const override;

    // The completed result of call index (dispatch to observed readiness), in seconds.
    std::optional<double> completedSeconds(int index) const;

protected:
    // One call's times relative to its dispatch: measured (ns) or schematic (ordering only).
    struct CallTimes {
        double dispatchEnd = 0;
        double workBegin = 0;
        double workEnd = 0;
        double readyObserved = 0;
        std::optional<double> nextReadyObserved; // the next call's readiness, when there is one
    };
    CallTimes timesOf(int index) const; // the schematic times in schematic mode

    // What a lesson adds: where the marker may rest on one call, and the work it keeps outside
    // its boundary. None by default.
    virtual std::vector<TimelineCandidate> candidatesFor(const CallTimes &times) const;
    virtual std::vector<OutsideActivity> outsideActivities() const;
    virtual MarkerKind marker() const { return MarkerKind::Stop; }
    // The timer's fixed end: the dispatch (0) for a stop marker; a start marker's lesson says
    // where its timer stops (e.g. at the observed readiness).
    virtual double anchorOf(const CallTimes &times) const
    {
        (void)times;
        return 0;
    }

    // As representativeCall(), leaving out the last call when leaveOutLast and there are two warm
    // calls or more (a lesson whose candidates read the next call has no number on the last).
    int medianCallIndex(bool leaveOutLast) const;

private:
    Trace m_trace;
};

} // namespace lessonscope
