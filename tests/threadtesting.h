#pragma once

// What the stream's tests need to see and steer the scheduler: a thread's state as the kernel
// reports it, and pinning a thread to CPUs. Linux only (callers skip elsewhere).

#include <fstream>
#include <iterator>
#include <string>

#if defined(__linux__)
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace threadtesting {

#if defined(__linux__)
inline long currentTid() { return syscall(SYS_gettid); }

// The scheduler state of one of our threads: 'R' running or runnable, 'S' asleep in the kernel.
inline char threadState(long tid)
{
    std::ifstream stat("/proc/self/task/" + std::to_string(tid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const auto paren = text.rfind(')'); // the name may contain spaces and parentheses
    return paren != std::string::npos && paren + 2 < text.size() ? text[paren + 2] : '?';
}

// Pins thread tid (0: the calling thread) to one CPU; false when refused.
inline bool pinTo(long tid, int cpu)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    return sched_setaffinity(static_cast<pid_t>(tid), sizeof one, &one) == 0;
}

// The calling thread's affinity, to give it back after a test pinned it.
class AffinityRestorer
{
public:
    AffinityRestorer() { m_saved = sched_getaffinity(0, sizeof m_set, &m_set) == 0; }
    ~AffinityRestorer()
    {
        if (m_saved)
            sched_setaffinity(0, sizeof m_set, &m_set);
    }
    AffinityRestorer(const AffinityRestorer &) = delete;
    AffinityRestorer &operator=(const AffinityRestorer &) = delete;
    int count() const { return m_saved ? CPU_COUNT(&m_set) : 0; }
    // The n-th CPU of the saved set, -1 past its end.
    int cpu(int n) const
    {
        for (int c = 0, seen = 0; c < CPU_SETSIZE; ++c) {
            if (CPU_ISSET(c, &m_set) && seen++ == n)
                return c;
        }
        return -1;
    }

private:
    cpu_set_t m_set{};
    bool m_saved = false;
};
#endif

} // namespace threadtesting
