// A lessonscope built without OpenCL (LESSONSCOPE_OPENCL=OFF, or no OpenCL found): no device but
// the stream, said as lessonscope devices says it.

#include "core/lessons/shared/timedproduct.h"

#include <stdexcept>

namespace lessonscope {

std::vector<std::unique_ptr<TimedProduct>> openOpenClTimedProducts(int deviceIndex, const std::vector<ProductProblem> &)
{
    throw std::invalid_argument("no device opencl:" + std::to_string(deviceIndex)
                                + ": this lessonscope was built without OpenCL, so lessons run on the stream only");
}

} // namespace lessonscope
