// The matrix lessons' product on an OpenCL device (docs/opencl.md, "Every lesson's counterpart"):
// a call is clEnqueueNDRangeKernel then clWaitForEvents on its event; the host's clock reads
// around them give the dispatch and the observed readiness, and the device's own START and END,
// turned into host times by the calibrated clock relation, give the work.

#include "core/lessons/shared/timedproduct.h"

#include "core/lessons/shared/opencl/opencldevicerun.h"
#include "core/opencl/openclproduct.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope {

namespace {

class OpenClTimedProduct final : public TimedProduct
{
public:
    OpenClTimedProduct(std::shared_ptr<OpenClDeviceRun> device, const ProductProblem &p)
        : m_device(std::move(device)), m_product(m_device->session, p.dtype, p.m, p.k, p.n, p.seed)
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
        const CallEvidence evidence
            = judgedBeside(m_device->recorder.next(m_device->mark), ready - m_commands.front().enqueueBeginNs());
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
        return std::make_shared<const Json>(m_device->environment());
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
        timed.device = m_device->deviceTimesOf(record);
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
