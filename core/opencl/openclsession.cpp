#include "core/opencl/openclcommand.h"
#include "core/opencl/opencldevices_p.h"
#include "core/opencl/openclproductsource_p.h"
#include "core/opencl/openclsession_p.h"

#include "core/timing/monotonicclock.h"

namespace lessonscope {

using namespace opencl_detail;

OpenClSession::OpenClSession(int deviceIndex) : m_impl(std::make_unique<Impl>())
{
    Impl &s = *m_impl;
    s.platformStep.beginNs = MonotonicClock::nowNs();
    FoundDevice found = findOpenClDevice(deviceIndex);
    s.platformStep.endNs = MonotonicClock::nowNs();
    s.info = std::move(found.info);
    s.platform = std::move(found.platform);
    s.device = std::move(found.device);
    if (!s.info.available)
        throw OpenClUnsupported(s.info.id() + " (" + s.info.name
                                + ") is not available: its driver says it cannot run work now");
    if (!s.info.compilerAvailable)
        throw OpenClUnsupported(s.info.id() + " (" + s.info.name
                                + ") has no compiler: it cannot build the product's kernel from source");

    translated([&] {
        s.contextStep.beginNs = MonotonicClock::nowNs();
        s.context = cl::Context(s.device);
        s.contextStep.endNs = MonotonicClock::nowNs();
    });
    cl_int error = CL_SUCCESS;
    s.queueStep.beginNs = MonotonicClock::nowNs();
    cl_command_queue queue = nullptr;
    if (s.info.atLeast(2, 0)) {
        const cl_queue_properties properties[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
        queue = clCreateCommandQueueWithProperties(s.context(), s.device(), properties, &error);
    } else {
        queue = clCreateCommandQueue(s.context(), s.device(), CL_QUEUE_PROFILING_ENABLE, &error);
    }
    s.queueStep.endNs = MonotonicClock::nowNs();
    if (error == CL_INVALID_QUEUE_PROPERTIES)
        throw OpenClUnsupported(s.info.id() + " (" + s.info.name
                                + ") cannot make a profiling queue: its own clock cannot be read");
    check(error, "clCreateCommandQueue");
    s.queue = cl::CommandQueue(queue);
}

OpenClSession::~OpenClSession()
{
    // Nothing enqueued may outlive the buffers and events it uses: wait for all of it first.
    if (m_impl && m_impl->queue())
        clFinish(m_impl->queue());
}

const OpenClDeviceInfo &OpenClSession::device() const { return m_impl->info; }

TimedStep OpenClSession::platformStep() const { return m_impl->platformStep; }

TimedStep OpenClSession::contextStep() const { return m_impl->contextStep; }

TimedStep OpenClSession::queueStep() const { return m_impl->queueStep; }

const OpenClProgram &OpenClSession::productProgram()
{
    Impl &s = *m_impl;
    if (s.productProgram)
        return *s.productProgram;
    if (s.productProgramFailure)
        std::rethrow_exception(s.productProgramFailure);
    try {
        s.productProgram = std::make_unique<OpenClProgram>(*this, productKernelSource(), productBuildOptions(s.info));
    } catch (...) {
        s.productProgramFailure = std::current_exception();
        throw;
    }
    return *s.productProgram;
}

std::int64_t OpenClSession::finish(std::span<OpenClCommand> commands)
{
    check(clFinish(m_impl->queue()), "clFinish");
    const std::int64_t ready = MonotonicClock::nowNs();
    for (OpenClCommand &command : commands)
        command.setReadyObserved(ready);
    return ready;
}

} // namespace lessonscope
