// The core's figures in one run: the product inline, the same product as one synchronized stream
// call (adaptive and park), dispatch only, and parse + validate of the recorded artifact; the
// stream with host and worker held on one CPU, as designed and as the design that spun blindly;
// the call beside busy threads; the call with its evidence read between calls; then the ratios,
// computed from this very run (docs/performance.md says what they mean and how to rerun).

#include "core/lesson/lessonartifacts.h"
#include "collectingreporter.h"
#include "core/timing/callevidence.h"
#include "core/timing/devicestream.h"
#include "core/timing/matmulkernel.h"
#include "core/timing/monotonicclock.h"
#include "producttiming.h"

#include <benchmark/benchmark.h>

#include <pthread.h>
#include <sched.h>

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

MatmulKernel makeKernel() { return MatmulKernel(MatmulKernel::Dtype::Float32, kM, kK, kN, 0); }

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

// performance-06's claim, as a figure: 64 calls dispatched back to back and one wait for the
// last, per call. Kept busy, the device works while the host dispatches, so a call costs less
// than a synchronized call alone (the tests check why from the trace, never with a clock).
void sixtyFourInFlight(benchmark::State &state)
{
    MatmulKernel kernel = makeKernel();
    DeviceStream stream;
    std::vector<CallHandle> handles;
    handles.reserve(64);
    for (auto _ : state) {
        handles.clear();
        for (int i = 0; i < 64; ++i)
            handles.push_back(stream.dispatch([&kernel] { kernel.multiply(); }));
        handles.back().wait();
    }
    state.SetItemsProcessed(state.iterations() * 64);
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
        while (pong.value.load(std::memory_order_acquire) != i) { }
    }
    stop = true;
    echo.join();
}

// The calling thread and the stream's worker held on the calling thread's CPU while the process
// may use two: the co-location the kernel often leaves a new thread in (docs/performance.md,
// "Measuring truly"). watchPartner and keepWorkerOffHostCpu off is the design that spun blindly.
void sharedCpuCall(benchmark::State &state, bool asDesigned)
{
    if (DeviceStream::usableCores() < 2) {
        state.SkipWithError("needs two usable CPUs");
        return;
    }
    cpu_set_t before;
    CPU_ZERO(&before);
    pthread_getaffinity_np(pthread_self(), sizeof before, &before);
    const int cpu = sched_getcpu();
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    StreamOptions options{WaitStrategy::SpinThenPark};
    options.watchPartner = asDesigned;
    options.keepWorkerOffHostCpu = asDesigned;
    {
        MatmulKernel kernel = makeKernel();
        DeviceStream stream(options);
        // Pinned after the stream started: the stream leaves an affinity it did not set alone.
        sched_setaffinity(static_cast<pid_t>(stream.workerThreadId()), sizeof one, &one);
        pthread_setaffinity_np(pthread_self(), sizeof one, &one);
        stream.dispatch([&kernel] { kernel.multiply(); }).wait();
        for (auto _ : state)
            stream.dispatch([&kernel] { kernel.multiply(); }).wait();
    }
    pthread_setaffinity_np(pthread_self(), sizeof before, &before);
}

// The synchronized call beside `busy` threads that never sleep, each on its own (the learner's
// build, browser or virtual machine).
void callBesideBusyThreads(benchmark::State &state, int busyThreads)
{
    std::atomic<bool> stop{false};
    std::vector<std::thread> busy;
    for (int i = 0; i < busyThreads; ++i) {
        busy.emplace_back([&stop] {
            while (!stop.load(std::memory_order_relaxed)) { }
        });
    }
    {
        MatmulKernel kernel = makeKernel();
        timeSynchronized(state, kernel);
    }
    stop = true;
    for (std::thread &thread : busy)
        thread.join();
}

// The synchronized call with the per-call evidence read between calls, as the lessons time them:
// the mark after a call is the next call's start (EvidenceRecorder::next). Only the calls are
// timed (manual time): the question is whether the reading makes the calls slower.
void callWithEvidence(benchmark::State &state, bool withEvidence)
{
    MatmulKernel kernel = makeKernel();
    DeviceStream stream;
    std::vector<ThreadCounterReader> worker;
    worker.push_back(stream.workerCounters());
    const EvidenceRecorder recorder(std::move(worker));
    EvidenceRecorder::Mark mark = recorder.mark();
    stream.dispatch([&kernel] { kernel.multiply(); }).wait();
    for (auto _ : state) {
        const std::int64_t begin = MonotonicClock::nowNs();
        stream.dispatch([&kernel] { kernel.multiply(); }).wait();
        const std::int64_t end = MonotonicClock::nowNs();
        if (withEvidence)
            benchmark::DoNotOptimize(recorder.next(mark));
        state.SetIterationTime(static_cast<double>(end - begin) / 1e9);
    }
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
    common(benchmark::RegisterBenchmark("synchronized_call_adaptive", synchronizedCall, WaitStrategy::Adaptive)
               ->UseRealTime());
    common(benchmark::RegisterBenchmark("synchronized_call_park", synchronizedCall, WaitStrategy::Park)->UseRealTime());
    common(benchmark::RegisterBenchmark("empty_call_adaptive", emptyCall)->UseRealTime());
    common(benchmark::RegisterBenchmark("dispatch_only", dispatchOnly)->UseManualTime());
    common(benchmark::RegisterBenchmark("core_to_core_round_trip", coreToCoreRoundTrip)->UseRealTime());
    common(benchmark::RegisterBenchmark("parse_validate_seed", parseAndValidateSeed)->UseRealTime());
    common(benchmark::RegisterBenchmark("shared_cpu_call", sharedCpuCall, true)->UseRealTime());
    // Each call of the blind design costs the spin budgets (2.2 ms): a few hundred are enough.
    common(benchmark::RegisterBenchmark("shared_cpu_call_blind_spin", sharedCpuCall, false)
               ->UseRealTime()
               ->Iterations(200));
    common(benchmark::RegisterBenchmark("call_beside_1_busy", callBesideBusyThreads, 1)->UseRealTime());
    common(benchmark::RegisterBenchmark("call_beside_2_busy", callBesideBusyThreads, 2)->UseRealTime());
    common(benchmark::RegisterBenchmark("in_flight_64_per_burst", sixtyFourInFlight)->UseRealTime());
    common(benchmark::RegisterBenchmark("call_evidence_off", callWithEvidence, false)->UseManualTime());
    common(benchmark::RegisterBenchmark("call_evidence_on", callWithEvidence, true)->UseManualTime());
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
                kRepetitions, DeviceStream::usableCores(), waitStrategyName(DeviceStream().effectiveStrategy()));
    for (const char *name : {"product_inline", "synchronized_call_adaptive", "synchronized_call_park",
                             "empty_call_adaptive", "dispatch_only", "core_to_core_round_trip", "parse_validate_seed",
                             "shared_cpu_call", "shared_cpu_call_blind_spin", "call_beside_1_busy",
                             "call_beside_2_busy", "in_flight_64_per_burst", "call_evidence_off", "call_evidence_on"}) {
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
    printRatio("one CPU: blind spin / as designed", reporter.ns("shared_cpu_call_blind_spin"),
               reporter.ns("shared_cpu_call"), "(the spin budgets the design no longer pays)");
    printRatio("beside 1 busy thread / quiet", reporter.ns("call_beside_1_busy"),
               reporter.ns("synchronized_call_adaptive"), "(means: interrupted calls included)");
    printRatio("beside 2 busy threads / quiet", reporter.ns("call_beside_2_busy"),
               reporter.ns("synchronized_call_adaptive"), "");
    printRatio("synchronized call / call of 64 in flight", reporter.ns("synchronized_call_adaptive"),
               reporter.ns("in_flight_64_per_burst") / 64, "(performance-06: above 1, latency is not throughput)");
    printRatio("evidence read between calls / not", reporter.ns("call_evidence_on"), reporter.ns("call_evidence_off"),
               "(goal <= 1.1: reading it does not slow the calls)");
    benchmark::Shutdown();
    return 0;
}
