#include "core/lessons/performance-05/performance05neighbour.h"

#include "core/timing/monotonicclock.h"

#include <array>

#include <pthread.h>
#include <sched.h>

namespace lessonscope {

bool pinCallingThreadTo(int cpu)
{
    if (cpu < 0 || cpu >= CPU_SETSIZE)
        return false;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
}

void stepCallingThreadOff(int cpu)
{
    cpu_set_t mine;
    CPU_ZERO(&mine);
    if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getcpu() != cpu
        || pthread_getaffinity_np(pthread_self(), sizeof mine, &mine) != 0 || !CPU_ISSET(cpu, &mine)
        || CPU_COUNT(&mine) < 2)
        return;
    cpu_set_t elsewhere = mine;
    CPU_CLR(cpu, &elsewhere);
    // A thread that narrows its own affinity away from its CPU is moved before the call returns.
    if (pthread_setaffinity_np(pthread_self(), sizeof elsewhere, &elsewhere) == 0)
        pthread_setaffinity_np(pthread_self(), sizeof mine, &mine);
}

std::optional<int> pinCallingThreadToItsCpu()
{
    const int cpu = sched_getcpu();
    return cpu >= 0 && pinCallingThreadTo(cpu) ? std::optional(cpu) : std::nullopt;
}

NoisyNeighbour::NoisyNeighbour(std::optional<int> cpu)
{
    m_thread = std::thread([this, cpu] { loop(cpu); });
}

NoisyNeighbour::~NoisyNeighbour() { stop(); }

void NoisyNeighbour::waitUntilBusy()
{
    std::unique_lock lock(m_mutex);
    m_wake.wait(lock, [this] { return m_started || m_stop; });
}

void NoisyNeighbour::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

NoisyNeighbour::Report NoisyNeighbour::report() const
{
    std::lock_guard lock(m_mutex);
    return m_report;
}

void NoisyNeighbour::loop(std::optional<int> cpu)
{
    const bool pinned = cpu && pinCallingThreadTo(*cpu);
    {
        std::lock_guard lock(m_mutex);
        if (pinned)
            m_report.pinnedCpu = cpu;
    }
    while (true) {
        {
            std::lock_guard lock(m_mutex);
            if (m_stop)
                break;
            ++m_report.bursts;
            m_started = true;
        }
        m_wake.notify_all();
        busyBurst();
        // Idle without using the core: a wait that stop() ends at once. It stands for no timing:
        // it only spaces the bursts.
        std::unique_lock lock(m_mutex);
        if (m_wake.wait_for(lock, std::chrono::nanoseconds(kIdleNs), [this] { return m_stop; }))
            break;
    }
}

void NoisyNeighbour::busyBurst()
{
    // 32 KiB of state, updated pass after pass: arithmetic and cache traffic on the shared core.
    std::array<std::uint64_t, 4096> state{};
    for (std::size_t i = 0; i < state.size(); ++i)
        state[i] = i;
    std::uint64_t passes = 0;
    const std::int64_t begin = MonotonicClock::nowNs();
    std::int64_t now = begin;
    while (now - begin < kBusyNs) {
        for (std::uint64_t &value : state)
            value = value * 6364136223846793005ULL + 1442695040888963407ULL;
        ++passes;
        now = MonotonicClock::nowNs();
        std::lock_guard lock(m_mutex);
        if (m_stop)
            break;
    }
    // The work's result is kept, so the compiler cannot leave the work out.
    std::uint64_t digest = 0;
    for (std::uint64_t value : state)
        digest ^= value;
    std::lock_guard lock(m_mutex);
    m_report.busyNs += now - begin;
    m_report.passes += passes;
    m_digest ^= digest;
}

} // namespace lessonscope
