#include "core/timing/matmulvariants.h"

#include "core/timing/cpulevel.h"
#include "matmulvariant.h"
#include "matmulvariantlist.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

// The entry points of the variants this build has (one shared library each, all linked in).
#define LESSONSCOPE_DECLARE_VARIANT(name, level)                                                                       \
    extern "C" const LessonscopeMatmulVariant *lessonscope_matmul_variant_##name(void);
LESSONSCOPE_MATMUL_VARIANTS(LESSONSCOPE_DECLARE_VARIANT)
#undef LESSONSCOPE_DECLARE_VARIANT

namespace lessonscope {

namespace {

struct CompiledVariant {
    const char *name;
    int level; // the x86-64 level it needs (0: none)
    const LessonscopeMatmulVariant *(*entry)();
};

constexpr CompiledVariant kVariants[] = {
#define LESSONSCOPE_VARIANT_ENTRY(name, level) {#name, level, &lessonscope_matmul_variant_##name},
    LESSONSCOPE_MATMUL_VARIANTS(LESSONSCOPE_VARIANT_ENTRY)
#undef LESSONSCOPE_VARIANT_ENTRY
};

std::string requirementOf(int level)
{
    switch (level) {
    case 4:
        return "x86-64-v4 (AVX-512 F, BW, CD, DQ and VL)";
    case 3:
        return "x86-64-v3 (AVX, AVX2, FMA, BMI1, BMI2, F16C, LZCNT and MOVBE)";
    case 2:
        return "x86-64-v2 (SSE4.2, POPCNT)";
    case 1:
        return "x86-64 (SSE2)";
    default:
        return "nothing beyond the build's target";
    }
}

bool runs(const CompiledVariant &variant, int cpuLevel) { return variant.level <= cpuLevel; }

// The widest level a variant is chosen at unasked. The AVX-512 product ran the lessons' calls (one
// small product, then the worker waiting for the next) at two speeds, 0.8 µs and 3.1 µs of device
// work, for hundreds of milliseconds at a time, with no wait or steal to see (docs/performance.md,
// "The two speeds are the AVX-512 variant's"): the pattern of a 512-bit unit powered up after
// idling. The AVX2 product held one speed in the same runs. So the lessons take AVX2 on such a
// CPU unless --isa or LESSONSCOPE_ISA asks for avx512, and the artifact names the one that ran.
constexpr int kWidestUnaskedLevel = 3;

const CompiledVariant *find(std::string_view name)
{
    for (const CompiledVariant &variant : kVariants) {
        if (name == variant.name)
            return &variant;
    }
    return nullptr;
}

// "a, b and c"
std::string listOf(const std::vector<std::string> &names)
{
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            text += i + 1 == names.size() ? " and " : ", ";
        text += names[i];
    }
    return text.empty() ? "none" : text;
}

std::vector<std::string> namesRunningOn(int cpuLevel)
{
    std::vector<std::string> names;
    for (const CompiledVariant &variant : kVariants) {
        if (runs(variant, cpuLevel))
            names.push_back(variant.name);
    }
    return names;
}

// Calls the entry point: only for a variant this CPU runs.
const LessonscopeMatmulVariant &tableOf(const CompiledVariant &variant)
{
    const LessonscopeMatmulVariant *table = variant.entry();
    if (!table || table->abiVersion != LESSONSCOPE_MATMUL_VARIANT_ABI || std::string_view(table->name) != variant.name)
        throw std::runtime_error(std::string("the ") + variant.name
                                 + " kernel library does not match this lessonscope (reinstall it)");
    return *table;
}

std::string libraryOf(const CompiledVariant &variant)
{
    Dl_info info{};
    if (dladdr(reinterpret_cast<const void *>(variant.entry), &info) != 0 && info.dli_fname)
        return info.dli_fname;
    return {};
}

} // namespace

std::vector<MatmulVariantInfo> matmulVariants()
{
    std::vector<MatmulVariantInfo> infos;
    for (const CompiledVariant &variant : kVariants) {
        MatmulVariantInfo info;
        info.name = variant.name;
        info.requirement = requirementOf(variant.level);
        info.supported = runs(variant, x86Level());
        if (info.supported) {
            info.simd = tableOf(variant).simdInstructionSets;
            if (info.simd.size() >= 2 && info.simd.compare(info.simd.size() - 2, 2, ", ") == 0)
                info.simd.resize(info.simd.size() - 2);
        }
        info.library = libraryOf(variant);
        infos.push_back(std::move(info));
    }
    return infos;
}

std::string matmulIsaProblem(std::string_view request, int cpuLevel)
{
    const CompiledVariant *variant = find(request);
    if (!variant) {
        std::vector<std::string> all;
        for (const CompiledVariant &known : kVariants)
            all.push_back(known.name);
        return "unknown instruction set '" + std::string(request) + "'; this build has " + listOf(all);
    }
    if (!runs(*variant, cpuLevel))
        return "this CPU cannot run " + std::string(request) + ", which needs " + requirementOf(variant->level)
            + "; it can run " + listOf(namesRunningOn(cpuLevel));
    return {};
}

std::string matmulIsaProblem(std::string_view request) { return matmulIsaProblem(request, x86Level()); }

std::string defaultMatmulIsa()
{
    if (const char *fromEnvironment = std::getenv(kIsaEnvironmentVariable); fromEnvironment && *fromEnvironment) {
        if (const std::string problem = matmulIsaProblem(fromEnvironment); !problem.empty())
            throw std::invalid_argument(std::string(kIsaEnvironmentVariable) + '=' + fromEnvironment + ": " + problem);
        return fromEnvironment;
    }
    return unaskedMatmulIsa(x86Level());
}

std::string unaskedMatmulIsa(int cpuLevel)
{
    for (const CompiledVariant &variant : kVariants) {
        if (runs(variant, std::min(cpuLevel, kWidestUnaskedLevel)))
            return variant.name;
    }
    // The last variant is the build's baseline, which every CPU the build targets runs.
    return kVariants[std::size(kVariants) - 1].name;
}

std::string resolvedMatmulIsa(std::string_view request)
{
    if (request.empty())
        return defaultMatmulIsa();
    if (const std::string problem = matmulIsaProblem(request); !problem.empty())
        throw std::invalid_argument(problem);
    return std::string(request);
}

const LessonscopeMatmulVariant &matmulVariant(std::string_view name) { return tableOf(*find(resolvedMatmulIsa(name))); }

} // namespace lessonscope
