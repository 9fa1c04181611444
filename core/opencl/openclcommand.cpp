#include "core/opencl/openclcommand.h"
#include "core/opencl/openclsession_p.h"

#include "core/timing/monotonicclock.h"

#include <stdexcept>
#include <utility>

namespace lessonscope {

using namespace opencl_detail;

namespace {

cl_event eventOf(void *event) { return static_cast<cl_event>(event); }

std::int64_t profiling(cl_event event, cl_profiling_info which)
{
    cl_ulong value = 0;
    check(clGetEventProfilingInfo(event, which, sizeof value, &value, nullptr), "clGetEventProfilingInfo");
    return static_cast<std::int64_t>(value);
}

} // namespace

const char *openClStatusName(OpenClStatus status)
{
    switch (status) {
    case OpenClStatus::Queued:
        return "queued";
    case OpenClStatus::Submitted:
        return "submitted";
    case OpenClStatus::Running:
        return "running";
    case OpenClStatus::Complete:
        return "complete";
    case OpenClStatus::Failed:
        break;
    }
    return "failed";
}

OpenClCommand::OpenClCommand(void *event, std::int64_t enqueueBeginNs, std::int64_t enqueueEndNs)
    : m_event(event), m_enqueueBeginNs(enqueueBeginNs), m_enqueueEndNs(enqueueEndNs)
{ }

OpenClCommand::OpenClCommand(OpenClCommand &&other) noexcept
    : m_event(std::exchange(other.m_event, nullptr)),
      m_enqueueBeginNs(other.m_enqueueBeginNs),
      m_enqueueEndNs(other.m_enqueueEndNs),
      m_readyObservedNs(other.m_readyObservedNs)
{ }

OpenClCommand &OpenClCommand::operator=(OpenClCommand &&other) noexcept
{
    if (this != &other) {
        if (m_event)
            clReleaseEvent(eventOf(m_event));
        m_event = std::exchange(other.m_event, nullptr);
        m_enqueueBeginNs = other.m_enqueueBeginNs;
        m_enqueueEndNs = other.m_enqueueEndNs;
        m_readyObservedNs = other.m_readyObservedNs;
    }
    return *this;
}

OpenClCommand::~OpenClCommand()
{
    if (m_event)
        clReleaseEvent(eventOf(m_event));
}

OpenClStatus OpenClCommand::status() const
{
    if (!m_event)
        throw std::logic_error("OpenClCommand::status of no command");
    cl_int status = CL_COMPLETE;
    check(clGetEventInfo(eventOf(m_event), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
          "clGetEventInfo");
    switch (status) {
    case CL_QUEUED:
        return OpenClStatus::Queued;
    case CL_SUBMITTED:
        return OpenClStatus::Submitted;
    case CL_RUNNING:
        return OpenClStatus::Running;
    case CL_COMPLETE:
        return OpenClStatus::Complete;
    default:
        return OpenClStatus::Failed; // a negative code: the command was abnormally terminated
    }
}

std::int64_t OpenClCommand::wait()
{
    if (!m_event)
        throw std::logic_error("OpenClCommand::wait on no command");
    cl_event event = eventOf(m_event);
    check(clWaitForEvents(1, &event), "clWaitForEvents");
    setReadyObserved(MonotonicClock::nowNs());
    return m_readyObservedNs;
}

void OpenClCommand::setReadyObserved(std::int64_t ns)
{
    if (m_readyObservedNs == 0)
        m_readyObservedNs = ns;
}

OpenClDeviceTimes OpenClCommand::deviceTimes() const
{
    if (status() != OpenClStatus::Complete)
        throw std::logic_error("OpenClCommand::deviceTimes before the command completed");
    const cl_event event = eventOf(m_event);
    return {profiling(event, CL_PROFILING_COMMAND_QUEUED), profiling(event, CL_PROFILING_COMMAND_SUBMIT),
            profiling(event, CL_PROFILING_COMMAND_START), profiling(event, CL_PROFILING_COMMAND_END)};
}

OpenClCallRecord OpenClCommand::record() const
{
    if (!readyObserved())
        throw std::logic_error("OpenClCommand::record before a wait observed its readiness");
    return {m_enqueueBeginNs, m_enqueueEndNs, m_readyObservedNs, deviceTimes()};
}

OpenClGate::OpenClGate(OpenClSession &session)
{
    cl_int error = CL_SUCCESS;
    m_event = clCreateUserEvent(session.impl().context(), &error);
    check(error, "clCreateUserEvent");
}

OpenClGate::~OpenClGate()
{
    if (m_openedNs == 0)
        clSetUserEventStatus(eventOf(m_event), CL_COMPLETE); // never throws from here
    clReleaseEvent(eventOf(m_event));
}

std::int64_t OpenClGate::open()
{
    if (m_openedNs == 0) {
        m_openedNs = MonotonicClock::nowNs();
        check(clSetUserEventStatus(eventOf(m_event), CL_COMPLETE), "clSetUserEventStatus");
    }
    return m_openedNs;
}

} // namespace lessonscope
