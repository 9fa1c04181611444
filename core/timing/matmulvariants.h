#pragma once

#include <string>
#include <string_view>
#include <vector>

struct LessonscopeMatmulVariant; // core/timing/kernels/matmulvariant.h

namespace lessonscope {

// The product's instruction-set variants (core/timing/kernels/): which this build has, which this CPU can
// run, and which one a MatmulKernel uses. A variant the CPU cannot run is never called, not even
// to ask its name: its library is loaded on every CPU, its code runs only on one that passed.
struct MatmulVariantInfo {
    std::string name;        // "avx512", "avx2", "baseline": as LESSONSCOPE_ISA and --isa spell it
    std::string requirement; // what the CPU needs, e.g. "x86-64-v3 (AVX2, FMA, BMI1, ...)"
    bool supported = false;  // this CPU and its OS can run it
    std::string simd;        // Eigen's SIMD sets inside it ("AVX512, FMA, AVX2, ..."); empty if unsupported
    std::string library;     // the shared object its code is in
};

// The environment variable that forces a variant (a lower one than the best, say).
inline constexpr const char *kIsaEnvironmentVariable = "LESSONSCOPE_ISA";

// Every variant of this build, best first.
std::vector<MatmulVariantInfo> matmulVariants();

// Why the variant named request cannot run here (it is unknown to this build, or this CPU lacks
// what it needs), as a sentence that also names those that can; empty when it can.
std::string matmulIsaProblem(std::string_view request);
// The same for a CPU of the given x86-64 level (cpulevel.h), for tests.
std::string matmulIsaProblem(std::string_view request, int cpuLevel);

// The variant a MatmulKernel uses when not told: LESSONSCOPE_ISA's, else unaskedMatmulIsa(). A
// run asks for one through its RunContext (core/lesson/lesson.h: `run --isa`), never by a
// process-wide setting. Throws std::invalid_argument, with the sentence of matmulIsaProblem()
// saying where the request came from, when the one asked for cannot run.
std::string defaultMatmulIsa();
// The variant request names (empty: defaultMatmulIsa()), checked: throws std::invalid_argument
// with matmulIsaProblem()'s sentence when it cannot run here.
std::string resolvedMatmulIsa(std::string_view request);
// The variant chosen when none is asked for, on a CPU of the given x86-64 level (cpulevel.h): the
// widest it runs up to AVX2. The AVX-512 product runs the lessons' calls at two speeds (the .cpp
// says why), so it is taken only when asked for.
std::string unaskedMatmulIsa(int cpuLevel);

// The function table of the variant named name (empty: defaultMatmulIsa()). Throws
// std::invalid_argument as defaultMatmulIsa() does.
const LessonscopeMatmulVariant &matmulVariant(std::string_view name);

} // namespace lessonscope
