#include "core/lessons/shared/opencl/opencldevicerun.h"

#include "core/base/deviceclocktimes.h"
#include "core/opencl/openclerror.h"
#include "core/timing/threadcounters.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <mutex>

namespace lessonscope {

namespace {

std::set<long> threadsOfThisProcess()
{
    std::set<long> ids;
    std::error_code error;
    for (const auto &task : std::filesystem::directory_iterator("/proc/self/task", error)) {
        try {
            ids.insert(std::stol(task.path().filename().string()));
        } catch (const std::exception &) { }
    }
    return ids;
}

// The driver's threads: those born while a session opened, the program was built, the inputs
// placed and the clock calibrated. PoCL starts its device's threads with the process's first
// context and keeps them for the next, so a thread born while any session of this process opened
// stays the driver's while it lives: every round's session watches them, not only the first's.
// They are timed threads as the stream's worker is (a CPU device such as PoCL runs the kernel on
// them); at most EvidenceRecorder's limit, the earliest born first.
std::vector<ThreadCounterReader> driverThreads(const std::set<long> &before)
{
    static std::mutex mutex;
    static std::set<long> known; // every live thread a session's opening started
    const std::lock_guard lock(mutex);
    const std::set<long> alive = threadsOfThisProcess();
    std::erase_if(known, [&alive](long id) { return !alive.count(id); }); // a tid is reused once free
    for (long id : alive) {
        if (!before.count(id))
            known.insert(id);
    }
    std::vector<ThreadCounterReader> readers;
    for (long id : known) {
        if (readers.size() < EvidenceRecorder::kMaxDeviceThreads)
            readers.push_back(ThreadCounterReader::forThread(id));
    }
    return readers;
}

} // namespace

// A unit's evidence, its waits booked as the machine's own where no other program had a task to
// run just after it (withOtherWorkSeen). A CPU device's driver threads sleep between commands and
// are woken for each: their wake-ups, a few µs each and per command, add up over a burst to more
// than the rule's 10 µs with nothing else on the machine. Asked only of a unit the rule would call
// interrupted, since the question costs ~30 µs (outside the timer); a busy program is always
// runnable, so it is never missed.
CallEvidence judgedBeside(const CallEvidence &evidence, std::int64_t unitNs)
{
    return isInterrupted(evidence, unitNs) ? withOtherWorkSeen(evidence, otherRunnableTasks()) : evidence;
}

Json OpenClDeviceRun::environment() const
{
    const OpenClDeviceInfo &d = session.device();
    Json device = Json::object();
    device["id"] = d.id();
    device["name"] = d.name;
    device["type"] = d.type;
    device["vendor"] = d.vendor;
    device["platform"] = d.platformName;
    device["platformVersion"] = d.platformVersion;
    device["driverVersion"] = d.driverVersion;
    device["version"] = d.version;
    device["computeUnits"] = d.computeUnits;
    device["fp64"] = d.fp64;
    device["hostUnifiedMemory"] = d.hostUnifiedMemory;
    device["profilingTimerResolutionNs"] = d.profilingTimerResolutionNs;
    device["driverThreads"] = driverThreadCount;
    Json relation = Json::object();
    relation["method"] = clockMethodName(clock.method);
    relation["deviceClock"] = clock.deviceClock;
    relation["uncertaintyNs"] = clock.uncertaintyNs;
    relation["samples"] = clock.samples;
    relation["evidence"] = clock.evidence;
    device["clock"] = std::move(relation);
    return device;
}

OpenClDeviceRun::OpenClDeviceRun(int deviceIndex) : threadsBefore(threadsOfThisProcess()), session(deviceIndex) { }

void OpenClDeviceRun::relateClocksAndFindThreads()
{
    relateClocks();
    findThreads();
}

void OpenClDeviceRun::relateClocks()
{
    clock = calibrateDeviceClock(session);
    if (!clock.established())
        throw OpenClUnsupported("the device's clock cannot be related to the host's: " + clock.problem);
}

void OpenClDeviceRun::findThreads()
{
    std::vector<ThreadCounterReader> threads = driverThreads(threadsBefore);
    driverThreadCount = threads.size();
    recorder = EvidenceRecorder(std::move(threads));
    mark = recorder.mark();
}

DeviceClockTimes OpenClDeviceRun::deviceTimesOf(const OpenClCallRecord &record) const
{
    return {true,
            record.device.queuedNs,
            record.device.submitNs,
            record.device.startNs,
            record.device.endNs,
            clock.toHostNs(record.device.startNs) - record.device.startNs};
}

} // namespace lessonscope
