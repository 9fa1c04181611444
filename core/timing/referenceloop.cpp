#include "core/timing/referenceloop.h"

#include "core/timing/monotonicclock.h"

#include <algorithm>
#include <array>

namespace lessonscope {

namespace {

// Each step needs the one before (a 64-bit linear congruential step: a multiply and an add), so
// the chain runs at the core's latency, whatever it may reorder. The seed comes through a
// volatile so that the compiler cannot fold the chain into a constant.
std::uint64_t chain(std::uint64_t x)
{
    for (int i = 0; i < kReferenceLoopSteps; ++i)
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return x;
}

volatile std::uint64_t g_seed = 1;
volatile std::uint64_t g_sink = 0;

} // namespace

double readReferenceLoopNs()
{
    std::array<std::int64_t, kReferenceLoopTimings> timings{};
    for (std::int64_t &timing : timings) {
        const std::uint64_t seed = g_seed;
        const std::int64_t begin = MonotonicClock::nowNs();
        g_sink = chain(seed);
        timing = MonotonicClock::nowNs() - begin;
    }
    std::nth_element(timings.begin(), timings.begin() + kReferenceLoopTimings / 2, timings.end());
    return static_cast<double>(timings[kReferenceLoopTimings / 2]);
}

} // namespace lessonscope
