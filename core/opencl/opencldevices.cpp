// The devices the ICD loader finds, through the C API: a platform that cannot be asked leaves a
// sentence in the list's problem and the others are still listed.
#include "core/opencl/opencldevices_p.h"

#include <stdexcept>

namespace lessonscope {

using namespace opencl_detail;

namespace {

std::string typeName(cl_device_type type)
{
    std::string name;
    auto add = [&name](const char *what) { name += name.empty() ? what : std::string(", ") + what; };
    if (type & CL_DEVICE_TYPE_CPU)
        add("CPU");
    if (type & CL_DEVICE_TYPE_GPU)
        add("GPU");
    if (type & CL_DEVICE_TYPE_ACCELERATOR)
        add("accelerator");
    if (type & CL_DEVICE_TYPE_CUSTOM)
        add("custom");
    return name.empty() ? "unknown" : name;
}

// Whether the space-separated extension list names extension exactly.
bool hasExtension(const std::string &extensions, const std::string &extension)
{
    std::size_t at = 0;
    while ((at = extensions.find(extension, at)) != std::string::npos) {
        const std::size_t end = at + extension.size();
        const bool startsWord = at == 0 || extensions[at - 1] == ' ';
        const bool endsWord = end == extensions.size() || extensions[end] == ' ';
        if (startsWord && endsWord)
            return true;
        at = end;
    }
    return false;
}

// The driver's strings may end in NUL bytes (the bindings keep the terminator of some drivers).
std::string trimmed(std::string text)
{
    while (!text.empty() && (text.back() == '\0' || text.back() == ' '))
        text.pop_back();
    return text;
}

OpenClDeviceInfo describe(const cl::Platform &platform, const cl::Device &device, int index)
{
    OpenClDeviceInfo info;
    info.index = index;
    info.platformName = trimmed(platform.getInfo<CL_PLATFORM_NAME>());
    info.platformVendor = trimmed(platform.getInfo<CL_PLATFORM_VENDOR>());
    info.platformVersion = trimmed(platform.getInfo<CL_PLATFORM_VERSION>());
    info.name = trimmed(device.getInfo<CL_DEVICE_NAME>());
    info.vendor = trimmed(device.getInfo<CL_DEVICE_VENDOR>());
    info.driverVersion = trimmed(device.getInfo<CL_DRIVER_VERSION>());
    info.version = trimmed(device.getInfo<CL_DEVICE_VERSION>());
    std::tie(info.versionMajor, info.versionMinor) = parseOpenClVersion(info.version);
    info.openClCVersion = trimmed(device.getInfo<CL_DEVICE_OPENCL_C_VERSION>());
    info.type = typeName(device.getInfo<CL_DEVICE_TYPE>());
    info.computeUnits = static_cast<int>(device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
    info.fp64 = hasExtension(device.getInfo<CL_DEVICE_EXTENSIONS>(), "cl_khr_fp64");
    info.profilingTimerResolutionNs = static_cast<std::int64_t>(device.getInfo<CL_DEVICE_PROFILING_TIMER_RESOLUTION>());
    // Deprecated in OpenCL 2.0, so the bindings do not ask for it; still what drivers answer.
    cl_bool unified = CL_FALSE;
    info.hostUnifiedMemory
        = clGetDeviceInfo(device(), CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, nullptr) == CL_SUCCESS
        && unified == CL_TRUE;
    info.available = device.getInfo<CL_DEVICE_AVAILABLE>() == CL_TRUE;
    info.compilerAvailable = device.getInfo<CL_DEVICE_COMPILER_AVAILABLE>() == CL_TRUE;
    return info;
}

void addProblem(std::string &problem, const std::string &sentence)
{
    problem += (problem.empty() ? "" : " ") + sentence;
}

// Every device in the loader's order; stops at stopAt (when not negative) with its handles.
OpenClDeviceList enumerate(int stopAt, FoundDevice *found)
{
    OpenClDeviceList list;
    // Through the C API: the bindings' Platform::get throws on the loader's "no platform".
    cl_uint count = 0;
    cl_int got = clGetPlatformIDs(0, nullptr, &count);
    std::vector<cl_platform_id> ids(count);
    if (got == CL_SUCCESS && count > 0)
        got = clGetPlatformIDs(count, ids.data(), nullptr);
    if (got == CL_PLATFORM_NOT_FOUND_KHR || (got == CL_SUCCESS && count == 0)) {
        list.problem = "no OpenCL platform: the ICD loader found no vendor driver (none is listed in "
                       "/etc/OpenCL/vendors, or in the folder OCL_ICD_VENDORS names)";
        return list;
    }
    if (got != CL_SUCCESS) {
        list.problem = "the ICD loader could not list the OpenCL platforms: clGetPlatformIDs failed with "
            + openClErrorName(got);
        return list;
    }
    std::vector<cl::Platform> platforms(ids.begin(), ids.end());
    int index = 0;
    for (std::size_t p = 0; p < platforms.size(); ++p) {
        try {
            std::vector<cl::Device> devices;
            platforms[p].getDevices(CL_DEVICE_TYPE_ALL, &devices); // none: empty, no error
            for (const cl::Device &device : devices) {
                OpenClDeviceInfo info = describe(platforms[p], device, index);
                if (index == stopAt && found) {
                    *found = {platforms[p], device, info};
                    list.devices.push_back(std::move(info));
                    return list;
                }
                list.devices.push_back(std::move(info));
                ++index;
            }
        } catch (const cl::Error &error) { // the bindings name the call; the code says why
            addProblem(list.problem,
                       "OpenCL platform " + std::to_string(p) + " could not be asked for its devices: " + error.what()
                           + " failed with " + openClErrorName(error.err()) + ".");
        }
    }
    if (list.devices.empty() && list.problem.empty())
        list.problem = "the OpenCL platforms have no device";
    return list;
}

} // namespace

OpenClDeviceList listOpenClDevices()
{
    try {
        return enumerate(-1, nullptr);
    } catch (const std::exception &error) {
        return {{}, std::string("the OpenCL devices could not be listed: ") + error.what()};
    }
}

bool openClBuiltIn() { return true; }

namespace opencl_detail {

FoundDevice findOpenClDevice(int index)
{
    FoundDevice found;
    const OpenClDeviceList list = translated([&] { return enumerate(index, &found); });
    if (index < 0 || found.info.index != index) {
        std::string message = "there is no OpenCL device opencl:" + std::to_string(index) + ": ";
        message += list.devices.empty() ? (list.problem.empty() ? "none was found" : list.problem)
                                        : std::to_string(list.devices.size())
                + " found (opencl:0 to opencl:" + std::to_string(list.devices.size() - 1) + ")";
        throw std::out_of_range(message);
    }
    return found;
}

} // namespace opencl_detail

} // namespace lessonscope
