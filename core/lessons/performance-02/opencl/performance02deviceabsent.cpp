// A lessonscope built without OpenCL: performance-02 measures on the stream only, said as
// lessonscope devices says it.

#include "core/lessons/performance-02/performance02child.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace lessonscope::performance02 {

Json measureThisProcessOnDevice(const ChildRequest &, int deviceIndex)
{
    throw std::invalid_argument("no device opencl:" + std::to_string(deviceIndex)
                                + ": this lessonscope was built without OpenCL, so lessons run on the stream only");
}

} // namespace lessonscope::performance02
