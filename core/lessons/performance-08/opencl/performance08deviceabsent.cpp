// A lessonscope built without OpenCL: performance-08 times the host's clock only, said as
// lessonscope devices says it.

#include "core/lessons/performance-08/performance08device.h"

#include <stdexcept>
#include <string>

namespace lessonscope::performance08 {

DeviceMeasurement measureOnDevice(int deviceIndex, int, LessonRun &, RunObserver &)
{
    throw std::invalid_argument("no device opencl:" + std::to_string(deviceIndex)
                                + ": this lessonscope was built without OpenCL, so lessons run on the stream only");
}

} // namespace lessonscope::performance08
