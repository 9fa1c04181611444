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
#include <mutex>
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

// The driver's threads: those born while a session opened, the program was built, the inputs
// placed and the clock calibrated. PoCL starts its device's threads with the process's first
// context and keeps them for the next, so a thread born while any session of this process opened
// stays the driver's while it lives: every round's session watches them, not only the first's.
// They are timed threads as the stream's worker is (a CPU device such as PoCL runs the kernel on
// them); at most EvidenceRecorder's limit, the earliest born first.
std::vector<ThreadCounterReader> driverThreads(const std::set<long> &before)
{
    static std::mutex mutex;
    static std::set<long> known; // every live thread a session's opening started
    const std::lock_guard lock(mutex);
    const std::set<long> alive = threadsOfThisProcess();
    std::erase_if(known, [&alive](long id) { return !alive.count(id); }); // a tid is reused once free
    for (long id : alive) {
        if (!before.count(id))
            known.insert(id);
    }
    std::vector<ThreadCounterReader> readers;
    for (long id : known) {
        if (readers.size() < EvidenceRecorder::kMaxDeviceThreads)
            readers.push_back(ThreadCounterReader::forThread(id));
    }
    return readers;
}

// A unit's evidence, its waits booked as the machine's own where no other program had a task to
// run just after it (withOtherWorkSeen). A CPU device's driver threads sleep between commands and
// are woken for each: their wake-ups, a few µs each and per command, add up over a burst to more
// than the rule's 10 µs with nothing else on the machine. Asked only of a unit the rule would call
// interrupted, since the question costs ~30 µs (outside the timer); a busy program is always
// runnable, so it is never missed.
CallEvidence judgedBeside(const CallEvidence &evidence, std::int64_t unitNs)
{
    return isInterrupted(evidence, unitNs) ? withOtherWorkSeen(evidence, otherRunnableTasks()) : evidence;
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

// What the products of one openOpenClTimedProducts share: one context and its in-order queue,
// the clock relation, and the evidence of the host's and the driver's threads with its one region
// (as the stream's products share its worker and its TimedStream).
struct OpenClDeviceRun {
    explicit OpenClDeviceRun(int deviceIndex)
        : threadsBefore(threadsOfThisProcess()),
          session(deviceIndex)
    {
    }

    // Once every product is placed: the clock related to the host's, and the threads the driver
    // started meanwhile found.
    void relateClocksAndFindThreads()
    {
        clock = calibrateDeviceClock(session);
        if (!clock.established())
            throw OpenClUnsupported("the device's clock cannot be related to the host's: " + clock.problem);
        std::vector<ThreadCounterReader> threads = driverThreads(threadsBefore);
        driverThreadCount = threads.size();
        recorder = EvidenceRecorder(std::move(threads));
        mark = recorder.mark();
    }

    std::set<long> threadsBefore;
    OpenClSession session;
    DeviceClockRelation clock;
    EvidenceRecorder recorder;
    EvidenceRecorder::Mark mark;
    std::size_t driverThreadCount = 0;
};

class OpenClTimedProduct final : public TimedProduct
{
public:
    OpenClTimedProduct(std::shared_ptr<OpenClDeviceRun> device, const ProductProblem &p)
        : m_device(std::move(device)),
          m_product(m_device->session, p.dtype, p.m, p.k, p.n, p.seed)
    {
        m_product.createKernel(); // the program built (once per context) and the kernel made
        m_product.allocate();
        m_product.place(true); // "input already placed": a blocking copy, before any call
    }

    Timed call() override
    {
        OpenClCommand command = m_product.enqueue();
        command.wait();
        const CallEvidence evidence = m_device->recorder.next(m_device->mark);
        Timed timed = timedOf(command, evidence); // the device's times, after the evidence
        countIfWorked(timed);
        timed.evidence = judgedBeside(evidence, timed.timestamps.readyObserved - timed.timestamps.dispatchBegin);
        return timed;
    }
    CallEvidence burst(int depth, std::vector<Timed> &calls) override
    {
        calls.clear();
        m_commands.reserve(static_cast<std::size_t>(depth)); // before the clock: no allocation inside
        startRegion();
        for (int i = 0; i < depth; ++i)
            m_commands.push_back(m_product.enqueue());
        // One wait for all: clFinish, whose return is every command's observed readiness.
        const std::int64_t ready = m_device->session.finish(m_commands);
        const CallEvidence evidence =
            judgedBeside(m_device->recorder.next(m_device->mark), ready - m_commands.front().enqueueBeginNs());
        for (const OpenClCommand &command : m_commands) {
            calls.push_back(timedOf(command, evidence));
            countIfWorked(calls.back());
        }
        m_commands.clear();
        return evidence;
    }
    void startRegion() override { m_device->mark = m_device->recorder.mark(); }
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
    std::int64_t productsComputed() const override { return m_products; }
    TimedStream *stream() override { return nullptr; }
    std::string instructionSet() const override { return {}; }
    std::string waitStrategy() const override { return "clWaitForEvents"; }
    std::string backend() const override { return "opencl-kernel"; }
    std::shared_ptr<const Json> deviceEnvironment() const override
    {
        return std::make_shared<const Json>(deviceJson(m_device->session.device(), m_device->clock, m_device->driverThreadCount));
    }

private:
    // A completed command's moments: the host's reads around its enqueue and of its readiness,
    // its work the device's own START and END placed on the host's clock by the relation.
    Timed timedOf(const OpenClCommand &command, const CallEvidence &evidence) const
    {
        const OpenClCallRecord record = command.record();
        const DeviceClockRelation &clock = m_device->clock;
        Timed timed;
        timed.evidence = evidence;
        timed.timestamps = {record.enqueueBeginNs, record.enqueueEndNs, clock.toHostNs(record.device.startNs),
                            clock.toHostNs(record.device.endNs), record.readyObservedNs};
        timed.device = {true, record.device.queuedNs, record.device.submitNs, record.device.startNs, record.device.endNs,
                        clock.toHostNs(record.device.startNs) - record.device.startNs};
        return timed;
    }

    // A command the device stamped as having run (an END after its START) computed a product.
    void countIfWorked(const Timed &timed)
    {
        if (timed.device.known && timed.device.end > timed.device.start)
            ++m_products;
    }

    std::shared_ptr<OpenClDeviceRun> m_device; // outlives m_product, which is destroyed first
    OpenClProduct m_product;
    std::vector<OpenClCommand> m_commands; // a burst's, kept for its capacity
    std::int64_t m_products = 0;
};

} // namespace

std::vector<std::unique_ptr<TimedProduct>> openOpenClTimedProducts(int deviceIndex,
                                                                   const std::vector<ProductProblem> &problems)
{
    const auto device = std::make_shared<OpenClDeviceRun>(deviceIndex);
    std::vector<std::unique_ptr<TimedProduct>> products;
    for (const ProductProblem &problem : problems)
        products.push_back(std::make_unique<OpenClTimedProduct>(device, problem));
    device->relateClocksAndFindThreads();
    return products;
}

} // namespace lessonscope
