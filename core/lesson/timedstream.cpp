#include "core/lesson/timedstream.h"

#include <vector>

namespace lessonscope {

namespace {

std::vector<ThreadCounterReader> workerOf(const DeviceStream &stream)
{
    std::vector<ThreadCounterReader> device;
    device.push_back(stream.workerCounters());
    return device;
}

} // namespace

TimedStream::TimedStream(StreamOptions options)
    : m_stream(options), m_recorder(workerOf(m_stream)), m_mark(m_recorder.mark())
{ }

TimedStream::Timed TimedStream::time(std::function<void()> work)
{
    CallHandle call = m_stream.dispatch(std::move(work));
    call.wait();
    Timed timed;
    timed.timestamps = call.timestamps();
    timed.evidence = endRegion();
    return timed;
}

WarmUp TimedStream::warmUp(const std::function<void()> &work, const std::function<bool()> &cancelled)
{
    startRegion();
    return warmUpUntilSteady(
        [this, &work] {
            const Timed timed = time(work);
            return std::pair{timed.timestamps.readyObserved - timed.timestamps.dispatchBegin, !timed.interrupted()};
        },
        cancelled);
}

} // namespace lessonscope
