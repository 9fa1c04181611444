#include "core/timing/callevidence.h"

#include <algorithm>

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
                             std::span<const ThreadCounters> deviceBefore, std::span<const ThreadCounters> deviceAfter)
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
        if (onOneCpu(hostBefore, hostAfter, deviceBefore[i], deviceAfter[i])) {
            evidence.sharedCpu = true;
            sharersRan += one.cpuNs;
            sharersWaited += one.runDelayNs;
        } else {
            othersWaited += one.runDelayNs;
        }
    }
    const std::int64_t totalWait = evidence.host.runDelayNs + evidence.device.runDelayNs;
    if (!evidence.sharedCpu) {
        evidence.otherWaitNs = totalWait;
        return evidence;
    }
    // One CPU between them: its time in the host's window went to the host, to the sharing
    // device threads, or to someone else.
    const std::int64_t window = std::max<std::int64_t>(0, hostAfter.atNs - hostBefore.atNs);
    const std::int64_t othersRan = std::max<std::int64_t>(0, window - evidence.host.cpuNs - sharersRan);
    const std::int64_t sharedWaits = evidence.host.runDelayNs + sharersWaited;
    evidence.otherWaitNs = std::min(othersRan, sharedWaits) + othersWaited;
    evidence.selfWaitNs = totalWait - evidence.otherWaitNs;
    return evidence;
}

EvidenceRecorder::EvidenceRecorder(std::vector<ThreadCounterReader> deviceThreads)
    : m_host(ThreadCounterReader::forCallingThread())
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
                           std::span(after.device.data(), count));
}

CallEvidence EvidenceRecorder::next(Mark &previous) const
{
    Mark now = mark();
    const CallEvidence evidence = between(previous, now);
    previous = now;
    return evidence;
}

} // namespace lessonscope
