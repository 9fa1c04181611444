#pragma once

#include "core/lesson/measuring.h"
#include "core/timing/callevidence.h"
#include "core/timing/devicestream.h"

#include <functional>
#include <utility>

namespace lessonscope {

// A device stream with its evidence recorder: every call a lesson times through it comes back
// with the scheduler's evidence of whether a timed thread (the host, this thread, or the stream's
// worker) waited for a CPU during it. The evidence is read between calls, never inside one: one
// mark between two calls ends the one and starts the other (docs/performance.md, "The evidence's
// own cost"). Made and used on the host thread.
class TimedStream
{
public:
    explicit TimedStream(StreamOptions options = {});

    struct Timed {
        CallTimestamps timestamps; // MonotonicClock ns
        CallEvidence evidence;
        DeviceClockTimes device; // a real device's own clock (not known on the stream)
        double seconds() const
        {
            return static_cast<double>(timestamps.readyObserved - timestamps.dispatchBegin) / 1e9;
        }
        bool interrupted() const
        {
            return isInterrupted(evidence, timestamps.readyObserved - timestamps.dispatchBegin);
        }
    };

    // One call: dispatch, wait, and the evidence since the last mark.
    Timed time(std::function<void()> work);
    // The evidence since the last mark, ending a timed region the lesson made itself (several
    // dispatches, host work inside the boundary); the next region starts here.
    CallEvidence endRegion() { return m_recorder.next(m_mark); }
    // Host work between timed regions (preparation, bookkeeping) is not a region's: the next one
    // starts here.
    void startRegion() { m_mark = m_recorder.mark(); }

    // Untimed calls of work until they are steady (measuring's WarmUpRule).
    WarmUp warmUp(const std::function<void()> &work, const std::function<bool()> &cancelled);

    DeviceStream &stream() { return m_stream; }
    const DeviceStream &stream() const { return m_stream; }

private:
    DeviceStream m_stream;
    EvidenceRecorder m_recorder;
    EvidenceRecorder::Mark m_mark;
};

} // namespace lessonscope
