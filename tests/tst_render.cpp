#include "explorertesting.h"

#include <QImage>
#include <QProcess>
#include <QTest>

#include <cstring>

using namespace explorertesting;

namespace {
// A lesson's recording: a measured trace, whose timeline has calls to choose from.
QString recorded()
{
    return QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/performance-02.recorded.json");
}
} // namespace

// lessonscope render, run as a user would, with no display at all.
class TestRender : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void writesAPng_data();
    void writesAPng();
    void brokenFileExitsOneWithItsProblems();
    void badUsageExitsTwo_data();
    void badUsageExitsTwo();
    void callDrawsThatCallsTimeline();
    void answerDrawsItsVerdict();
    void megabytesOfTextAreDrawnCut();

private:
    struct Outcome {
        int exitCode = -1;
        QString out;
        QString err;
    };
    Outcome render(const QStringList &arguments);
    // The recording's diagram drawn with options into the file name: null if render failed.
    QImage drawDiagram(const QStringList &options, const QString &name);

    QTemporaryDir m_dir;
};

void TestRender::initTestCase() { QVERIFY(m_dir.isValid()); }

TestRender::Outcome TestRender::render(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // No display and no platform chosen: render must pick the offscreen platform itself.
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.insert(QStringLiteral("HOME"), m_dir.path());
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(LESSONSCOPE_BINARY), QStringList{QStringLiteral("render")} + arguments);
    if (!process.waitForFinished(60'000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

void TestRender::writesAPng_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QSize>("size");
    QTest::newRow("default: all, 1280x900") << QStringList() << QSize(1280, 900);
    QTest::newRow("panels at 800x500") << QStringList{QStringLiteral("--view"), QStringLiteral("panels"),
                                                      QStringLiteral("--size"), QStringLiteral("800x500")}
                                       << QSize(800, 500);
    QTest::newRow("diagram") << QStringList{QStringLiteral("--view"), QStringLiteral("diagram"),
                                            QStringLiteral("--size"), QStringLiteral("1000x600")}
                             << QSize(1000, 600);
}

void TestRender::writesAPng()
{
    QFETCH(QStringList, options);
    QFETCH(QSize, size);
    const QString out = m_dir.filePath(
        QStringLiteral("%1.png").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
    const Outcome outcome = render(QStringList{seedPath(), QStringLiteral("-o"), out} + options);
    QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
    QVERIFY2(outcome.err.isEmpty(), qPrintable(outcome.err)); // quiet: nothing of Qt's offscreen chatter
    const QImage image(out);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), size);
    // Not a blank image: the charts and text put several colours on it.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 8);
}

// A 10 MB prediction took `render` 55 s, a 10 MB reading 23 s, a 1 MB diagram title 7.4 s:
// text reaches the diagram cut to a paragraph, so all three in one file draw (the harness gives
// up at 60 s, and a render that never returns fails here).
void TestRender::megabytesOfTextAreDrawnCut()
{
    QByteArray bytes = seedBytes();
    const QByteArray tenMega(10 << 20, 'P');
    for (const char *key : {"\"prediction\": \"", "\"reading\": \"", "\"title\": \"Time the completed result"}) {
        const qsizetype at = bytes.indexOf(key);
        QVERIFY2(at >= 0, key);
        const bool title = std::strstr(key, "title") != nullptr;
        bytes.insert(at + qsizetype(std::strlen(key)), title ? tenMega.left(1 << 20) : tenMega);
    }
    const QString path = m_dir.filePath(QStringLiteral("megabytes.json"));
    writeFile(path, bytes);
    for (const char *view : {"diagram", "all"}) {
        const QString out = m_dir.filePath(QStringLiteral("megabytes-%1.png").arg(QLatin1String(view)));
        const Outcome outcome
            = render({path, QStringLiteral("-o"), out, QStringLiteral("--view"), QLatin1String(view)});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err.left(400)));
        QVERIFY(!QImage(out).isNull());
    }
}

void TestRender::brokenFileExitsOneWithItsProblems()
{
    const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
    writeFile(broken, seedWith("\"schemaVersion\": 1", "\"schemaVersion\": 7"));
    const QString out = m_dir.filePath(QStringLiteral("broken.png"));
    const Outcome outcome = render({broken, QStringLiteral("-o"), out});
    QCOMPARE(outcome.exitCode, 1);
    QVERIFY2(outcome.err.contains(broken + QStringLiteral(": error: /schemaVersion: ")), qPrintable(outcome.err));
    QVERIFY(!QFileInfo::exists(out));
}

void TestRender::badUsageExitsTwo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("no output") << QStringList{seedPath()};
    QTest::newRow("no file") << QStringList{QStringLiteral("-o"), QStringLiteral("x.png")};
    QTest::newRow("bad size") << QStringList{seedPath(), QStringLiteral("-o"), QStringLiteral("x.png"),
                                             QStringLiteral("--size"), QStringLiteral("huge")};
    QTest::newRow("bad view") << QStringList{seedPath(), QStringLiteral("-o"), QStringLiteral("x.png"),
                                             QStringLiteral("--view"), QStringLiteral("timeline")};
    QTest::newRow("unknown option") << QStringList{seedPath(), QStringLiteral("--colour")};
    QTest::newRow("call not a number") << QStringList{recorded(), QStringLiteral("-o"), QStringLiteral("x.png"),
                                                      QStringLiteral("--call"), QStringLiteral("first")};
    QTest::newRow("call below 0") << QStringList{recorded(), QStringLiteral("-o"), QStringLiteral("x.png"),
                                                 QStringLiteral("--call"), QStringLiteral("-1")};
    QTest::newRow("call beyond the calls") << QStringList{recorded(), QStringLiteral("-o"), QStringLiteral("x.png"),
                                                          QStringLiteral("--call"), QStringLiteral("100000")};
    const QString lengthLesson
        = QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/performance-07.recorded.json");
    QTest::newRow("answer no candidate") << QStringList{recorded(), QStringLiteral("-o"), QStringLiteral("x.png"),
                                                        QStringLiteral("--answer"), QStringLiteral("whenever")};
    QTest::newRow("answer a length with a word")
        << QStringList{lengthLesson, QStringLiteral("-o"), QStringLiteral("x.png"), QStringLiteral("--answer"),
                       QStringLiteral("this-dispatch")};
    QTest::newRow("answer a length of nothing") << QStringList{
        lengthLesson, QStringLiteral("-o"), QStringLiteral("x.png"), QStringLiteral("--answer"), QStringLiteral("0")};
    QTest::newRow("call of a schematic diagram") << QStringList{
        seedPath(), QStringLiteral("-o"), QStringLiteral("x.png"), QStringLiteral("--call"), QStringLiteral("0")};
}

void TestRender::badUsageExitsTwo()
{
    QFETCH(QStringList, arguments);
    const Outcome outcome = render(arguments);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY(outcome.err.contains(QStringLiteral("lessonscope render")));
}

QImage TestRender::drawDiagram(const QStringList &options, const QString &name)
{
    const QString out = m_dir.filePath(name);
    const Outcome outcome
        = render(QStringList{recorded(), QStringLiteral("-o"), out, QStringLiteral("--view"), QStringLiteral("diagram")}
                 + options);
    return outcome.exitCode == 0 ? QImage(out) : QImage();
}

void TestRender::callDrawsThatCallsTimeline()
{
    // The recording opens on its typical warm call; --call 0 draws its first call, whose work
    // is far longer, so the two pictures differ where the timeline is.
    const auto draw = [this](const QStringList &options, const QString &name) { return drawDiagram(options, name); };
    const QImage typical = draw({}, QStringLiteral("typical.png"));
    const QImage first = draw({QStringLiteral("--call"), QStringLiteral("0")}, QStringLiteral("first.png"));
    const QImage typicalAgain = draw({}, QStringLiteral("typical-again.png"));
    QVERIFY(!typical.isNull() && !first.isNull() && !typicalAgain.isNull());
    QCOMPARE(typicalAgain, typical); // a render is a function of its artifact and options
    QVERIFY(first != typical);
}

// --answer draws the prediction as a learner who chose it sees it: its verdict under the timeline,
// a different one for a right and a wrong answer; a wrong key is refused with the keys there are.
void TestRender::answerDrawsItsVerdict()
{
    const auto draw = [this](const QStringList &options, const QString &name) { return drawDiagram(options, name); };
    const QImage unanswered = draw({}, QStringLiteral("unanswered.png"));
    const QImage right
        = draw({QStringLiteral("--answer"), QStringLiteral("this-dispatch")}, QStringLiteral("right.png"));
    const QImage wrong
        = draw({QStringLiteral("--answer"), QStringLiteral("before-stream")}, QStringLiteral("wrong.png"));
    const QImage rightAgain
        = draw({QStringLiteral("--answer"), QStringLiteral("this-dispatch")}, QStringLiteral("right-again.png"));
    QVERIFY(!unanswered.isNull() && !right.isNull() && !wrong.isNull());
    QCOMPARE(rightAgain, right);
    QVERIFY(right != unanswered);
    QVERIFY(right != wrong);

    const Outcome refused = render({recorded(), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("x.png")),
                                    QStringLiteral("--answer"), QStringLiteral("whenever")});
    QVERIFY2(refused.err.contains(QStringLiteral("before-stream, first-dispatch, this-dispatch")),
             qPrintable(refused.err));
    const QString lengthLesson
        = QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/performance-07.recorded.json");
    const Outcome length = render({lengthLesson, QStringLiteral("-o"), m_dir.filePath(QStringLiteral("length.png")),
                                   QStringLiteral("--view"), QStringLiteral("diagram"), QStringLiteral("--answer"),
                                   QStringLiteral("2.5")});
    QCOMPARE(length.exitCode, 0);
}

QTEST_MAIN(TestRender)
#include "tst_render.moc"
