#pragma once

#include "core/opencl/opencldevices.h"
#include "core/opencl/timedstep.h"

#include <cstdint>
#include <memory>
#include <span>

namespace lessonscope {

class OpenClCommand;
class OpenClProgram;

// One OpenCL device opened for timing: its context and one in-order command queue with profiling
// (CL_QUEUE_PROFILING_ENABLE), so that every command's event carries the device's QUEUED, SUBMIT,
// START and END. Belongs to the thread that opened it; nothing in it is shared between threads.
class OpenClSession
{
public:
    // Opens device `deviceIndex` (the N of "opencl:N", listOpenClDevices()). Each part of opening is
    // timed apart (platformStep, contextStep, queueStep). Throws std::out_of_range when there is no
    // such device, OpenClUnsupported when it is not available, cannot compile or cannot profile,
    // OpenClError when a call fails.
    explicit OpenClSession(int deviceIndex);
    ~OpenClSession();
    OpenClSession(const OpenClSession &) = delete;
    OpenClSession &operator=(const OpenClSession &) = delete;

    const OpenClDeviceInfo &device() const;

    // Finding the platforms and the device: in a process's first OpenCL call the ICD loader reads
    // its vendors files and loads every driver, which is most of what this step costs.
    TimedStep platformStep() const;
    TimedStep contextStep() const; // clCreateContext
    TimedStep queueStep() const;   // the profiling queue

    // The program of the course's kernels (the product in float32, and in float64 where the device
    // has cl_khr_fp64), built the first time it is asked for and kept: once per context. Throws
    // OpenClBuildError (with the compiler's log) when the build fails; the failure is kept too,
    // and asked again it throws the same again without building twice.
    const OpenClProgram &productProgram();

    // clFinish: returns when everything enqueued so far has completed, with the host time at which
    // it returned (the readiness every command in `commands` then observed; each is marked so).
    std::int64_t finish(std::span<OpenClCommand> commands = {});

    // For core/opencl's own files (openclsession_p.h).
    struct Impl;
    Impl &impl() { return *m_impl; }

private:
    std::unique_ptr<Impl> m_impl;
};

} // namespace lessonscope
