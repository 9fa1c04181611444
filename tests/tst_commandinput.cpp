// What the command line's own arguments can do (issue 19): every message that echoes them shows
// them escaped like artifact text, integers are strict, nothing given is silently ignored, a run
// checks where it will write before it measures, and invisible formatting (bidi overrides and
// isolates, zero-width and separator characters) is made visible wherever text reaches a terminal.
// Each case runs the built program as a user would.

#include "core/lesson/lessonartifacts.h"
#include "coretesting.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace lessonscope;
using coretesting::Outcome;
using coretesting::runLessonscope;

namespace {

const QString kEscape = QStringLiteral("\x1b]0;owned\x07\x1b[2J");
const QString kCsi = QString(QChar(0x9B)) + QStringLiteral("2J");

// No control character but a newline, and no raw C1 control or invisible formatting.
bool terminalSafe(const QString &text)
{
    for (const QChar c : text) {
        const char16_t code = c.unicode();
        // Every invisible formatting character, written out here rather than asked of
        // isInvisibleFormatting, so that a range cut short there fails here.
        if ((code < 0x20 && code != u'\n') || code == 0x7F || (code >= 0x80 && code < 0xA0) || code == 0x061C
            || code == 0x200B || code == 0x200E || code == 0x200F || (code >= 0x202A && code <= 0x202E)
            || (code >= 0x2066 && code <= 0x2069) || code == 0x2028 || code == 0x2029 || code == 0xFEFF)
            return false;
    }
    return true;
}

} // namespace

class TestCommandInput : public QObject
{
    Q_OBJECT

private slots:
    void echoedArgumentsAreEscaped_data();
    void echoedArgumentsAreEscaped();
    void integersAreStrict_data();
    void integersAreStrict();
    void leftOverArgumentsAreRefused_data();
    void leftOverArgumentsAreRefused();
    void runChecksItsDestinationBeforeMeasuring_data();
    void runChecksItsDestinationBeforeMeasuring();
    void invisibleFormattingIsMadeVisible();
};

void TestCommandInput::echoedArgumentsAreEscaped_data()
{
    QTest::addColumn<QStringList>("arguments");
    const QString lesson = QStringLiteral("performance-01");
    QTest::newRow("a bad integer") << QStringList{QStringLiteral("run"), lesson, QStringLiteral("--samples"), kEscape};
    QTest::newRow("a bad dtype") << QStringList{QStringLiteral("run"), lesson, QStringLiteral("--dtype"), kEscape};
    QTest::newRow("a bad shape") << QStringList{QStringLiteral("run"), lesson, QStringLiteral("--shape"), kEscape};
    QTest::newRow("a bad --sizes") << QStringList{QStringLiteral("run"), QStringLiteral("performance-03"),
                                                  QStringLiteral("--sizes"), kEscape};
    QTest::newRow("an --isa name") << QStringList{QStringLiteral("run"), lesson, QStringLiteral("--isa"), kEscape};
    QTest::newRow("an unknown lesson") << QStringList{QStringLiteral("run"), kEscape};
    QTest::newRow("an unknown option") << QStringList{QStringLiteral("run"), lesson, QStringLiteral("--x") + kEscape};
    QTest::newRow("an unknown option of show") << QStringList{QStringLiteral("show"), QStringLiteral("--x") + kCsi};
    QTest::newRow("a left-over argument") << QStringList{QStringLiteral("run"), lesson, kCsi};
    QTest::newRow("measure-child's lesson") << QStringList{QStringLiteral("measure-child"), kEscape};
    QTest::newRow("measure-child's argument")
        << QStringList{QStringLiteral("measure-child"), QStringLiteral("performance-02"), kEscape};
    QTest::newRow("a file name") << QStringList{QStringLiteral("show"), kEscape + QStringLiteral(".json")};
}

void TestCommandInput::echoedArgumentsAreEscaped()
{
    QFETCH(QStringList, arguments);
    const Outcome outcome = runLessonscope(arguments);
    QVERIFY(outcome.exitCode == 1 || outcome.exitCode == 2);
    QVERIFY2(terminalSafe(outcome.err) && terminalSafe(outcome.out),
             qPrintable(outcome.err.toUtf8().toPercentEncoding(" '\n")));
    QVERIFY2(outcome.err.contains(QStringLiteral("\\x1B")) || outcome.err.contains(QStringLiteral("\\u009B")),
             qPrintable(outcome.err));
}

void TestCommandInput::integersAreStrict_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("a plus sign") << "+5";
    QTest::newRow("a leading space") << " 5";
    QTest::newRow("a trailing space") << "5 ";
    QTest::newRow("a newline") << "5\n";
    QTest::newRow("hexadecimal") << "0x10";
    QTest::newRow("a fraction") << "5.0";
    QTest::newRow("beyond int64") << "99999999999999999999";
    QTest::newRow("empty") << "";
}

// "+5", " 5" and "5\n" were read as 5.
void TestCommandInput::integersAreStrict()
{
    QFETCH(QString, value);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("x.json"));
    const Outcome outcome = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-01"),
                                            QStringLiteral("--samples"), value, QStringLiteral("-o"), out});
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.err.contains(QStringLiteral("is not an integer: write its digits alone, such as 7")),
             qPrintable(outcome.err));
    QVERIFY(!QFile::exists(out));
    QCOMPARE(runLessonscope({QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("--samples"),
                             QStringLiteral("-1"), QStringLiteral("-o"), out})
                 .exitCode,
             2); // in range, not in form
}

void TestCommandInput::leftOverArgumentsAreRefused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("two lessons") << QStringList{QStringLiteral("run"), QStringLiteral("performance-01"),
                                                QStringLiteral("performance-02")}
                                 << "'performance-02' is left over: run takes one lesson at a time";
    QTest::newRow("lessons with an argument")
        << QStringList{QStringLiteral("lessons"), QStringLiteral("performance-01")}
        << "'performance-01' is left over: it lists every lesson and takes no arguments";
}

// `run performance-01 performance-02` ran only -01, and said nothing of -02.
void TestCommandInput::leftOverArgumentsAreRefused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QDir::setCurrent(dir.path()); // run's default output name would land here
    const Outcome outcome = runLessonscope(arguments);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
    QVERIFY(QDir(dir.path()).isEmpty()); // nothing ran, nothing was written
}

void TestCommandInput::runChecksItsDestinationBeforeMeasuring_data()
{
    QTest::addColumn<QString>("output"); // relative to a temporary folder; empty: -o ''
    QTest::addColumn<QString>("message");
    QTest::newRow("a folder that does not exist") << "no/such/dir/x.json"
                                                  << "does not exist";
    QTest::newRow("an empty name") << ""
                                   << "no file name was given";
    QTest::newRow("a file as the folder") << "file/x.json"
                                          << "Not a directory";
}

// `run performance-03 -o no/such/dir/x.json` measured for the whole run, then failed. Refused
// now before the first call: stderr holds no progress line.
void TestCommandInput::runChecksItsDestinationBeforeMeasuring()
{
    QFETCH(QString, output);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(coretesting::writeBytes(dir.filePath(QStringLiteral("file")), "x"));
    const QString path = output.isEmpty() ? QString() : dir.filePath(output);
    const Outcome outcome
        = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-03"), QStringLiteral("-o"), path});
    QCOMPARE(outcome.exitCode, 1);
    QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
    QVERIFY2(!outcome.err.contains(QStringLiteral("performance-03: ")),
             qPrintable(outcome.err)); // no progress: nothing ran
}

// Bidi overrides and isolates, zero-width and separator characters passed through show, show
// --json, export-trace and compare --json as they were; they are now written as their code
// points (\u202E in show, the same JSON value in the JSON outputs).
void TestCommandInput::invisibleFormattingIsMadeVisible()
{
    Json document = coretesting::seedArtifact().json();
    // Each end of each range, and what lies between (U+2067, U+2068 inside the isolates).
    const std::string hidden = "safe\u202Eevil\u2066x\u2069\u200B\uFEFF\u2028y\u009B2J"
                               "\u202A\u202B\u202C\u202D\u2067\u2068\u2029\u200E\u200F\u061C";
    document["diagram"]["title"] = hidden;
    document["provenance"] = hidden;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bidi.json"));
    QVERIFY(coretesting::writeBytes(path, QByteArray::fromStdString(document.dump(2))));
    for (const QStringList &arguments : {QStringList{QStringLiteral("show"), path},
                                         QStringList{QStringLiteral("show"), QStringLiteral("--json"), path},
                                         QStringList{QStringLiteral("export-trace"), path},
                                         QStringList{QStringLiteral("compare"), QStringLiteral("--json"), path, path},
                                         QStringList{QStringLiteral("compare"), path, path}}) {
        const Outcome outcome = runLessonscope(arguments);
        QVERIFY2(outcome.exitCode == 0, qPrintable(arguments.join(QLatin1Char(' ')) + outcome.err));
        QVERIFY2(terminalSafe(outcome.out), qPrintable(arguments.join(QLatin1Char(' '))));
        if (arguments.contains(QStringLiteral("--json")) && arguments.front() == QLatin1String("show")) {
            const Json printed = Json::parse(outcome.out.toStdString());
            QCOMPARE(printed["provenance"].get<std::string>(), hidden); // the same JSON value
        }
    }
    // A trace written to a file is escaped as on standard output: it is read with cat and less too.
    // (The lesson's id names the trace's process: the title and provenance do not reach it.)
    document["lessonId"] = hidden;
    const QString named = dir.filePath(QStringLiteral("bidi-id.json"));
    QVERIFY(coretesting::writeBytes(named, QByteArray::fromStdString(document.dump(2))));
    const QString trace = dir.filePath(QStringLiteral("bidi.trace.json"));
    const Outcome exported = runLessonscope({QStringLiteral("export-trace"), named, QStringLiteral("-o"), trace});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    QFile file(trace);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray written = file.readAll();
    QVERIFY2(terminalSafe(QString::fromUtf8(written)), written.left(200).constData());
    QVERIFY(written.contains("\\u202"));
    const Outcome show = runLessonscope({QStringLiteral("show"), path});
    QVERIFY2(
        show.out.contains(QStringLiteral("safe\\u202Eevil\\u2066x\\u2069\\u200B\\uFEFF\\u2028y\\u009B2J"
                                         "\\u202A\\u202B\\u202C\\u202D\\u2067\\u2068\\u2029\\u200E\\u200F\\u061C")),
        qPrintable(show.out));
}

QTEST_GUILESS_MAIN(TestCommandInput)
#include "tst_commandinput.moc"
