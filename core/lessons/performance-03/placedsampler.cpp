#include "core/lessons/performance-03/placedsampler.h"

#include "core/lesson/timedstream.h"
#include "core/timing/monotonicclock.h"
#include "core/timing/placement.h"

#include <stdexcept>

namespace lessonscope::performance03 {

namespace {

// The model: the product's device buffers are the stream worker's memory, placed and multiplied
// there (PlacedProduct).
class StreamPlacedSampler final : public PlacedSampler
{
public:
    StreamPlacedSampler(TimedStream &timed, MatmulKernel::Dtype dtype, int n, const std::string &isa)
        : m_timed(timed), m_product(dtype, n, isa)
    {
        // The device's memory is the worker's: allocated and touched there, before any clock reads.
        m_timed.stream().dispatch([this] { m_product.allocateOnDevice(); }).wait();
    }

    SampleTimes sample(std::uint64_t seed, std::uint64_t preparation,
                       std::optional<std::uint64_t> twinPreparation) override
    {
        SampleTimes t;
        m_timed.startRegion();
        t.prepareBegin = MonotonicClock::nowNs();
        m_product.prepare(seed, preparation);
        t.prepareEnd = MonotonicClock::nowNs();
        CallHandle place = m_timed.stream().dispatch([this] { m_product.place(); });
        place.wait();
        CallHandle call = m_timed.stream().dispatch([this] { m_product.multiply(); });
        call.wait();
        if (twinPreparation)
            t.unawaited = unawaitedTwin(seed, *twinPreparation);
        t.evidence = m_timed.endRegion();
        t.place = place.timestamps();
        t.call = call.timestamps();
        return t;
    }
    // The stream runs its work in dispatch order: the call starts when the copy has ended.
    UnawaitedTwin unawaitedTwin(std::uint64_t seed, std::uint64_t preparation)
    {
        m_product.prepare(seed, preparation);
        CallHandle place = m_timed.stream().dispatch([this] { m_product.place(); });
        CallHandle call = m_timed.stream().dispatch([this] { m_product.multiply(); });
        call.wait();
        place.wait(); // signalled before the call began: returns at once, for its timestamps
        UnawaitedTwin twin;
        twin.place = place.timestamps();
        twin.call = call.timestamps();
        return twin;
    }
    double maxAbsErrorAgainstReference() override { return m_product.maxAbsErrorAgainstReference(); }
    std::string isa() const { return m_product.isa(); }

private:
    TimedStream &m_timed;
    PlacedProduct m_product;
};

class StreamPlacedRound final : public PlacedRound
{
public:
    explicit StreamPlacedRound(std::string asked) : m_asked(std::move(asked)) { }
    std::unique_ptr<PlacedSampler> open(MatmulKernel::Dtype dtype, int n) override
    {
        auto sampler = std::make_unique<StreamPlacedSampler>(m_timed, dtype, n, m_asked);
        m_isa = sampler->isa();
        return sampler;
    }
    void describe(LessonRun &run) const override
    {
        run.device = "eigen-stream-worker";
        run.instructionSet = m_isa;
        run.waitStrategy = waitStrategyName(m_timed.stream().effectiveStrategy());
    }

private:
    TimedStream m_timed;
    std::string m_asked; // the context's variant (empty: the default)
    std::string m_isa;   // the one the sizes took
};

} // namespace

std::unique_ptr<PlacedRound> openPlacedRound(const RunContext &context)
{
    if (context.device == kStreamDevice)
        return std::make_unique<StreamPlacedRound>(context.isa);
    if (const auto index = openClDeviceIndex(context.device))
        return openOpenClPlacedRound(*index);
    throw unknownDevice(context.device);
}

} // namespace lessonscope::performance03
