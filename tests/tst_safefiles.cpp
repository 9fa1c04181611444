// Files read and written in the presence of other programs that change them meanwhile:
//  - a file swapped for a FIFO between the reader's check and its open is refused at once (the
//    swap is made inside open() itself, by interposing it in this executable, so it lands in the
//    window every time);
//  - a file that appears while ExistingFile::Keep writes the same name is kept;
//  - a non-regular destination (a FIFO, a link to a device) is refused by the one write path.
#undef _FORTIFY_SOURCE // open() is defined below; the fortified inline wrapper would clash with it
#include "core/base/atomicfile.h"
#include "core/lesson/lessonartifacts.h"
#include "coretesting.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <cstdarg>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <future>
#include <sys/stat.h>
#include <unistd.h>

using namespace lessonscope;
using coretesting::readBytes;
using coretesting::writeBytes;

// ---- a swap inside open() ---------------------------------------------------------------------
// Armed with a path, the next open of that path first renames a FIFO over it, then opens: what
// the reader checked was a regular file, what it opens is a FIFO. Whichever of the open family
// the reader (or Qt) calls, the swap happens once.

namespace {

std::atomic<const char *> g_swapTarget{nullptr};
const char *g_swapFifo = nullptr;
std::atomic<bool> g_swapped{false};

void swapIfArmed(const char *path)
{
    const char *target = g_swapTarget.load();
    if (target && std::strcmp(path, target) == 0 && g_swapTarget.compare_exchange_strong(target, nullptr))
        g_swapped = ::rename(g_swapFifo, target) == 0;
}

template<typename Function>
Function next(const char *name)
{
    return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

mode_t modeArgument(int flags, va_list arguments)
{
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? static_cast<mode_t>(va_arg(arguments, int)) : 0;
}

} // namespace

extern "C" {

int open(const char *path, int flags, ...)
{
    static const auto real = next<int (*)(const char *, int, ...)>("open");
    va_list arguments;
    va_start(arguments, flags);
    const mode_t mode = modeArgument(flags, arguments);
    va_end(arguments);
    swapIfArmed(path);
    return real(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
    static const auto real = next<int (*)(const char *, int, ...)>("open64");
    va_list arguments;
    va_start(arguments, flags);
    const mode_t mode = modeArgument(flags, arguments);
    va_end(arguments);
    swapIfArmed(path);
    return real(path, flags, mode);
}

int openat(int folder, const char *path, int flags, ...)
{
    static const auto real = next<int (*)(int, const char *, int, ...)>("openat");
    va_list arguments;
    va_start(arguments, flags);
    const mode_t mode = modeArgument(flags, arguments);
    va_end(arguments);
    swapIfArmed(path);
    return real(folder, path, flags, mode);
}

} // extern "C"

class TestSafeFiles : public QObject
{
    Q_OBJECT

private slots:
    void fifoSwappedInBeforeTheOpenIsRefusedAtOnce();
    void fileThatAppearsMeanwhileIsKept();
    void nonRegularDestinationsAreRefused();
    void failedWriterLeavesTheOldFile();
};

void TestSafeFiles::fifoSwappedInBeforeTheOpenIsRefusedAtOnce()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray path = QFile::encodeName(dir.filePath(QStringLiteral("a.json")));
    const QByteArray fifo = QFile::encodeName(dir.filePath(QStringLiteral("fifo")));
    QVERIFY(writeBytes(QFile::decodeName(path), readBytes(coretesting::seedPath())));
    QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
    g_swapFifo = fifo.constData();
    g_swapped = false;
    g_swapTarget = path.constData();

    auto reading = std::async(std::launch::async, [&] { return readArtifactFile(QFile::decodeName(path)); });
    // A watchdog, not a measurement: a reader that blocks in open() on the FIFO never returns by
    // itself. Then a writer end opened and closed lets it see the end of the file, and the test fails.
    if (reading.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
        const int writer = ::open(path.constData(), O_WRONLY | O_NONBLOCK);
        ::close(writer);
        reading.wait();
        QFAIL("reading blocked on a FIFO that was swapped in after the check");
    }
    g_swapTarget = nullptr;
    QVERIFY2(g_swapped, "the swap never happened: the reader did not open the file by name");
    const ReadResult result = reading.get();
    QVERIFY(!result.artifact);
    QCOMPARE(result.problems.size(), std::size_t(1));
    QVERIFY2(result.problems.front().message.find("not a regular file") != std::string::npos,
             result.problems.front().message.c_str());
}

void TestSafeFiles::fileThatAppearsMeanwhileIsKept()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("same.json"));
    const QByteArray theirs = "the other run's artifact";
    QString error;
    const bool written = writeFileAtomically(
        path,
        [&](const ByteSink &sink) {
            // Another writer of the same name finishes while this one is still writing.
            return sink("this run's ") && writeBytes(path, theirs) && sink("artifact");
        },
        &error, ExistingFile::Keep);
    QVERIFY2(!written, "a file that appeared meanwhile was replaced");
    QCOMPARE(error, existingFileMessage());
    QCOMPARE(readBytes(path), theirs);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("same.json")});

    // Replacing, as --force asks, replaces it.
    QVERIFY2(writeFileAtomically(path, std::string_view("mine"), &error, ExistingFile::Replace), qPrintable(error));
    QCOMPARE(readBytes(path), QByteArray("mine"));
}

void TestSafeFiles::nonRegularDestinationsAreRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fifo = dir.filePath(QStringLiteral("fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString full = dir.filePath(QStringLiteral("full"));
    QVERIFY(QFile::link(QStringLiteral("/dev/full"), full));
    for (const QString &path : {fifo, full, dir.path()}) {
        QString error;
        QVERIFY2(!writeFileAtomically(path, std::string_view("data"), &error), qPrintable(path));
        QVERIFY2(error.contains(QStringLiteral("not a regular file")) || error.contains(QStringLiteral("folder")),
                 qPrintable(error));
    }
    struct stat status { };
    QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &status), 0);
    QVERIFY(S_ISFIFO(status.st_mode));
    QVERIFY(QFileInfo(full).isSymLink());
}

void TestSafeFiles::failedWriterLeavesTheOldFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("a.json"));
    QVERIFY(writeBytes(path, "old"));
    QString error;
    QVERIFY(!writeFileAtomically(
        path, [](const ByteSink &sink) { return sink("half") && false; }, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!writeFileAtomically(
        path,
        [](const ByteSink &sink) -> bool {
            sink("half");
            throw std::runtime_error("the writer broke");
        },
        &error));
    QCOMPARE(error, QStringLiteral("the writer broke"));
    QCOMPARE(readBytes(path), QByteArray("old"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("a.json")});
}

QTEST_GUILESS_MAIN(TestSafeFiles)
#include "tst_safefiles.moc"
