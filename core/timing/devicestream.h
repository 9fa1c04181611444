#pragma once

#include "core/base/deviceclocktimes.h"
#include "core/timing/calltimestamps.h"
#include "core/timing/threadcounters.h"

#include <cstdint>
#include <functional>
#include <memory>

namespace lessonscope {

// How the host and the worker wait for each other.
enum class WaitStrategy {
    Adaptive,     // spin-then-park when host and worker can run on different cores, else park
    SpinThenPark, // spin for a bounded time while the other side runs elsewhere, then sleep in the kernel (futex)
    Park,         // sleep in the kernel at once (the condition-variable baseline)
};

const char *waitStrategyName(WaitStrategy strategy);

struct StreamOptions {
    WaitStrategy strategy = WaitStrategy::Adaptive;
    // How long a waiter spins before it parks, when it spins at all.
    std::int64_t hostSpinNs = 2'000'000; // the host waits on in-flight work: spin up to 2 ms
    std::int64_t workerSpinNs = 200'000; // an idle worker: spin 200 µs for the next dispatch
    // A waiter spins only while the thread it waits for is seen running on another CPU, and parks
    // otherwise (docs/performance.md). Off only to measure the design that spun blindly.
    bool watchPartner = true;
    // A device does not share the host's CPU. At the start the host is held on the CPU it runs
    // on and the worker on the process's other CPUs, for the stream's life (the host's affinity
    // is restored when the stream ends); when host and worker still find themselves on one CPU,
    // the host moves the worker off its CPU after the call. An affinity set by someone else is
    // left alone; only a process confined to one CPU makes them share it.
    bool keepWorkerOffHostCpu = true;
};

class DeviceStream;

// The host's side of one dispatched call. wait() blocks until the device signalled readiness and
// then records when the host observed it. Copies refer to the same call and keep its record alive,
// also after the stream is gone. A handle and its copies belong to the host thread that
// dispatched: their reference count is a plain integer, which spares every call two locked
// instructions (docs/performance.md).
class CallHandle
{
public:
    CallHandle() = default;
    CallHandle(const CallHandle &other);
    CallHandle(CallHandle &&other) noexcept;
    CallHandle &operator=(const CallHandle &other);
    CallHandle &operator=(CallHandle &&other) noexcept;
    ~CallHandle();

    bool isValid() const { return m_state != nullptr; }
    bool isReady() const;
    // Returns at once if already observed; rethrows, on every call, what the work threw.
    void wait();
    // Valid after wait().
    CallTimestamps timestamps() const;

private:
    friend class DeviceStream;
    struct State;
    explicit CallHandle(State *state); // takes a reference
    static void retain(State *state);
    static void release(State *state);
    State *m_state = nullptr;
};

// A model of an asynchronous device: the host dispatches work and gets a handle back at once; one
// worker thread (the device) runs the work in order; readiness is signalled per call; the host
// waits on the handle. Work runs in dispatch order, one call at a time.
class DeviceStream
{
public:
    explicit DeviceStream(StreamOptions options = {});
    ~DeviceStream(); // finishes the work already dispatched, then joins the worker
    DeviceStream(const DeviceStream &) = delete;
    DeviceStream &operator=(const DeviceStream &) = delete;

    // Records dispatchBegin, queues the work, records dispatchEnd, returns. With 64 calls in
    // flight it first waits for the device to finish the oldest, as a device queue would.
    CallHandle dispatch(std::function<void()> work);

    // The strategy in force after Adaptive was resolved against the cores this process may use.
    WaitStrategy effectiveStrategy() const;

    // The number of CPUs this process may run on (its affinity mask), at least 1.
    static int usableCores();

    // The worker thread (the "device"): its kernel thread id, for reading what the scheduler did
    // to it (core/timing/threadcounters.h), and the CPU it ran its last call on (-1 unknown).
    // Known as soon as the constructor returns: it waits until the worker runs and says where.
    long workerThreadId() const;
    int workerCpu() const;
    // How often the host moved the worker off its own CPU (keepWorkerOffHostCpu).
    int workerMoves() const;
    // What the scheduler did to the worker, for the host to read between calls (per-call
    // evidence, core/timing/callevidence.h): its /proc schedstat and CPU clock, and the CPU and
    // involuntary switches it reports itself. Valid while the stream lives.
    ThreadCounterReader workerCounters() const;

private:
    friend class CallHandle;
    // After a call during which the host found the worker on its own CPU (cpu).
    void moveWorkerOffCpu(int cpu);
    // At the start: the host held on its CPU and the worker moved to the others (keepWorkerOffHostCpu).
    void separateHostAndWorker();

    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace lessonscope
