// The OpenCL backend's figures on this machine's first OpenCL device (PoCL here): a first use in
// fresh processes, PoCL's kernel cache cold and then holding the program; then warm calls timed by
// the host and by the device, one at a time and 64 in flight; and beside them, in the same run, the
// stream's synchronized call of the same product (docs/performance.md, "OpenCL").
//   bench_opencl [--benchmark_... flags]   the whole
//   bench_opencl --first-use               one first use, printed as one line (for the whole run)

#include "collectingreporter.h"
#include "core/opencl/deviceclock.h"
#include "core/opencl/openclfirstuse.h"
#include "core/opencl/openclproduct.h"
#include "core/opencl/openclsession.h"
#include "core/timing/matmulkernel.h"
#include "core/timing/monotonicclock.h"
#include "producttiming.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

using namespace lessonscope;

namespace {

constexpr int kM = 64, kK = 32, kN = 16;
constexpr int kRepetitions = 10;
constexpr int kInFlight = 64;
constexpr int kFirstUseRuns = 3;

std::unique_ptr<OpenClSession> g_session;
std::unique_ptr<OpenClProduct> g_product;

double ms(const TimedStep &step) { return static_cast<double>(step.ns()) / 1e6; }

int printFirstUse()
{
    const OpenClFirstUse use = measureOpenClFirstUse(0, MatmulKernel::Dtype::Float32, kM, kK, kN, 0);
    const double opening = static_cast<double>(use.queue.endNs - use.platform.beginNs) / 1e6;
    const double firstCall = static_cast<double>(use.firstCall.readyObservedNs - use.firstCall.enqueueBeginNs) / 1e6;
    const double compileOnDevice
        = static_cast<double>(use.firstCall.device.startNs - use.firstCall.device.submitNs) / 1e6;
    std::printf("%.3f %.3f %.3f %.3f %.3f %s %s\n", opening, ms(use.build), firstCall, compileOnDevice,
                static_cast<double>(use.endNs - use.beginNs) / 1e6, kernelCacheOutcomeName(use.programCache),
                kernelCacheOutcomeName(use.kernelBinaryCache));
    return 0;
}

// One child per first use, with PoCL's cache in `cache`; its line, or empty when it failed.
std::string firstUseInChild(const std::string &self, const std::string &cache)
{
    setenv("POCL_CACHE_DIR", cache.c_str(), 1);
    const std::string command = "'" + self + "' --first-use";
    FILE *child = popen(command.c_str(), "r");
    if (!child)
        return {};
    char line[512] = {};
    const bool read = std::fgets(line, sizeof line, child) != nullptr;
    const int status = pclose(child);
    return read && status == 0 ? std::string(line) : std::string();
}

std::string freshFolder()
{
    std::string pattern = (std::filesystem::temp_directory_path() / "lessonscope-pocl-XXXXXX").string();
    return mkdtemp(pattern.data()) ? pattern : std::string();
}

void printFirstUses(const std::string &self)
{
    std::printf("First use, each in a fresh process (ms): platform+context+queue, clBuildProgram, first "
                "enqueue+wait, its SUBMIT->START on the device, the whole; PoCL's cache (program, kernel binary)\n");
    std::vector<std::string> folders;
    for (int i = 0; i < kFirstUseRuns; ++i) {
        folders.push_back(freshFolder());
        std::printf("  cold   %s", firstUseInChild(self, folders.back()).c_str());
    }
    for (int i = 0; i < kFirstUseRuns; ++i)
        std::printf("  cached %s", firstUseInChild(self, folders.front()).c_str());
    unsetenv("POCL_CACHE_DIR");
    for (const std::string &folder : folders)
        std::filesystem::remove_all(folder);
}

// Warm: one call, enqueue + clFinish, timed by the host.
void enqueueFinish(benchmark::State &state)
{
    for (auto _ : state) {
        OpenClCommand call = g_product->enqueue();
        g_session->finish();
    }
}

// What a dispatch-only timer reads: clEnqueueNDRangeKernel alone; the finish is outside it.
void enqueueOnly(benchmark::State &state)
{
    for (auto _ : state) {
        OpenClCommand call = g_product->enqueue();
        state.SetIterationTime(static_cast<double>(call.enqueueEndNs() - call.enqueueBeginNs()) / 1e9);
        g_session->finish();
    }
}

// The device's own view of each call: START->END, or QUEUED->START.
void deviceSpan(benchmark::State &state, bool work)
{
    for (auto _ : state) {
        OpenClCommand call = g_product->enqueue();
        g_session->finish();
        const OpenClDeviceTimes t = call.deviceTimes();
        state.SetIterationTime(static_cast<double>(work ? t.endNs - t.startNs : t.startNs - t.queuedNs) / 1e9);
    }
}

// 64 calls in flight with one clFinish, per call.
void inFlight(benchmark::State &state)
{
    std::vector<OpenClCommand> calls(kInFlight);
    for (auto _ : state) {
        const std::int64_t begin = MonotonicClock::nowNs();
        for (OpenClCommand &call : calls)
            call = g_product->enqueue();
        const std::int64_t end = g_session->finish();
        state.SetIterationTime(static_cast<double>(end - begin) / kInFlight / 1e9);
    }
}

void streamCall(benchmark::State &state)
{
    MatmulKernel kernel(MatmulKernel::Dtype::Float32, kM, kK, kN, 0);
    timeSynchronized(state, kernel);
}

void registerAll()
{
    auto common = [](benchmark::internal::Benchmark *b) {
        b->Unit(benchmark::kMicrosecond)->Repetitions(kRepetitions)->ReportAggregatesOnly(true);
    };
    common(benchmark::RegisterBenchmark("opencl_enqueue_finish", enqueueFinish)->UseRealTime());
    common(benchmark::RegisterBenchmark("opencl_enqueue_only", enqueueOnly)->UseManualTime());
    common(benchmark::RegisterBenchmark("opencl_device_start_to_end", deviceSpan, true)->UseManualTime());
    common(benchmark::RegisterBenchmark("opencl_device_queued_to_start", deviceSpan, false)->UseManualTime());
    common(benchmark::RegisterBenchmark("opencl_64_in_flight_per_call", inFlight)->UseManualTime());
    common(benchmark::RegisterBenchmark("stream_synchronized_call", streamCall)->UseRealTime());
}

void printRatio(const char *what, double numerator, double denominator)
{
    if (numerator <= 0 || denominator <= 0)
        std::printf("  %-52s n/a (not measured in this run)\n", what);
    else
        std::printf("  %-52s %8.2f x\n", what, numerator / denominator);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 2 && std::strcmp(argv[1], "--first-use") == 0)
        return printFirstUse();
    if (listOpenClDevices().devices.empty()) {
        std::printf("no OpenCL device: %s\n", listOpenClDevices().problem.c_str());
        return 1;
    }
    std::vector<char> self(4096);
    const ssize_t length = readlink("/proc/self/exe", self.data(), self.size() - 1);
    printFirstUses(length > 0 ? std::string(self.data(), static_cast<std::size_t>(length)) : std::string(argv[0]));

    g_session = std::make_unique<OpenClSession>(0);
    g_product = std::make_unique<OpenClProduct>(*g_session, MatmulKernel::Dtype::Float32, kM, kK, kN, 0);
    g_product->createKernel();
    g_product->allocate();
    g_product->place(true);
    g_product->enqueue().wait(); // the first call, apart
    const DeviceClockRelation clockBefore = calibrateDeviceClock(*g_session, 64);
    std::printf("\nWarm calls on %s (%s %s)\n", g_session->device().name.c_str(),
                g_session->device().platformName.c_str(), g_session->device().driverVersion.c_str());

    registerAll();
    if (!initializeWithFigureDefaults(argc, argv))
        return 1;
    CollectingReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);

    std::printf("\nFigures (median of %d repetitions, microseconds)\n", kRepetitions);
    for (const char *name :
         {"opencl_enqueue_finish", "opencl_enqueue_only", "opencl_device_start_to_end", "opencl_device_queued_to_start",
          "opencl_64_in_flight_per_call", "stream_synchronized_call"})
        std::printf("  %-52s %10.2f us\n", name, reporter.ns(name));
    std::printf("Ratios (same run)\n");
    printRatio("warm enqueue+finish / device START->END", reporter.ns("opencl_enqueue_finish"),
               reporter.ns("opencl_device_start_to_end"));
    printRatio("one call at a time / 64 in flight, per call", reporter.ns("opencl_enqueue_finish"),
               reporter.ns("opencl_64_in_flight_per_call"));
    printRatio("OpenCL warm call / the stream's synchronized call", reporter.ns("opencl_enqueue_finish"),
               reporter.ns("stream_synchronized_call"));
    const DeviceClockRelation clock = combined(clockBefore, calibrateDeviceClock(*g_session, 64));
    std::printf("The device's clock: %s (%s)\n", clockMethodName(clock.method),
                clock.established() ? clock.deviceClock.c_str() : clock.problem.c_str());
    if (clock.established()) {
        std::printf("  MonotonicClock - device %lld ns +- %lld ns; drift %.4f ppm over the run\n  %s\n",
                    static_cast<long long>(clock.lastOffsetNs), static_cast<long long>(clock.uncertaintyNs),
                    clock.driftPpm(), clock.evidence.c_str());
    }
    g_product.reset();
    g_session.reset();
    benchmark::Shutdown();
    return 0;
}
