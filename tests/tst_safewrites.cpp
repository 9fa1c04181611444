// Writes that lose nothing and clobber nothing, checked on the real binary as a user runs it:
//  - every command that writes (run -o, export-trace -o, render -o) refuses a FIFO, a device
//    node, or a link to one, and leaves it as it was;
//  - on a full disk (a 64 KiB tmpfs, mounted in a private user and mount namespace so that no
//    privilege is needed; skipped where the system forbids that), a command fails with the
//    system's reason and the old file stays whole;
//  - what export-trace prints (the trace, the file names) reaches the terminal with no control
//    character.
#include "core/lesson/lessonartifacts.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace lessonscope;

namespace {

const QString kSeedPath = QStringLiteral(LESSONSCOPE_TEST_DATA "/seed-performance-01.json");
// An artifact lessonscope made, with a measured trace.
const QString kTracedPath = QStringLiteral(LESSONSCOPE_TEST_DATA "/../fuzz/corpus/run-traced.json");

struct Outcome {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Outcome runProgram(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(180'000)) {
        process.kill();
        process.waitForFinished();
        return {-1, {}, "did not finish"};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

Outcome runLessonscope(const QStringList &arguments)
{
    return runProgram(QStringLiteral(LESSONSCOPE_BINARY), arguments);
}

// The command that writes `output`, for each command that writes.
QStringList writingCommand(const QString &command, const QString &output)
{
    if (command == QLatin1String("run"))
        return {QStringLiteral("run"),
                QStringLiteral("performance-01"),
                QStringLiteral("--samples"),
                QStringLiteral("2"),
                QStringLiteral("--shape"),
                QStringLiteral("8x8x8"),
                QStringLiteral("--force"),
                QStringLiteral("-o"),
                output};
    if (command == QLatin1String("render"))
        return {QStringLiteral("render"), kSeedPath, QStringLiteral("--size"), QStringLiteral("400x300"),
                QStringLiteral("-o"),     output};
    return {QStringLiteral("export-trace"), kTracedPath, QStringLiteral("-o"), output};
}

bool hasControlBytes(const QByteArray &bytes)
{
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if ((c < 0x20 && c != '\n') || c == 0x7F)
            return true;
        if (c == 0xC2 && i + 1 < bytes.size() && static_cast<unsigned char>(bytes[i + 1]) < 0xA0)
            return true; // a C1 control, U+0080..U+009F
    }
    return false;
}

} // namespace

class TestSafeWrites : public QObject
{
    Q_OBJECT

private slots:
    void nonRegularDestinationsAreRefused_data();
    void nonRegularDestinationsAreRefused();
    void fullDiskKeepsTheOldFile_data();
    void fullDiskKeepsTheOldFile();
    void exportTraceSendsNoControlCharacter();
};

void TestSafeWrites::nonRegularDestinationsAreRefused_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("kind");
    for (const char *command : {"run", "export-trace", "render"}) {
        for (const char *kind : {"fifo", "link to a fifo", "device"})
            QTest::addRow("%s onto a %s", command, kind) << QString::fromLatin1(command) << QString::fromLatin1(kind);
    }
}

void TestSafeWrites::nonRegularDestinationsAreRefused()
{
    QFETCH(QString, command);
    QFETCH(QString, kind);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray special = QFile::encodeName(dir.filePath(QStringLiteral("special")));
    if (kind == QLatin1String("device")) {
        // A device node of our own, like /dev/null (1, 3): making one needs CAP_MKNOD.
        if (::mknod(special.constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
            QSKIP("cannot make a device node here (needs CAP_MKNOD)");
    } else {
        QCOMPARE(::mkfifo(special.constData(), 0666), 0);
    }
    QString output = QFile::decodeName(special);
    if (kind == QLatin1String("link to a fifo")) {
        output = dir.filePath(QStringLiteral("out.json"));
        QVERIFY(QFile::link(QFile::decodeName(special), output));
    }

    const Outcome outcome = runLessonscope(writingCommand(command, output));
    QCOMPARE(outcome.exitCode, 1);
    QVERIFY2(outcome.err.contains("not a regular file"), outcome.err.constData());
    struct stat after { };
    QCOMPARE(::stat(special.constData(), &after), 0);
    QVERIFY2(kind == QLatin1String("device") ? S_ISCHR(after.st_mode) : S_ISFIFO(after.st_mode),
             "the special file was replaced");
    if (kind == QLatin1String("link to a fifo"))
        QVERIFY(QFileInfo(output).isSymLink());
}

void TestSafeWrites::fullDiskKeepsTheOldFile_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("export-trace") << QStringLiteral("export-trace");
    QTest::newRow("render") << QStringLiteral("render");
    QTest::newRow("run") << QStringLiteral("run");
}

void TestSafeWrites::fullDiskKeepsTheOldFile()
{
    QFETCH(QString, command);
    const QString unshare = QStandardPaths::findExecutable(QStringLiteral("unshare"));
    if (unshare.isEmpty())
        QSKIP("no unshare(1) to mount a small file system without privileges");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // In a private mount namespace: a 64 KiB tmpfs over the folder, an old file, the rest filled,
    // then the command writes over the old file. The script prints the status and the old file.
    const QString script = QStringLiteral("mount -t tmpfs -o size=64k none \"$1\" || exit 77\n"
                                          "printf 'the old file' > \"$1/old\"\n"
                                          "cat /dev/zero > \"$1/fill\" 2>/dev/null\n"
                                          "dir=$1; shift\n"
                                          "\"$@\"\n"
                                          "echo \"status $?\"\n"
                                          "cat \"$dir/old\"\n");
    QStringList arguments{QStringLiteral("-rm"),
                          QStringLiteral("sh"),
                          QStringLiteral("-c"),
                          script,
                          QStringLiteral("sh"),
                          dir.path(),
                          QStringLiteral(LESSONSCOPE_BINARY)};
    arguments += writingCommand(command, dir.filePath(QStringLiteral("old")));
    const Outcome outcome = runProgram(unshare, arguments);
    if (outcome.exitCode == 77 || (outcome.exitCode != 0 && !outcome.out.contains("status")))
        QSKIP(qPrintable(QStringLiteral("cannot mount a tmpfs in a user namespace here: %1")
                             .arg(QString::fromLocal8Bit(outcome.err))));
    QVERIFY2(outcome.out.startsWith("status 1\n"), outcome.out.left(200).constData());
    QVERIFY2(outcome.err.contains("No space left on device"), outcome.err.constData());
    QCOMPARE(outcome.out.mid(outcome.out.indexOf('\n') + 1), QByteArray("the old file"));
}

void TestSafeWrites::exportTraceSendsNoControlCharacter()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile traced(kTracedPath);
    QVERIFY(traced.open(QIODevice::ReadOnly));
    Json document = Json::parse(traced.readAll().toStdString());
    // C1 controls (CSI, NEL, OSC), DEL and an escape sequence in the strings export-trace copies.
    const std::string hostile = "\xC2\x9B"
                                "2J\xC2\x85\xC2\x9D"
                                "0;title\x07\x7F\x1B]0;owned\x07";
    document["lessonId"] = document["lessonId"].get<std::string>() + hostile;
    document["generatedAt"] = hostile;
    document["trace"]["clock"] = hostile;
    // A file name that retitles the terminal when printed raw.
    const QString path = dir.filePath(QStringLiteral("a\x1b]0;owned\x07.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(document.dump(1)));
    file.close();

    const Outcome outcome = runLessonscope({QStringLiteral("export-trace"), path});
    QVERIFY2(outcome.out.contains("\"traceEvents\""), outcome.err.constData());
    QVERIFY2(!hasControlBytes(outcome.out), "a control character reached standard output");
    QVERIFY2(!hasControlBytes(outcome.err), outcome.err.constData());
    // Still the same JSON value: the controls are escaped, not dropped.
    const Json trace = Json::parse(outcome.out.toStdString());
    QCOMPARE(trace["otherData"]["clock"].get<std::string>(), hostile);
}

QTEST_GUILESS_MAIN(TestSafeWrites)
#include "tst_safewrites.moc"
