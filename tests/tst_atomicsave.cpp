// Atomic saves, proven by interrupting a save at every point we can reach:
//  - a write that stops short at every byte count (RLIMIT_FSIZE, which stands in for a full disk
//    and works as root);
//  - each system call of the commit failing in turn (fdatasync, linkat, rename), injected by
//    interposing those libc functions in this executable;
//  - a writer process killed with SIGKILL at random moments while it saves over and over.
// After each, the target must be the old file or the complete new one, byte for byte, and no
// temporary file may be left beside it.
#include "core/artifact/artifactio.h"
#include "coretesting.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace lessonscope;
using coretesting::readBytes;
using coretesting::writeBytes;

// ---- fault injection --------------------------------------------------------------------------
// writeFileAtomically (core/base/atomicfile.cpp) writes an unnamed O_TMPFILE beside the target,
// fdatasync()s it, gives it a name with linkat() and rename()s that over the target. These definitions take the
// place of libc's for every caller in the process (the executable comes first in symbol lookup);
// armed, the chosen call fails with EIO once; otherwise they forward to the next definition.

namespace {

enum class Fault { None, Fdatasync, Linkat, Rename };
std::atomic<Fault> g_fault{Fault::None};
std::atomic<int> g_injected{0};

bool inject(Fault fault)
{
    Fault expected = fault;
    if (!g_fault.compare_exchange_strong(expected, Fault::None))
        return false;
    ++g_injected;
    errno = EIO;
    return true;
}

template<typename Function>
Function next(const char *name)
{
    return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

} // namespace

extern "C" {

int fdatasync(int fd)
{
    static const auto real = next<int (*)(int)>("fdatasync");
    return inject(Fault::Fdatasync) ? -1 : real(fd);
}

int linkat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int flags) noexcept
{
    static const auto real = next<int (*)(int, const char *, int, const char *, int)>("linkat");
    return inject(Fault::Linkat) ? -1 : real(olddirfd, oldpath, newdirfd, newpath, flags);
}

int rename(const char *oldpath, const char *newpath) noexcept
{
    static const auto real = next<int (*)(const char *, const char *)>("rename");
    return inject(Fault::Rename) ? -1 : real(oldpath, newpath);
}

} // extern "C"

namespace {

const QString kSeedPath = coretesting::seedPath();
const QString kWriterOption = QStringLiteral("--write-forever");

Artifact readSeed() { return coretesting::seedArtifact(); }

// The seed with a line panel of `samples` values that depend on `variant`: two variants differ
// in every block of the file, so a mix of them is never equal to either.
Artifact bigArtifact(int samples, int variant)
{
    Json document = readSeed().json();
    Json x = Json::array();
    Json y = Json::array();
    for (int i = 0; i < samples; ++i) {
        x.push_back(i + 1);
        y.push_back(1e-6 * (1 + ((i * 7919 + variant * 104729) % 1000)));
    }
    document["data"]["panels"][1]["x"] = std::move(x);
    document["data"]["panels"][1]["series"][0]["y"] = std::move(y);
    document["variant"] = variant;
    return Artifact(std::move(document));
}

QByteArray bytesOf(const Artifact &artifact) { return QByteArray::fromStdString(serializeArtifact(artifact)); }

// Everything in the folder but the target: a temporary file left behind shows up here.
QStringList strays(const QString &folder, const QString &target)
{
    QStringList names = QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::System);
    names.removeAll(target);
    return names;
}

// The child mode: save variant 0 and 1 in turn over the file, forever, until killed. It says
// "saving" on stdout just before its first save and "saved" after it, so that the parent can
// time its kill to land inside the first save or inside a later one.
int writeForever(const QString &path)
{
    const Artifact versions[] = {bigArtifact(200'000, 0), bigArtifact(200'000, 1)};
    const auto say = [](const char *line) {
        std::fputs(line, stdout);
        std::fflush(stdout);
    };
    say("saving\n");
    for (std::uint64_t i = 0;; ++i) {
        if (!writeArtifactFile(versions[i % 2], path))
            return 3;
        if (i == 0)
            say("saved\n");
    }
}

// Reads the child's lines until `line`; false when it ends or stays silent for a minute.
bool waitForLine(QProcess &process, const QByteArray &line)
{
    for (;;) {
        while (process.canReadLine()) {
            if (process.readLine().trimmed() == line)
                return true;
        }
        if (process.state() != QProcess::Running || !process.waitForReadyRead(60'000))
            return false;
    }
}

class RlimitGuard
{
public:
    RlimitGuard()
    {
        getrlimit(RLIMIT_FSIZE, &m_saved);
        m_previous = std::signal(SIGXFSZ, SIG_IGN); // a short write, not a killed process
    }
    ~RlimitGuard()
    {
        setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_previous);
    }
    bool limit(rlim_t bytes)
    {
        rlimit limited = m_saved;
        limited.rlim_cur = bytes;
        return setrlimit(RLIMIT_FSIZE, &limited) == 0;
    }
    bool restore() { return setrlimit(RLIMIT_FSIZE, &m_saved) == 0; }

private:
    rlimit m_saved{};
    void (*m_previous)(int) = SIG_DFL;
};

} // namespace

class TestAtomicSave : public QObject
{
    Q_OBJECT

private slots:
    void shortWriteAtEveryByteCount_data();
    void shortWriteAtEveryByteCount();
    void commitFailureAtEachSystemCall_data();
    void commitFailureAtEachSystemCall();
    void killedWriterLeavesOldOrNew();
    void abandonedTemporariesAreRemovedByTheNextSave();
};

void TestAtomicSave::shortWriteAtEveryByteCount_data()
{
    QTest::addColumn<bool>("oldFileExists");
    QTest::newRow("over an old file") << true;
    QTest::newRow("no file yet") << false;
}

void TestAtomicSave::shortWriteAtEveryByteCount()
{
    QFETCH(bool, oldFileExists);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("a.json"));
    const QByteArray old = "{\"the\": \"old artifact\"}";
    const Artifact artifact = readSeed();
    const QByteArray wanted = bytesOf(artifact);
    QVERIFY(wanted.size() > 3000);

    RlimitGuard guard;
    // Every size the file system could stop at, from nothing written to one byte short, then the
    // whole file.
    for (qsizetype limit = 0; limit <= wanted.size(); ++limit) {
        if (oldFileExists)
            QVERIFY(writeBytes(path, old));
        else
            QFile::remove(path);
        QVERIFY(guard.limit(static_cast<rlim_t>(limit)));
        QString error;
        const bool written = writeArtifactFile(artifact, path, &error);
        QVERIFY(guard.restore());

        const QByteArray now = readBytes(path);
        if (limit < wanted.size()) {
            QVERIFY2(!written, qPrintable(QStringLiteral("saved with a %1-byte limit").arg(limit)));
            QVERIFY2(error.startsWith(QStringLiteral("cannot save ") + path), qPrintable(error));
            if (oldFileExists)
                QVERIFY2(now == old, qPrintable(QStringLiteral("old file changed at limit %1").arg(limit)));
            else
                QVERIFY2(!QFile::exists(path), qPrintable(QStringLiteral("a file appeared at limit %1").arg(limit)));
        } else {
            QVERIFY2(written, qPrintable(error));
            QCOMPARE(now, wanted);
        }
        const QStringList left = strays(dir.path(), QStringLiteral("a.json"));
        QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("limit %1 left %2").arg(limit).arg(left.join(u' '))));
    }
}

void TestAtomicSave::commitFailureAtEachSystemCall_data()
{
    QTest::addColumn<int>("fault");
    QTest::addColumn<bool>("mayStillSave"); // the failure does not make the file incomplete
    // A failed sync fails the save (the data may never reach the disk); a save that went on would
    // still be complete, which this row also accepts. A failed link or rename fails it.
    QTest::newRow("fdatasync fails") << int(Fault::Fdatasync) << true;
    QTest::newRow("linkat fails") << int(Fault::Linkat) << false;
    QTest::newRow("rename fails") << int(Fault::Rename) << false;
}

void TestAtomicSave::commitFailureAtEachSystemCall()
{
    QFETCH(int, fault);
    QFETCH(bool, mayStillSave);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("a.json"));
    const QByteArray old = "{\"the\": \"old artifact\"}";
    QVERIFY(writeBytes(path, old));
    const Artifact artifact = readSeed();

    g_injected = 0;
    g_fault = static_cast<Fault>(fault);
    QString error;
    const bool written = writeArtifactFile(artifact, path, &error);
    const bool reached = g_fault.exchange(Fault::None) == Fault::None;

    const QByteArray now = readBytes(path);
    if (written) {
        QVERIFY2(mayStillSave, "the save reported success though a step it needs failed");
        QCOMPARE(now, bytesOf(artifact));
    } else {
        QCOMPARE(now, old);
        QVERIFY2(error.startsWith(QStringLiteral("cannot save ") + path), qPrintable(error));
    }
    // A fault that is never reached proves nothing: the save must go through linkat and rename
    // (O_TMPFILE) or rename alone; note which, so a change in Qt shows up here.
    if (fault == int(Fault::Linkat) || fault == int(Fault::Rename))
        QVERIFY2(reached && !written, "the injected failure was not reached");
    if (!reached)
        qInfo("this save never called the function: nothing to inject");
    QCOMPARE(strays(dir.path(), QStringLiteral("a.json")), QStringList());
}

void TestAtomicSave::killedWriterLeavesOldOrNew()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("a.json"));
    const QByteArray old = "{\"the\": \"old artifact\"}";
    const Artifact big = bigArtifact(200'000, 0);
    const QByteArray versions[] = {bytesOf(big), bytesOf(bigArtifact(200'000, 1))};
    QVERIFY(versions[0].size() > 2'000'000 && versions[0] != versions[1]);

    // How long one save takes here (a sanitizer build is several times slower), so that the
    // kills spread over whole saves: serializing, writing, syncing, renaming.
    QElapsedTimer timer;
    timer.start();
    QVERIFY(writeArtifactFile(big, path));
    const auto saveUs = static_cast<quint32>(std::max<qint64>(1000, timer.nsecsElapsed() / 1000));

    QRandomGenerator random(20261020); // reproducible moments
    int sawOld = 0, sawNew = 0, namedCopies = 0;
    constexpr int kKills = 24;
    for (int round = 0; round < kKills; ++round) {
        QVERIFY(writeBytes(path, old));
        QProcess writer;
        writer.setProgram(QCoreApplication::applicationFilePath());
        writer.setArguments({kWriterOption, path});
        writer.start();
        QVERIFY(writer.waitForStarted(10'000));
        // Even rounds: a moment inside the first save (the old file must survive). Odd rounds: a
        // moment inside one of the next saves (a complete earlier save must survive).
        QVERIFY(waitForLine(writer, round % 2 == 0 ? QByteArray("saving") : QByteArray("saved")));
        QThread::usleep(random.bounded(saveUs * (round % 2 == 0 ? 1 : 2)));
        ::kill(static_cast<pid_t>(writer.processId()), SIGKILL);
        QVERIFY(writer.waitForFinished(10'000));
        QCOMPARE(writer.exitStatus(), QProcess::CrashExit);

        const QByteArray now = readBytes(path);
        if (now == old)
            ++sawOld;
        else if (now == versions[0] || now == versions[1])
            ++sawNew;
        else
            QFAIL(qPrintable(QStringLiteral("round %1: the file is neither the old one nor a complete new "
                                            "one (%2 bytes)")
                                 .arg(round)
                                 .arg(now.size())));
        if (round % 2 == 1)
            QVERIFY2(now != old, "a save that completed was lost");

        // The unwritten data lives in an unnamed (O_TMPFILE) file, which the kernel frees with the
        // process. Only a kill in the instant between Qt naming the complete file (linkat) and
        // renaming it over the target could leave a name behind, and then a complete copy, never
        // a partial file: counted, checked, and removed so that each round starts alike.
        for (const QString &name : strays(dir.path(), QStringLiteral("a.json"))) {
            const QByteArray stray = readBytes(dir.filePath(name));
            QVERIFY2(stray == versions[0] || stray == versions[1],
                     qPrintable(QStringLiteral("round %1: a partial temporary file %2 was left").arg(round).arg(name)));
            ++namedCopies;
            QFile::remove(dir.filePath(name));
        }
    }
    qInfo("%d kills over saves of %u µs: old file %d times, a complete new one %d times, "
          "complete named copies left %d times",
          kKills, saveUs, sawOld, sawNew, namedCopies);
}

// A writer killed after naming its temporary (or, without O_TMPFILE, at any moment) leaves it
// behind: the next save of the same target removes it, but never one a live writer holds (its
// flock), another target's, or a file that only looks alike.
void TestAtomicSave::abandonedTemporariesAreRemovedByTheNextSave()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("a.json"));
    const QString abandoned = dir.filePath(QStringLiteral("a.json.k3x9q1.tmp"));
    const QString held = dir.filePath(QStringLiteral("a.json.z8w2.tmp"));
    const QString otherTarget = dir.filePath(QStringLiteral("b.json.k3x9q1.tmp"));
    const QString alike = dir.filePath(QStringLiteral("a.json.notes.TMP"));
    for (const QString &name : {abandoned, held, otherTarget, alike})
        QVERIFY(writeBytes(name, "{\"half\": "));
    const int holder = ::open(QFile::encodeName(held).constData(), O_RDONLY | O_CLOEXEC);
    QVERIFY(holder >= 0);
    QVERIFY(::flock(holder, LOCK_EX | LOCK_NB) == 0); // a writer still saving
    QVERIFY(writeArtifactFile(bigArtifact(10, 0), path));
    ::close(holder);
    QVERIFY(!QFile::exists(abandoned));
    QVERIFY(QFile::exists(held));
    QVERIFY(QFile::exists(otherTarget));
    QVERIFY(QFile::exists(alike));
    QVERIFY(writeArtifactFile(bigArtifact(10, 1), path)); // no writer holds it now
    QVERIFY(!QFile::exists(held));
}

int main(int argc, char *argv[])
{
    if (argc == 3 && QString::fromLocal8Bit(argv[1]) == kWriterOption)
        return writeForever(QString::fromLocal8Bit(argv[2]));
    QCoreApplication app(argc, argv);
    TestAtomicSave test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_atomicsave.moc"
