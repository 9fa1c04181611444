// A lessonscope built without OpenCL: performance-03 runs on the stream only, said as
// lessonscope devices says it.

#include "core/lessons/performance-03/placedsampler.h"

#include <stdexcept>

namespace lessonscope::performance03 {

std::unique_ptr<PlacedRound> openOpenClPlacedRound(int deviceIndex)
{
    throw std::invalid_argument("no device opencl:" + std::to_string(deviceIndex)
                                + ": this lessonscope was built without OpenCL, so lessons run on the stream only");
}

} // namespace lessonscope::performance03
