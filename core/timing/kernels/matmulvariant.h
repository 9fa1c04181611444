#pragma once

// The boundary between lessonscope_core and the product's instruction-set variants.
//
// Each variant is core/timing/kernels/matmulvariant.cpp compiled with its own -march into its own small
// shared library (liblessonscope-matmul-<name>.so), whose version script exports exactly one
// symbol: its entry point, lessonscope_matmul_variant_<name>. Everything else in it — every Eigen
// and standard-library template instantiated with that variant's flags — is local to it, so the
// one-definition rule cannot merge one variant's instantiations into another's (which is what a
// static link of objects built with different -march flags does: COMDAT groups are deduplicated
// by name and the linker keeps one copy). Only C types cross this boundary: pointers to the
// caller's column-major buffers and their sizes; no Eigen object, whose layout and alignment
// depend on the very flags that differ.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Bumped whenever the struct below changes; core refuses a variant of another version.
#define LESSONSCOPE_MATMUL_VARIANT_ABI 1

// out (m×n) = x (m×k) · w (k×n); all three column-major and contiguous, out not aliasing x or w.
typedef void (*LessonscopeMatmulFloat)(const float *x, const float *w, float *out, int64_t m, int64_t k, int64_t n);
typedef void (*LessonscopeMatmulDouble)(const double *x, const double *w, double *out, int64_t m, int64_t k, int64_t n);

typedef struct LessonscopeMatmulVariant {
    int abiVersion;                  // LESSONSCOPE_MATMUL_VARIANT_ABI when it was built
    const char *name;                // "avx512", "avx2", "baseline": what LESSONSCOPE_ISA accepts
    const char *simdInstructionSets; // what Eigen vectorises with inside it: "FMA, AVX2, AVX, ..., " (sic)
    LessonscopeMatmulFloat multiplyFloat;
    LessonscopeMatmulDouble multiplyDouble;
} LessonscopeMatmulVariant;

#ifdef __cplusplus
}
#endif
