#pragma once

// Private to core: the one waiting primitive of DeviceStream. Not installed, not part of the API.

#include "core/timing/monotonicclock.h"

#include <atomic>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#if defined(__linux__)
#include <sched.h>
#include <time.h>
#endif

namespace lessonscope::detail {

// Tells the core we are spinning: on x86 PAUSE frees the pipeline for a sibling hyperthread and
// avoids the memory-order mis-speculation penalty when the awaited store lands.
inline void cpuRelax()
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#elif defined(__aarch64__)
    asm volatile("yield" ::: "memory");
#endif
}

// The CPU the calling thread runs on, -1 where unknown. glibc reads it from the thread's rseq
// area (a load, no system call), so it costs a few nanoseconds.
inline int currentCpu()
{
#if defined(__linux__)
    return sched_getcpu();
#else
    return -1;
#endif
}

// The thread a spinning waiter waits for. Spinning is only a win while that thread runs on
// another CPU at the same time: on the waiter's own CPU it cannot run until the spinner gives
// the CPU up, and a thread that is not running (preempted by other work, or blocked) makes no
// progress however long the waiter spins. So a waiter spins only while its partner is seen
// running elsewhere (docs/performance.md, "Never spin for a thread that cannot run").
struct SpinPartner {
    const std::atomic<int> *cpu = nullptr; // the CPU the partner reported last; -1 unknown
#if defined(__linux__)
    clockid_t cpuClock{}; // the partner's CPU-time clock
#endif
    bool hasClock = false;

    // The partner reported running on the caller's CPU: it cannot run while the caller spins.
    bool sharesCallersCpu() const
    {
        if (!cpu)
            return false;
        const int theirs = cpu->load(std::memory_order_relaxed);
        return theirs >= 0 && theirs == currentCpu();
    }

    // The partner's CPU time in ns, -1 when it cannot be read. A system call (~170 ns) that
    // brings the running thread's count up to date, so it tells running from waiting.
    std::int64_t cpuTimeNs() const
    {
#if defined(__linux__)
        timespec t{};
        if (hasClock && clock_gettime(cpuClock, &t) == 0)
            return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
#endif
        return -1;
    }
};

// How often a spinning waiter looks at its partner: rarely enough that a call shorter than this
// never pays for a look (the stream's calls are about a microsecond), often enough that a
// partner which stopped running costs the waiter at most two periods of spinning.
inline constexpr std::int64_t kPartnerCheckNs = 16'000;

// A partner that got less than this share of the wall-clock time since the last look was not
// running all along: preempted or blocked for at least part of it.
inline constexpr double kRunningShare = 0.5;

// Waits until satisfied(word) holds: spins for up to spinNs (0: not at all) while the partner is
// seen running on another CPU, then parks in the kernel (a futex, through C++20 atomic wait).
// parked tells the signaller whether it must notify: the waiter raises it before its last check
// and the signaller stores before it reads it, both sequentially consistent, so at least one of
// them sees the other (Dekker) and no wake-up is lost, while a signaller whose waiter is still
// spinning makes no system call. Returns true when it parked.
template<typename Predicate>
bool awaitUntil(const std::atomic<std::uint32_t> &word, Predicate satisfied, std::atomic<std::uint32_t> &parked,
                std::int64_t spinNs, const SpinPartner *partner = nullptr)
{
    if (satisfied(word.load(std::memory_order_acquire)))
        return false;

    if (spinNs > 0 && !(partner && partner->sharesCallersCpu())) {
        // Reading the clock costs ~20 ns; every 32 pauses keeps it a small part of the spin
        // while the deadline is still honoured to within a microsecond.
        const std::int64_t start = MonotonicClock::nowNs();
        const std::int64_t deadline = start + spinNs;
        std::int64_t nextLook = start + kPartnerCheckNs;
        std::int64_t lookedAt = 0;   // wall clock at the last look; 0: no look yet
        std::int64_t partnerRan = 0; // the partner's CPU time then
        for (std::uint32_t i = 1;; ++i) {
            cpuRelax();
            if (satisfied(word.load(std::memory_order_acquire)))
                return false;
            if (i % 32 != 0)
                continue;
            const std::int64_t now = MonotonicClock::nowNs();
            if (now >= deadline)
                break;
            if (!partner || now < nextLook)
                continue;
            nextLook = now + kPartnerCheckNs;
            if (partner->sharesCallersCpu())
                break;
            const std::int64_t ran = partner->cpuTimeNs();
            if (ran < 0)
                continue;
            // The first look only takes the baseline, so that short waits never pay for one.
            if (lookedAt != 0
                && static_cast<double>(ran - partnerRan) < kRunningShare * static_cast<double>(now - lookedAt))
                break;
            lookedAt = now;
            partnerRan = ran;
        }
    }

    parked.store(1, std::memory_order_seq_cst);
    for (std::uint32_t seen = word.load(std::memory_order_seq_cst); !satisfied(seen);
         seen = word.load(std::memory_order_seq_cst)) {
        word.wait(seen, std::memory_order_acquire);
    }
    parked.store(0, std::memory_order_relaxed);
    return true;
}

inline bool awaitValue(const std::atomic<std::uint32_t> &word, std::uint32_t target, std::atomic<std::uint32_t> &parked,
                       std::int64_t spinNs, const SpinPartner *partner = nullptr)
{
    return awaitUntil(
        word, [target](std::uint32_t value) { return value == target; }, parked, spinNs, partner);
}

// The other side of awaitValue: publishes value, and wakes the waiter only if it parked.
inline void publishValue(std::atomic<std::uint32_t> &word, std::uint32_t value,
                         const std::atomic<std::uint32_t> &parked)
{
    word.store(value, std::memory_order_seq_cst);
    if (parked.load(std::memory_order_seq_cst) != 0)
        word.notify_all();
}

} // namespace lessonscope::detail
