#include "core/lessons/shared/timedproduct.h"

#include "core/lessons/shared/matrixlesson.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace lessonscope {

namespace {

// The model: the product on the stream's worker thread, which the products of one
// openTimedProducts share.
class StreamTimedProduct final : public TimedProduct
{
public:
    StreamTimedProduct(std::unique_ptr<MatmulKernel> kernel, std::shared_ptr<TimedStream> stream)
        : m_kernel(std::move(kernel)), m_timed(std::move(stream))
    { }

    Timed call() override
    {
        return m_timed->time([this] { multiply(); });
    }
    CallEvidence burst(int depth, std::vector<Timed> &calls) override
    {
        calls.clear();
        m_handles.reserve(static_cast<std::size_t>(depth)); // before the clock: no allocation inside
        m_timed->startRegion();
        for (int i = 0; i < depth; ++i)
            m_handles.push_back(m_timed->stream().dispatch([this] { multiply(); }));
        m_handles.back().wait(); // calls run in order: the last one's readiness is every one's
        const CallEvidence evidence = m_timed->endRegion();
        // After the clock stopped: the others return at once (and would rethrow a failed call).
        for (CallHandle &handle : m_handles)
            handle.wait();
        const std::int64_t observed = m_handles.back().timestamps().readyObserved;
        for (const CallHandle &handle : m_handles) {
            Timed call;
            call.timestamps = handle.timestamps();
            call.timestamps.readyObserved = observed;
            call.evidence = evidence;
            calls.push_back(call);
        }
        m_handles.clear(); // released before the next burst, so that the stream reuses its records
        return evidence;
    }
    void startRegion() override { m_timed->startRegion(); }
    WarmUp warmUp(const std::function<bool()> &cancelled) override
    {
        return m_timed->warmUp([this] { multiply(); }, cancelled);
    }
    double checkAgainstReference(double lastWhole, const std::function<bool()> &cancelled) override
    {
        return matrixlesson::checkAgainstReference(*m_kernel, lastWhole, cancelled);
    }
    // Written by the worker, read by the host after a wait, which orders the two.
    std::int64_t productsComputed() const override { return m_worker.products; }
    TimedStream *stream() override { return m_timed.get(); }
    std::string instructionSet() const override { return m_kernel->isa(); }
    std::string waitStrategy() const override { return waitStrategyName(m_timed->stream().effectiveStrategy()); }
    std::string backend() const override { return "eigen-stream-worker"; }
    std::shared_ptr<const Json> deviceEnvironment() const override { return nullptr; }

private:
    void multiply() // on the worker
    {
        m_kernel->multiply();
        ++m_worker.products;
    }

    std::unique_ptr<MatmulKernel> m_kernel;
    std::shared_ptr<TimedStream> m_timed;
    std::vector<CallHandle> m_handles; // a burst's, kept for its capacity
    // The worker's count, on a cache line of its own: beside the host's fields, which the host
    // reads at every call, each count would wait inside the device work for the line to come
    // back from the host's CPU (150-300 ns where the two CPUs sit on different dies).
    struct alignas(64) WorkerSide {
        std::int64_t products = 0;
    } m_worker;
};

std::vector<std::unique_ptr<TimedProduct>> openStreamProducts(const std::string &isa,
                                                              const std::vector<ProductProblem> &problems)
{
    // The inputs are made before the stream starts its worker, as the lessons always did.
    std::vector<std::unique_ptr<MatmulKernel>> kernels;
    for (const ProductProblem &p : problems)
        kernels.push_back(std::make_unique<MatmulKernel>(p.dtype, p.m, p.k, p.n, p.seed, isa));
    const auto stream = std::make_shared<TimedStream>();
    std::vector<std::unique_ptr<TimedProduct>> products;
    for (std::unique_ptr<MatmulKernel> &kernel : kernels)
        products.push_back(std::make_unique<StreamTimedProduct>(std::move(kernel), stream));
    return products;
}

} // namespace

std::vector<std::unique_ptr<TimedProduct>> openTimedProducts(const RunContext &context,
                                                             const std::vector<ProductProblem> &problems)
{
    if (context.device == kStreamDevice)
        return openStreamProducts(context.isa, problems);
    if (const auto index = openClDeviceIndex(context.device))
        return openOpenClTimedProducts(*index, problems);
    throw unknownDevice(context.device);
}

std::unique_ptr<TimedProduct> openTimedProduct(const RunContext &context, const ProductProblem &problem)
{
    return std::move(openTimedProducts(context, {problem}).front());
}

} // namespace lessonscope
