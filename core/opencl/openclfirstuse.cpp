#include "core/opencl/openclfirstuse.h"

#include "core/opencl/openclproduct.h"
#include "core/opencl/openclprogram.h"
#include "core/opencl/openclsession.h"
#include "core/timing/monotonicclock.h"

namespace lessonscope {

std::int64_t OpenClFirstUse::partsNs() const
{
    std::int64_t sum = firstCall.readyObservedNs - firstCall.enqueueBeginNs;
    for (const TimedStep &step : {platform, context, queue, createProgram, build, createKernel, allocate, place})
        sum += step.ns();
    return sum;
}

OpenClFirstUse measureOpenClFirstUse(int deviceIndex, MatmulKernel::Dtype dtype, int m, int k, int n,
                                     std::uint64_t seed)
{
    const std::int64_t beginNs = MonotonicClock::nowNs();
    OpenClSession session(deviceIndex);
    OpenClProduct product(session, dtype, m, k, n, seed);
    OpenClFirstUse use = measureOpenClFirstUse(session, product, beginNs);
    product.readBack(true);
    use.maxAbsError = product.maxAbsErrorAgainstReference();
    return use;
}

OpenClFirstUse measureOpenClFirstUse(OpenClSession &session, OpenClProduct &product, std::int64_t beginNs)
{
    OpenClFirstUse use;
    use.beginNs = beginNs;
    const OpenClProgram &program = session.productProgram(); // looks at PoCL's cache around its build
    const TimedStep createKernel = product.createKernel();
    const TimedStep allocate = product.allocate();
    OpenClCommand placement = product.place(true);
    // PoCL's cache just before the first call and just after it (between the timed steps, outside
    // them): a kernel binary written meanwhile was compiled by this call, after the explicit build.
    const bool pocl = session.device().isPocl();
    const PoclKernelCache cache = PoclKernelCache::fromEnvironment();
    const PoclCacheSnapshot beforeCall = pocl ? PoclCacheSnapshot::take(cache) : PoclCacheSnapshot();
    OpenClCommand call = product.enqueue();
    call.wait();
    use.endNs = call.record().readyObservedNs;

    use.device = session.device();
    use.platform = session.platformStep();
    use.context = session.contextStep();
    use.queue = session.queueStep();
    use.createProgram = program.build().create;
    use.build = program.build().build;
    use.createKernel = createKernel;
    use.allocate = allocate;
    use.place = {placement.enqueueBeginNs(), placement.enqueueEndNs()};
    use.firstCall = call.record();
    use.buildLog = program.build().log;
    use.programCache = program.build().cache;
    if (pocl) {
        use.cacheDirectory = cache.directory;
        use.kernelBinaryCache = beforeCall.kernelBinaryOutcome(PoclCacheSnapshot::take(cache),
                                                               program.build().cacheFolder, product.kernelName());
    }
    return use;
}

} // namespace lessonscope
