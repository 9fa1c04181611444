// One instruction-set variant of the matrix product the lessons time. This file is compiled once per
// variant (see cmake/LessonscopeKernelVariants.cmake), each time with its own -march and
// LESSONSCOPE_MATMUL_VARIANT_NAME, into its own shared library; nothing here may be shared with
// another variant, which is why every symbol but the entry point is local (matmulvariant.h).

#include "eigencore.h" // first: see there

#include "matmulvariant.h"

#ifndef LESSONSCOPE_MATMUL_VARIANT_NAME
#error "LESSONSCOPE_MATMUL_VARIANT_NAME must name the variant (avx512, avx2, baseline)"
#endif

#define LESSONSCOPE_STRINGIFY_(x) #x
#define LESSONSCOPE_STRINGIFY(x) LESSONSCOPE_STRINGIFY_(x)
#define LESSONSCOPE_CONCAT_(a, b) a##b
#define LESSONSCOPE_CONCAT(a, b) LESSONSCOPE_CONCAT_(a, b)
#define LESSONSCOPE_MATMUL_ENTRY LESSONSCOPE_CONCAT(lessonscope_matmul_variant_, LESSONSCOPE_MATMUL_VARIANT_NAME)

namespace {

// Column-major, Eigen's native order, as core/matmulkernel.cpp stores the operands (the layout
// measured fastest there). Maps of the caller's buffers: the same GEMM path as Eigen matrices
// (Eigen's GEMM reads through pointer + stride mappers and packs the blocks itself).
template<typename Scalar>
using MatrixOf = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;

template<typename Scalar>
void multiply(const Scalar *x, const Scalar *w, Scalar *out, int64_t m, int64_t k, int64_t n)
{
    const Eigen::Map<const MatrixOf<Scalar>> lhs(x, m, k);
    const Eigen::Map<const MatrixOf<Scalar>> rhs(w, k, n);
    Eigen::Map<MatrixOf<Scalar>> result(out, m, n);
    // noalias: out is not an operand, so Eigen writes into it directly instead of through a
    // temporary (which would cost an allocation per call).
    result.noalias() = lhs * rhs;
}

void multiplyFloat(const float *x, const float *w, float *out, int64_t m, int64_t k, int64_t n)
{
    multiply(x, w, out, m, k, n);
}

void multiplyDouble(const double *x, const double *w, double *out, int64_t m, int64_t k, int64_t n)
{
    multiply(x, w, out, m, k, n);
}

// What Eigen vectorises with here, from its own configuration macros (its
// SimdInstructionSetsInUse() says "AVX" for AVX2 + FMA and leaves DQ out).
const char *simdInstructionSets()
{
    return ""
#if defined(EIGEN_VECTORIZE_AVX512)
           "AVX512, "
#endif
#if defined(EIGEN_VECTORIZE_AVX512DQ)
           "AVX512DQ, "
#endif
#if defined(EIGEN_VECTORIZE_FMA)
           "FMA, "
#endif
#if defined(EIGEN_VECTORIZE_AVX2)
           "AVX2, "
#endif
#if defined(EIGEN_VECTORIZE_AVX)
           "AVX, "
#endif
#if defined(EIGEN_VECTORIZE_SSE4_2)
           "SSE4.2, "
#endif
#if defined(EIGEN_VECTORIZE_SSE4_1)
           "SSE4.1, "
#endif
#if defined(EIGEN_VECTORIZE_SSSE3)
           "SSSE3, "
#endif
#if defined(EIGEN_VECTORIZE_SSE3)
           "SSE3, "
#endif
#if defined(EIGEN_VECTORIZE_SSE2)
           "SSE2, "
#endif
#if defined(EIGEN_VECTORIZE_NEON)
           "NEON, "
#endif
#if !defined(EIGEN_VECTORIZE)
           "none, "
#endif
        ;
}

} // namespace

// The one exported symbol (the version script makes everything else local). Not a static
// object: a variant's library is loaded on every CPU, also on one that cannot run its code, so it
// must have no constructor; the table is built on the first call, which only a CPU that passed
// the check makes.
extern "C" __attribute__((visibility("default"))) const LessonscopeMatmulVariant *LESSONSCOPE_MATMUL_ENTRY(void)
{
    static const LessonscopeMatmulVariant variant = {
        LESSONSCOPE_MATMUL_VARIANT_ABI,
        LESSONSCOPE_STRINGIFY(LESSONSCOPE_MATMUL_VARIANT_NAME),
        simdInstructionSets(),
        &multiplyFloat,
        &multiplyDouble,
    };
    return &variant;
}
