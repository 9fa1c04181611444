// The Google Benchmark program whose output files are lessonscope's Google Benchmark fixtures
// (tests/data/peers/README.md says how each file was made). Built by hand against Debian's
// libbenchmark-dev 1.7.1:
//   g++ -O2 -std=c++17 gbench_fixtures.cpp -lbenchmark -lpthread -o gbench_fixtures
// Each benchmark shows one thing a results file can hold: a family over its argument with its
// complexity fitted (BigO and RMS rows), bytes and items per second, rate and plain user
// counters, a thread count, a time unit of its own, and an error row.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

std::vector<std::uint32_t> shuffled(std::size_t n)
{
    std::vector<std::uint32_t> values(n);
    std::iota(values.begin(), values.end(), 0u);
    std::mt19937 random(42);
    std::shuffle(values.begin(), values.end(), random);
    return values;
}

// Sorting n integers: a family over n, fitted to n log n.
void BM_Sort(benchmark::State &state)
{
    const auto n = static_cast<std::size_t>(state.range(0));
    const std::vector<std::uint32_t> input = shuffled(n);
    for (auto _ : state) {
        std::vector<std::uint32_t> values = input;
        std::sort(values.begin(), values.end());
        benchmark::DoNotOptimize(values.data());
        benchmark::ClobberMemory();
    }
    state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_Sort)->RangeMultiplier(4)->Range(64, 64 << 10)->Complexity(benchmark::oNLogN);

// Copying a buffer: bytes per second, in microseconds.
void BM_Copy(benchmark::State &state)
{
    const auto bytes = static_cast<std::size_t>(state.range(0));
    std::vector<char> from(bytes, 'x');
    std::vector<char> to(bytes);
    for (auto _ : state) {
        std::memcpy(to.data(), from.data(), bytes);
        benchmark::DoNotOptimize(to.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
}
BENCHMARK(BM_Copy)->Arg(4 << 10)->Arg(256 << 10)->Unit(benchmark::kMicrosecond);

// Summing: items per second, a rate counter and a plain one.
void BM_Sum(benchmark::State &state)
{
    const std::vector<std::uint32_t> input = shuffled(4096);
    std::uint64_t total = 0;
    for (auto _ : state) {
        total = std::accumulate(input.begin(), input.end(), std::uint64_t{0});
        benchmark::DoNotOptimize(total);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 4096);
    state.counters["elements_rate"]
        = benchmark::Counter(static_cast<double>(state.iterations()) * 4096, benchmark::Counter::kIsRate);
    state.counters["checksum_mod_1000"] = static_cast<double>(total % 1000);
}
BENCHMARK(BM_Sum);

// The same sum on one and on two threads.
void BM_SumThreads(benchmark::State &state)
{
    const std::vector<std::uint32_t> input = shuffled(4096);
    for (auto _ : state) {
        std::uint64_t total = std::accumulate(input.begin(), input.end(), std::uint64_t{0});
        benchmark::DoNotOptimize(total);
    }
}
BENCHMARK(BM_SumThreads)->Threads(1)->Threads(2);

// A benchmark that cannot run: its row says so (error_occurred, error_message).
void BM_OpenInput(benchmark::State &state)
{
    for (auto _ : state) {
        state.SkipWithError("the input file could not be opened");
        break;
    }
}
BENCHMARK(BM_OpenInput);

// A run that dies half-way: the file it was writing is cut short (only with --abort).
bool g_abort = false;
void BM_Aborts(benchmark::State &state)
{
    if (g_abort)
        std::abort();
    for (auto _ : state)
        benchmark::DoNotOptimize(state.iterations());
}
BENCHMARK(BM_Aborts);

} // namespace

int main(int argc, char **argv)
{
    std::vector<char *> arguments;
    for (int i = 0; i < argc; ++i) {
        if (std::string(argv[i]) == "--abort")
            g_abort = true;
        else
            arguments.push_back(argv[i]);
    }
    int count = static_cast<int>(arguments.size());
    benchmark::Initialize(&count, arguments.data());
    if (benchmark::ReportUnrecognizedArguments(count, arguments.data()))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
