#pragma once

// Private to core: the one waiting primitive of DeviceStream. Not installed, not part of the API.

#include "core/timing/monotonicclock.h"

#include <atomic>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
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

// Waits until satisfied(word) holds: spins for up to spinNs (0: not at all), then parks in the
// kernel (a futex, through C++20 atomic wait). parked tells the signaller whether it must notify:
// the waiter raises it before its last check and the signaller stores before it reads it, both
// sequentially consistent, so at least one of them sees the other (Dekker) and no wake-up is
// lost, while a signaller whose waiter is still spinning makes no system call.
template<typename Predicate>
void awaitUntil(const std::atomic<std::uint32_t> &word, Predicate satisfied,
                std::atomic<std::uint32_t> &parked, std::int64_t spinNs)
{
    if (satisfied(word.load(std::memory_order_acquire)))
        return;

    if (spinNs > 0) {
        // Reading the clock costs ~20 ns; every 32 pauses keeps it a small part of the spin
        // while the deadline is still honoured to within a microsecond.
        const std::int64_t deadline = MonotonicClock::nowNs() + spinNs;
        for (std::uint32_t i = 1;; ++i) {
            cpuRelax();
            if (satisfied(word.load(std::memory_order_acquire)))
                return;
            if (i % 32 == 0 && MonotonicClock::nowNs() >= deadline)
                break;
        }
    }

    parked.store(1, std::memory_order_seq_cst);
    for (std::uint32_t seen = word.load(std::memory_order_seq_cst); !satisfied(seen);
         seen = word.load(std::memory_order_seq_cst)) {
        word.wait(seen, std::memory_order_acquire);
    }
    parked.store(0, std::memory_order_relaxed);
}

inline void awaitValue(const std::atomic<std::uint32_t> &word, std::uint32_t target,
                       std::atomic<std::uint32_t> &parked, std::int64_t spinNs)
{
    awaitUntil(word, [target](std::uint32_t value) { return value == target; }, parked, spinNs);
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
