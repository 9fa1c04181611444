// The device list of a lessonscope built without OpenCL (LESSONSCOPE_OPENCL=OFF, or no OpenCL
// found): the stream is the only device, and the list says why.
#include "core/opencl/opencldevices.h"

namespace lessonscope {

OpenClDeviceList listOpenClDevices()
{
    return {{},
            "this lessonscope was built without OpenCL (LESSONSCOPE_OPENCL=OFF or no OpenCL "
            "headers and ICD loader found when it was built)"};
}

bool openClBuiltIn() { return false; }

} // namespace lessonscope
