#pragma once

#include "core/opencl/openclcommand.h"
#include "core/opencl/timedstep.h"
#include "core/timing/matmulkernel.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace lessonscope {

class OpenClSession;
class OpenClGate;

// How the inputs reach the device.
enum class OpenClPlacement {
    // A buffer the driver owns; placement is clEnqueueWriteBuffer of the host's inputs into it:
    // the bytes move (across the bus on a GPU, memory to memory on a CPU device).
    Copy,
    // A buffer made with CL_MEM_USE_HOST_PTR over the host's own inputs; placement is
    // clEnqueueMigrateMemObjects to the device. Where the device maps the host's memory (zeroCopy():
    // PoCL, integrated GPUs) nothing moves at placement: the kernel reads the host's memory as it
    // runs, so a placement timer measures an enqueue, and a later change of the host's inputs is
    // what the next call computes with (docs/opencl.md).
    UseHostPointer,
};

// The lessons' product out = X · W as an OpenCL kernel on a session's device: the same
// column-major inputs as MatmulKernel from the same seed (core/timing/matmulinputs.h), checked
// against the same long-double reference. Its steps are apart, each timed, so that a lesson can
// time a first use part by part and place its boundaries:
//   createKernel()  the session's program (built once per context), then clCreateKernel
//   allocate()      the device's buffers
//   prepare(seed)   new inputs in host memory (preparation)
//   place()         the inputs onto the device (placement), blocking or not
//   enqueue()       the call: clEnqueueNDRangeKernel, returning as soon as the driver queued it
//   readBack()      the output into host memory, for the check
// Every enqueue goes to the session's one in-order queue, so a command starts after the ones
// before it have ended. Belongs to the thread that made it, like its session, which must outlive it.
class OpenClProduct
{
public:
    using Dtype = MatmulKernel::Dtype;

    // Inputs made in host memory from seed (MatmulKernel's values); nothing on the device yet.
    // Throws std::invalid_argument for a dimension below 1, OpenClUnsupported for float64 on a
    // device without cl_khr_fp64.
    OpenClProduct(OpenClSession &session, Dtype dtype, int m, int k, int n, std::uint64_t seed,
                  OpenClPlacement placement = OpenClPlacement::Copy);
    ~OpenClProduct();
    OpenClProduct(const OpenClProduct &) = delete;
    OpenClProduct &operator=(const OpenClProduct &) = delete;

    // The session's program first (built on its first use, outside this step: see
    // OpenClSession::productProgram), then clCreateKernel of this dtype's kernel, timed.
    TimedStep createKernel();
    // clCreateBuffer of the inputs and the output, timed; then, outside the timer, a map of the
    // inputs' buffer says whether the device reads the host's memory itself (zeroCopy()).
    TimedStep allocate();

    // Preparation: the host's inputs made anew from seed. Throws std::logic_error while a command
    // that reads them (a non-blocking placement, a UseHostPointer call) has not completed.
    void prepare(std::uint64_t seed);
    // Placement (see OpenClPlacement). Blocking: returns when the inputs are on the device, and the
    // command's readiness is the time it returned. Non-blocking: returns once the copy is queued,
    // and it may still be running — the un-awaited placement whose copy leaks into a timer started
    // "after placement". A gate makes it wait for the gate (non-blocking only: std::invalid_argument).
    OpenClCommand place(bool blocking, const OpenClGate *after = nullptr);
    // The call: clEnqueueNDRangeKernel over the m×n output (the driver chooses the work-group size),
    // timed from just before to just after; no wait. After createKernel() and allocate()
    // (std::logic_error before).
    OpenClCommand enqueue(const OpenClGate *after = nullptr);
    // clEnqueueReadBuffer of the output into host memory (blocking: returns when it is there).
    OpenClCommand readBack(bool blocking = true);

    // Largest |output − reference|, the reference in long double from the host's current inputs;
    // NaN before a read back. Throws std::logic_error while the read back is in flight.
    // `stopped`, when given, is asked between blocks of columns as maxAbsErrorOfProduct asks it:
    // true ends the check, and the result is NaN (nothing was checked whole).
    double maxAbsErrorAgainstReference(const std::function<bool()> &stopped = {}) const;
    std::vector<double> output() const; // as read back, column-major

    bool zeroCopy() const;          // after allocate(): the device's inputs are the host's memory itself
    std::size_t inputBytes() const; // X and W, as placed
    Dtype dtype() const;
    OpenClPlacement placement() const;
    const char *kernelName() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace lessonscope
