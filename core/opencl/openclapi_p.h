#pragma once

// The OpenCL headers, for core/opencl's own .cpp files only: no public header of lessonscope
// includes them, so the rest of the program builds the same with or without OpenCL installed.
// Khronos's C++ bindings (opencl.hpp, Debian's opencl-clhpp-headers) hold the objects and release
// them; the calls a lesson times (enqueue, wait) are made through the C API directly, so that
// nothing but the driver's call lies inside a timer.

#define CL_HPP_TARGET_OPENCL_VERSION 300
// The bindings' own choice between clCreateCommandQueue (1.x) and ...WithProperties (2.0+) does not
// compile in Debian 12's opencl.hpp (2023.02) at a 1.2 minimum, so the session makes its queue
// through the C API, choosing by the device's version: 1.2 devices (older GPU drivers) stay usable.
#define CL_HPP_MINIMUM_OPENCL_VERSION 200
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>

#include "core/opencl/openclerror.h"

#include <string>
#include <utility>

namespace lessonscope::opencl_detail {

// A C API call's result: throws OpenClError naming the call unless it succeeded.
inline void check(cl_int code, const char *call)
{
    if (code != CL_SUCCESS)
        throw OpenClError(call, code);
}

// Runs f, turning the bindings' cl::Error into lessonscope's OpenClError (which names the code).
template<typename F>
auto translated(F &&f) -> decltype(f())
{
    try {
        return std::forward<F>(f)();
    } catch (const cl::Error &error) {
        throw OpenClError(error.what(), error.err());
    }
}

} // namespace lessonscope::opencl_detail
