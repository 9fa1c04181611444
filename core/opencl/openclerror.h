#pragma once

#include <stdexcept>
#include <string>

namespace lessonscope {

// An OpenCL call that failed: which call, and its error code (CL_OUT_OF_RESOURCES is -5), named
// in the message: "clCreateContext failed: CL_DEVICE_NOT_AVAILABLE (-2)".
class OpenClError : public std::runtime_error
{
public:
    OpenClError(const std::string &call, int code, const std::string &detail = {});
    int code() const { return m_code; }
    const std::string &call() const { return m_call; }

private:
    std::string m_call;
    int m_code = 0;
};

// clBuildProgram failed; the compiler's log for the device is kept, as the driver wrote it.
class OpenClBuildError : public OpenClError
{
public:
    OpenClBuildError(int code, std::string log);
    const std::string &log() const { return m_log; }

private:
    std::string m_log;
};

// The device cannot do what was asked (float64 without cl_khr_fp64, no profiling, no compiler):
// the message says what and on which device, for a lesson to say so and run what it can.
class OpenClUnsupported : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// "CL_INVALID_VALUE (-30)" for -30; "OpenCL error -77" for a code this build does not name.
std::string openClErrorName(int code);

} // namespace lessonscope
