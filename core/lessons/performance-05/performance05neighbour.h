#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <thread>

namespace lessonscope {

// performance-05's noisy neighbour: a thread that competes for the stream worker's core in
// bursts — busy with real work (a multiply-add pass over a buffer the size of an L1 cache) for
// kBusyNs by the clock, then idle for kIdleNs — so that now and then a call waits for the core.
// It counts what it did, so a run can show that it ran. Stopped and joined by stop() or its
// destructor, within one pass of its work (a few microseconds).
class NoisyNeighbour
{
public:
    // A burst every 2 ms, a quarter of it busy: often enough that a run of a few thousand calls of
    // a few microseconds meets several bursts, and rarely enough that most calls meet none (the
    // median holds while the mean moves).
    static constexpr std::int64_t kBusyNs = 500'000;
    static constexpr std::int64_t kIdleNs = 1'500'000;

    // Starts the thread; on cpu when given and this process may pin to it, else wherever the
    // scheduler puts it (it then competes for every core rather than one).
    explicit NoisyNeighbour(std::optional<int> cpu);
    ~NoisyNeighbour();
    NoisyNeighbour(const NoisyNeighbour &) = delete;
    NoisyNeighbour &operator=(const NoisyNeighbour &) = delete;

    // Returns once the first burst has begun: the neighbour competes from the first timed call on.
    void waitUntilBusy();
    // Stops the thread and joins it; again is harmless.
    void stop();

    struct Report {
        std::int64_t bursts = 0;      // bursts begun
        std::int64_t busyNs = 0;      // the bursts' busy time by the clock
        std::uint64_t passes = 0;     // passes of work done
        std::optional<int> pinnedCpu; // the core it was pinned to, when it was
    };
    Report report() const; // after stop()

private:
    void loop(std::optional<int> cpu);
    void busyBurst();

    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    bool m_started = false;
    Report m_report;
    std::uint64_t m_digest = 0; // the work's result, kept so that the work is done
    std::thread m_thread;
};

// The processor the calling thread runs on, and the calling thread pinned to it (Linux's
// sched_getcpu and pthread_setaffinity_np); nothing when either is refused.
std::optional<int> pinCallingThreadToItsCpu();
// The calling thread pinned to cpu; false when refused.
bool pinCallingThreadTo(int cpu);
// The calling thread moved off cpu if it runs there, and its affinity then given back: it stays
// where it moved until the scheduler moves it again, so a stream made right after holds it
// there. Nothing when it runs elsewhere, may use cpu alone, or is refused.
void stepCallingThreadOff(int cpu);

} // namespace lessonscope
