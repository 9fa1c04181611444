// The core's figures in one run: the product inline, the same product as one synchronized stream
// call (adaptive and park), dispatch only, and parse + validate of the recorded artifact; then the
// ratios, computed from this very run (docs/performance.md says what they mean and how to rerun).

#include "core/lesson/lessonartifacts.h"
#include "collectingreporter.h"
#include "core/timing/devicestream.h"
#include "core/timing/matmulkernel.h"
#include "core/timing/monotonicclock.h"
#include "producttiming.h"

#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

using namespace lessonscope;

namespace {

// performance-01's default shape: 64×32 · 32×16 float32, 2·m·k·n = 65,536 FLOP.
constexpr int kM = 64;
constexpr int kK = 32;
constexpr int kN = 16;
// The single-core floor on the reference machine: 65,536 FLOP at 2 AVX-512 FMA per cycle
// (64 float FLOP per cycle) is 1,024 cycles, about 310 ns at its ~3.3 GHz.
constexpr double kFloorNs = 310.0;
// Repetitions are interleaved in random order (Google Benchmark's random interleaving), so that a
// drift of the machine over the run (a noisy neighbour, the clock frequency) spreads over every
// benchmark instead of landing on one, and the ratios compare like with like.
constexpr int kRepetitions = 10;

MatmulKernel makeKernel()
{
    return MatmulKernel(MatmulKernel::Dtype::Float32, kM, kK, kN, 0);
}

void productInline(benchmark::State &state)
{
    MatmulKernel kernel = makeKernel();
    timeInline(state, kernel);
}

void synchronizedCall(benchmark::State &state, WaitStrategy strategy)
{
    MatmulKernel kernel = makeKernel();
    timeSynchronized(state, kernel, StreamOptions{strategy});
}

// The stream's own cost: a round trip with nothing to do.
void emptyCall(benchmark::State &state)
{
    DeviceStream stream;
    for (auto _ : state)
        stream.dispatch([] {}).wait();
    state.SetLabel(waitStrategyName(stream.effectiveStrategy()));
}

// What a timer stopped right after dispatch reads. Manual time: only dispatch() is timed, and the
// wait outside it keeps the stream from filling up.
void dispatchOnly(benchmark::State &state)
{
    MatmulKernel kernel = makeKernel();
    DeviceStream stream;
    stream.dispatch([&kernel] { kernel.multiply(); }).wait();
    for (auto _ : state) {
        const std::int64_t begin = MonotonicClock::nowNs();
        CallHandle call = stream.dispatch([&kernel] { kernel.multiply(); });
        const std::int64_t end = MonotonicClock::nowNs();
        call.wait();
        state.SetIterationTime(static_cast<double>(end - begin) / 1e9);
    }
}

// The hardware's floor for any hand-off between two cores: one cache line to the other core and
// one back, both threads spinning (no clock reads, no work, no queue).
void coreToCoreRoundTrip(benchmark::State &state)
{
    struct alignas(64) Line {
        std::atomic<std::uint64_t> value{0};
    };
    Line ping, pong;
    std::atomic<bool> stop{false};
    std::thread echo([&] {
        std::uint64_t seen = 0;
        while (!stop.load(std::memory_order_relaxed)) {
            const std::uint64_t v = ping.value.load(std::memory_order_acquire);
            if (v != seen) {
                seen = v;
                pong.value.store(v, std::memory_order_release);
            }
        }
    });
    std::uint64_t i = 0;
    for (auto _ : state) {
        ping.value.store(++i, std::memory_order_release);
        while (pong.value.load(std::memory_order_acquire) != i) {
        }
    }
    stop = true;
    echo.join();
}

void parseAndValidateSeed(benchmark::State &state)
{
    std::ifstream file(LESSONSCOPE_TEST_DATA "/seed-performance-01.json", std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (bytes.empty() || !readArtifact(bytes).ok()) {
        state.SkipWithError("the recorded artifact is missing or invalid");
        return;
    }
    for (auto _ : state) {
        ReadResult result = readArtifact(bytes);
        benchmark::DoNotOptimize(result);
    }
}

void registerAll()
{
    auto common = [](benchmark::internal::Benchmark *b) {
        b->Unit(benchmark::kNanosecond)->Repetitions(kRepetitions)->ReportAggregatesOnly(true);
    };
    common(benchmark::RegisterBenchmark("product_inline", productInline)->UseRealTime());
    common(benchmark::RegisterBenchmark("synchronized_call_adaptive", synchronizedCall,
                                        WaitStrategy::Adaptive)->UseRealTime());
    common(benchmark::RegisterBenchmark("synchronized_call_park", synchronizedCall,
                                        WaitStrategy::Park)->UseRealTime());
    common(benchmark::RegisterBenchmark("empty_call_adaptive", emptyCall)->UseRealTime());
    common(benchmark::RegisterBenchmark("dispatch_only", dispatchOnly)->UseManualTime());
    common(benchmark::RegisterBenchmark("core_to_core_round_trip", coreToCoreRoundTrip)->UseRealTime());
    common(benchmark::RegisterBenchmark("parse_validate_seed", parseAndValidateSeed)->UseRealTime());
}

void printRatio(const char *what, double numerator, double denominator, const char *goal)
{
    if (numerator <= 0 || denominator <= 0)
        std::printf("  %-40s n/a (not measured in this run)\n", what);
    else
        std::printf("  %-40s %6.2f x  %s\n", what, numerator / denominator, goal);
}

} // namespace

int main(int argc, char **argv)
{
    registerAll();
    if (!initializeWithFigureDefaults(argc, argv))
        return 1;
    CollectingReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);

    const double inlineNs = reporter.ns("product_inline");
    std::printf("\nFigures (median real time of %d repetitions; usable cores %d, adaptive resolves "
                "to %s)\n",
                kRepetitions, DeviceStream::usableCores(),
                waitStrategyName(DeviceStream().effectiveStrategy()));
    for (const char *name : {"product_inline", "synchronized_call_adaptive", "synchronized_call_park",
                             "empty_call_adaptive", "dispatch_only", "core_to_core_round_trip",
                             "parse_validate_seed"}) {
        const double value = reporter.ns(name);
        if (value > 0)
            std::printf("  %-40s %10.1f ns\n", name, value);
    }
    std::printf("Ratios\n");
    printRatio("synchronized (adaptive) / inline", reporter.ns("synchronized_call_adaptive"), inlineNs,
               "(goal <= 1.6)");
    printRatio("synchronized (park) / inline", reporter.ns("synchronized_call_park"), inlineNs, "");
    printRatio("dispatch only / inline", reporter.ns("dispatch_only"), inlineNs, "");
    printRatio("inline / floor (310 ns, AVX-512 FMA)", inlineNs, kFloorNs, "(goal <= 2)");
    benchmark::Shutdown();
    return 0;
}
