// What the machine itself costs a lesson, with no lessonscope code in the timed region: a thread
// started on another CPU that is idle against one whose CPU runs a busy thread (performance-02's
// stream start in a fresh process), and a round trip between two spinning threads on two CPUs
// with the machine otherwise idle against beside a busy thread (performance-06's call alone).
// The two sides of each figure alternate in one run, so the ratio is of the same minutes of a
// shared, noisy machine (docs/performance.md, "On a second machine"). Linux only; two CPUs or more.
//
//     build/release/bench/bench_machine [--trials 15]

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include <pthread.h>
#include <sched.h>

namespace {

std::int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void pinTo(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set);
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// A thread that spins on one CPU (or anywhere, cpu < 0) until stopped: the busy process.
class BusyThread
{
public:
    explicit BusyThread(int cpu)
        : m_thread([this, cpu] {
              if (cpu >= 0)
                  pinTo(cpu);
              while (!m_stop.load(std::memory_order_relaxed)) { }
          })
    {
        std::this_thread::sleep_for(std::chrono::milliseconds(50)); // running, not starting
    }
    ~BusyThread()
    {
        m_stop = true;
        m_thread.join();
    }

private:
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

// From pthread_create of a thread held on `cpu` to the creator, spinning, seeing it run.
double threadStartMicroseconds(int cpu)
{
    static std::atomic<int> started{0};
    started = 0;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    pthread_attr_setaffinity_np(&attributes, sizeof set, &set);
    const std::int64_t begin = nowNs();
    pthread_t thread;
    pthread_create(
        &thread, &attributes,
        [](void *) -> void * {
            started.store(1, std::memory_order_release);
            return nullptr;
        },
        nullptr);
    while (!started.load(std::memory_order_acquire)) { }
    const std::int64_t end = nowNs();
    pthread_join(thread, nullptr);
    pthread_attr_destroy(&attributes);
    return static_cast<double>(end - begin) / 1e3;
}

// The median round trip of 2,000 between this thread (on CPU 0) and a spinning one on CPU 1.
double roundTripNanoseconds()
{
    alignas(64) static std::atomic<std::int64_t> ping{0};
    alignas(64) static std::atomic<std::int64_t> pong{0};
    ping = 0;
    pong = 0;
    std::thread echo([] {
        pinTo(1);
        for (std::int64_t expected = 1;; ++expected) {
            std::int64_t seen;
            while ((seen = ping.load(std::memory_order_acquire)) != expected) {
                if (seen < 0)
                    return;
            }
            pong.store(expected, std::memory_order_release);
        }
    });
    std::vector<double> trips;
    for (std::int64_t i = 1; i <= 2000; ++i) {
        const std::int64_t begin = nowNs();
        ping.store(i, std::memory_order_release);
        while (pong.load(std::memory_order_acquire) != i) { }
        trips.push_back(static_cast<double>(nowNs() - begin));
    }
    ping.store(-1, std::memory_order_release);
    echo.join();
    return median(trips);
}

} // namespace

int main(int argc, char **argv)
{
    int trials = 15;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--trials") == 0)
            trials = std::max(1, std::atoi(argv[i + 1]));
    }
    if (std::thread::hardware_concurrency() < 2) {
        std::puts("bench_machine: needs two CPUs");
        return 0;
    }
    pinTo(0);
    std::vector<double> startIdle, startBusy, tripIdle, tripBusy;
    for (int t = 0; t < trials; ++t) {
        // A lesson's rounds begin 300 ms apart: long enough for an idle CPU to be halted.
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        startIdle.push_back(threadStartMicroseconds(1));
        tripIdle.push_back(roundTripNanoseconds());
        {
            BusyThread busyOnTarget(1);
            startBusy.push_back(threadStartMicroseconds(1));
        }
        {
            BusyThread busyAnywhere(-1);
            tripBusy.push_back(roundTripNanoseconds());
        }
    }
    std::printf("thread start on CPU 1 (creator spinning on CPU 0), median of %d:\n", trials);
    std::printf("  CPU 1 idle           %8.1f us\n", median(startIdle));
    std::printf("  CPU 1 running a busy thread %8.1f us\n", median(startBusy));
    std::printf("  idle / busy          %8.2fx\n", median(startIdle) / median(startBusy));
    std::printf(
        "round trip between two spinning threads on CPUs 0 and 1, median of %d medians of 2,000 (their range):\n",
        trials);
    const auto [idleLow, idleHigh] = std::minmax_element(tripIdle.begin(), tripIdle.end());
    const auto [busyLow, busyHigh] = std::minmax_element(tripBusy.begin(), tripBusy.end());
    std::printf("  machine otherwise idle  %8.0f ns (%.0f-%.0f)\n", median(tripIdle), *idleLow, *idleHigh);
    std::printf("  beside a busy thread    %8.0f ns (%.0f-%.0f)\n", median(tripBusy), *busyLow, *busyHigh);
    std::printf("  busy / idle          %8.2fx\n", median(tripBusy) / median(tripIdle));
    return 0;
}
