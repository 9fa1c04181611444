// performance-03 on an OpenCL device (docs/opencl.md): placement is a blocking
// clEnqueueWriteBuffer of the host's inputs into buffers the driver owns (the bytes move: across
// the bus on a GPU, memory to memory on a CPU device), the call an enqueue and its wait. Both
// keep the device's own START and END, placed on the host's clock by the round's clock relation.

#include "core/lessons/performance-03/placedsampler.h"

#include "core/lessons/shared/opencl/opencldevicerun.h"
#include "core/opencl/openclproduct.h"
#include "core/timing/monotonicclock.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope::performance03 {

namespace {

// A command's moments on the host's clock, its work the device's START → END.
CallTimestamps timestampsOf(const OpenClDeviceRun &device, const OpenClCallRecord &record)
{
    return {record.enqueueBeginNs, record.enqueueEndNs, device.clock.toHostNs(record.device.startNs),
            device.clock.toHostNs(record.device.endNs), record.readyObservedNs};
}

class OpenClPlacedSampler final : public PlacedSampler
{
public:
    OpenClPlacedSampler(OpenClDeviceRun &device, MatmulKernel::Dtype dtype, int n)
        : m_device(device), m_product(device.session, dtype, n, n, n, 0)
    {
        m_product.createKernel(); // the program built (once per context) and the kernel made
        m_product.allocate();
        // Once untimed: the buffers' first use on the device and the kernel's compilation for its
        // work-group size (PoCL compiles it at the first enqueue) are no sample's.
        m_product.place(true);
        m_product.enqueue().wait();
        m_device.findThreads(); // a first enqueue may start more of the driver's threads
    }

    SampleTimes sample(std::uint64_t seed, std::uint64_t preparation,
                       std::optional<std::uint64_t> twinPreparation) override
    {
        SampleTimes t;
        m_device.mark = m_device.recorder.mark();
        t.prepareBegin = MonotonicClock::nowNs();
        prepare(seed, preparation);
        t.prepareEnd = MonotonicClock::nowNs();
        const OpenClCommand place = m_product.place(true);
        OpenClCommand call = m_product.enqueue();
        call.wait();
        if (twinPreparation)
            t.unawaited = unawaitedTwin(seed, *twinPreparation);
        const CallEvidence evidence = m_device.recorder.next(m_device.mark);
        t.place = timestampsOf(m_device, place.record());
        t.call = timestampsOf(m_device, call.record());
        t.placeDevice = m_device.deviceTimesOf(place.record());
        t.callDevice = m_device.deviceTimesOf(call.record());
        const std::int64_t end = t.unawaited ? t.unawaited->call.readyObserved : t.call.readyObserved;
        t.evidence = judgedBeside(evidence, end - t.prepareBegin);
        return t;
    }
    // A non-blocking clEnqueueWriteBuffer, the kernel enqueued behind it on the in-order queue,
    // one wait for the kernel. Where the driver copies inside the enqueue anyway, its device START
    // and END say so: the copy then ends before the call's dispatch.
    UnawaitedTwin unawaitedTwin(std::uint64_t seed, std::uint64_t preparation)
    {
        prepare(seed, preparation);
        OpenClCommand place = m_product.place(false);
        OpenClCommand call = m_product.enqueue();
        // The in-order queue ran the copy before the kernel: the kernel's wait observed both.
        place.setReadyObserved(call.wait());
        UnawaitedTwin twin;
        twin.place = timestampsOf(m_device, place.record());
        twin.call = timestampsOf(m_device, call.record());
        twin.placeDevice = m_device.deviceTimesOf(place.record());
        twin.callDevice = m_device.deviceTimesOf(call.record());
        return twin;
    }
    double maxAbsErrorAgainstReference() override
    {
        m_product.readBack(true);
        return m_product.maxAbsErrorAgainstReference();
    }

private:
    // Each preparation other values (as the stream's seed_seq{seed, n, round}): a call that
    // computed on a previous placement would be checked wrong.
    void prepare(std::uint64_t seed, std::uint64_t preparation)
    {
        m_product.prepare(seed ^ (preparation * 0x9E3779B97F4A7C15ull));
    }

    OpenClDeviceRun &m_device;
    OpenClProduct m_product;
};

class OpenClPlacedRound final : public PlacedRound
{
public:
    explicit OpenClPlacedRound(int deviceIndex) : m_device(deviceIndex) { m_device.relateClocksAndFindThreads(); }

    std::unique_ptr<PlacedSampler> open(MatmulKernel::Dtype dtype, int n) override
    {
        return std::make_unique<OpenClPlacedSampler>(m_device, dtype, n);
    }
    void describe(LessonRun &run) const override
    {
        run.device = "opencl-kernel";
        run.deviceEnvironment = std::make_shared<const Json>(m_device.environment());
        run.instructionSet.clear(); // the driver compiled the kernel itself
        run.waitStrategy = "clWaitForEvents";
    }

private:
    OpenClDeviceRun m_device;
};

} // namespace

std::unique_ptr<PlacedRound> openOpenClPlacedRound(int deviceIndex)
{
    return std::make_unique<OpenClPlacedRound>(deviceIndex);
}

} // namespace lessonscope::performance03
