#include "core/timing/referencework.h"

#include "core/timing/cpulevel.h"
#include "core/timing/matmulkernel.h"
#include "core/timing/matmulvariants.h"
#include "core/timing/monotonicclock.h"
#include "core/timing/spinwait.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <numeric>
#include <optional>
#include <thread>
#include <vector>

#include <sched.h>

namespace lessonscope {

namespace {

// Each step needs the one before (a 64-bit linear congruential step: a multiply and an add), so
// the chain runs at the core's latency, whatever it may reorder.
std::uint64_t chain(std::uint64_t x)
{
    for (int i = 0; i < kReferenceLoopSteps; ++i)
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return x;
}

// The course's product itself (64×32 · 32×16, float32) in the variant a run takes when none is
// asked for, whatever the run asks for: the same code in every run, so that it moves with the
// machine alone. Made once per thread, its first call (a first use) untimed.
MatmulKernel &referenceProduct()
{
    static thread_local const std::unique_ptr<MatmulKernel> kernel = [] {
        auto made = std::make_unique<MatmulKernel>(MatmulKernel::Dtype::Float32, kReferenceProductRows,
                                                   kReferenceProductDepth, kReferenceProductColumns, 20'260'101,
                                                   unaskedMatmulIsa(x86Level()));
        made->multiply();
        return made;
    }();
    return *kernel;
}

// The sweep's buffer: made and first touched once in the process, outside any timing; then only
// read, by one reading thread at a time.
const std::vector<std::uint64_t> &sweepBuffer()
{
    static const std::vector<std::uint64_t> buffer = [] {
        std::vector<std::uint64_t> words(kReferenceSweepBytes / sizeof(std::uint64_t));
        std::iota(words.begin(), words.end(), std::uint64_t{1});
        return words;
    }();
    return buffer;
}

// Four independent sums, so that the loads, not a chain of adds, set the pace.
std::uint64_t sweep(const std::vector<std::uint64_t> &words)
{
    std::uint64_t a = 0, b = 0, c = 0, d = 0;
    for (std::size_t i = 0; i + 4 <= words.size(); i += 4) {
        a += words[i];
        b += words[i + 1];
        c += words[i + 2];
        d += words[i + 3];
    }
    return a + b + c + d;
}

// The chain's seed comes through a volatile and its result leaves through one, so that the
// compiler can neither fold it into a constant nor drop it.
volatile std::uint64_t g_seed = 1;
volatile std::uint64_t g_sink = 0;

template<typename Work>
double medianTimingNs(Work work)
{
    std::array<std::int64_t, kReferenceTimings> timings{};
    for (std::int64_t &timing : timings) {
        const std::int64_t begin = MonotonicClock::nowNs();
        work();
        timing = MonotonicClock::nowNs() - begin;
    }
    std::nth_element(timings.begin(), timings.begin() + kReferenceTimings / 2, timings.end());
    return static_cast<double>(timings[kReferenceTimings / 2]);
}

} // namespace

namespace {

ReferenceReading readOnThisCpu()
{
    MatmulKernel &product = referenceProduct();
    ReferenceReading reading;
    reading.loopNs = medianTimingNs([] { g_sink = chain(g_seed); });
    reading.productNs = medianTimingNs([&product] {
        for (int i = 0; i < kReferenceProductsPerTiming; ++i)
            product.multiply();
    });
    const std::vector<std::uint64_t> &buffer = sweepBuffer();
    reading.sweepNs = medianTimingNs([&buffer] { g_sink = sweep(buffer); });
    return reading;
}

// Holds the calling thread on one CPU; false where it may not run there.
bool holdOn(int cpu)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    return sched_setaffinity(0, sizeof one, &one) == 0;
}

// One round trip of a cache line between two CPUs, in ns: a thread held on each; one writes the
// line's count and spins until the other has answered with the next, as the stream's dispatch and
// readiness cross. Spinning is safe, since each thread has a CPU of its own; a timing that other
// work's preemption lengthens is one the median leaves out. 0 when a thread could not be held on
// its CPU, or the answers stopped coming for kLinkPatienceNs: the first can take tens of
// milliseconds, where the answerer's virtual CPU was halted and the host machine is busy.
double readLink(int here, int there)
{
    constexpr std::int64_t kStop = -1;
    constexpr std::int64_t kLinkPatienceNs = 500'000'000;
    struct alignas(64) Line {
        std::atomic<std::int64_t> count{0}; // odd: the reader's, even: the answerer's; kStop: done
    };
    Line line;
    std::atomic<bool> answererHeld{true}; // read only while an answer is late
    std::thread answerer([there, &line, &answererHeld] {
        if (!holdOn(there)) {
            answererHeld = false;
            return;
        }
        for (std::int64_t answered = 0;;) {
            const std::int64_t seen = line.count.load(std::memory_order_acquire);
            if (seen == kStop)
                return;
            if (seen == answered + 1) {
                answered = seen + 1;
                line.count.store(answered, std::memory_order_release);
            } else {
                detail::cpuRelax();
            }
        }
    });
    double ns = 0;
    std::thread([here, &line, &answererHeld, &ns] {
        if (!holdOn(here))
            return;
        const std::int64_t giveUpAt = MonotonicClock::nowNs() + kLinkPatienceNs;
        std::int64_t sent = 0;
        bool answered = true;
        const auto roundTrips = [&] {
            for (int trip = 0; trip < kReferenceLinkRoundTrips && answered; ++trip) {
                sent += 2;
                line.count.store(sent - 1, std::memory_order_release);
                for (std::uint32_t spins = 1; line.count.load(std::memory_order_acquire) != sent; ++spins) {
                    detail::cpuRelax();
                    if (spins % 1024 == 0 && (!answererHeld || MonotonicClock::nowNs() > giveUpAt)) {
                        answered = false;
                        break;
                    }
                }
            }
        };
        roundTrips(); // the first trips bring the line and both threads to speed, untimed
        const double timing = medianTimingNs(roundTrips);
        if (answered)
            ns = timing / kReferenceLinkRoundTrips;
    }).join();
    line.count.store(kStop, std::memory_order_release);
    answerer.join();
    return ns;
}

} // namespace

ReferenceReading readReference()
{
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0 || CPU_COUNT(&allowed) <= 1)
        return readOnThisCpu();
    // A lesson's calls cross CPUs (the host dispatches on one, the device works on another), and
    // each virtual CPU has its own state: a run whose worker's CPU is slow is slow. So each CPU
    // the process may use is read by a thread held on it, and the slowest reading is the run's.
    ReferenceReading slowest;
    int read = 0;
    int first = -1; // the first CPU read: the link is read between it and the next
    for (int cpu = 0; cpu < CPU_SETSIZE && read < kMostReferenceCpus; ++cpu) {
        if (!CPU_ISSET(cpu, &allowed))
            continue;
        std::optional<ReferenceReading> reading;
        std::thread([cpu, &reading] {
            if (holdOn(cpu))
                reading = readOnThisCpu();
        }).join();
        if (!reading)
            continue;
        ++read;
        slowest.loopNs = std::max(slowest.loopNs, reading->loopNs);
        slowest.productNs = std::max(slowest.productNs, reading->productNs);
        slowest.sweepNs = std::max(slowest.sweepNs, reading->sweepNs);
        if (first < 0)
            first = cpu;
        else if (slowest.linkNs == 0)
            slowest.linkNs = readLink(first, cpu);
    }
    return read > 0 ? slowest : readOnThisCpu();
}

} // namespace lessonscope
