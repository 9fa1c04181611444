#include "core/lessons/performance-08/performance08experiment.h"
#include "core/lessons/performance-08/performance08device.h"
#include "core/lessons/shared/productkeys.h"

#include "core/timing/monotonicclock.h"
#include "core/timing/statistics.h"

#include <Eigen/Core>

#include <cmath>
#include <fstream>
#include <string>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace lessonscope::performance08 {

namespace {

// The short operation: one output element of the course's product, a 32-term float32 dot product.
constexpr int kTerms = 32;
using Vector = Eigen::Matrix<float, kTerms, 1>;

struct DotOperation {
    Vector a = Vector::LinSpaced(1.0F / kTerms, 1.0F);
    Vector b = Vector::LinSpaced(1.0F, 0.5F);

    // The inputs are read anew and the result is kept every time: the compiler may neither hoist
    // the operation out of a batch nor drop it (what benchmark::DoNotOptimize does).
    float once()
    {
        const float *inputs = a.data();
        asm volatile("" : "+r"(inputs) : : "memory");
        float result = Eigen::Map<const Vector>(inputs).dot(b);
        asm volatile("" : "+m,r"(result) : : "memory");
        return result;
    }
    double reference() const
    {
        double sum = 0;
        for (int i = 0; i < kTerms; ++i)
            sum += static_cast<double>(a[i]) * static_cast<double>(b[i]);
        return sum;
    }
};

// Linux calls the TSC reliable when it ticks at one rate in every power state (constant_tsc) and
// does not stop in deep sleep (nonstop_tsc); then a read of it is a clock.
bool tscIsInvariant()
{
#if defined(__x86_64__) || defined(__i386__)
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.rfind("flags", 0) == 0)
            return line.find(" constant_tsc") != std::string::npos && line.find(" nonstop_tsc") != std::string::npos;
    }
#endif
    return false;
}

double tscBlockSeconds()
{
#if defined(__x86_64__) || defined(__i386__)
    const std::int64_t begin = MonotonicClock::nowNs();
    for (int i = 0; i < kReadsPerBlock; ++i) {
        unsigned long long ticks = __rdtsc();
        asm volatile("" : "+r"(ticks));
    }
    return static_cast<double>(MonotonicClock::nowNs() - begin) * 1e-9;
#else
    return 0;
#endif
}

} // namespace

DotInputs dotInputs()
{
    const DotOperation operation;
    return {std::vector<float>(operation.a.data(), operation.a.data() + kTerms),
            std::vector<float>(operation.b.data(), operation.b.data() + kTerms), operation.reference()};
}

void measureClockCost(int blocks, int round, ClockCost &cost, const RunObserver &observer)
{
    timespec resolution{};
    clock_getres(CLOCK_MONOTONIC, &resolution);
    cost.reportedResolutionSeconds
        = static_cast<double>(resolution.tv_sec) + static_cast<double>(resolution.tv_nsec) * 1e-9;
    const bool tsc = tscIsInvariant();
    const EvidenceRecorder recorder;
    EvidenceRecorder::Mark mark = recorder.mark();
    for (int block = 0; block < blocks && !observer.isCancelled(); ++block) {
        const std::int64_t first = MonotonicClock::nowNs();
        std::int64_t previous = first;
        for (int i = 0; i < kReadsPerBlock; ++i) {
            const std::int64_t now = MonotonicClock::nowNs();
            // nanobench's measure of a clock's resolution: no reading resolves less than this.
            if (now > previous && (cost.smallestStepNs == 0 || now - previous < cost.smallestStepNs))
                cost.smallestStepNs = now - previous;
            previous = now;
        }
        const double seconds = static_cast<double>(previous - first) * 1e-9;
        cost.perRead.add(seconds / kReadsPerBlock, recorder.next(mark), round);
        if (tsc)
            cost.tscReads.add(tscBlockSeconds() / kReadsPerBlock, recorder.next(mark), round);
    }
    if (cost.tscReads.cleanCount() > 0)
        cost.tscReadSeconds = median(cost.tscReads.clean());
}

void measureBatches(int readings, int round, LessonRun &run, RunObserver &observer, BatchReadings &batches)
{
    DotOperation operation;
    float result = 0;
    const EvidenceRecorder recorder;
    EvidenceRecorder::Mark mark = recorder.mark();
    const int total
        = static_cast<int>(integerParameter(run.parameters, param::kSamples)) * static_cast<int>(kBatchSizes.size());
    for (int reading = 0; reading < readings && !run.cancelled; ++reading) {
        for (std::size_t b = 0; b < kBatchSizes.size(); ++b) {
            // The reading: two clock reads around the batch, nothing else between them.
            const std::int64_t begin = MonotonicClock::nowNs();
            for (std::int64_t i = 0; i < kBatchSizes[b]; ++i)
                result = operation.once();
            const std::int64_t end = MonotonicClock::nowNs();
            const CallEvidence evidence = recorder.next(mark);
            batches.readings[b].add(static_cast<double>(end - begin) * 1e-9, evidence, round);
            if (run.calls.empty())
                run.startedAtNs = begin;
            // No device: the trace's reading runs from the first clock read to the second.
            const CallTimestamps t{begin, begin, begin, end, end};
            run.calls.push_back(MeasuredCall::of(t.since(run.startedAtNs), evidence, round));
            observer.callMeasured(static_cast<int>(run.calls.size()) - 1, run.calls.back());
            observer.progress(static_cast<int>(run.calls.size()), total);
            if (observer.isCancelled()) {
                run.cancelled = true;
                break;
            }
        }
    }
    batches.maxAbsError = std::fabs(static_cast<double>(result) - operation.reference());
}

} // namespace lessonscope::performance08
