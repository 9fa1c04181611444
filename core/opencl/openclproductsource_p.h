#pragma once

#include "core/opencl/opencldevices.h"

#include <string>

namespace lessonscope::opencl_detail {

// The course's kernels (openclproductsource.cpp): the product out = X · W on column-major
// matrices, one work-item per output element, in float32 and (built with -DLESSONSCOPE_FP64, only
// where the device has cl_khr_fp64) float64.
const std::string &productKernelSource();
std::string productBuildOptions(const OpenClDeviceInfo &device);
inline constexpr const char *kProductFloat32 = "lessonscope_product_float32";
inline constexpr const char *kProductFloat64 = "lessonscope_product_float64";

} // namespace lessonscope::opencl_detail
