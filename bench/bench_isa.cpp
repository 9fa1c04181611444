// The product on each instruction-set variant this CPU runs (issue 5): inline, and as one
// synchronized stream call, as bench_core times them for the default variant. Run it in the native
// build and in the portable one (the "package" preset) to compare them; docs/performance.md
// ("Portable package") has the figures and how to reproduce them.

#include "devicestream.h"
#include "matmulkernel.h"
#include "matmulvariants.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

using namespace lessonscope;

namespace {

// performance-01's default shape, as bench_core.
constexpr int kM = 64;
constexpr int kK = 32;
constexpr int kN = 16;
constexpr int kRepetitions = 5;

void productInline(benchmark::State &state, const std::string &isa)
{
    MatmulKernel kernel(MatmulKernel::Dtype::Float32, kM, kK, kN, 0, isa);
    kernel.multiply(); // first use (the output's allocation) outside the loop, as warm calls are
    for (auto _ : state) {
        kernel.multiply();
        benchmark::ClobberMemory();
    }
}

void synchronizedCall(benchmark::State &state, const std::string &isa)
{
    MatmulKernel kernel(MatmulKernel::Dtype::Float32, kM, kK, kN, 0, isa);
    DeviceStream stream;
    stream.dispatch([&kernel] { kernel.multiply(); }).wait();
    for (auto _ : state) {
        CallHandle call = stream.dispatch([&kernel] { kernel.multiply(); });
        call.wait();
    }
    state.SetLabel(waitStrategyName(stream.effectiveStrategy()));
}

// Console output as usual, and each benchmark's median real time kept for the summary.
class CollectingReporter final : public benchmark::ConsoleReporter
{
public:
    CollectingReporter()
        : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_ColorTabular : OO_Tabular)
    {
    }

    void ReportRuns(const std::vector<Run> &runs) override
    {
        for (const Run &run : runs) {
            const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
            const bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
            if ((median || single) && !run.error_occurred)
                m_nanoseconds[run.run_name.function_name] = run.GetAdjustedRealTime();
        }
        ConsoleReporter::ReportRuns(runs);
    }

    double ns(const std::string &name) const
    {
        const auto it = m_nanoseconds.find(name);
        return it == m_nanoseconds.end() ? 0.0 : it->second;
    }

private:
    std::map<std::string, double> m_nanoseconds;
};

} // namespace

int main(int argc, char **argv)
{
    std::vector<MatmulVariantInfo> supported;
    for (const MatmulVariantInfo &variant : matmulVariants()) {
        if (variant.supported)
            supported.push_back(variant);
    }
    for (const MatmulVariantInfo &variant : supported) {
        for (const auto &[name, function] : {std::pair{"product_inline/", &productInline},
                                             std::pair{"synchronized_call/", &synchronizedCall}}) {
            benchmark::RegisterBenchmark((name + variant.name).c_str(), function, variant.name)
                ->Unit(benchmark::kNanosecond)
                ->Repetitions(kRepetitions)
                ->ReportAggregatesOnly(true)
                ->UseRealTime();
        }
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
    std::printf("\nFigures, %s build (median real time of %d repetitions; default variant %s)\n",
                build, kRepetitions, defaultMatmulIsa().c_str());
    std::printf("  %-10s %14s %18s   %s\n", "variant", "inline ns", "synchronized ns", "Eigen vectorises with");
    for (const MatmulVariantInfo &variant : supported) {
        const double inlineNs = reporter.ns("product_inline/" + variant.name);
        const double syncNs = reporter.ns("synchronized_call/" + variant.name);
        if (inlineNs > 0 || syncNs > 0)
            std::printf("  %-10s %14.1f %18.1f   %s\n", variant.name.c_str(), inlineNs, syncNs,
                        variant.simd.c_str());
    }
    benchmark::Shutdown();
    return 0;
}
