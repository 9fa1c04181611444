// The product on each instruction-set variant this CPU runs (issue 5): inline, and as one
// synchronized stream call, as bench_core times them for the default variant. Beside them, in the
// same run, the same Eigen product compiled into this file with the build's own flags: in the
// native build (-march=native) that is what a native-only program would run, so the ratio of the
// best variant to it is the price of portability, measured on one machine in one run. Run it in the
// portable build too (the "package" preset) to compare whole builds; docs/performance.md
// ("Portable package") has the figures and how to reproduce them.

#include "core/timing/kernels/eigencore.h" // first: see there

#include "collectingreporter.h"
#include "core/timing/matmulkernel.h"
#include "core/timing/matmulvariants.h"
#include "producttiming.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace lessonscope;

namespace {

// performance-01's default shape, as bench_core.
constexpr int kM = 64;
constexpr int kK = 32;
constexpr int kN = 16;
constexpr int kRepetitions = 5;

// The variant's product, as core/timing/kernels/matmulvariant.cpp computes it, but compiled here: with
// -march=native in the native build. Operands of the same shape and layout (column-major).
using MatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;

struct InBinaryProduct {
    InBinaryProduct() : lhs(MatrixF::Random(kM, kK)), rhs(MatrixF::Random(kK, kN)), out(kM, kN) { }
    void multiply() { out.noalias() = lhs * rhs; }
    MatrixF lhs, rhs, out;
};

void inBinaryInline(benchmark::State &state)
{
    InBinaryProduct product;
    timeInline(state, product);
}

void inBinarySynchronized(benchmark::State &state)
{
    InBinaryProduct product;
    timeSynchronized(state, product);
}

void productInline(benchmark::State &state, const std::string &isa)
{
    MatmulKernel kernel(MatmulKernel::Dtype::Float32, kM, kK, kN, 0, isa);
    timeInline(state, kernel);
}

void synchronizedCall(benchmark::State &state, const std::string &isa)
{
    MatmulKernel kernel(MatmulKernel::Dtype::Float32, kM, kK, kN, 0, isa);
    timeSynchronized(state, kernel);
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<MatmulVariantInfo> supported;
    for (const MatmulVariantInfo &variant : matmulVariants()) {
        if (variant.supported)
            supported.push_back(variant);
    }
    for (const MatmulVariantInfo &variant : supported) {
        for (const auto &[name, function] :
             {std::pair{"product_inline/", &productInline}, std::pair{"synchronized_call/", &synchronizedCall}}) {
            benchmark::RegisterBenchmark((name + variant.name).c_str(), function, variant.name)
                ->Unit(benchmark::kNanosecond)
                ->Repetitions(kRepetitions)
                ->ReportAggregatesOnly(true)
                ->UseRealTime();
        }
    }
    for (const auto &[name, function] : {std::pair{"product_inline/in-binary", &inBinaryInline},
                                         std::pair{"synchronized_call/in-binary", &inBinarySynchronized}}) {
        benchmark::RegisterBenchmark(name, function)
            ->Unit(benchmark::kNanosecond)
            ->Repetitions(kRepetitions)
            ->ReportAggregatesOnly(true)
            ->UseRealTime();
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    CollectingReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);

#if defined(LESSONSCOPE_NATIVE_BUILD)
    const char *build = "native (-march=native)";
#else
    const char *build = "portable (no -march)";
#endif
    std::printf("\nFigures, %s build (median real time of %d repetitions; default variant %s)\n", build, kRepetitions,
                defaultMatmulIsa().c_str());
    const double baselineInline = reporter.ns("product_inline/in-binary");
    const double baselineSync = reporter.ns("synchronized_call/in-binary");
    const auto ratio = [](double value, double baseline) { return baseline > 0 ? value / baseline : 0.0; };
    std::printf("  %-10s %12s %8s %16s %8s   %s\n", "variant", "inline ns", "ratio", "synchronized ns", "ratio",
                "Eigen vectorises with");
    for (const MatmulVariantInfo &variant : supported) {
        const double inlineNs = reporter.ns("product_inline/" + variant.name);
        const double syncNs = reporter.ns("synchronized_call/" + variant.name);
        if (inlineNs > 0 || syncNs > 0)
            std::printf("  %-10s %12.1f %8.3f %16.1f %8.3f   %s\n", variant.name.c_str(), inlineNs,
                        ratio(inlineNs, baselineInline), syncNs, ratio(syncNs, baselineSync), variant.simd.c_str());
    }
    if (baselineInline > 0 || baselineSync > 0)
        std::printf("  %-10s %12.1f %8.3f %16.1f %8.3f   compiled into this binary with the build's flags\n",
                    "in-binary", baselineInline, 1.0, baselineSync, 1.0);
    std::printf("  (ratio: against in-binary, measured in this run; %s)\n",
                build == std::string_view("native (-march=native)")
                    ? "in this native build, the best variant's ratio is the price of the portable package"
                    : "in this portable build, in-binary is baseline x86-64 code");
    benchmark::Shutdown();
    return 0;
}
