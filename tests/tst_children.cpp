// No child of a run outlives it (issue 19). performance-02 measures in fresh processes
// (core/lesson/childprocess.h); each test here starts a real `lessonscope run` or calls
// runMeasuringChild, with LESSONSCOPE_PROGRAM naming either the built lessonscope or a small
// script that misbehaves on purpose (never answers, floods its stdout, dies by a signal, lies),
// and then looks for the child by its pid. This process is a child subreaper
// (PR_SET_CHILD_SUBREAPER), so an orphaned child becomes its own to wait for: a child that
// outlived its parent is seen, and killed at the end of the test, never left behind.

#include "core/lesson/childprocess.h"
#include "core/lesson/lesson.h"
#include "coretesting.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <pty.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace lessonscope;

namespace {

// A shell script in dir that records its pid in dir/child.pid, then runs body.
QString fakeChild(const QTemporaryDir &dir, const QString &name, const QString &body)
{
    const QString path = dir.filePath(name);
    const QString script
        = QStringLiteral("#!/bin/sh\necho $$ > '%1'\n%2\n").arg(dir.filePath(QStringLiteral("child.pid")), body);
    if (!coretesting::writeBytes(path, script.toUtf8())
        || !QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner))
        qFatal("cannot write a fake child");
    return path;
}

// The pid a fake child recorded, waiting for it to appear (0 when it never did).
pid_t recordedPid(const QTemporaryDir &dir)
{
    for (int i = 0; i < 600; ++i) {
        const QByteArray text = coretesting::readBytes(dir.filePath(QStringLiteral("child.pid"))).trimmed();
        if (!text.isEmpty())
            return static_cast<pid_t>(text.toLongLong());
        QThread::msleep(50);
    }
    return 0;
}

// The children of pid (every thread's), from /proc.
QList<pid_t> childrenOf(pid_t pid)
{
    QList<pid_t> children;
    const QString tasks = QStringLiteral("/proc/%1/task").arg(pid);
    for (const QString &task : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        for (const QByteArray &child :
             coretesting::readBytes(tasks + QLatin1Char('/') + task + QStringLiteral("/children")).split(' ')) {
            if (!child.trimmed().isEmpty())
                children << static_cast<pid_t>(child.trimmed().toLongLong());
        }
    }
    return children;
}

// Whether pid is gone within a few seconds of its parent: reaped by this subreaper or by whoever
// waits for it. A child that is still there is killed (the test has failed by then).
bool goneSoon(pid_t pid)
{
    for (int i = 0; i < 200; ++i) {
        int status = 0;
        const pid_t reaped = ::waitpid(pid, &status, WNOHANG);
        if (reaped == pid || (reaped < 0 && errno == ECHILD && ::kill(pid, 0) != 0))
            return true;
        QThread::msleep(25);
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    return false;
}

// A measurement as performance-02's child prints it, for --samples 2 --isa baseline, always with
// the same pid (a lie the parent's artifact cannot hide).
const char *kFixedMeasurement
    = R"({"pid":4242,"instruction_set":"baseline","wait_strategy":"park","first_call_seconds":0.002,)"
      R"("first_call_parts":{"stream_start":0.0005,"kernel_select":0.0001,"first_touch":0.0001,"work":0.0013},)"
      R"("max_abs_error":1e-07,"involuntary_context_switches":0,)"
      R"("calls":[[0,500,1000,1500,2000],[10000,10500,11000,11500,12000],[20000,20500,21000,21500,22000]],)"
      R"("evidence":[[0,0,0,0,0,0,1,0],[0,0,0,0,0,0,1,0],[0,0,0,0,0,0,1,0]]})";

// `run performance-02` (3 processes, 2 samples, the baseline variant) whose every child prints
// measurement: how the run ended, and the path of its artifact (written or not).
struct FakeRun {
    coretesting::Outcome outcome;
    QString artifact;
};

FakeRun runWithFakeChild(const QTemporaryDir &dir, const QString &measurement)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QLatin1String(kProgramEnvironmentVariable),
                       fakeChild(dir, QStringLiteral("answers"), QStringLiteral("echo '%1'").arg(measurement)));
    const QString artifact = dir.filePath(QStringLiteral("out.json"));
    return {coretesting::runLessonscope({QStringLiteral("run"), QStringLiteral("performance-02"),
                                         QStringLiteral("--processes"), QStringLiteral("3"),
                                         QStringLiteral("--samples"), QStringLiteral("2"), QStringLiteral("--isa"),
                                         QStringLiteral("baseline"), QStringLiteral("-o"), artifact},
                                        environment),
            artifact};
}

class CancelWhenStarted final : public RunObserver
{
public:
    explicit CancelWhenStarted(const QTemporaryDir &dir) : m_dir(dir) { }
    bool isCancelled() const override { return QFile::exists(m_dir.filePath(QStringLiteral("child.pid"))); }

private:
    const QTemporaryDir &m_dir;
};

} // namespace

class TestChildren : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void killedParentTakesItsChild_data();
    void killedParentTakesItsChild();
    void cancelStopsTheChild();
    void childWithNoAnswerIsStopped();
    void floodingChildIsStoppedAtItsBound();
    void childKilledBySignalIsNamed();
    void runWhoseArtifactFailsItsChecksFails();
    void aChildsNumbersOutOfRangeAreRefused_data();
    void aChildsNumbersOutOfRangeAreRefused();
    void measureChildChecksItsArgumentsLikeRun_data();
    void measureChildChecksItsArgumentsLikeRun();
    void measureChildSaysItIsInternal();
};

void TestChildren::initTestCase() { QVERIFY(::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0); }

void TestChildren::killedParentTakesItsChild_data()
{
    QTest::addColumn<int>("signal");
    QTest::addColumn<bool>("realChild");
    for (const auto &[signal, name] :
         {std::pair{SIGINT, "SIGINT"}, std::pair{SIGTERM, "SIGTERM"}, std::pair{SIGKILL, "SIGKILL"}}) {
        QTest::addRow("%s, a child that never answers", name) << signal << false;
        QTest::addRow("%s, lessonscope's own child", name) << signal << true;
    }
}

// The issue's "done when": kill the parent while its child measures, then look for the child.
void TestChildren::killedParentTakesItsChild()
{
    QFETCH(int, signal);
    QFETCH(bool, realChild);
    QTemporaryDir dir;
    QProcess parent;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QLatin1String(kProgramEnvironmentVariable),
                       realChild ? QStringLiteral(LESSONSCOPE_BINARY)
                                 : fakeChild(dir, QStringLiteral("stuck"), QStringLiteral("exec sleep 600")));
    parent.setProcessEnvironment(environment);
    // Big enough that each real child measures for many seconds, within what a run may cost
    // (matrixlesson::kMostRunMultiplyAdds).
    parent.start(QStringLiteral(LESSONSCOPE_BINARY),
                 {QStringLiteral("run"), QStringLiteral("performance-02"), QStringLiteral("--processes"),
                  QStringLiteral("20"), QStringLiteral("--samples"), QStringLiteral("5000"), QStringLiteral("--shape"),
                  QStringLiteral("256x256x256"), QStringLiteral("-o"), dir.filePath(QStringLiteral("out.json"))});
    QVERIFY(parent.waitForStarted());
    pid_t child = 0;
    if (realChild) {
        for (int i = 0; i < 600 && !child; ++i) {
            const QList<pid_t> children = childrenOf(static_cast<pid_t>(parent.processId()));
            child = children.isEmpty() ? 0 : children.constFirst();
            QThread::msleep(25);
        }
    } else {
        child = recordedPid(dir);
    }
    QVERIFY2(child > 0, "the run started no measuring child");
    QVERIFY(::kill(static_cast<pid_t>(parent.processId()), signal) == 0);
    const bool finished = parent.waitForFinished(30'000);
    const bool gone = goneSoon(child); // first, so that a failing test leaves no child behind
    QVERIFY(finished);
    QVERIFY2(gone, "the measuring child outlived its parent");
    if (signal != SIGKILL) {
        QCOMPARE(parent.exitStatus(), QProcess::NormalExit);
        QCOMPARE(parent.exitCode(), 1);
        const QString err = QString::fromUtf8(parent.readAllStandardError());
        QVERIFY2(err.contains(signal == SIGTERM
                                  ? QStringLiteral("terminated (SIGTERM): nothing was measured, no artifact written")
                                  : QStringLiteral("interrupted: nothing was measured, no artifact written")),
                 qPrintable(err));
    }
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("out.json"))));
}

// Cancel (the explorer's, Ctrl+C's) stops a child that would never answer, and waits for it.
void TestChildren::cancelStopsTheChild()
{
    QTemporaryDir dir;
    qputenv(kProgramEnvironmentVariable,
            fakeChild(dir, QStringLiteral("stuck"), QStringLiteral("exec sleep 600")).toLocal8Bit());
    const CancelWhenStarted observer(dir);
    const ChildResult result = runMeasuringChild("performance-02", {}, observer);
    QVERIFY(result.cancelled);
    QVERIFY(!result.output);
    const pid_t child = recordedPid(dir);
    QCOMPARE(static_cast<std::int64_t>(child), result.processId);
    QVERIFY(::kill(child, 0) != 0); // reaped already: gone, not a zombie
}

void TestChildren::childWithNoAnswerIsStopped()
{
    QTemporaryDir dir;
    qputenv(kProgramEnvironmentVariable,
            fakeChild(dir, QStringLiteral("stuck"), QStringLiteral("exec sleep 600")).toLocal8Bit());
    qputenv(kChildTimeoutEnvironmentVariable, "1");
    ChildLimits limits;
    limits.timeoutSeconds = childTimeoutSeconds(1);
    qunsetenv(kChildTimeoutEnvironmentVariable);
    QCOMPARE(limits.timeoutSeconds, 1);
    const ChildResult result = runMeasuringChild("performance-02", {}, RunObserver(), limits);
    QVERIFY(!result.output);
    QCOMPARE(QString::fromStdString(result.error),
             QStringLiteral("the measuring process gave no answer within 1 s; it was stopped"));
    QVERIFY(::kill(recordedPid(dir), 0) != 0);
    QCOMPARE(childTimeoutSeconds(30), 300); // ten times what it should take
    QCOMPARE(childTimeoutSeconds(1), kMinimumChildTimeoutSeconds);
}

// A child that floods its stdout grew the parent by 0.6 GB a second until bad_alloc.
void TestChildren::floodingChildIsStoppedAtItsBound()
{
    QTemporaryDir dir;
    const QString flood
        = fakeChild(dir, QStringLiteral("flood"), QStringLiteral("exec yes 0123456789012345678901234567890123456789"));
    qputenv(kProgramEnvironmentVariable, flood.toLocal8Bit());
    const ChildResult result = runMeasuringChild("performance-02", {}, RunObserver());
    QVERIFY(!result.output);
    QVERIFY2(result.error.find("printed more than 16 MiB") != std::string::npos, result.error.c_str());
    QVERIFY(::kill(recordedPid(dir), 0) != 0);

    // The same through `run`: it fails, saying so, and its memory stays far below the flood's.
    QProcess parent;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QLatin1String(kProgramEnvironmentVariable), flood);
    parent.setProcessEnvironment(environment);
    parent.start(QStringLiteral(LESSONSCOPE_BINARY),
                 {QStringLiteral("run"), QStringLiteral("performance-02"), QStringLiteral("-o"),
                  dir.filePath(QStringLiteral("out.json"))});
    QVERIFY(parent.waitForFinished(120'000));
    QCOMPARE(parent.exitCode(), 1);
    QVERIFY(QString::fromUtf8(parent.readAllStandardError()).contains(QStringLiteral("printed more than 16 MiB")));
    rusage usage{};
    QVERIFY(::getrusage(RUSAGE_CHILDREN, &usage) == 0);
    QVERIFY2(usage.ru_maxrss < 256 * 1024, qPrintable(QString::number(usage.ru_maxrss))); // KiB
}

void TestChildren::childKilledBySignalIsNamed()
{
    QTemporaryDir dir;
    qputenv(kProgramEnvironmentVariable,
            fakeChild(dir, QStringLiteral("crash"), QStringLiteral("echo 'about to fail' >&2\nkill -SEGV $$"))
                .toLocal8Bit());
    const ChildResult result = runMeasuringChild("performance-02", {}, RunObserver());
    QVERIFY(!result.output);
    QCOMPARE(QString::fromStdString(result.error),
             QStringLiteral("the measuring process was killed by SIGSEGV: about to fail"));
    qputenv(kProgramEnvironmentVariable,
            fakeChild(dir, QStringLiteral("exit3"), QStringLiteral("exit 3")).toLocal8Bit());
    QCOMPARE(QString::fromStdString(runMeasuringChild("performance-02", {}, RunObserver()).error),
             QStringLiteral("the measuring process exited with code 3"));
    qputenv(kProgramEnvironmentVariable, "/nonexistent/lessonscope");
    QCOMPARE(QString::fromStdString(runMeasuringChild("performance-02", {}, RunObserver()).error),
             QStringLiteral("could not start /nonexistent/lessonscope: No such file or directory"));
}

// Every child says the same pid: the run's artifact fails its own checks (process ids must be
// distinct), so the run must not succeed.
void TestChildren::runWhoseArtifactFailsItsChecksFails()
{
    QTemporaryDir dir;
    const FakeRun run = runWithFakeChild(dir, QLatin1String(kFixedMeasurement));
    QCOMPARE(run.outcome.exitCode, 1);
    QVERIFY2(run.outcome.err.contains(QStringLiteral("the artifact fails lessonscope's own checks")),
             qPrintable(run.outcome.err));
    QVERIFY(QFile::exists(run.artifact)); // kept, as measured
}

void TestChildren::aChildsNumbersOutOfRangeAreRefused_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::newRow("a call across the whole clock")
        << QStringLiteral("[0,500,1000,1500,2000]")
        << QStringLiteral("[-9223372036854775807,0,0,0,9223372036854775807]");
    QTest::newRow("moments out of order")
        << QStringLiteral("[10000,10500,11000,11500,12000]") << QStringLiteral("[12000,10500,11000,11500,10000]");
    QTest::newRow("a first call of 10^300 s")
        << QStringLiteral("\"first_call_seconds\":0.002") << QStringLiteral("\"first_call_seconds\":1e300");
    QTest::newRow("a negative switch count") << QStringLiteral("[0,0,0,0,0,0,1,0],[0,0,0,0,0,0,1,0]]")
                                             << QStringLiteral("[0,0,0,0,0,0,1,0],[0,0,0,-5,0,0,1,0]]");
}

// The parent subtracts, sums and converts what a child prints: numbers past their range (which
// overflowed into a duration of −2 ns) make the child's answer unreadable, said, never arithmetic.
void TestChildren::aChildsNumbersOutOfRangeAreRefused()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QString measurement = QLatin1String(kFixedMeasurement);
    QVERIFY(measurement.contains(from));
    measurement.replace(from, to);
    QTemporaryDir dir;
    const FakeRun run = runWithFakeChild(dir, measurement);
    QCOMPARE(run.outcome.exitCode, 1);
    QVERIFY2(run.outcome.err.contains(QStringLiteral("printed a measurement lessonscope cannot read")),
             qPrintable(run.outcome.err));
    QVERIFY(!QFile::exists(run.artifact));
}

void TestChildren::measureChildChecksItsArgumentsLikeRun_data()
{
    QTest::addColumn<QStringList>("more");
    QTest::addColumn<QString>("message");
    QTest::newRow("samples above run's limit")
        << QStringList{QStringLiteral("samples=20000")} << QStringLiteral("samples must be between 1 and 10000");
    QTest::newRow("a dimension above run's limit")
        << QStringList{QStringLiteral("m=5000")} << QStringLiteral("m must be between 1 and 4096");
    QTest::newRow("a plus sign") << QStringList{QStringLiteral("samples=+5")}
                                 << QStringLiteral("not a measuring request: samples=+5");
    QTest::newRow("a space") << QStringList{QStringLiteral("samples= 5")}
                             << QStringLiteral("not a measuring request: samples= 5");
    QTest::newRow("a dtype run refuses") << QStringList{QStringLiteral("dtype=int8")}
                                         << QStringLiteral("dtype must be one of float32, float64");
    QTest::newRow("a product above what a lesson runs")
        << QStringList{QStringLiteral("m=4096"), QStringLiteral("k=4096"), QStringLiteral("n=4096")}
        << QStringLiteral("(2048³) a lesson runs");
    QTest::newRow("more calls than a run may cost")
        << QStringList{QStringLiteral("m=2048"), QStringLiteral("k=2048"), QStringLiteral("n=2048"),
                       QStringLiteral("samples=1000")}
        << QStringLiteral("choose fewer samples or a smaller shape");
    QTest::newRow("an escape sequence") << QStringList{QStringLiteral("m=\x1b[2J")}
                                        << QStringLiteral("not a measuring request: m=\\x1B[2J");
}

// measure-child called by hand with 4096³ ran unbounded; it now refuses what `run` refuses.
void TestChildren::measureChildChecksItsArgumentsLikeRun()
{
    QFETCH(QStringList, more);
    QFETCH(QString, message);
    QStringList arguments{QStringLiteral("measure-child"), QStringLiteral("performance-02"),
                          QStringLiteral("samples=2"),     QStringLiteral("m=4"),
                          QStringLiteral("k=4"),           QStringLiteral("n=4")};
    arguments << more; // a later value of a name replaces the earlier one
    const coretesting::Outcome outcome = coretesting::runLessonscope(arguments);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
    QVERIFY(!outcome.err.contains(QLatin1Char('\x1b')));
}

// A person at a terminal is told what measure-child is; the parent, with no terminal, is not.
void TestChildren::measureChildSaysItIsInternal()
{
    int master = -1;
    const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
    QVERIFY(pid >= 0);
    if (pid == 0) {
        ::execl(LESSONSCOPE_BINARY, LESSONSCOPE_BINARY, "measure-child", "no-such-lesson",
                static_cast<char *>(nullptr));
        ::_exit(127);
    }
    QByteArray seen;
    char buffer[4096];
    for (ssize_t got; (got = ::read(master, buffer, sizeof buffer)) > 0;)
        seen.append(buffer, got);
    ::close(master);
    int status = 0;
    QCOMPARE(::waitpid(pid, &status, 0), pid);
    QVERIFY(seen.contains("lessonscope measure-child is internal"));
    QVERIFY(seen.contains("lessonscope run LESSON"));
    const coretesting::Outcome piped
        = coretesting::runLessonscope({QStringLiteral("measure-child"), QStringLiteral("no-such-lesson")});
    QVERIFY(!piped.err.contains(QStringLiteral("internal")));
}

QTEST_GUILESS_MAIN(TestChildren)
#include "tst_children.moc"
