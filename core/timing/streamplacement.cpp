#include "core/timing/devicestream_impl.h"

#include <system_error>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

// Who runs where (docs/performance.md, "Never spin for a thread that cannot run"): while a
// spinning stream lives, the host is held on the CPU it runs on and the worker is born on the
// others; a worker the host still finds on its own CPU is moved off it after the call; and the
// host's CPUs are given back when the stream ends. Only affinities the stream set (or the
// process's own) are the stream's to change.

namespace lessonscope {

#if defined(__linux__)
namespace {

// The CPUs this thread could use before a stream held it on one (separateHostAndWorker): what
// the process may use, which usableCores() and a nested stream go by while the hold lasts.
thread_local bool t_held = false;
thread_local cpu_set_t t_heldFrom;

} // namespace

bool detail::processAffinity(cpu_set_t &set)
{
    if (t_held) {
        set = t_heldFrom;
        return true;
    }
    CPU_ZERO(&set);
    return sched_getaffinity(0, sizeof set, &set) == 0;
}
#endif

void DeviceStream::separateHostAndWorker()
{
#if defined(__linux__)
    // A device has CPUs of its own. Moving only the worker is not enough: the scheduler then
    // wakes the parked host next to the worker that woke it, and the two share a CPU for whole
    // rounds (each call ~50 µs instead of ~1 µs on an idle two-CPU machine, docs/performance.md).
    // So the host is held on the CPU it runs on and the worker on the others, for the stream's
    // life, where the host's affinity is still the process's own (a pin set by someone else
    // stays). Called before the worker exists, which is born on its CPUs (startWorker).
    Impl &d = *m_impl;
    if (!d.options.keepWorkerOffHostCpu || d.effective != WaitStrategy::SpinThenPark || d.hostCpuSeen < 0
        || !CPU_ISSET(d.hostCpuSeen, &d.allowed) || CPU_COUNT(&d.allowed) < 2)
        return;
    cpu_set_t host;
    CPU_ZERO(&host);
    if (sched_getaffinity(0, sizeof host, &host) == 0 && CPU_EQUAL(&host, &d.allowed)) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(d.hostCpuSeen, &one);
        if (sched_setaffinity(0, sizeof one, &one) == 0) {
            d.hostTid = static_cast<long>(::syscall(SYS_gettid));
            d.hostPinnedTo = d.hostCpuSeen;
            t_held = true;
            t_heldFrom = d.allowed;
        }
    }
    d.movedTo = d.allowed;
    CPU_CLR(d.hostCpuSeen, &d.movedTo);
    d.hasMoved = true;
    ++d.moves;
#endif
}

void DeviceStream::Impl::releaseHost()
{
#if defined(__linux__)
    if (hostPinnedTo < 0)
        return;
    // Only the affinity the stream set is the stream's to undo.
    cpu_set_t current;
    CPU_ZERO(&current);
    const pid_t tid = static_cast<pid_t>(hostTid);
    if (sched_getaffinity(tid, sizeof current, &current) == 0 && CPU_COUNT(&current) == 1
        && CPU_ISSET(hostPinnedTo, &current))
        sched_setaffinity(tid, sizeof allowed, &allowed);
    if (static_cast<long>(::syscall(SYS_gettid)) == hostTid)
        t_held = false;
    hostPinnedTo = -1;
#endif
}

void DeviceStream::moveWorkerOffCpu([[maybe_unused]] int cpu)
{
#if defined(__linux__)
    Impl &d = *m_impl;
    // Only a spinning stream gains: parked sides hand the CPU to each other as they wait.
    if (!d.options.keepWorkerOffHostCpu || d.effective != WaitStrategy::SpinThenPark || cpu < 0
        || !CPU_ISSET(cpu, &d.allowed))
        return;
    // Only an affinity the stream set (or the process's own) is the stream's to change: a worker
    // pinned by the lesson, a test or the user stays where it was put.
    cpu_set_t current;
    CPU_ZERO(&current);
    const pid_t tid = static_cast<pid_t>(d.workerTid);
    if (sched_getaffinity(tid, sizeof current, &current) != 0)
        return;
    if (!CPU_EQUAL(&current, &d.allowed) && !(d.hasMoved && CPU_EQUAL(&current, &d.movedTo)))
        return;
    cpu_set_t elsewhere = d.allowed;
    CPU_CLR(cpu, &elsewhere);
    if (CPU_COUNT(&elsewhere) == 0 || sched_setaffinity(tid, sizeof elsewhere, &elsewhere) != 0)
        return;
    d.movedTo = elsewhere;
    d.hasMoved = true;
    ++d.moves;
#endif
}

int DeviceStream::usableCores()
{
#if defined(__linux__)
    cpu_set_t set;
    if (detail::processAffinity(set)) {
        const int count = CPU_COUNT(&set);
        if (count > 0)
            return count;
    }
#endif
    const unsigned hardware = std::thread::hardware_concurrency();
    return hardware > 0 ? static_cast<int>(hardware) : 1;
}

void DeviceStream::Impl::startWorker()
{
#if defined(__linux__)
    // Not std::thread: a thread inherits its creator's affinity, which the hold has made the
    // host's one CPU, and a worker started there could not run while the host spins for it (the
    // constructor then took the whole 2 ms spin budget). pthread starts it where it belongs.
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    if (hasMoved)
        pthread_attr_setaffinity_np(&attributes, sizeof movedTo, &movedTo);
    const int error = pthread_create(
        &worker, &attributes,
        [](void *impl) -> void * {
            static_cast<Impl *>(impl)->runWorker();
            return nullptr;
        },
        this);
    pthread_attr_destroy(&attributes);
    if (error != 0) {
        releaseHost();
        throw std::system_error(error, std::generic_category(), "cannot start the stream's worker");
    }
    pthread_setname_np(worker, "ls-stream");
#else
    worker = std::thread([this] { runWorker(); });
#endif
}

void DeviceStream::Impl::joinWorker()
{
#if defined(__linux__)
    pthread_join(worker, nullptr);
#else
    worker.join();
#endif
}

} // namespace lessonscope
