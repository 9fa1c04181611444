// The matrix lessons' product on an OpenCL device (docs/opencl.md, "Every lesson's counterpart"):
// a call is clEnqueueNDRangeKernel then clWaitForEvents on its event; the host's clock reads
// around them give the dispatch and the observed readiness, and the device's own START and END,
// turned into host times by the calibrated clock relation, give the work.

#include "core/lessons/shared/timedproduct.h"

#include "core/opencl/deviceclock.h"
#include "core/opencl/openclerror.h"
#include "core/opencl/openclproduct.h"
#include "core/opencl/openclsession.h"
#include "core/timing/threadcounters.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <set>

namespace lessonscope {

namespace {

std::set<long> threadsOfThisProcess()
{
    std::set<long> ids;
    std::error_code error;
    for (const auto &task : std::filesystem::directory_iterator("/proc/self/task", error)) {
        try {
            ids.insert(std::stol(task.path().filename().string()));
        } catch (const std::exception &) {
        }
    }
    return ids;
}

// The driver's threads: those born while the session opened, the program was built, the inputs
// placed and the clock calibrated (PoCL starts its device's threads with the context). They are timed threads as the stream's worker is (a CPU device such as PoCL runs the
// kernel on them); at most EvidenceRecorder's limit, the earliest born first.
std::vector<ThreadCounterReader> driverThreads(const std::set<long> &before)
{
    std::vector<ThreadCounterReader> readers;
    for (long id : threadsOfThisProcess()) {
        if (!before.count(id) && readers.size() < EvidenceRecorder::kMaxDeviceThreads)
            readers.push_back(ThreadCounterReader::forThread(id));
    }
    return readers;
}

Json deviceJson(const OpenClDeviceInfo &d, const DeviceClockRelation &clock, std::size_t driverThreadCount)
{
    Json device = Json::object();
    device["id"] = d.id();
    device["name"] = d.name;
    device["type"] = d.type;
    device["vendor"] = d.vendor;
    device["platform"] = d.platformName;
    device["platformVersion"] = d.platformVersion;
    device["driverVersion"] = d.driverVersion;
    device["version"] = d.version;
    device["computeUnits"] = d.computeUnits;
    device["fp64"] = d.fp64;
    device["hostUnifiedMemory"] = d.hostUnifiedMemory;
    device["profilingTimerResolutionNs"] = d.profilingTimerResolutionNs;
    device["driverThreads"] = driverThreadCount;
    Json relation = Json::object();
    relation["method"] = clockMethodName(clock.method);
    relation["deviceClock"] = clock.deviceClock;
    relation["uncertaintyNs"] = clock.uncertaintyNs;
    relation["samples"] = clock.samples;
    relation["evidence"] = clock.evidence;
    device["clock"] = std::move(relation);
    return device;
}

class OpenClTimedProduct final : public TimedProduct
{
public:
    OpenClTimedProduct(int deviceIndex, const ProductProblem &p)
        : m_threadsBefore(threadsOfThisProcess()),
          m_session(deviceIndex),
          m_product(m_session, p.dtype, p.m, p.k, p.n, p.seed)
    {
        m_product.createKernel(); // the program built (once per context) and the kernel made
        m_product.allocate();
        m_product.place(true); // "input already placed": a blocking copy, before any call
        m_clock = calibrateDeviceClock(m_session);
        if (!m_clock.established())
            throw OpenClUnsupported("the device's clock cannot be related to the host's: " + m_clock.problem);
        std::vector<ThreadCounterReader> threads = driverThreads(m_threadsBefore);
        m_driverThreads = threads.size();
        m_recorder = EvidenceRecorder(std::move(threads));
        m_mark = m_recorder.mark();
    }

    Timed call() override
    {
        OpenClCommand command = m_product.enqueue();
        command.wait();
        Timed timed;
        timed.evidence = m_recorder.next(m_mark);
        const OpenClCallRecord record = command.record(); // the device's times, after the evidence
        timed.timestamps = {record.enqueueBeginNs, record.enqueueEndNs, m_clock.toHostNs(record.device.startNs),
                            m_clock.toHostNs(record.device.endNs), record.readyObservedNs};
        timed.device = {true, record.device.queuedNs, record.device.submitNs, record.device.startNs, record.device.endNs,
                        m_clock.toHostNs(record.device.startNs) - record.device.startNs};
        return timed;
    }
    void startRegion() override { m_mark = m_recorder.mark(); }
    WarmUp warmUp(const std::function<bool()> &cancelled) override
    {
        startRegion();
        return warmUpUntilSteady(
            [this] {
                const Timed timed = call();
                return std::pair{timed.timestamps.readyObserved - timed.timestamps.dispatchBegin, !timed.interrupted()};
            },
            cancelled);
    }
    double checkAgainstReference(double lastWhole, const std::function<bool()> &cancelled) override
    {
        // As on the stream: a cancel before the check still checks what was measured, and ends
        // the check of a large product between its blocks.
        m_product.readBack(true);
        const double error = m_product.maxAbsErrorAgainstReference(cancelled);
        return std::isnan(error) && cancelled() ? lastWhole : error;
    }
    std::string instructionSet() const override { return {}; }
    std::string waitStrategy() const override { return "clWaitForEvents"; }
    std::string backend() const override { return "opencl-kernel"; }
    std::shared_ptr<const Json> deviceEnvironment() const override
    {
        return std::make_shared<const Json>(deviceJson(m_session.device(), m_clock, m_driverThreads));
    }

private:
    std::set<long> m_threadsBefore;
    OpenClSession m_session;
    OpenClProduct m_product;
    DeviceClockRelation m_clock;
    EvidenceRecorder m_recorder;
    EvidenceRecorder::Mark m_mark;
    std::size_t m_driverThreads = 0;
};

} // namespace

std::unique_ptr<TimedProduct> openOpenClTimedProduct(int deviceIndex, const ProductProblem &problem)
{
    return std::make_unique<OpenClTimedProduct>(deviceIndex, problem);
}

} // namespace lessonscope
