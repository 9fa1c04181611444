#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lessonscope {

// One OpenCL device the ICD loader found, as `lessonscope devices` lists it and an artifact's
// environment names it (docs/opencl.md). Every string is the driver's own.
struct OpenClDeviceInfo {
    int index = -1; // N of "opencl:N": the loader's platforms in its order, each one's devices in order

    std::string platformName;    // CL_PLATFORM_NAME: "Portable Computing Language"
    std::string platformVendor;  // CL_PLATFORM_VENDOR
    std::string platformVersion; // CL_PLATFORM_VERSION: "OpenCL 3.0 PoCL 3.1+debian ..."

    std::string name;          // CL_DEVICE_NAME
    std::string vendor;        // CL_DEVICE_VENDOR
    std::string driverVersion; // CL_DRIVER_VERSION: "3.1+debian"
    std::string version;       // CL_DEVICE_VERSION: "OpenCL 3.0 PoCL HSTR: ..."
    int versionMajor = 0;      // of version, e.g. 3 and 0; 0 and 0 when it is not "OpenCL M.m ..."
    int versionMinor = 0;
    std::string openClCVersion; // CL_DEVICE_OPENCL_C_VERSION: the kernel language

    std::string type;                            // "CPU", "GPU", "accelerator", "custom" (CL_DEVICE_TYPE)
    int computeUnits = 0;                        // CL_DEVICE_MAX_COMPUTE_UNITS
    bool fp64 = false;                           // cl_khr_fp64 among CL_DEVICE_EXTENSIONS: float64 kernels build
    std::int64_t profilingTimerResolutionNs = 0; // CL_DEVICE_PROFILING_TIMER_RESOLUTION
    bool hostUnifiedMemory = false;              // CL_DEVICE_HOST_UNIFIED_MEMORY: the device shares the host's memory
    bool available = false;                      // CL_DEVICE_AVAILABLE
    bool compilerAvailable = false;              // CL_DEVICE_COMPILER_AVAILABLE: it can build kernels from source

    std::string id() const { return "opencl:" + std::to_string(index); }
    // PoCL (Debian's pocl-opencl-icd, any CPU): its kernel cache and its clock are known (docs/opencl.md).
    bool isPocl() const;
    bool atLeast(int major, int minor) const
    {
        return versionMajor > major || (versionMajor == major && versionMinor >= minor);
    }
};

struct OpenClDeviceList {
    std::vector<OpenClDeviceInfo> devices;
    // Why there is no device, or what went wrong with a platform while others were listed: one
    // sentence each, joined; empty when all is well.
    std::string problem;
};

// Every device of every platform the ICD loader finds. Never throws: a loader with no vendor
// driver, a platform that fails, a build without OpenCL each end up in `problem`.
OpenClDeviceList listOpenClDevices();

// Whether this lessonscope was built with the OpenCL backend (the build's LESSONSCOPE_OPENCL).
bool openClBuiltIn();

// "OpenCL 3.0 PoCL ..." gives {3, 0}; anything else {0, 0}.
std::pair<int, int> parseOpenClVersion(std::string_view version);

} // namespace lessonscope
