#pragma once

#include <cstdint>

namespace lessonscope {

class OpenClSession;

// A command's four moments on the device's own clock (CL_PROFILING_COMMAND_*, in the device's
// nanoseconds; DeviceClockRelation turns them into host times): enqueued by the host (QUEUED),
// handed to the device (SUBMIT), begun (START) and finished (END).
struct OpenClDeviceTimes {
    std::int64_t queuedNs = 0;
    std::int64_t submitNs = 0;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
};

// One call as both clocks saw it. Host times are MonotonicClock nanoseconds.
struct OpenClCallRecord {
    std::int64_t enqueueBeginNs = 0;  // just before the clEnqueue* call
    std::int64_t enqueueEndNs = 0;    // just after it returned: what a dispatch-only timer stops at
    std::int64_t readyObservedNs = 0; // when the host's wait that saw it complete returned
    OpenClDeviceTimes device;
};

enum class OpenClStatus { Queued, Submitted, Running, Complete, Failed };
const char *openClStatusName(OpenClStatus status); // "queued", "submitted", ...

// One enqueued command and its event. Made by OpenClProduct (the call, the placement, the read
// back); move-only, it releases its event. No allocation: a handle is the event and three times.
class OpenClCommand
{
public:
    OpenClCommand() = default;
    OpenClCommand(void *event, std::int64_t enqueueBeginNs, std::int64_t enqueueEndNs);
    OpenClCommand(OpenClCommand &&other) noexcept;
    OpenClCommand &operator=(OpenClCommand &&other) noexcept;
    OpenClCommand(const OpenClCommand &) = delete;
    OpenClCommand &operator=(const OpenClCommand &) = delete;
    ~OpenClCommand();

    bool isValid() const { return m_event != nullptr; }
    std::int64_t enqueueBeginNs() const { return m_enqueueBeginNs; }
    std::int64_t enqueueEndNs() const { return m_enqueueEndNs; }

    // CL_EVENT_COMMAND_EXECUTION_STATUS now (one driver call; not inside any timer here).
    OpenClStatus status() const;
    // clWaitForEvents on this command alone; the host time it returned is its readiness observed,
    // kept and returned. Throws OpenClError when the command failed.
    std::int64_t wait();
    // Readiness observed by a wait on something else (the queue's clFinish, a later command of the
    // in-order queue): the first time given is kept.
    void setReadyObserved(std::int64_t ns);
    bool readyObserved() const { return m_readyObservedNs != 0; }

    // The device's timestamps (clGetEventProfilingInfo). Throws std::logic_error before the
    // command completed, OpenClError when the driver has none.
    OpenClDeviceTimes deviceTimes() const;
    // The whole record; throws std::logic_error before readiness was observed.
    OpenClCallRecord record() const;

    void *nativeEvent() const { return m_event; } // the cl_event, for tests and other OpenCL code

private:
    void *m_event = nullptr;
    std::int64_t m_enqueueBeginNs = 0;
    std::int64_t m_enqueueEndNs = 0;
    std::int64_t m_readyObservedNs = 0;
};

// A user event that commands can be made to wait for: what is enqueued behind it stays queued
// until open(), so that what a dispatch returns before is seen by the event's status alone, with
// no clock and no race. The destructor opens it if it is still shut: nothing waits forever.
class OpenClGate
{
public:
    explicit OpenClGate(OpenClSession &session);
    ~OpenClGate();
    OpenClGate(const OpenClGate &) = delete;
    OpenClGate &operator=(const OpenClGate &) = delete;

    // Lets the waiting commands go; returns the host time just before (every one of them starts
    // after it). Opening twice does nothing more and returns the first time.
    std::int64_t open();
    bool isOpen() const { return m_openedNs != 0; }
    void *nativeEvent() const { return m_event; }

private:
    void *m_event = nullptr;
    std::int64_t m_openedNs = 0;
};

} // namespace lessonscope
