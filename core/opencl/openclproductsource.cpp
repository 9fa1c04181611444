#include "core/opencl/openclproductsource_p.h"

namespace lessonscope::opencl_detail {

// The naive product, as a learner would first write it: each work-item sums one output element's
// k products. The inputs come in one buffer, X (m×k) then W (k×n), so that placing them is one
// clEnqueueWriteBuffer and one event; everything is column-major, as MatmulKernel's buffers are.
const std::string &productKernelSource()
{
    static const std::string source = R"CL(
#define LESSONSCOPE_PRODUCT(NAME, REAL)                                                        \
    __kernel void NAME(__global const REAL *inputs, __global REAL *out, const int m,           \
                       const int k, const int n)                                                \
    {                                                                                           \
        const int row = (int)get_global_id(0);                                                  \
        const int col = (int)get_global_id(1);                                                  \
        if (row >= m || col >= n)                                                               \
            return;                                                                             \
        __global const REAL *x = inputs;                                                        \
        __global const REAL *w = inputs + (size_t)m * k;                                        \
        REAL sum = 0;                                                                           \
        for (int p = 0; p < k; ++p)                                                             \
            sum += x[(size_t)p * m + row] * w[(size_t)col * k + p];                             \
        out[(size_t)col * m + row] = sum;                                                       \
    }

LESSONSCOPE_PRODUCT(lessonscope_product_float32, float)

#ifdef LESSONSCOPE_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
LESSONSCOPE_PRODUCT(lessonscope_product_float64, double)
#endif
)CL";
    return source;
}

std::string productBuildOptions(const OpenClDeviceInfo &device) { return device.fp64 ? "-DLESSONSCOPE_FP64" : ""; }

} // namespace lessonscope::opencl_detail
