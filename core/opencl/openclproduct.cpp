#include "core/opencl/openclproduct.h"
#include "core/opencl/openclproductsource_p.h"
#include "core/opencl/openclprogram_p.h"
#include "core/opencl/openclsession_p.h"

#include "core/timing/matmulinputs.h"
#include "core/timing/productreference.h"
#include "core/timing/monotonicclock.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <stdexcept>

namespace lessonscope {

using namespace opencl_detail;

namespace {

// Host memory on a page boundary, a whole number of pages: what drivers ask of CL_MEM_USE_HOST_PTR
// memory before they will map it instead of copying it (Intel's zero-copy rule; harmless elsewhere).
constexpr std::size_t kPage = 4096;

struct FreeDeleter {
    void operator()(void *memory) const { std::free(memory); }
};
using HostMemory = std::unique_ptr<std::byte[], FreeDeleter>;

HostMemory pageAligned(std::size_t bytes)
{
    const std::size_t rounded = (bytes + kPage - 1) / kPage * kPage;
    auto *memory = static_cast<std::byte *>(std::aligned_alloc(kPage, rounded));
    if (!memory)
        throw std::bad_alloc();
    std::memset(memory, 0, rounded);
    return HostMemory(memory);
}

// The wait list of a command behind an optional gate.
struct WaitList {
    cl_event event = nullptr;
    explicit WaitList(const OpenClGate *gate) : event(gate ? static_cast<cl_event>(gate->nativeEvent()) : nullptr) { }
    cl_uint count() const { return event ? 1 : 0; }
    const cl_event *events() const { return event ? &event : nullptr; }
};

// Whether the command behind event (if any) is over: complete, or failed (nothing runs any more).
bool complete(const cl::Event &event)
{
    if (!event())
        return true;
    cl_int status = CL_COMPLETE;
    check(clGetEventInfo(event(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
          "clGetEventInfo");
    return status == CL_COMPLETE || status < 0;
}

} // namespace

struct OpenClProduct::Impl {
    OpenClSession &session;
    Dtype dtype;
    int m, k, n;
    OpenClPlacement placement;
    std::size_t elementBytes;
    HostMemory hostInputs; // X (m×k) then W (k×n), column-major
    HostMemory hostOutput;
    cl::Kernel kernel;
    cl::Buffer inputs, output;
    bool zeroCopy = false;
    bool readBackDone = false;
    cl::Event readingHostInputs; // the last command that reads hostInputs (not retained by a command)
    cl::Event readingBack;

    std::size_t inputBytes() const
    {
        return elementBytes * (static_cast<std::size_t>(m) * k + static_cast<std::size_t>(k) * n);
    }
    std::size_t outputBytes() const { return elementBytes * static_cast<std::size_t>(m) * n; }
    cl_command_queue queue() const { return session.impl().queue(); }
    bool ready() const { return kernel() && inputs() && output(); }

    template<typename Scalar>
    void fill(std::uint64_t seed)
    {
        std::mt19937_64 generator(seed);
        auto *x = reinterpret_cast<Scalar *>(hostInputs.get());
        fillColumnMajor(x, m, k, generator);
        fillColumnMajor(x + static_cast<std::size_t>(m) * k, k, n, generator);
    }

    template<typename Scalar>
    double error(const std::function<bool()> &stopped) const
    {
        const auto *x = reinterpret_cast<const Scalar *>(hostInputs.get());
        return maxAbsErrorOfProduct(x, x + static_cast<std::size_t>(m) * k,
                                    reinterpret_cast<const Scalar *>(hostOutput.get()), m, k, n, stopped);
    }

    void bindArguments()
    {
        if (!ready())
            return;
        kernel.setArg(0, inputs);
        kernel.setArg(1, output);
        kernel.setArg(2, static_cast<cl_int>(m));
        kernel.setArg(3, static_cast<cl_int>(k));
        kernel.setArg(4, static_cast<cl_int>(n));
    }

    // Keeps a reference to a command's event that reads the host's memory, for prepare() to check.
    void reading(cl::Event &kept, cl_event event)
    {
        clRetainEvent(event);
        kept = cl::Event(event);
    }
};

OpenClProduct::OpenClProduct(OpenClSession &session, Dtype dtype, int m, int k, int n, std::uint64_t seed,
                             OpenClPlacement placement)
{
    if (m < 1 || k < 1 || n < 1)
        throw std::invalid_argument("matrix dimensions must be at least 1");
    if (dtype == Dtype::Float64 && !session.device().fp64)
        throw OpenClUnsupported(session.device().id() + " (" + session.device().name
                                + ") has no cl_khr_fp64: float64 kernels cannot run there");
    const std::size_t element = dtype == Dtype::Float32 ? sizeof(float) : sizeof(double);
    m_impl.reset(new Impl{session, dtype, m, k, n, placement, element, {}, {}, {}, {}, {}, false, false, {}, {}});
    m_impl->hostInputs = pageAligned(m_impl->inputBytes());
    m_impl->hostOutput = pageAligned(m_impl->outputBytes());
    prepare(seed);
}

OpenClProduct::~OpenClProduct()
{
    // The queue may still read the host's memory this product owns (a non-blocking placement, a
    // call on UseHostPointer buffers, a read back): let it finish first.
    clFinish(m_impl->queue());
}

TimedStep OpenClProduct::createKernel()
{
    Impl &p = *m_impl;
    const OpenClProgram &program = p.session.productProgram();
    TimedStep step;
    cl_int error = CL_SUCCESS;
    step.beginNs = MonotonicClock::nowNs();
    cl_kernel kernel = clCreateKernel(program.impl().program(), kernelName(), &error);
    step.endNs = MonotonicClock::nowNs();
    check(error, "clCreateKernel");
    p.kernel = cl::Kernel(kernel);
    translated([&p] { p.bindArguments(); });
    return step;
}

TimedStep OpenClProduct::allocate()
{
    Impl &p = *m_impl;
    const cl_context context = p.session.impl().context();
    const bool useHost = p.placement == OpenClPlacement::UseHostPointer;
    const cl_mem_flags inputFlags = CL_MEM_READ_ONLY | (useHost ? CL_MEM_USE_HOST_PTR : 0);
    cl_int inputError = CL_SUCCESS;
    cl_int outputError = CL_SUCCESS;
    TimedStep step;
    step.beginNs = MonotonicClock::nowNs();
    cl_mem inputs
        = clCreateBuffer(context, inputFlags, p.inputBytes(), useHost ? p.hostInputs.get() : nullptr, &inputError);
    cl_mem output = clCreateBuffer(context, CL_MEM_WRITE_ONLY, p.outputBytes(), nullptr, &outputError);
    step.endNs = MonotonicClock::nowNs();
    if (inputs)
        p.inputs = cl::Buffer(inputs);
    if (output)
        p.output = cl::Buffer(output);
    check(inputError, "clCreateBuffer (inputs)");
    check(outputError, "clCreateBuffer (output)");

    // Zero copy: the map of the inputs' buffer is the host's own memory.
    cl_int mapped = CL_SUCCESS;
    void *view
        = clEnqueueMapBuffer(p.queue(), inputs, CL_TRUE, CL_MAP_READ, 0, p.inputBytes(), 0, nullptr, nullptr, &mapped);
    check(mapped, "clEnqueueMapBuffer");
    p.zeroCopy = view == p.hostInputs.get();
    check(clEnqueueUnmapMemObject(p.queue(), inputs, view, 0, nullptr, nullptr), "clEnqueueUnmapMemObject");
    check(clFinish(p.queue()), "clFinish");
    translated([&p] { p.bindArguments(); });
    return step;
}

void OpenClProduct::prepare(std::uint64_t seed)
{
    Impl &p = *m_impl;
    if (!complete(p.readingHostInputs))
        throw std::logic_error("OpenClProduct::prepare while a command still reads the host's inputs");
    if (p.dtype == Dtype::Float32)
        p.fill<float>(seed);
    else
        p.fill<double>(seed);
}

OpenClCommand OpenClProduct::place(bool blocking, const OpenClGate *after)
{
    Impl &p = *m_impl;
    if (!p.inputs())
        throw std::logic_error("OpenClProduct::place before allocate");
    if (blocking && after)
        throw std::invalid_argument("a blocking placement behind a shut gate would never return");
    const WaitList wait(after);
    cl_event event = nullptr;
    cl_int error = CL_SUCCESS;
    const std::int64_t begin = MonotonicClock::nowNs();
    if (p.placement == OpenClPlacement::Copy) {
        error = clEnqueueWriteBuffer(p.queue(), p.inputs(), blocking ? CL_TRUE : CL_FALSE, 0, p.inputBytes(),
                                     p.hostInputs.get(), wait.count(), wait.events(), &event);
    } else {
        cl_mem buffer = p.inputs();
        error = clEnqueueMigrateMemObjects(p.queue(), 1, &buffer, 0, wait.count(), wait.events(), &event);
        if (error == CL_SUCCESS && blocking)
            error = clWaitForEvents(1, &event);
    }
    const std::int64_t end = MonotonicClock::nowNs();
    OpenClCommand command(event, begin, end);
    check(error, p.placement == OpenClPlacement::Copy ? "clEnqueueWriteBuffer" : "clEnqueueMigrateMemObjects");
    if (blocking)
        command.setReadyObserved(end);
    else if (p.placement == OpenClPlacement::Copy)
        p.reading(p.readingHostInputs, event);
    return command;
}

OpenClCommand OpenClProduct::enqueue(const OpenClGate *after)
{
    Impl &p = *m_impl;
    if (!p.ready())
        throw std::logic_error("OpenClProduct::enqueue before createKernel and allocate");
    const WaitList wait(after);
    const std::size_t global[2] = {static_cast<std::size_t>(p.m), static_cast<std::size_t>(p.n)};
    cl_event event = nullptr;
    const std::int64_t begin = MonotonicClock::nowNs();
    const cl_int error = clEnqueueNDRangeKernel(p.queue(), p.kernel(), 2, nullptr, global, nullptr, wait.count(),
                                                wait.events(), &event);
    const std::int64_t end = MonotonicClock::nowNs();
    OpenClCommand command(event, begin, end);
    check(error, "clEnqueueNDRangeKernel");
    if (p.placement == OpenClPlacement::UseHostPointer)
        p.reading(p.readingHostInputs, event);
    p.readBackDone = false;
    return command;
}

OpenClCommand OpenClProduct::readBack(bool blocking)
{
    Impl &p = *m_impl;
    if (!p.output())
        throw std::logic_error("OpenClProduct::readBack before allocate");
    cl_event event = nullptr;
    const std::int64_t begin = MonotonicClock::nowNs();
    const cl_int error = clEnqueueReadBuffer(p.queue(), p.output(), blocking ? CL_TRUE : CL_FALSE, 0, p.outputBytes(),
                                             p.hostOutput.get(), 0, nullptr, &event);
    const std::int64_t end = MonotonicClock::nowNs();
    OpenClCommand command(event, begin, end);
    check(error, "clEnqueueReadBuffer");
    if (blocking)
        command.setReadyObserved(end);
    p.reading(p.readingBack, event);
    p.readBackDone = true;
    return command;
}

double OpenClProduct::maxAbsErrorAgainstReference(const std::function<bool()> &stopped) const
{
    const Impl &p = *m_impl;
    if (!p.readBackDone)
        return std::nan("");
    if (!complete(p.readingBack))
        throw std::logic_error("OpenClProduct::maxAbsErrorAgainstReference while the read back is in flight");
    return p.dtype == Dtype::Float32 ? p.error<float>(stopped) : p.error<double>(stopped);
}

std::vector<double> OpenClProduct::output() const
{
    const Impl &p = *m_impl;
    const std::size_t count = static_cast<std::size_t>(p.m) * p.n;
    std::vector<double> values(count);
    for (std::size_t i = 0; i < count; ++i) {
        values[i] = p.dtype == Dtype::Float32 ? reinterpret_cast<const float *>(p.hostOutput.get())[i]
                                              : reinterpret_cast<const double *>(p.hostOutput.get())[i];
    }
    return values;
}

bool OpenClProduct::zeroCopy() const { return m_impl->zeroCopy; }

std::size_t OpenClProduct::inputBytes() const { return m_impl->inputBytes(); }

OpenClProduct::Dtype OpenClProduct::dtype() const { return m_impl->dtype; }

OpenClPlacement OpenClProduct::placement() const { return m_impl->placement; }

const char *OpenClProduct::kernelName() const
{
    return m_impl->dtype == Dtype::Float32 ? kProductFloat32 : kProductFloat64;
}

} // namespace lessonscope
