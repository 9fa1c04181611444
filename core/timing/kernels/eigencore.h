#pragma once

// <Eigen/Core>, for every file that compiles Eigen's products. GCC 12 reports
// -Wmaybe-uninitialized inside its own AVX-512 intrinsics when Eigen's GEMM packs (GCC bug 105593,
// fixed in GCC 13): the "uninitialised" value is _mm512_undefined_ps(), on purpose. The warning
// is silenced for the intrinsic headers only, so this must be included before anything that
// includes them.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <Eigen/Core>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
