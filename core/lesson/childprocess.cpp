#include "core/lesson/childprocess.h"

#include "core/artifact/jsonreader.h"
#include "core/base/utf8.h"
#include "core/lesson/lesson.h"
#include "core/timing/monotonicclock.h"

#include <QCoreApplication>
#include <QFile>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace lessonscope {

namespace {

// How often the parent looks at the cancel flag while a child runs: a cancel takes effect within
// this, plus the time the killed child takes to go.
constexpr int kPollMs = 50;
// What is kept of a child's stderr, for the one sentence that says why it failed.
constexpr std::size_t kMaxErrorBytes = 4096;

std::string firstLineOf(const std::string &text)
{
    const std::size_t begin = text.find_first_not_of(" \t\r\n");
    if (begin == std::string::npos)
        return {};
    const std::size_t end = text.find('\n', begin);
    return printableText(text.substr(begin, std::min<std::size_t>(end - begin, 300)));
}

// "SIGSEGV" for 11: what a person searches for, where "code 11" reads like an exit status.
std::string signalName(int signal)
{
    const char *abbreviation = sigabbrev_np(signal);
    return abbreviation ? std::string("SIG") + abbreviation : "signal " + std::to_string(signal);
}

void closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

// One started child: its pipes and its pid, killed and reaped when it goes out of scope.
class Child
{
public:
    Child() = default;
    Child(const Child &) = delete;
    Child &operator=(const Child &) = delete;
    ~Child()
    {
        if (m_pid > 0) {
            ::kill(m_pid, SIGKILL);
            reap();
        }
        closeFd(m_out);
        closeFd(m_err);
    }

    // Starts program with argv; empty on success, else why it could not start.
    std::string start(const QByteArray &program, const std::vector<QByteArray> &arguments);
    // Reads what is ready on both pipes, waiting at most kPollMs.
    void readSome(std::string &out, std::size_t maxOut, std::string &err);
    bool pipesOpen() const { return m_out >= 0 || m_err >= 0; }
    void kill() { ::kill(m_pid, SIGKILL); }
    // Waits for the child to end; its status as waitpid gives it.
    // True once the child has ended (its status in *status); never blocks.
    bool ended(int *status)
    {
        int code = 0;
        const pid_t got = ::waitpid(m_pid, &code, WNOHANG);
        if (got != m_pid)
            return got < 0 && errno != EINTR; // no such child: nothing left to wait for
        m_pid = -1;
        *status = code;
        return true;
    }
    int reap()
    {
        int status = 0;
        while (m_pid > 0 && ::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) { }
        m_pid = -1;
        return status;
    }
    pid_t pid() const { return m_pid; }

private:
    pid_t m_pid = -1;
    int m_out = -1;
    int m_err = -1;
};

std::string Child::start(const QByteArray &program, const std::vector<QByteArray> &arguments)
{
    int out[2], err[2], exec[2];
    if (::pipe2(out, O_CLOEXEC) != 0)
        return std::strerror(errno);
    if (::pipe2(err, O_CLOEXEC) != 0) {
        closeFd(out[0]), closeFd(out[1]);
        return std::strerror(errno);
    }
    if (::pipe2(exec, O_CLOEXEC) != 0) {
        closeFd(out[0]), closeFd(out[1]), closeFd(err[0]), closeFd(err[1]);
        return std::strerror(errno);
    }
    std::vector<char *> argv{const_cast<char *>(program.constData())};
    for (const QByteArray &argument : arguments)
        argv.push_back(const_cast<char *>(argument.constData()));
    argv.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid == 0) {
        // In the child, before exec: async-signal-safe calls only. The child dies with the
        // thread that started it, also by SIGKILL; a parent that died before the prctl took
        // effect has left the child to another (getppid() changed), so it goes at once.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(127);
        const int null = ::open("/dev/null", O_RDONLY);
        if (null < 0 || ::dup2(null, STDIN_FILENO) < 0 || ::dup2(out[1], STDOUT_FILENO) < 0
            || ::dup2(err[1], STDERR_FILENO) < 0)
            ::_exit(127);
        ::execv(program.constData(), argv.data());
        const int code = errno;
        [[maybe_unused]] const ssize_t written = ::write(exec[1], &code, sizeof code);
        ::_exit(127);
    }
    const int forkError = errno;
    closeFd(out[1]), closeFd(err[1]), closeFd(exec[1]);
    if (pid < 0) {
        closeFd(out[0]), closeFd(err[0]), closeFd(exec[0]);
        return std::strerror(forkError);
    }
    m_pid = pid;
    m_out = out[0];
    m_err = err[0];
    // The exec pipe closes on a successful exec; an errno arrives when exec failed.
    int code = 0;
    ssize_t got = -1;
    do {
        got = ::read(exec[0], &code, sizeof code);
    } while (got < 0 && errno == EINTR);
    closeFd(exec[0]);
    if (got == static_cast<ssize_t>(sizeof code)) {
        reap();
        return std::strerror(code);
    }
    return {};
}

void Child::readSome(std::string &out, std::size_t maxOut, std::string &err)
{
    pollfd fds[2] = {{m_out, POLLIN, 0}, {m_err, POLLIN, 0}};
    // With both pipes closed (a child that closed them and lives on) poll only waits.
    if (::poll(fds, 2, kPollMs) < 0)
        return;
    char buffer[65536];
    for (int i = 0; i < 2; ++i) {
        int &fd = i == 0 ? m_out : m_err;
        if (fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got <= 0) {
            if (got == 0 || errno != EINTR)
                closeFd(fd);
            continue;
        }
        std::string &into = i == 0 ? out : err;
        // stdout is kept up to one byte past its bound (the caller stops the child there);
        // stderr's first bytes only, the rest read and dropped so that the child never blocks.
        const std::size_t room = i == 0 ? maxOut + 1 - std::min(maxOut + 1, into.size())
                                        : kMaxErrorBytes - std::min(kMaxErrorBytes, into.size());
        into.append(buffer, std::min<std::size_t>(room, static_cast<std::size_t>(got)));
    }
}

// The child's end in one sentence, or empty when it exited 0.
std::string endOf(int status, const std::string &err)
{
    std::string why;
    if (WIFSIGNALED(status))
        why = "the measuring process was killed by " + signalName(WTERMSIG(status));
    else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        why = "the measuring process exited with code " + std::to_string(WEXITSTATUS(status));
    if (!why.empty()) {
        if (const std::string line = firstLineOf(err); !line.empty())
            why += ": " + line;
    }
    return why;
}

} // namespace

QString lessonscopeProgram()
{
    const QString fromEnvironment = qEnvironmentVariable(kProgramEnvironmentVariable);
    return fromEnvironment.isEmpty() ? QCoreApplication::applicationFilePath() : fromEnvironment;
}

int childTimeoutSeconds(int expectedSeconds)
{
    if (const QByteArray given = qgetenv(kChildTimeoutEnvironmentVariable); !given.isEmpty()) {
        const auto seconds = parseParameterInteger(given.toStdString());
        if (seconds && *seconds > 0 && *seconds <= 86'400)
            return static_cast<int>(*seconds);
    }
    return std::max(kMinimumChildTimeoutSeconds, 10 * std::max(expectedSeconds, 1));
}

ChildResult runMeasuringChild(const std::string &lessonId, const QStringList &arguments, const RunObserver &observer,
                              const ChildLimits &limits)
{
    ChildResult result;
    const QString program = lessonscopeProgram();
    if (program.isEmpty()) {
        result.error = std::string("cannot find the lessonscope program to start; set ") + kProgramEnvironmentVariable;
        return result;
    }
    std::vector<QByteArray> argv{QByteArray(kMeasureChildCommand), QByteArray::fromStdString(lessonId)};
    for (const QString &argument : arguments)
        argv.push_back(argument.toUtf8());
    Child child;
    if (const std::string why = child.start(QFile::encodeName(program), argv); !why.empty()) {
        result.error = "could not start " + printableText(program.toStdString()) + ": " + why;
        return result;
    }
    result.processId = child.pid();

    std::string out, err;
    const std::int64_t deadline = MonotonicClock::nowNs() + std::int64_t{limits.timeoutSeconds} * 1'000'000'000;
    int status = 0;
    // Read until the child has closed its pipes and ended (a child may close them and live on).
    while (child.pipesOpen() || !child.ended(&status)) {
        child.readSome(out, limits.maxOutputBytes, err);
        if (observer.isCancelled()) {
            result.cancelled = true;
            return result; // the child is killed and reaped by its destructor
        }
        if (out.size() > limits.maxOutputBytes) {
            result.error = "the measuring process printed more than " + std::to_string(limits.maxOutputBytes >> 20)
                + " MiB, far more than a measurement; it was stopped";
            return result;
        }
        if (MonotonicClock::nowNs() > deadline) {
            result.error = "the measuring process gave no answer within " + std::to_string(limits.timeoutSeconds)
                + " s; it was stopped";
            return result;
        }
    }
    if (const std::string why = endOf(status, err); !why.empty()) {
        // Ctrl+C at a terminal reaches the child too: a stop, not a failure.
        result.cancelled = observer.isCancelled();
        if (!result.cancelled)
            result.error = why;
        return result;
    }
    JsonParseResult parsed = parseJson(out);
    if (!parsed.document || !parsed.document->is_object()) {
        result.error = "the measuring process printed no JSON object";
        return result;
    }
    result.output = std::move(parsed.document);
    return result;
}

} // namespace lessonscope
