#pragma once

#include "core/opencl/poclcache.h"
#include "core/opencl/timedstep.h"

#include <memory>
#include <string>

namespace lessonscope {

class OpenClSession;

// What building a program cost and said.
struct OpenClBuild {
    TimedStep create;    // clCreateProgramWithSource
    TimedStep build;     // clBuildProgram for the session's device
    std::string options; // as given to clBuildProgram
    std::string log;     // the compiler's log for the device (warnings, even when it built)
    // Whether PoCL's kernel cache held the program (NotPocl on other drivers); the cache is looked
    // at before and after, outside the two timers.
    KernelCacheOutcome cache = KernelCacheOutcome::NotPocl;
    std::string cacheFolder; // the program's folder in PoCL's cache (relative to it); empty when unknown
};

// An OpenCL program built from source for a session's device, in the session's context.
class OpenClProgram
{
public:
    // Creates and builds it. Throws OpenClBuildError, with the compiler's log, when the build fails;
    // OpenClError when another call does.
    OpenClProgram(OpenClSession &session, const std::string &source, const std::string &options);
    ~OpenClProgram();
    OpenClProgram(const OpenClProgram &) = delete;
    OpenClProgram &operator=(const OpenClProgram &) = delete;

    const OpenClBuild &build() const;
    bool hasKernel(const std::string &name) const; // among CL_PROGRAM_KERNEL_NAMES

    // For core/opencl's own files: the cl::Program.
    struct Impl;
    const Impl &impl() const { return *m_impl; }

private:
    std::unique_ptr<Impl> m_impl;
};

} // namespace lessonscope
