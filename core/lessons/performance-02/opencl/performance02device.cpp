// performance-02 on an OpenCL device (docs/opencl.md): a fresh process's first use of OpenCL,
// part by part — the drivers loaded, the context and its queue, the program built (or found in
// PoCL's kernel cache), the kernel made, the buffers made and the inputs written — then the first
// call, whose enqueue on PoCL compiles the kernel for its work-group size; then warm calls on the
// same context. Every call keeps the device's own START and END; the first call's evidence runs
// from before the drivers were loaded, the driver's threads' from their birth.

#include "core/lessons/performance-02/performance02child.h"

#include "core/lessons/performance-02/performance02contract.h"
#include "core/lessons/shared/opencl/opencldevicerun.h"
#include "core/lesson/measuring.h"
#include "core/opencl/openclfirstuse.h"
#include "core/opencl/openclproduct.h"
#include "core/timing/monotonicclock.h"
#include "core/timing/threadcounters.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

namespace lessonscope::performance02 {

namespace {

constexpr double kSecondsPerNs = 1e-9;

// A command's moments on the host's clock, its work the device's START → END.
CallTimestamps timestampsOf(const OpenClDeviceRun &device, const OpenClCallRecord &record)
{
    return {record.enqueueBeginNs, record.enqueueEndNs, device.clock.toHostNs(record.device.startNs),
            device.clock.toHostNs(record.device.endNs), record.readyObservedNs};
}

double secondsOf(std::int64_t ns) { return static_cast<double>(ns) * kSecondsPerNs; }

std::map<std::string, double> partsOf(const OpenClFirstUse &use)
{
    return {
        {part::kDriverLoad, secondsOf(use.platform.ns())},
        {part::kContext, secondsOf(use.context.ns() + use.queue.ns())},
        {part::kProgramBuild, secondsOf(use.createProgram.ns() + use.build.ns())},
        {part::kKernelCreate, secondsOf(use.createKernel.ns())},
        {part::kPlace, secondsOf(use.allocate.ns() + use.place.ns())},
        {part::kWork, secondsOf(use.firstCall.readyObservedNs - use.firstCall.enqueueBeginNs)},
    };
}

} // namespace

Json measureThisProcessOnDevice(const ChildRequest &request, int deviceIndex)
{
    const std::int64_t switchesBefore = involuntarySwitches();
    const ThreadCounterReader hostCounters = ThreadCounterReader::forCallingThread();
    const ThreadCounters hostBefore = hostCounters.read(); // the first call's evidence starts here
    const std::int64_t timerStart = MonotonicClock::nowNs();
    OpenClDeviceRun device(deviceIndex); // the drivers loaded, the context and its queue
    OpenClProduct product(device.session, request.float64 ? MatmulKernel::Dtype::Float64 : MatmulKernel::Dtype::Float32,
                          request.m, request.k, request.n, request.seed);
    const OpenClFirstUse use = measureOpenClFirstUse(device.session, product, timerStart);

    // The first call's evidence: the host's from before the drivers loaded, the driver's threads'
    // from their birth (a new thread has waited for nothing yet). A fresh process's first call
    // waits for CPUs to wake: those waits are its own unless another program had work to run.
    device.findThreads();
    EvidenceRecorder::Mark born = device.mark;
    born.host = hostBefore;
    for (ThreadCounters &thread : born.device) {
        if (!thread.known)
            continue; // past the driver's threads
        const int cpu = thread.cpu;
        thread = ThreadCounters{};
        thread.known = true;
        thread.cpu = cpu;
        thread.atNs = hostBefore.atNs;
    }
    const CallEvidence firstEvidence
        = withOtherWorkSeen(device.recorder.between(born, device.mark), otherRunnableTasks());
    device.relateClocks(); // after the first call, outside every timer: the same context's clock

    ProcessMeasurement process;
    process.processId = static_cast<std::int64_t>(::getpid());
    process.backend = kDeviceBackend;
    process.waitStrategy = "clWaitForEvents";
    process.calls.reserve(static_cast<std::size_t>(request.samples) + 1);
    const std::int64_t origin = use.firstCall.enqueueBeginNs;
    process.calls.push_back(timestampsOf(device, use.firstCall).since(origin));
    process.deviceCalls.push_back(device.deviceTimesOf(use.firstCall).since(origin));
    process.evidence.push_back(firstEvidence);

    const auto warmCall = [&] {
        OpenClCommand command = product.enqueue();
        command.wait();
        const CallEvidence evidence = device.recorder.next(device.mark);
        const OpenClCallRecord record = command.record();
        return std::pair{record, judgedBeside(evidence, record.readyObservedNs - record.enqueueBeginNs)};
    };
    // Warm until steady (untimed: the driver's queue and the caches warm, measuring.h), then the
    // warm calls, each with its evidence.
    device.mark = device.recorder.mark();
    warmUpUntilSteady(
        [&] {
            const auto [record, evidence] = warmCall();
            const std::int64_t ns = record.readyObservedNs - record.enqueueBeginNs;
            return std::pair{ns, !isInterrupted(evidence, ns)};
        },
        [] { return false; });
    device.mark = device.recorder.mark();
    for (int index = 1; index <= request.samples; ++index) {
        const auto [record, evidence] = warmCall();
        process.calls.push_back(timestampsOf(device, record).since(origin));
        process.deviceCalls.push_back(device.deviceTimesOf(record).since(origin));
        process.evidence.push_back(evidence);
    }
    process.preemptions = involuntarySwitches() - switchesBefore;
    process.firstCallSeconds = secondsOf(use.firstCall.readyObservedNs - timerStart);
    process.parts = partsOf(use);
    process.deviceEnvironment = std::make_shared<const Json>(device.environment());
    process.kernelCache
        = KernelCacheState{kernelCacheOutcomeName(use.programCache), kernelCacheOutcomeName(use.kernelBinaryCache)};
    process.kernelCacheDirectory = use.cacheDirectory;
    product.readBack(true); // after the clock stopped
    process.maxAbsError = product.maxAbsErrorAgainstReference();
    return processJson(process);
}

} // namespace lessonscope::performance02
