#pragma once

// What runs a matrix lesson's product and times it call by call: the stream (the model's worker
// thread, the default) or a real device, an OpenCL device through the ICD loader
// (docs/opencl.md). A lesson written against TimedProduct runs on either: each call comes back
// with its five moments on the host's clock (MonotonicClock) and the scheduler's evidence of its
// timed threads, and the device's work is the device's own START → END where a device reports it.

#include "core/base/jsonfwd.h"
#include "core/lesson/lesson.h"
#include "core/lesson/measuring.h"
#include "core/lesson/timedstream.h"
#include "core/timing/matmulkernel.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace lessonscope {

// The product's problem: its type, shape and inputs' seed.
struct ProductProblem {
    MatmulKernel::Dtype dtype = MatmulKernel::Dtype::Float32;
    int m = 0;
    int k = 0;
    int n = 0;
    std::uint64_t seed = 0;
};

class TimedProduct
{
public:
    using Timed = TimedStream::Timed;

    virtual ~TimedProduct() = default;

    // One call: dispatched (the stream's dispatch, clEnqueueNDRangeKernel), then waited for until
    // the host observed the completed result, with the evidence since the last call or region.
    virtual Timed call() = 0;
    // A burst (performance-06): depth calls dispatched back to back, then one wait at the end
    // (the stream's wait on the last call, which runs in order; clFinish on a device). Each call's
    // moments go to `calls` (cleared first), every readyObserved the one wait's return, every
    // evidence the whole burst's, which is returned. Nothing is allocated between the first
    // dispatch and the wait once a burst of this depth has run.
    virtual CallEvidence burst(int depth, std::vector<Timed> &calls) = 0;
    // Host work between calls (bookkeeping, a cancel's check) is no call's: the next starts here.
    virtual void startRegion() = 0;
    // Untimed calls until they are steady (measuring's WarmUpRule).
    virtual WarmUp warmUp(const std::function<bool()> &cancelled) = 0;
    // The last call's output against the long-double reference, after the clock stopped; a cancel
    // during the check keeps lastWhole (matrixlesson::checkAgainstReference).
    virtual double checkAgainstReference(double lastWhole, const std::function<bool()> &cancelled) = 0;

    // How many products this one has computed so far, counted where the work runs: on the
    // stream's worker inside each call, on a device each command whose END the device stamped
    // (a call that returned without the work done is not counted). Read between calls.
    virtual std::int64_t productsComputed() const = 0;
    // The stream the calls run on, for a lesson that places its worker (performance-05 pins it);
    // null on a device, whose threads are the driver's.
    virtual TimedStream *stream() = 0;

    // The instruction-set variant that ran (the stream's product); empty on a device whose driver
    // compiled the kernel itself.
    virtual std::string instructionSet() const = 0;
    // How the host waits: the stream's strategy, or the driver call.
    virtual std::string waitStrategy() const = 0;
    // What ran the work, as stdout's "backend" names it.
    virtual std::string backend() const = 0;
    // The device exactly, for the artifact's environment.device (docs/artifact-format.md); null
    // on the stream, which environment.waitStrategy already describes.
    virtual std::shared_ptr<const Json> deviceEnvironment() const = 0;
};

// Opens the product on the context's device: "stream" (in the context's instruction-set variant),
// or "opencl:N" as `lessonscope devices` numbers them. The inputs are made and, on a device,
// placed before it returns ("input already placed"), and the device's clock related to the
// host's. Throws std::invalid_argument for a device name that is neither or a variant this CPU
// cannot run, and the device's own errors (OpenClError, OpenClUnsupported, std::out_of_range) when
// it cannot be used; a build without OpenCL throws std::invalid_argument for every "opencl:N".
std::unique_ptr<TimedProduct> openTimedProduct(const RunContext &context, const ProductProblem &problem);

// Products of several problems on one device, called in turn (performance-04's float32 and
// float64): on the stream they share its one worker, on an OpenCL device its one context, in-order
// queue, clock relation and driver threads, so that the calls of one meet the machine as the
// other's do. Every product's inputs are made (and placed) before it returns; the device's errors
// as openTimedProduct's, OpenClUnsupported for a float64 problem on a device without cl_khr_fp64.
std::vector<std::unique_ptr<TimedProduct>> openTimedProducts(const RunContext &context,
                                                             const std::vector<ProductProblem> &problems);

// The OpenCL products behind openTimedProducts (shared/opencl/; without OpenCL it throws).
std::vector<std::unique_ptr<TimedProduct>> openOpenClTimedProducts(int deviceIndex,
                                                                   const std::vector<ProductProblem> &problems);

} // namespace lessonscope
