#pragma once

#include "core/opencl/openclapi_p.h"
#include "core/opencl/openclprogram.h"

namespace lessonscope {

struct OpenClProgram::Impl {
    cl::Program program;
    OpenClBuild build;
    std::string kernelNames; // CL_PROGRAM_KERNEL_NAMES: "a;b"
};

} // namespace lessonscope
