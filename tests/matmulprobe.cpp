// Runs the product in one instruction-set variant and prints what ran, for tst_matmulvariants to
// run under valgrind: valgrind's virtual CPU has AVX2 but no AVX-512, and stops a program at its
// first AVX-512 instruction with SIGILL.
//   matmulprobe NAME     that variant's entry point called directly, with no CPU check (so that
//                        the AVX-512 one can be shown to be caught: the check's positive control)
// It links the variants alone, not core, and is built without -march=native, so that the only
// code of lessonscope's it runs is the variant's.
#include "matmulvariant.h"
#include "matmulvariantlist.h"

#include <cstdio>
#include <cstring>
#include <vector>

#define LESSONSCOPE_DECLARE_VARIANT(name, level)                                                                       \
    extern "C" const LessonscopeMatmulVariant *lessonscope_matmul_variant_##name(void);
LESSONSCOPE_MATMUL_VARIANTS(LESSONSCOPE_DECLARE_VARIANT)
#undef LESSONSCOPE_DECLARE_VARIANT

namespace {

struct Entry {
    const char *name;
    const LessonscopeMatmulVariant *(*entry)();
};

constexpr Entry kEntries[] = {
#define LESSONSCOPE_VARIANT_ENTRY(name, level) {#name, &lessonscope_matmul_variant_##name},
    LESSONSCOPE_MATMUL_VARIANTS(LESSONSCOPE_VARIANT_ENTRY)
#undef LESSONSCOPE_VARIANT_ENTRY
};

template<typename Scalar, typename Function>
double productSum(Function multiply)
{
    constexpr int m = 64, k = 32, n = 16;
    std::vector<Scalar> x(m * k), w(k * n), out(m * n);
    for (std::size_t i = 0; i < x.size(); ++i)
        x[i] = static_cast<Scalar>(static_cast<double>(i % 7) * 0.25 - 0.75);
    for (std::size_t i = 0; i < w.size(); ++i)
        w[i] = static_cast<Scalar>(static_cast<double>(i % 5) * 0.5 - 1.0);
    multiply(x.data(), w.data(), out.data(), m, k, n);
    double sum = 0;
    for (Scalar value : out)
        sum += static_cast<double>(value);
    return sum;
}

} // namespace

int main(int argc, char *argv[])
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: matmulprobe VARIANT\n");
        return 2;
    }
    for (const Entry &entry : kEntries) {
        if (std::strcmp(argv[1], entry.name) != 0)
            continue;
        const LessonscopeMatmulVariant *variant = entry.entry();
        std::printf("%s float32 %.6g float64 %.6g\n", variant->name, productSum<float>(variant->multiplyFloat),
                    productSum<double>(variant->multiplyDouble));
        return 0;
    }
    std::fprintf(stderr, "matmulprobe: no variant '%s'\n", argv[1]);
    return 2;
}
