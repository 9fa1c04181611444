// The check every lesson runs after its clock stops: max_abs_error against a higher-precision
// reference (core/timing/productreference). Beside it, in the same run, the long-double loop it
// replaced, as the baseline: performance-03's largest size, 1024×1024 · 1024×1024, spent ~4 s of a
// 4.9 s run in it while the window said "making the artifact…". Prints the ratio.

#include "collectingreporter.h"
#include "core/timing/productreference.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <tuple>
#include <vector>

using namespace lessonscope;

namespace {

struct Operands {
    explicit Operands(int size) : n(size), x(std::size_t(n) * n), w(x.size()), out(x.size())
    {
        std::mt19937 generator(1);
        std::uniform_real_distribution<float> uniform(-1, 1);
        for (std::size_t i = 0; i < x.size(); ++i) {
            x[i] = uniform(generator);
            w[i] = uniform(generator);
            out[i] = uniform(generator); // any output: the check's cost does not depend on it
        }
    }
    int n;
    std::vector<float> x, w, out;
};

// The replaced loop (core/timing/placement.cpp before): column by column, in long double.
double longDoubleReference(const Operands &o)
{
    const std::int64_t n = o.n;
    std::vector<long double> reference(static_cast<std::size_t>(n));
    long double worst = 0;
    for (std::int64_t col = 0; col < n; ++col) {
        std::fill(reference.begin(), reference.end(), 0.0L);
        for (std::int64_t p = 0; p < n; ++p) {
            const long double w = o.w[static_cast<std::size_t>(col * n + p)];
            const float *x = o.x.data() + p * n;
            for (std::int64_t row = 0; row < n; ++row)
                reference[static_cast<std::size_t>(row)] += static_cast<long double>(x[row]) * w;
        }
        const float *result = o.out.data() + col * n;
        for (std::int64_t row = 0; row < n; ++row)
            worst = std::max(
                worst, std::fabs(static_cast<long double>(result[row]) - reference[static_cast<std::size_t>(row)]));
    }
    return static_cast<double>(worst);
}

void longDouble(benchmark::State &state, int size)
{
    const Operands operands(size);
    for (auto _ : state)
        benchmark::DoNotOptimize(longDoubleReference(operands));
}

void doubleDouble(benchmark::State &state, int size)
{
    const Operands o(size);
    for (auto _ : state)
        benchmark::DoNotOptimize(maxAbsErrorOfProduct(o.x.data(), o.w.data(), o.out.data(), o.n, o.n, o.n));
}

} // namespace

int main(int argc, char **argv)
{
    for (const auto &[size, longName, doubleName] : {std::tuple{256, "long_double_256", "double_double_256"},
                                                     std::tuple{1024, "long_double_1024", "double_double_1024"}}) {
        benchmark::RegisterBenchmark(longName, longDouble, size)->Unit(benchmark::kMillisecond)->UseRealTime();
        benchmark::RegisterBenchmark(doubleName, doubleDouble, size)->Unit(benchmark::kMillisecond)->UseRealTime();
    }
    benchmark::Initialize(&argc, argv);
    CollectingReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    std::printf("\nRatios (long double ÷ double-double, the same check in the same run)\n");
    for (const char *size : {"256", "1024"}) {
        const double baseline = reporter.ns(std::string("long_double_") + size);
        const double now = reporter.ns(std::string("double_double_") + size);
        if (baseline > 0 && now > 0)
            std::printf("  %s×%s: %.1f ms → %.1f ms, %.1f× faster\n", size, size, baseline, now, baseline / now);
    }
    benchmark::Shutdown();
    return 0;
}
