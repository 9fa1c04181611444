#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace lessonscope {

// What else happened on this machine while a lesson ran: the evidence that a timing was disturbed
// (docs/artifact-format.md, "environment.interference"). A 1 µs call becomes a millisecond when the
// scheduler hands its core to another process; these counters say whether, and how often, it did.

// Context switches and CPU migrations of some threads over some window.
struct SwitchCounts {
    std::int64_t voluntary = 0;   // the thread waited (parked, slept, blocked on I/O)
    std::int64_t involuntary = 0; // the scheduler took the CPU away: another thread wanted it
    std::int64_t migrations = 0;  // moves to another CPU (caches left behind)
    bool migrationsKnown = true;  // false where the kernel does not count them (/proc/.../sched)

    SwitchCounts &operator+=(const SwitchCounts &other);
    SwitchCounts operator-(const SwitchCounts &earlier) const;
};

// The calling thread's counts since it started.
SwitchCounts currentThreadSwitches();

// The stream workers of this process: each DeviceStream worker adds its own counts when it ends
// (a thread can only read its own), so the tally covers workers that are gone.
void addStreamWorkerSwitches(const SwitchCounts &counts);
struct WorkerTally {
    SwitchCounts switches;
    std::int64_t threads = 0;
};
WorkerTally streamWorkerSwitches();

// The machine as a whole, read at one moment.
struct SystemSnapshot {
    double loadAverage = -1;                // 1-minute load average; -1 when unreadable
    std::optional<std::int64_t> stealTicks; // /proc/stat, when the kernel reports steal
    std::int64_t totalTicks = 0;
    std::string governor; // cpufreq scaling governor of CPU 0; empty when unreadable
};
SystemSnapshot readSystemSnapshot();

// How busy the machine was just before a run: the CPUs other processes kept busy while this
// process slept for a moment (from /proc/stat; lessonscope's own threads left out).
struct IdleSample {
    double seconds = 0;
    double busyCpus = 0; // of `cpus`
    int cpus = 0;        // CPUs the kernel counts (all of the machine's)
};
// Sleeps for the sample's length (50 ms by default) and reads what else ran meanwhile; nullopt
// where /proc/stat cannot be read.
std::optional<IdleSample> sampleIdleMachine(std::int64_t lengthNs = 50'000'000);

// The evidence of one run, as the artifact records it.
struct InterferenceEvidence {
    double seconds = 0;               // the window: from start() to finish()
    SwitchCounts host;                // the thread that ran the lesson (dispatched and waited)
    SwitchCounts device;              // the stream workers, and the measuring child processes
    std::int64_t deviceThreads = 0;   // stream workers that ended in the window
    double loadAverage = -1;          // at the start
    int cpus = 1;                     // CPUs this process may use
    std::optional<double> stealShare; // share of all CPU time the hypervisor took during the window
    std::string governor;
    std::optional<IdleSample> idle; // just before the run
};

// Counts what happens between start() and finish() on the thread that calls both (the host), on
// every stream worker that ends in between, and in child processes waited for in between.
class InterferenceProbe
{
public:
    InterferenceProbe(); // starts
    InterferenceEvidence finish() const;

private:
    std::int64_t m_startNs = 0;
    SwitchCounts m_host;
    WorkerTally m_workers;
    SwitchCounts m_children;
    SystemSnapshot m_system;
};

} // namespace lessonscope
