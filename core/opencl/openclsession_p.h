#pragma once

#include "core/opencl/openclapi_p.h"
#include "core/opencl/openclprogram.h"
#include "core/opencl/openclsession.h"

#include <exception>
#include <memory>

namespace lessonscope {

struct OpenClSession::Impl {
    OpenClDeviceInfo info;
    cl::Platform platform;
    cl::Device device;
    cl::Context context;
    cl::CommandQueue queue;
    TimedStep platformStep, contextStep, queueStep;
    std::unique_ptr<OpenClProgram> productProgram; // once built
    std::exception_ptr productProgramFailure;      // once its build failed
};

} // namespace lessonscope
