#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

namespace lessonscope {

// What the scheduler has done to one thread since it started, read at one moment: the evidence
// behind "was this call interrupted?" (docs/artifact-format.md, "trace.evidence").
struct ThreadCounters {
    std::int64_t cpuNs = 0;       // CPU time it has run
    std::int64_t runDelayNs = 0;  // time it was ready to run but waited for a CPU (schedstat)
    std::int64_t involuntary = 0; // times the scheduler took its CPU for another thread
    int cpu = -1;                 // the CPU it runs on (or ran on last); -1 unknown
    std::int64_t atNs = 0;        // when it was read (MonotonicClock)
    bool known = false;           // false where the kernel does not say (no /proc, no schedstat)
};

// What a thread says of itself, for a reader on another thread that cannot afford /proc's dear
// files between calls (a read of a thread's status costs ~4 µs, and a device idle that long
// between calls runs the next one slower: docs/performance.md, "The evidence's own cost").
struct SelfReport {
    const std::atomic<int> *cpu = nullptr;                  // where it ran its last work
    const std::atomic<std::int64_t> *involuntary = nullptr; // its getrusage count, as it last read it
};

// Reads one thread's counters: the calling thread's own (forCallingThread, made on that thread
// and read there) or another thread of this process, by its kernel thread id. Files are opened
// once and read with pread, so a read costs a few system calls: about 1 µs for the calling
// thread; for another, 0.8 µs with its self-report, 6 µs without (its /proc status and stat).
// Never throws; a counter the kernel does not give reads as not known.
class ThreadCounterReader
{
public:
    static ThreadCounterReader forCallingThread();
    static ThreadCounterReader forThread(long threadId, SelfReport report = {});

    ThreadCounterReader(ThreadCounterReader &&) noexcept;
    ThreadCounterReader &operator=(ThreadCounterReader &&) noexcept;
    ~ThreadCounterReader();

    ThreadCounters read() const;
    long threadId() const;

private:
    struct Files;
    explicit ThreadCounterReader(std::unique_ptr<Files> files);
    std::unique_ptr<Files> m_files;
};

} // namespace lessonscope
