#pragma once

#include "core/timing/threadcounters.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace lessonscope {

// Whether a timed call waited for a CPU, and for whom (docs/artifact-format.md, "Per-call
// evidence"). A sub-microsecond call becomes milliseconds when the scheduler gives a timed
// thread's CPU to someone else; these are the scheduler's own counts for the timed threads,
// read just before and just after the call, outside the timed region.

// What the scheduler did to one thread, or to the device's threads together, during one call.
struct ThreadWait {
    std::int64_t runDelayNs = 0;  // ready to run, waiting for a CPU
    std::int64_t cpuNs = 0;       // running
    std::int64_t involuntary = 0; // taken off its CPU by the scheduler
    int cpu = -1;                 // the CPU it ran on at the end of the call; -1 unknown
};

struct CallEvidence {
    bool known = false;
    ThreadWait host{};
    ThreadWait device{}; // the device's threads together
    // Host and a device thread ran on one CPU during the call: the lesson's own threads took
    // turns on it, and each waited while the other ran.
    bool sharedCpu = false;
    std::int64_t selfWaitNs = 0;  // the part of the waits the lesson's own threads explain
    std::int64_t otherWaitNs = 0; // other work held a CPU a timed thread needed this long
};

// The rule that calls a timed unit (a call, a pair, a burst, a sample) interrupted: its timed
// threads waited for a CPU, beyond what the lesson's own threads taking turns explain, for more
// than 10 µs and more than 1% of the unit. Below 10 µs are the scheduler's own wake-up and
// accounting costs, seen on every call of a parked stream on an idle machine; below 1% a wait
// moves a long unit's time by less than its own run-to-run noise; a preemption by other work
// costs a time slice, milliseconds.
inline constexpr std::int64_t kInterruptedAboveNs = 10'000;
inline constexpr double kInterruptedShare = 0.01;

inline bool isInterruptedWait(std::int64_t waitedNs, std::int64_t unitNs)
{
    return waitedNs > kInterruptedAboveNs
        && static_cast<double>(waitedNs) > kInterruptedShare * static_cast<double>(unitNs);
}

inline bool isInterrupted(const CallEvidence &evidence, std::int64_t unitNs)
{
    return evidence.known && isInterruptedWait(evidence.otherWaitNs, unitNs);
}

// How many tasks outside this process the kernel had running or ready to run at this moment:
// /proc/loadavg's running count less this process's threads in state R. -1 where not known.
// About 60 µs (the directory of this process's threads is read twice), so for single calls only.
int otherRunnableTasks();

// A call's waits where no other program had a task to run just after it (otherRunnable == 0):
// no other work can have held a CPU, so they are the machine's own, e.g. a virtual machine's
// idle CPU taking its time to wake for a fresh process's first call (docs/performance.md), and
// they are booked as selfWaitNs. A busy program is always runnable, so it is never missed.
CallEvidence withOtherWorkSeen(CallEvidence evidence, int otherRunnable);

// The evidence of a timed unit made of several calls (a pair, a burst): their waits add up.
CallEvidence combined(const CallEvidence &a, const CallEvidence &b);

// The evidence of one call from the counters before and after it, of the host and of each device
// thread (the spans pair up by index). On CPUs of their own, every wait of a timed thread is
// other work's. Where the host and device threads shared a CPU, they waited for each other by
// design, and the kernel books a thread's wait only when it runs again (so a device thread's wait
// behind the host between two calls is booked in the next one): there, other work's share is the
// time of the host's window that neither the host nor the sharing device threads ran. Given the
// CPUs the threads may use (usableCpus > 0), other work's share is at most the time of the window
// those CPUs did not run the lesson's own threads: threads that outnumber the CPUs and keep them
// all busy wait for each other, wherever the scheduler put them.
CallEvidence evidenceBetween(const ThreadCounters &hostBefore, const ThreadCounters &hostAfter,
                             std::span<const ThreadCounters> deviceBefore, std::span<const ThreadCounters> deviceAfter,
                             int usableCpus = 0);

// The CPUs the calling thread may run on (sched_getaffinity); 0 where not known.
int usableCpusOfThisThread();

// Reads the counters of the host (the calling thread) and of the device's threads between calls.
// Made and used on the host thread. One mark between two calls serves as the end of the one and
// the start of the other, so back-to-back calls are parted by one read (about 2 µs for the
// stream: docs/performance.md shows that it does not lengthen them).
class EvidenceRecorder
{
public:
    static constexpr std::size_t kMaxDeviceThreads = 8;

    explicit EvidenceRecorder(std::vector<ThreadCounterReader> deviceThreads = {});

    struct Mark {
        ThreadCounters host;
        std::array<ThreadCounters, kMaxDeviceThreads> device{};
    };
    // The host first (nearest the call that just ended), then the device's threads.
    Mark mark() const;
    CallEvidence between(const Mark &before, const Mark &after) const;
    // The evidence since previous, which becomes the mark just taken: for calls in a row.
    CallEvidence next(Mark &previous) const;

private:
    ThreadCounterReader m_host;
    std::vector<ThreadCounterReader> m_device;
    int m_usableCpus = 0; // the host's, when the recorder was made: what the timed threads share
};

} // namespace lessonscope
