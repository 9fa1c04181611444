#pragma once

#include "core/opencl/openclcommand.h"
#include "core/opencl/opencldevices.h"
#include "core/opencl/poclcache.h"
#include "core/opencl/timedstep.h"
#include "core/timing/matmulkernel.h"

#include <cstdint>
#include <string>

namespace lessonscope {

// A process's first use of the product on a device, part by part, in the order a program pays
// them, each timed on MonotonicClock and none overlapping the next:
struct OpenClFirstUse {
    OpenClDeviceInfo device;
    TimedStep platform;      // listing the platforms and the device: the ICD loader loads every driver
    TimedStep context;       // clCreateContext
    TimedStep queue;         // the profiling command queue
    TimedStep createProgram; // clCreateProgramWithSource
    TimedStep build;         // clBuildProgram: the compiler, unless PoCL's cache held the program
    TimedStep createKernel;  // clCreateKernel
    TimedStep allocate;      // clCreateBuffer of the inputs and the output
    TimedStep place;         // a blocking clEnqueueWriteBuffer of the inputs
    // The first call: clEnqueueNDRangeKernel, then clWaitForEvents. On PoCL the kernel is compiled
    // for its work-group size here, after the explicit build, on the driver's thread between the
    // call's SUBMIT and START: the device's clock shows it as queueing, the host's as the wait.
    OpenClCallRecord firstCall;
    std::int64_t beginNs = 0; // just before the platform lookup
    std::int64_t endNs = 0;   // the first call's readiness observed: the whole first use spans these

    std::string buildLog;
    std::string cacheDirectory;                                         // PoCL's, when it is PoCL
    KernelCacheOutcome programCache = KernelCacheOutcome::NotPocl;      // clBuildProgram found the program
    KernelCacheOutcome kernelBinaryCache = KernelCacheOutcome::NotPocl; // the first enqueue found the kernel's binary
    double maxAbsError = 0; // of the first call's output against the long-double reference

    // Sum of the parts (each step and the first call from its enqueue to its readiness): never more
    // than endNs − beginNs, which also holds the little work between them.
    std::int64_t partsNs() const;
};

// Measures it in this process: meaningful once per process (only a process's first OpenCL call
// loads the drivers, only its first build can miss PoCL's in-memory state), so a lesson runs it in
// fresh processes (core/lesson/childprocess.h). PoCL's cache is looked at around the build and
// around the first call, outside every timer. Throws what OpenClSession and OpenClProduct throw.
OpenClFirstUse measureOpenClFirstUse(int deviceIndex, MatmulKernel::Dtype dtype, int m, int k, int n,
                                     std::uint64_t seed);

class OpenClSession;
class OpenClProduct;
// The same from the program's build on, on a session opened just after beginNs and a product made
// on it, neither used yet, which the caller keeps: a lesson goes on timing warm calls on them
// in the same fresh process. It does not check the output (maxAbsError stays 0): read back
// and check after the clock stopped.
OpenClFirstUse measureOpenClFirstUse(OpenClSession &session, OpenClProduct &product, std::int64_t beginNs);

} // namespace lessonscope
