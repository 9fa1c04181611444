#include "core/timing/callevidence.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <sched.h>

namespace lessonscope {

namespace {

ThreadWait waitBetween(const ThreadCounters &before, const ThreadCounters &after)
{
    ThreadWait wait;
    // Counters only grow; a difference below zero (a thread that ended and was replaced) is none.
    wait.runDelayNs = std::max<std::int64_t>(0, after.runDelayNs - before.runDelayNs);
    wait.cpuNs = std::max<std::int64_t>(0, after.cpuNs - before.cpuNs);
    wait.involuntary = std::max<std::int64_t>(0, after.involuntary - before.involuntary);
    wait.cpu = after.cpu;
    return wait;
}

bool onOneCpu(const ThreadCounters &hostBefore, const ThreadCounters &hostAfter, const ThreadCounters &deviceBefore,
              const ThreadCounters &deviceAfter)
{
    for (int host : {hostBefore.cpu, hostAfter.cpu}) {
        for (int device : {deviceBefore.cpu, deviceAfter.cpu}) {
            if (host >= 0 && host == device)
                return true;
        }
    }
    return false;
}

} // namespace

CallEvidence evidenceBetween(const ThreadCounters &hostBefore, const ThreadCounters &hostAfter,
                             std::span<const ThreadCounters> deviceBefore, std::span<const ThreadCounters> deviceAfter,
                             int usableCpus)
{
    CallEvidence evidence;
    evidence.known = hostBefore.known && hostAfter.known && deviceBefore.size() == deviceAfter.size();
    for (std::size_t i = 0; evidence.known && i < deviceBefore.size(); ++i)
        evidence.known = deviceBefore[i].known && deviceAfter[i].known;
    if (!evidence.known)
        return evidence;

    evidence.host = waitBetween(hostBefore, hostAfter);
    std::int64_t sharersRan = 0;    // CPU time of the device threads that shared the host's CPU
    std::int64_t sharersWaited = 0; // their waits
    std::int64_t othersWaited = 0;  // the waits of device threads on CPUs of their own
    for (std::size_t i = 0; i < deviceBefore.size(); ++i) {
        const ThreadWait one = waitBetween(deviceBefore[i], deviceAfter[i]);
        evidence.device.runDelayNs += one.runDelayNs;
        evidence.device.cpuNs += one.cpuNs;
        evidence.device.involuntary += one.involuntary;
        if (i == 0)
            evidence.device.cpu = one.cpu;
        // A device thread that did not run in the window took no turns with the host, wherever it
        // sleeps (a CPU device's driver keeps a thread on every CPU, the host's too).
        if (one.cpuNs > 0 && onOneCpu(hostBefore, hostAfter, deviceBefore[i], deviceAfter[i])) {
            evidence.sharedCpu = true;
            sharersRan += one.cpuNs;
            sharersWaited += one.runDelayNs;
        } else {
            othersWaited += one.runDelayNs;
        }
    }
    const std::int64_t totalWait = evidence.host.runDelayNs + evidence.device.runDelayNs;
    const std::int64_t window = std::max<std::int64_t>(0, hostAfter.atNs - hostBefore.atNs);
    if (!evidence.sharedCpu) {
        evidence.otherWaitNs = totalWait;
    } else {
        // One CPU between them: its time in the host's window went to the host, to the sharing
        // device threads, or to someone else.
        const std::int64_t othersRan = std::max<std::int64_t>(0, window - evidence.host.cpuNs - sharersRan);
        const std::int64_t sharedWaits = evidence.host.runDelayNs + sharersWaited;
        evidence.otherWaitNs = std::min(othersRan, sharedWaits) + othersWaited;
    }
    // However the threads moved between CPUs, other work ran on the CPUs the lesson may use for
    // no longer than those CPUs did not run the lesson's own threads. Where its threads outnumber
    // the CPUs (the host beside PoCL's driver threads, one per CPU) and kept every one busy, they
    // waited for each other. The CPU times are the threads' own clocks, exact; the device's are
    // read just after the host's, so the window is a little short for them, which leaves more
    // room for other work: the bound errs towards "interrupted".
    if (usableCpus > 0) {
        const std::int64_t ownRan = evidence.host.cpuNs + evidence.device.cpuNs;
        const std::int64_t othersCouldRun = std::max<std::int64_t>(0, usableCpus * window - ownRan);
        evidence.otherWaitNs = std::min(evidence.otherWaitNs, othersCouldRun);
    }
    evidence.selfWaitNs = totalWait - evidence.otherWaitNs;
    return evidence;
}

int usableCpusOfThisThread()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
}

namespace {

// This process's threads in state R now; -1 where /proc/self/task cannot be read.
int ownRunningThreads()
{
    std::error_code error;
    int own = 0;
    for (const auto &task : std::filesystem::directory_iterator("/proc/self/task", error)) {
        std::ifstream stat(task.path() / "stat");
        std::string line;
        std::getline(stat, line);
        // "tid (comm) S ...": the state follows the last ')' (a name may hold one).
        const std::size_t close = line.rfind(')');
        if (close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'R')
            ++own;
    }
    return error ? -1 : own;
}

} // namespace

int otherRunnableTasks()
{
    // Our threads are counted around the load average's read, and a thread seen running at either
    // moment is taken as counted in it: a CPU device's driver thread that signalled a command's end
    // goes to sleep within microseconds, and read once, after, it would be "another program".
    const int ownBefore = ownRunningThreads();
    int running = -1;
    if (std::FILE *loadavg = std::fopen("/proc/loadavg", "r")) {
        double ignored[3];
        if (std::fscanf(loadavg, "%lf %lf %lf %d/", &ignored[0], &ignored[1], &ignored[2], &running) != 4)
            running = -1;
        std::fclose(loadavg);
    }
    const int ownAfter = ownRunningThreads();
    if (running < 0 || ownBefore < 0 || ownAfter < 0)
        return -1;
    return std::max(0, running - std::max(ownBefore, ownAfter));
}

CallEvidence withOtherWorkSeen(CallEvidence evidence, int otherRunnable)
{
    if (evidence.known && otherRunnable == 0) {
        evidence.selfWaitNs += evidence.otherWaitNs;
        evidence.otherWaitNs = 0;
    }
    return evidence;
}

CallEvidence combined(const CallEvidence &a, const CallEvidence &b)
{
    CallEvidence sum;
    sum.known = a.known && b.known;
    const auto add = [](const ThreadWait &x, const ThreadWait &y) {
        return ThreadWait{x.runDelayNs + y.runDelayNs, x.cpuNs + y.cpuNs, x.involuntary + y.involuntary, y.cpu};
    };
    sum.host = add(a.host, b.host);
    sum.device = add(a.device, b.device);
    sum.sharedCpu = a.sharedCpu || b.sharedCpu;
    sum.selfWaitNs = a.selfWaitNs + b.selfWaitNs;
    sum.otherWaitNs = a.otherWaitNs + b.otherWaitNs;
    return sum;
}

EvidenceRecorder::EvidenceRecorder(std::vector<ThreadCounterReader> deviceThreads)
    : m_host(ThreadCounterReader::forCallingThread()), m_usableCpus(usableCpusOfThisThread())
{
    for (ThreadCounterReader &reader : deviceThreads) {
        if (m_device.size() < kMaxDeviceThreads)
            m_device.push_back(std::move(reader));
    }
}

EvidenceRecorder::Mark EvidenceRecorder::mark() const
{
    Mark mark;
    mark.host = m_host.read();
    for (std::size_t i = 0; i < m_device.size(); ++i)
        mark.device[i] = m_device[i].read();
    return mark;
}

CallEvidence EvidenceRecorder::between(const Mark &before, const Mark &after) const
{
    const std::size_t count = m_device.size();
    return evidenceBetween(before.host, after.host, std::span(before.device.data(), count),
                           std::span(after.device.data(), count), m_usableCpus);
}

CallEvidence EvidenceRecorder::next(Mark &previous) const
{
    Mark now = mark();
    const CallEvidence evidence = between(previous, now);
    previous = now;
    return evidence;
}

} // namespace lessonscope
