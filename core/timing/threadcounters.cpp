#include "core/timing/threadcounters.h"

#include "core/timing/monotonicclock.h"

#include <charconv>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__linux__)
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#endif

namespace lessonscope {

namespace {

// A file of /proc read whole into a small buffer; empty when it could not be read.
std::string_view readAll(int fd, char *buffer, std::size_t size)
{
#if defined(__linux__)
    if (fd < 0)
        return {};
    const ssize_t got = ::pread(fd, buffer, size - 1, 0);
    if (got <= 0)
        return {};
    return {buffer, static_cast<std::size_t>(got)};
#else
    (void)fd;
    (void)buffer;
    (void)size;
    return {};
#endif
}

bool parseInteger(std::string_view text, std::int64_t &value)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end != text.data();
}

// schedstat: "<cpu time ns> <run-queue delay ns> <times run>".
bool readSchedstat(std::string_view text, ThreadCounters &counters)
{
    std::int64_t cpuNs = 0;
    const std::size_t space = text.find(' ');
    if (space == std::string_view::npos || !parseInteger(text.substr(0, space), cpuNs))
        return false;
    (void)cpuNs; // the CPU clock below is exact; schedstat's is as of the thread's last tick
    return parseInteger(text.substr(space + 1), counters.runDelayNs);
}

// The value after "nonvoluntary_ctxt_switches:" in /proc/.../status.
bool readInvoluntary(std::string_view status, std::int64_t &value)
{
    constexpr std::string_view key = "nonvoluntary_ctxt_switches:";
    const std::size_t at = status.find(key);
    return at != std::string_view::npos && parseInteger(status.substr(at + key.size()), value);
}

// Field 39 of /proc/.../stat, "processor": the CPU the thread ran on last. Counted after the
// last ')' since the thread's name may hold spaces and parentheses.
int readProcessor(std::string_view stat)
{
    const std::size_t paren = stat.rfind(')');
    if (paren == std::string_view::npos)
        return -1;
    std::string_view rest = stat.substr(paren + 2); // field 3 onwards
    for (int field = 3; field < 39; ++field) {
        const std::size_t space = rest.find(' ');
        if (space == std::string_view::npos)
            return -1;
        rest.remove_prefix(space + 1);
    }
    std::int64_t cpu = -1;
    return parseInteger(rest, cpu) ? static_cast<int>(cpu) : -1;
}

} // namespace

struct ThreadCounterReader::Files {
    bool self = false;
    long tid = 0;
    int schedstat = -1;
    int status = -1; // another thread's only
    int stat = -1;   // another thread's only
    SelfReport report;
#if defined(__linux__)
    clockid_t clock{};
    bool hasClock = false;
#endif

    ~Files()
    {
#if defined(__linux__)
        for (int fd : {schedstat, status, stat}) {
            if (fd >= 0)
                ::close(fd);
        }
#endif
    }
};

ThreadCounterReader::ThreadCounterReader(std::unique_ptr<Files> files) : m_files(std::move(files)) { }

ThreadCounterReader::ThreadCounterReader(ThreadCounterReader &&) noexcept = default;
ThreadCounterReader &ThreadCounterReader::operator=(ThreadCounterReader &&) noexcept = default;
ThreadCounterReader::~ThreadCounterReader() = default;

ThreadCounterReader ThreadCounterReader::forCallingThread()
{
    auto files = std::make_unique<Files>();
    files->self = true;
#if defined(__linux__)
    files->tid = static_cast<long>(::syscall(SYS_gettid));
    // /proc/thread-self names the opener: the descriptor stays this thread's.
    files->schedstat = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    files->hasClock = true;
    files->clock = CLOCK_THREAD_CPUTIME_ID;
#endif
    return ThreadCounterReader(std::move(files));
}

ThreadCounterReader ThreadCounterReader::forThread(long threadId, SelfReport report)
{
    auto files = std::make_unique<Files>();
    files->tid = threadId;
    files->report = report;
#if defined(__linux__)
    const std::string base = "/proc/self/task/" + std::to_string(threadId) + "/";
    files->schedstat = ::open((base + "schedstat").c_str(), O_RDONLY | O_CLOEXEC);
    if (!report.involuntary)
        files->status = ::open((base + "status").c_str(), O_RDONLY | O_CLOEXEC);
    if (!report.cpu)
        files->stat = ::open((base + "stat").c_str(), O_RDONLY | O_CLOEXEC);
    // A thread's CPU-time clock (the kernel's (~tid << 3) | CPUCLOCK_SCHED | CPUCLOCK_PERTHREAD
    // encoding, which pthread_getcpuclockid itself builds): brought up to date when read, even
    // while the thread runs.
    files->clock = static_cast<clockid_t>((~static_cast<clockid_t>(threadId) << 3) | 6);
    timespec probe{};
    files->hasClock = threadId > 0 && ::clock_gettime(files->clock, &probe) == 0;
#endif
    return ThreadCounterReader(std::move(files));
}

long ThreadCounterReader::threadId() const { return m_files ? m_files->tid : 0; }

ThreadCounters ThreadCounterReader::read() const
{
    ThreadCounters counters;
    if (!m_files)
        return counters;
    const Files &f = *m_files;
    counters.atNs = MonotonicClock::nowNs();
    char buffer[4096];
    bool known = readSchedstat(readAll(f.schedstat, buffer, sizeof buffer), counters);
#if defined(__linux__)
    timespec cpu{};
    known = known && f.hasClock && ::clock_gettime(f.clock, &cpu) == 0;
    counters.cpuNs = static_cast<std::int64_t>(cpu.tv_sec) * 1'000'000'000 + cpu.tv_nsec;
    if (f.self) {
        rusage usage{};
        known = known && ::getrusage(RUSAGE_THREAD, &usage) == 0;
        counters.involuntary = usage.ru_nivcsw;
        counters.cpu = sched_getcpu();
    } else {
        if (f.report.involuntary)
            counters.involuntary = f.report.involuntary->load(std::memory_order_relaxed);
        else
            known = known && readInvoluntary(readAll(f.status, buffer, sizeof buffer), counters.involuntary);
        counters.cpu = f.report.cpu ? f.report.cpu->load(std::memory_order_relaxed)
                                    : readProcessor(readAll(f.stat, buffer, sizeof buffer));
    }
#else
    known = false;
#endif
    counters.known = known;
    return counters;
}

} // namespace lessonscope
