#include "core/lessons/shared/timedproduct.h"

#include "core/lessons/shared/matrixlesson.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace lessonscope {

namespace {

// The model: the product on the stream's worker thread.
class StreamTimedProduct final : public TimedProduct
{
public:
    // The inputs are made before the stream starts its worker, as the lessons always did.
    explicit StreamTimedProduct(const ProductProblem &p)
        : m_kernel(p.dtype, p.m, p.k, p.n, p.seed)
    {
    }

    Timed call() override { return m_timed.time([k = &m_kernel] { k->multiply(); }); }
    void startRegion() override { m_timed.startRegion(); }
    WarmUp warmUp(const std::function<bool()> &cancelled) override
    {
        return m_timed.warmUp([k = &m_kernel] { k->multiply(); }, cancelled);
    }
    double checkAgainstReference(double lastWhole, const std::function<bool()> &cancelled) override
    {
        return matrixlesson::checkAgainstReference(m_kernel, lastWhole, cancelled);
    }
    std::string instructionSet() const override { return m_kernel.isa(); }
    std::string waitStrategy() const override { return waitStrategyName(m_timed.stream().effectiveStrategy()); }
    std::string backend() const override { return "eigen-stream-worker"; }
    std::shared_ptr<const Json> deviceEnvironment() const override { return nullptr; }

private:
    MatmulKernel m_kernel;
    TimedStream m_timed;
};

} // namespace

std::unique_ptr<TimedProduct> openTimedProduct(const std::string &device, const ProductProblem &problem)
{
    if (device == kStreamDevice)
        return std::make_unique<StreamTimedProduct>(problem);
    if (const auto index = openClDeviceIndex(device))
        return openOpenClTimedProduct(*index, problem);
    throw std::invalid_argument("no device \"" + device + "\": a lesson runs on \"stream\" or on \"opencl:N\" "
                                "(lessonscope devices lists them)");
}

} // namespace lessonscope
