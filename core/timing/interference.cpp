#include "core/timing/interference.h"

#include "core/timing/devicestream.h"
#include "core/timing/monotonicclock.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#if defined(__linux__)
#include <sys/resource.h>
#endif

namespace lessonscope {

SwitchCounts &SwitchCounts::operator+=(const SwitchCounts &other)
{
    voluntary += other.voluntary;
    involuntary += other.involuntary;
    migrations += other.migrations;
    migrationsKnown = migrationsKnown && other.migrationsKnown;
    return *this;
}

SwitchCounts SwitchCounts::operator-(const SwitchCounts &earlier) const
{
    SwitchCounts difference;
    difference.voluntary = voluntary - earlier.voluntary;
    difference.involuntary = involuntary - earlier.involuntary;
    difference.migrations = migrations - earlier.migrations;
    difference.migrationsKnown = migrationsKnown && earlier.migrationsKnown;
    return difference;
}

namespace {

// "se.nr_migrations   :   12" in /proc/thread-self/sched (kernels built with CONFIG_SCHED_DEBUG).
std::optional<std::int64_t> threadMigrations()
{
    std::ifstream sched("/proc/thread-self/sched");
    std::string line;
    while (std::getline(sched, line)) {
        if (line.rfind("se.nr_migrations", 0) != 0)
            continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            return std::nullopt;
        try {
            return std::stoll(line.substr(colon + 1));
        } catch (const std::exception &) {
            return std::nullopt;
        }
    }
    return std::nullopt;
}

SwitchCounts fromUsage([[maybe_unused]] int who)
{
    SwitchCounts counts;
#if defined(__linux__)
    rusage usage{};
    if (getrusage(who, &usage) == 0) {
        counts.voluntary = usage.ru_nvcsw;
        counts.involuntary = usage.ru_nivcsw;
    }
#endif
    counts.migrationsKnown = false;
    return counts;
}

std::mutex &tallyMutex()
{
    static std::mutex mutex;
    return mutex;
}

WorkerTally &tally()
{
    static WorkerTally workers;
    return workers;
}

double readLoadAverage()
{
    std::ifstream loadavg("/proc/loadavg");
    double oneMinute = -1;
    if (!(loadavg >> oneMinute))
        return -1;
    return oneMinute;
}

// The first line of /proc/stat: "cpu  user nice system idle iowait irq softirq steal guest ...".
void readCpuTicks(SystemSnapshot &snapshot)
{
    std::ifstream stat("/proc/stat");
    std::string line;
    if (!std::getline(stat, line) || line.rfind("cpu ", 0) != 0)
        return;
    std::istringstream fields(line.substr(4));
    std::int64_t value = 0;
    int column = 0;
    while (fields >> value && column < 8) {
        snapshot.totalTicks += value;
        if (column == 7)
            snapshot.stealTicks = value;
        ++column;
    }
}

std::string readGovernor()
{
    std::ifstream file("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
    std::string governor;
    std::getline(file, governor);
    return governor;
}

} // namespace

std::optional<IdleSample> sampleIdleMachine(std::int64_t lengthNs)
{
#if defined(__linux__)
    const auto processCpuNs = [] {
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        return (static_cast<std::int64_t>(usage.ru_utime.tv_sec) + usage.ru_stime.tv_sec) * 1'000'000'000
            + (static_cast<std::int64_t>(usage.ru_utime.tv_usec) + usage.ru_stime.tv_usec) * 1'000;
    };
    const auto busyAndTotal = [](std::int64_t &busy, std::int64_t &total, int &cpus) {
        std::ifstream stat("/proc/stat");
        std::string line;
        busy = total = 0;
        cpus = 0;
        bool first = true;
        while (std::getline(stat, line)) {
            if (line.rfind("cpu", 0) != 0)
                break;
            if (!first) {
                ++cpus;
                continue;
            }
            first = false;
            std::istringstream fields(line.substr(4));
            std::int64_t value = 0;
            for (int column = 0; fields >> value && column < 8; ++column) {
                total += value;
                if (column != 3 && column != 4) // idle, iowait
                    busy += value;
            }
        }
        return total > 0 && cpus > 0;
    };
    std::int64_t busy0 = 0, total0 = 0, busy1 = 0, total1 = 0;
    int cpus = 0;
    const std::int64_t own0 = processCpuNs();
    const std::int64_t start = MonotonicClock::nowNs();
    if (!busyAndTotal(busy0, total0, cpus))
        return std::nullopt;
    std::this_thread::sleep_for(std::chrono::nanoseconds(lengthNs));
    if (!busyAndTotal(busy1, total1, cpus) || total1 <= total0)
        return std::nullopt;
    IdleSample sample;
    sample.seconds = static_cast<double>(MonotonicClock::nowNs() - start) / 1e9;
    sample.cpus = cpus;
    // /proc/stat counts in ticks of 1/100 s; this process's own CPU time meanwhile is not other work.
    const double ownTicks = static_cast<double>(processCpuNs() - own0) / 1e7;
    const double busyTicks = std::max(0.0, static_cast<double>(busy1 - busy0) - ownTicks);
    sample.busyCpus = std::min<double>(cpus, busyTicks / static_cast<double>(total1 - total0) * cpus);
    return sample;
#else
    (void)lengthNs;
    return std::nullopt;
#endif
}

SwitchCounts currentThreadSwitches()
{
#if defined(__linux__)
    SwitchCounts counts = fromUsage(RUSAGE_THREAD);
    if (const auto migrations = threadMigrations()) {
        counts.migrations = *migrations;
        counts.migrationsKnown = true;
    }
    return counts;
#else
    SwitchCounts unknown;
    unknown.migrationsKnown = false;
    return unknown;
#endif
}

void addStreamWorkerSwitches(const SwitchCounts &counts)
{
    const std::lock_guard lock(tallyMutex());
    WorkerTally &workers = tally();
    if (workers.threads == 0)
        workers.switches.migrationsKnown = counts.migrationsKnown;
    workers.switches += counts;
    ++workers.threads;
}

WorkerTally streamWorkerSwitches()
{
    const std::lock_guard lock(tallyMutex());
    return tally();
}

SystemSnapshot readSystemSnapshot()
{
    SystemSnapshot snapshot;
    snapshot.loadAverage = readLoadAverage();
    readCpuTicks(snapshot);
    snapshot.governor = readGovernor();
    return snapshot;
}

InterferenceProbe::InterferenceProbe()
    : m_startNs(MonotonicClock::nowNs()),
      m_host(currentThreadSwitches()),
      m_workers(streamWorkerSwitches()),
#if defined(__linux__)
      m_children(fromUsage(RUSAGE_CHILDREN)),
#endif
      m_system(readSystemSnapshot())
{ }

InterferenceEvidence InterferenceProbe::finish() const
{
    InterferenceEvidence evidence;
    evidence.seconds = static_cast<double>(MonotonicClock::nowNs() - m_startNs) * 1e-9;
    evidence.host = currentThreadSwitches() - m_host;
    const WorkerTally workers = streamWorkerSwitches();
    evidence.device = workers.switches - m_workers.switches;
    evidence.deviceThreads = workers.threads - m_workers.threads;
    if (evidence.deviceThreads == 0)
        evidence.device.migrationsKnown = evidence.host.migrationsKnown;
#if defined(__linux__)
    // Measuring child processes (waited for) add their switches; their migrations are not counted.
    const SwitchCounts children = fromUsage(RUSAGE_CHILDREN) - m_children;
    evidence.device.voluntary += children.voluntary;
    evidence.device.involuntary += children.involuntary;
#endif
    evidence.loadAverage = m_system.loadAverage;
    evidence.cpus = DeviceStream::usableCores();
    const SystemSnapshot now = readSystemSnapshot();
    if (m_system.stealTicks && now.stealTicks && now.totalTicks > m_system.totalTicks) {
        evidence.stealShare = static_cast<double>(*now.stealTicks - *m_system.stealTicks)
            / static_cast<double>(now.totalTicks - m_system.totalTicks);
    }
    evidence.governor = m_system.governor;
    return evidence;
}

} // namespace lessonscope
