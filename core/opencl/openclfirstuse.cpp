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

OpenClFirstUse measureOpenClFirstUse(int deviceIndex, MatmulKernel::Dtype dtype, int m, int k, int n, std::uint64_t seed)
{
    // The cache is read before the ICD loader is: whether PoCL will be the driver is not known yet,
    // and a folder walk is cheap beside a first use; it is kept only if the device is PoCL.
    const PoclKernelCache cache = PoclKernelCache::fromEnvironment();
    const PoclCacheSnapshot before = PoclCacheSnapshot::take(cache);

    OpenClFirstUse use;
    use.beginNs = MonotonicClock::nowNs();
    OpenClSession session(deviceIndex);
    OpenClProduct product(session, dtype, m, k, n, seed);
    const OpenClProgram &program = session.productProgram();
    const TimedStep createKernel = product.createKernel();
    const TimedStep allocate = product.allocate();
    OpenClCommand placement = product.place(true);
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

    product.readBack(true);
    use.maxAbsError = product.maxAbsErrorAgainstReference();
    if (use.device.isPocl()) {
        const PoclCacheSnapshot after = PoclCacheSnapshot::take(cache);
        use.cacheDirectory = cache.directory;
        use.programCache = before.programOutcome(after);
        use.kernelBinaryCache = before.kernelBinaryOutcome(after, product.kernelName());
    }
    return use;
}

} // namespace lessonscope
