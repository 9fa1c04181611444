// performance-08 on an OpenCL device (docs/opencl.md): a reading is one kernel's event START → END
// on the device's profiling timer, the kernel a batch of 32-term float32 dot products on one
// work-item. The program is built with OpenClProgram and every command is an OpenClCommand, waited
// for and read as the other lessons' are; only the kernel and its buffers are this lesson's.

#include "core/lessons/performance-08/performance08device.h"

#include "core/lessons/shared/opencl/opencldevicerun.h"
#include "core/opencl/openclprogram_p.h"
#include "core/opencl/openclsession_p.h"
#include "core/timing/monotonicclock.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope::performance08 {

using namespace opencl_detail;

namespace {

constexpr const char *kKernelName = "lessonscope_dot_batch";

// One work-item does `batch` dot products of 32 terms. `stride` is 0 at run time, which the
// compiler cannot know: each product reads its inputs at a + i × stride and stores its result at
// out[i × stride], so none can be hoisted out of the loop or dropped (out may alias a and b, so
// each store may change what the next product reads) — the device's DoNotOptimize.
constexpr const char *kSource = R"CL(
__kernel void lessonscope_dot_batch(__global const float *a, __global const float *b, __global float *out,
                                    const int batch, const int stride)
{
    for (int i = 0; i < batch; ++i) {
        __global const float *x = a + (size_t)i * stride;
        float sum = 0;
        for (int p = 0; p < 32; ++p)
            sum += x[p] * b[p];
        out[(size_t)i * stride] = sum;
    }
}
)CL";

// The smallest positive step between two stamps of one command: how fine the device's clock looked.
void noteSteps(const OpenClDeviceTimes &d, std::int64_t &smallest)
{
    for (const std::int64_t step : {d.submitNs - d.queuedNs, d.startNs - d.submitNs, d.endNs - d.startNs}) {
        if (step > 0 && (smallest == 0 || step < smallest))
            smallest = step;
    }
}

class DotBatchKernel
{
public:
    explicit DotBatchKernel(OpenClDeviceRun &device)
        : m_device(device), m_inputs(dotInputs()), m_program(device.session, kSource, "")
    {
        const cl_context context = device.session.impl().context();
        const std::size_t bytes = m_inputs.a.size() * sizeof(float);
        cl_int error = CL_SUCCESS;
        const cl_mem_flags in = CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR;
        m_a = cl::Buffer(clCreateBuffer(context, in, bytes, m_inputs.a.data(), &error));
        check(error, "clCreateBuffer (a)");
        m_b = cl::Buffer(clCreateBuffer(context, in, bytes, m_inputs.b.data(), &error));
        check(error, "clCreateBuffer (b)");
        m_out = cl::Buffer(clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof(float), nullptr, &error));
        check(error, "clCreateBuffer (out)");
        m_kernel = cl::Kernel(clCreateKernel(m_program.impl().program(), kKernelName, &error));
        check(error, "clCreateKernel");
        translated([this] {
            m_kernel.setArg(0, m_a);
            m_kernel.setArg(1, m_b);
            m_kernel.setArg(2, m_out);
            m_kernel.setArg(4, static_cast<cl_int>(0)); // the stride
        });
    }

    // One kernel of `batch` products on one work-item, enqueued and waited for.
    OpenClCommand run(std::int64_t batch)
    {
        // Outside the timer: the batch is an argument, set before the enqueue is timed.
        translated([&] { m_kernel.setArg(3, static_cast<cl_int>(batch)); });
        const std::size_t global = 1;
        cl_event event = nullptr;
        const std::int64_t begin = MonotonicClock::nowNs();
        const cl_int error = clEnqueueNDRangeKernel(m_device.session.impl().queue(), m_kernel(), 1, nullptr, &global,
                                                    &global, 0, nullptr, &event);
        const std::int64_t end = MonotonicClock::nowNs();
        OpenClCommand command(event, begin, end);
        check(error, "clEnqueueNDRangeKernel");
        command.wait();
        return command;
    }

    // The last product's result, read back after the clock stopped, against the double reference.
    double maxAbsError()
    {
        float result = 0;
        check(clEnqueueReadBuffer(m_device.session.impl().queue(), m_out(), CL_TRUE, 0, sizeof result, &result, 0,
                                  nullptr, nullptr),
              "clEnqueueReadBuffer");
        return std::fabs(static_cast<double>(result) - m_inputs.reference);
    }

private:
    OpenClDeviceRun &m_device;
    DotInputs m_inputs;
    OpenClProgram m_program;
    cl::Buffer m_a, m_b, m_out;
    cl::Kernel m_kernel;
};

class DeviceExperiment
{
public:
    DeviceExperiment(int deviceIndex, LessonRun &run, RunObserver &observer)
        : m_device(deviceIndex), m_kernel(m_device), m_run(run), m_observer(observer)
    {
        // Once each, untimed: PoCL compiles a kernel for its work-group size at its first
        // enqueue, and the largest batch's first run meets a cold cache; neither is a reading.
        m_kernel.run(0);
        m_kernel.run(kBatchSizes.back());
        m_device.relateClocksAndFindThreads(); // the first enqueue may start more of the driver's threads
        m_measured.clock.reportedResolutionSeconds
            = static_cast<double>(m_device.session.device().profilingTimerResolutionNs) * 1e-9;
        run.device = "opencl-kernel";
        run.deviceEnvironment = std::make_shared<const Json>(m_device.environment());
        run.instructionSet.clear(); // the driver compiled the kernel itself
        run.waitStrategy = "clWaitForEvents";
    }

    // One round: the empty kernel, then each batch size in turn; false once cancelled.
    bool round(int total)
    {
        const OpenClCommand empty = m_kernel.run(0);
        const OpenClCallRecord record = empty.record();
        const CallEvidence evidence = m_device.recorder.next(m_device.mark);
        noteSteps(record.device, m_measured.clock.smallestStepNs);
        m_measured.clock.perRead.add(seconds(record), judgedBeside(evidence, unitOf(record)), 0);
        for (std::size_t b = 0; b < kBatchSizes.size(); ++b) {
            reading(b);
            m_observer.progress(static_cast<int>(m_run.calls.size()), total);
            if (m_observer.isCancelled())
                return false;
        }
        return true;
    }

    DeviceMeasurement finish()
    {
        m_measured.batches.maxAbsError = m_kernel.maxAbsError();
        return m_measured;
    }

    void startRegion() { m_device.mark = m_device.recorder.mark(); }

private:
    static double seconds(const OpenClCallRecord &r)
    {
        return static_cast<double>(r.device.endNs - r.device.startNs) * 1e-9;
    }
    static std::int64_t unitOf(const OpenClCallRecord &r) { return r.readyObservedNs - r.enqueueBeginNs; }

    // A reading: the kernel of batch b's size; its START → END on the device's clock is what it
    // reads, and the trace keeps the host's enqueue and readiness beside the device's stamps.
    void reading(std::size_t b)
    {
        const OpenClCommand command = m_kernel.run(kBatchSizes[b]);
        const OpenClCallRecord record = command.record();
        const CallEvidence evidence = judgedBeside(m_device.recorder.next(m_device.mark), unitOf(record));
        noteSteps(record.device, m_measured.clock.smallestStepNs);
        m_measured.batches.readings[b].add(seconds(record), evidence, 0);
        if (m_run.calls.empty())
            m_run.startedAtNs = record.enqueueBeginNs;
        const DeviceClockRelation &clock = m_device.clock;
        const CallTimestamps t{record.enqueueBeginNs, record.enqueueEndNs, clock.toHostNs(record.device.startNs),
                               clock.toHostNs(record.device.endNs), record.readyObservedNs};
        m_run.calls.push_back(MeasuredCall::of(t.since(m_run.startedAtNs), evidence, 0));
        m_run.calls.back().device = m_device.deviceTimesOf(record).since(m_run.startedAtNs);
        m_observer.callMeasured(static_cast<int>(m_run.calls.size()) - 1, m_run.calls.back());
    }

    OpenClDeviceRun m_device;
    DotBatchKernel m_kernel; // after m_device, which it uses, and destroyed before it
    LessonRun &m_run;
    RunObserver &m_observer;
    DeviceMeasurement m_measured;
};

} // namespace

DeviceMeasurement measureOnDevice(int deviceIndex, int rounds, LessonRun &run, RunObserver &observer)
{
    DeviceExperiment experiment(deviceIndex, run, observer);
    const int total = rounds * static_cast<int>(kBatchSizes.size());
    experiment.startRegion();
    for (int round = 0; round < rounds && !run.cancelled; ++round) {
        if (!experiment.round(total))
            run.cancelled = true;
    }
    return experiment.finish();
}

} // namespace lessonscope::performance08
