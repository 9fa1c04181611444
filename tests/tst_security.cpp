// Artifacts are data only (docs/security.md): nothing in one is executed, fetched, or used as a
// path, and nothing in one reaches a terminal as control characters. Each case runs the real
// binary as a user would, on an artifact built to break that promise:
//  - strings that are paths, file:// and http:// URLs, HTML <img> tags pointing at decoy files,
//    and shell command substitutions: the decoys are watched with inotify (any open fails the
//    test), a local TCP port is watched for connections, and the commands' marker files must not
//    appear;
//  - strings and keys holding terminal escape sequences (OSC window title, clear screen, a C1 CSI,
//    carriage return, BEL, DEL): show, show --json and validate must print them escaped;
//  - strings of tens of megabytes: show stays short and fast.
#include "core/lesson/lessonartifacts.h"
#include "core/artifact/canonicaljson.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <cerrno>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

using namespace lessonscope;

namespace {

const QString kSeedPath = QStringLiteral(LESSONSCOPE_TEST_DATA "/seed-performance-01.json");
// An artifact lessonscope made, with a measured trace (so export-trace and the measured timeline run).
const QString kTracedPath = QStringLiteral(LESSONSCOPE_TEST_DATA "/../fuzz/corpus/run-traced.json");

struct Outcome {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Outcome runLessonscope(const QStringList &arguments, const QString &workingDirectory = QString())
{
    QProcess process;
    process.setProgram(QStringLiteral(LESSONSCOPE_BINARY));
    process.setArguments(arguments);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start();
    if (!process.waitForFinished(180'000))
        return {};
    Outcome outcome{process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                    process.readAllStandardOutput(), process.readAllStandardError()};
    // Under the asan preset a report in the child is a failure whatever the exit status says.
    if (outcome.err.contains("Sanitizer") || outcome.err.contains("runtime error:"))
        outcome.exitCode = -1;
    return outcome;
}

Json seedJson(const QString &path = kSeedPath)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Json::object();
    return Json::parse(file.readAll().toStdString());
}

bool writeJsonFile(const QString &path, const Json &document)
{
    QFile file(path);
    const QByteArray bytes = QByteArray::fromStdString(serializeArtifact(Artifact(document)));
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// Every string value of the artifact that a user sees (not the hashes, the time or the kinds the
// format fixes), in document order, for `replace` to overwrite with hostile text. stdout is
// rewritten as JSON with its own strings replaced, so that its parsed view carries them too.
void replaceVisibleStrings(Json &document, const std::function<std::string(int)> &hostile)
{
    int n = 0;
    const auto visit = [&](auto &self, Json &value, const std::string &key) -> void {
        static const std::set<std::string> kept
            = {"contentHash", "rendererHash", "generatedAt", "kind", "stdout", "dtype"};
        if (value.is_object()) {
            for (auto it = value.begin(); it != value.end(); ++it)
                self(self, it.value(), it.key());
        } else if (value.is_array()) {
            for (Json &element : value)
                self(self, element, key);
        } else if (value.is_string() && !kept.count(key)) {
            value = hostile(n++);
        }
    };
    visit(visit, document, std::string());
    Json out = Json::parse(document["stdout"].get<std::string>());
    visit(visit, out, std::string());
    document["stdout"] = out.dump();
}

bool containsTerminalControls(const QByteArray &bytes)
{
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if ((c < 0x20 && c != '\n') || c == 0x7F)
            return true;
        if (c == 0xC2 && i + 1 < bytes.size() && static_cast<unsigned char>(bytes[i + 1]) < 0xA0)
            return true; // a C1 control, UTF-8 encoded
    }
    return false;
}

// Reports every file opened in a folder while it lives (inotify IN_OPEN on the folder).
class OpenWatch
{
public:
    explicit OpenWatch(const QString &folder)
    {
        m_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (m_fd >= 0)
            inotify_add_watch(m_fd, QFile::encodeName(folder).constData(), IN_OPEN | IN_ACCESS);
    }
    ~OpenWatch()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    bool isValid() const { return m_fd >= 0; }
    QStringList openedSoFar()
    {
        QStringList names;
        alignas(inotify_event) char buffer[8192];
        for (;;) {
            const ssize_t length = ::read(m_fd, buffer, sizeof buffer);
            if (length <= 0)
                break;
            for (ssize_t at = 0; at < length;) {
                const auto *event = reinterpret_cast<const inotify_event *>(buffer + at);
                names << (event->len > 0 ? QString::fromLocal8Bit(event->name) : QStringLiteral("(the folder)"));
                at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
            }
        }
        names.removeDuplicates();
        return names;
    }

private:
    int m_fd = -1;
};

// A TCP port on the loopback interface that counts the connections made to it.
class ListeningPort
{
public:
    ListeningPort()
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof address;
        if (m_fd < 0 || ::bind(m_fd, reinterpret_cast<sockaddr *>(&address), size) != 0 || ::listen(m_fd, 16) != 0
            || ::getsockname(m_fd, reinterpret_cast<sockaddr *>(&address), &size) != 0) {
            return;
        }
        m_port = ntohs(address.sin_port);
    }
    ~ListeningPort()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    int port() const { return m_port; }
    int connectionsSoFar()
    {
        int count = 0;
        for (int client; (client = ::accept(m_fd, nullptr, nullptr)) >= 0; ++count)
            ::close(client);
        return count;
    }

private:
    int m_fd = -1;
    int m_port = 0;
};

} // namespace

class TestSecurity : public QObject
{
    Q_OBJECT

private slots:
    void nothingIsFetchedOpenedOrRun();
    void terminalEscapesAreShownNotObeyed();
    void hugeStringsKeepShowShort();
    void specialFilesInAFolderAreRefused();
};

void TestSecurity::nothingIsFetchedOpenedOrRun()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    QDir(root.path()).mkdir(QStringLiteral("decoys"));
    QDir(root.path()).mkdir(QStringLiteral("work"));
    const QString decoys = root.filePath(QStringLiteral("decoys"));
    const QString work = root.filePath(QStringLiteral("work"));
    // Decoys the hostile strings point at: a PNG-named file, a JSON file, and a folder entry.
    for (const char *name : {"a.png", "b.png", "c.json", "d.svg"}) {
        QFile decoy(decoys + QLatin1Char('/') + QLatin1String(name));
        QVERIFY(decoy.open(QIODevice::WriteOnly));
        decoy.write("decoy");
    }
    ListeningPort port;
    QVERIFY(port.port() > 0);
    const std::string d = decoys.toStdString();
    const std::string marker = root.filePath(QStringLiteral("ran")).toStdString();
    const std::string url = "http://127.0.0.1:" + std::to_string(port.port());
    const std::vector<std::string> hostile = {
        "<img src=\"" + d + "/a.png\">",
        "file://" + d + "/b.png",
        d + "/c.json",
        "<b>bold</b><img src=\"file://" + d + "/d.svg\"><a href=\"" + url + "/a\">link</a>",
        url + "/lesson.json",
        "<img src=\"" + url + "/i.png\">",
        "$(touch " + marker + "-1)",
        "`touch " + marker + "-2`",
        "x; touch " + marker + "-3 #",
        "../../../../" + d + "/c.json",
        "<style>@import url(" + url + "/s.css);</style>",
        "%s%s%s%n%p",
    };
    Json document = seedJson(kTracedPath);
    replaceVisibleStrings(document, [&](int i) { return hostile[static_cast<std::size_t>(i) % hostile.size()]; });
    document["environment"][d + "/a.png"] = url;
    const QString artifact = work + QStringLiteral("/hostile.json");
    QVERIFY(writeJsonFile(artifact, document));
    // Valid, so that every command (render too) goes all the way through it.
    const ReadResult read = readArtifactFile(artifact);
    for (const Problem &problem : read.problems)
        qWarning("%s", formatProblem("hostile.json", problem).c_str());
    QVERIFY(read.ok());

    OpenWatch watch(decoys);
    QVERIFY(watch.isValid());
    const QList<QStringList> headless = {
        {QStringLiteral("validate"), artifact},
        {QStringLiteral("validate"), work},
        {QStringLiteral("show"), artifact},
        {QStringLiteral("show"), QStringLiteral("--json"), artifact},
        {QStringLiteral("export-trace"), artifact, QStringLiteral("-o"), work + QStringLiteral("/trace.json")},
    };
    for (const QStringList &arguments : headless) {
        const Outcome outcome = runLessonscope(arguments, work);
        QVERIFY2(outcome.exitCode >= 0, qPrintable(arguments.join(u' ')));
        QVERIFY2(watch.openedSoFar().isEmpty(), qPrintable(arguments.join(u' ') + QStringLiteral(" opened a decoy")));
        QVERIFY2(port.connectionsSoFar() == 0, qPrintable(arguments.join(u' ') + QStringLiteral(" connected")));
    }

    // The explorer's widgets, drawn offscreen. Qt Charts reads chart titles, axis titles, series
    // names and category labels as HTML, so a title <img src="..."> would make it open that file
    // had the chart adapter not escaped them (ui/plaintext.h).
    const Outcome render = runLessonscope(
        {QStringLiteral("render"), artifact, QStringLiteral("-o"), work + QStringLiteral("/out.png")}, work);
    QCOMPARE(render.exitCode, 0);
    const QStringList opened = watch.openedSoFar();
    QVERIFY2(opened.isEmpty(), qPrintable(QStringLiteral("render opened %1").arg(opened.join(u' '))));
    QCOMPARE(port.connectionsSoFar(), 0);

    // Nothing ran; nothing was written outside the files named on the command line.
    for (int i = 1; i <= 3; ++i)
        QVERIFY(!QFile::exists(QString::fromStdString(marker) + QStringLiteral("-%1").arg(i)));
    QCOMPARE(QDir(work).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
             (QStringList{QStringLiteral("hostile.json"), QStringLiteral("out.png"), QStringLiteral("trace.json")}));
    QCOMPARE(QDir(decoys).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(), 4);
}

void TestSecurity::terminalEscapesAreShownNotObeyed()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::vector<std::string> hostile = {
        "\x1b]0;window title\x07", // OSC: set the terminal's title
        "\x1b[2J\x1b[H",           // clear the screen, cursor home
        "ok\rOVERWRITTEN",         // carriage return: overwrite what was printed
        "\xc2\x9b"
        "31mred", // a C1 CSI (U+009B), UTF-8 encoded
        "bell\x07 and del\x7f",
        "two\nlines",
    };
    Json document = seedJson();
    replaceVisibleStrings(document, [&](int i) { return hostile[static_cast<std::size_t>(i) % hostile.size()]; });
    const QString path = dir.filePath(QStringLiteral("escapes.json"));
    QVERIFY(writeJsonFile(path, document));
    // A key with an escape sequence, twice in one object: validation reports it, pointer and all.
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QByteArray bytes = file.readAll();
    bytes.replace("\"deviceCount\": 1", "\"\\u001b[2J\": 1, \"\\u001b[2J\": 2, \"deviceCount\": 1");
    QVERIFY(file.resize(0) && file.write(bytes) == bytes.size());
    file.close();
    // A file name with an escape sequence.
    const QString evilName = dir.filePath(QStringLiteral("\x1b[31mred.json"));
    QVERIFY(QFile::copy(path, evilName));

    const Outcome show = runLessonscope({QStringLiteral("show"), path});
    QVERIFY(show.exitCode >= 0);
    QVERIFY2(!containsTerminalControls(show.out), show.out.constData());
    QVERIFY2(!containsTerminalControls(show.err), show.err.constData());
    QVERIFY(show.out.contains("\\x1B]0;window title\\x07"));
    QVERIFY(show.out.contains("\\u009B31mred"));

    const Outcome json = runLessonscope({QStringLiteral("show"), QStringLiteral("--json"), path});
    QVERIFY(json.exitCode >= 0);
    QVERIFY2(!containsTerminalControls(json.out), json.out.constData());
    // Escaped, not changed: the printed JSON is the same value as the file.
    const ReadResult printed = readArtifact(json.out.toStdString());
    QVERIFY(printed.artifact);
    const ReadResult original = readArtifactFile(path);
    QVERIFY(original.artifact);
    QCOMPARE(canonicalJson(printed.artifact->json()), canonicalJson(original.artifact->json()));

    const Outcome validate = runLessonscope({QStringLiteral("validate"), dir.path()});
    QVERIFY(validate.exitCode >= 0);
    QVERIFY2(!containsTerminalControls(validate.out), validate.out.constData());
    QVERIFY2(!containsTerminalControls(validate.err), validate.err.constData());
    QVERIFY2(validate.out.contains("/environment/\\x1B[2J: the key \"\\x1B[2J\" appears more than once"),
             validate.out.constData());
    QVERIFY2(validate.out.contains("\\x1B[31mred.json: warning: "), validate.out.constData());
}

void TestSecurity::hugeStringsKeepShowShort()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Json document = seedJson();
    document["diagram"]["title"] = std::string(24u << 20, 'A'); // 24 MiB of one letter
    std::string accents;
    for (int i = 0; i < (4 << 20); ++i)
        accents += "\xc3\xa9"; // 8 MiB of 'é': a cut must fall between characters
    document["lessonId"] = accents;
    const QString path = dir.filePath(QStringLiteral("huge.json"));
    QVERIFY(writeJsonFile(path, document));
    QVERIFY(QFileInfo(path).size() > (32 << 20));

    QElapsedTimer timer;
    timer.start();
    const Outcome show = runLessonscope({QStringLiteral("show"), path});
    const qint64 showMs = timer.elapsed();
    QVERIFY(show.exitCode >= 0);
    QVERIFY2(show.out.size() < 16 * 1024, qPrintable(QString::number(show.out.size())));
    QVERIFY(show.out.contains("bytes in all)"));
    QVERIFY(QString::fromUtf8(show.out).toUtf8() == show.out); // still valid UTF-8 after the cut

    const Outcome validate = runLessonscope({QStringLiteral("validate"), path});
    QVERIFY(validate.exitCode >= 0);
    QVERIFY2(validate.out.size() < 16 * 1024, qPrintable(QString::number(validate.out.size())));
    qInfo("show of a %lld-byte artifact: %lld ms", static_cast<long long>(QFileInfo(path).size()),
          static_cast<long long>(showMs));
}

void TestSecurity::specialFilesInAFolderAreRefused()
{
    // A folder someone sent can hold more than files: a link to an endless device, a FIFO no one
    // writes to (reading either would never end), a link back to the folder (an endless walk).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QFile::link(QStringLiteral("/dev/zero"), dir.filePath(QStringLiteral("zero.json"))));
    QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("fifo.json"))).constData(), 0600), 0);
    QVERIFY(QFile::link(dir.path(), dir.filePath(QStringLiteral("loop"))));
    QVERIFY(QFile::copy(kSeedPath, dir.filePath(QStringLiteral("good.json"))));

    QElapsedTimer timer;
    timer.start();
    const Outcome folder = runLessonscope({QStringLiteral("validate"), dir.path()});
    QCOMPARE(folder.exitCode, 1);
    QVERIFY2(timer.elapsed() < 60'000, "validate hung on a special file");
    QVERIFY2(folder.out.contains("zero.json: error: (document): this is not a regular file"), folder.out.constData());
    QVERIFY2(folder.err.contains("2 files checked: 1 valid, 1 with errors"), folder.err.constData());

    const Outcome fifo = runLessonscope({QStringLiteral("validate"), dir.filePath(QStringLiteral("fifo.json"))});
    QCOMPARE(fifo.exitCode, 1);
    QVERIFY2(fifo.out.contains("fifo.json: error: (document): this is not a regular file"), fifo.out.constData());
    const Outcome show = runLessonscope({QStringLiteral("show"), dir.filePath(QStringLiteral("zero.json"))});
    QCOMPARE(show.exitCode, 1);
}

QTEST_GUILESS_MAIN(TestSecurity)
#include "tst_security.moc"
