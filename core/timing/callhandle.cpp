#include "core/timing/devicestream_p.h"

#include "core/timing/monotonicclock.h"
#include "core/timing/spinwait.h"

#include <utility>

namespace lessonscope {

// The reference count is a plain integer: handles belong to the host thread, and the stream's
// slots, which hold a reference too, are only touched there as well (devicestream.cpp).
void CallHandle::retain(State *state)
{
    if (state)
        ++state->references;
}

void CallHandle::release(State *state)
{
    if (state && --state->references == 0)
        delete state;
}

CallHandle::CallHandle(State *state) : m_state(state) { retain(m_state); }

CallHandle::CallHandle(const CallHandle &other) : m_state(other.m_state) { retain(m_state); }

CallHandle::CallHandle(CallHandle &&other) noexcept : m_state(std::exchange(other.m_state, nullptr)) { }

CallHandle &CallHandle::operator=(const CallHandle &other)
{
    retain(other.m_state); // first, for self-assignment
    release(m_state);
    m_state = other.m_state;
    return *this;
}

CallHandle &CallHandle::operator=(CallHandle &&other) noexcept
{
    if (this != &other) {
        release(m_state);
        m_state = std::exchange(other.m_state, nullptr);
    }
    return *this;
}

CallHandle::~CallHandle() { release(m_state); }

bool CallHandle::isReady() const
{
    return m_state && m_state->ready.load(std::memory_order_acquire) == m_state->generation;
}

void CallHandle::wait()
{
    if (!m_state)
        return;
    State &s = *m_state;
    if (s.readyObserved == 0) {
        // A call still in flight has its stream (the destructor finishes every call), so only
        // then are the stream's worker and the stream itself looked at. Before the wait: whether
        // the worker was found on this very CPU, where it cannot run while the host spins (the
        // wait then parks at once).
        const bool inFlight = s.ready.load(std::memory_order_acquire) != s.generation;
        const bool sharedCpu = inFlight && s.worker && s.worker->sharesCallersCpu();
        if (inFlight)
            detail::awaitValue(s.ready, s.generation, s.hostParked, s.spinNs, s.worker);
        s.readyObserved = MonotonicClock::nowNs();
        // After the clock stopped: the worker is moved off this CPU, for the calls to come.
        if (sharedCpu && s.stream)
            s.stream->moveWorkerOffCpu(detail::currentCpu());
    }
    // Every wait on a failed call reports the failure: the output was never produced.
    if (s.error)
        std::rethrow_exception(s.error);
}

CallTimestamps CallHandle::timestamps() const
{
    if (!m_state)
        return {};
    const State &s = *m_state;
    return {s.dispatchBegin, s.dispatchEnd, s.workBegin, s.workEnd, s.readyObserved};
}

} // namespace lessonscope
