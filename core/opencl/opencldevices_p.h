#pragma once

// The cl::Device behind an index of listOpenClDevices(), for the session that opens it.
#include "core/opencl/openclapi_p.h"
#include "core/opencl/opencldevices.h"

namespace lessonscope::opencl_detail {

struct FoundDevice {
    cl::Platform platform;
    cl::Device device;
    OpenClDeviceInfo info;
};

// Device `index` of listOpenClDevices(), enumerated again (the loader's order is stable within a
// process). Throws std::out_of_range naming what was found when there is no such device.
FoundDevice findOpenClDevice(int index);

} // namespace lessonscope::opencl_detail
