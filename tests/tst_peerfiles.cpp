// Every results file of tests/data/peers through the command line, as a user would: validate says
// what it is, show summarises it and `show --json` prints the file itself, render draws it,
// compare compares it (with itself, and the A/B pairs), and what cannot be compared or exported
// is refused with a non-zero exit and nothing written.
#include "peertesting.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <optional>
#include <utility>

using namespace lessonscope;
using namespace peertesting;

namespace {

struct Ran {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Ran runLessonscope(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(LESSONSCOPE_BINARY), arguments);
    if (!process.waitForFinished(120000))
        qFatal("lessonscope %s did not finish", qPrintable(arguments.join(QLatin1Char(' '))));
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

// A PNG's width and height, from its IHDR chunk (bytes 16–23, big-endian); nothing for other bytes.
std::optional<std::pair<quint32, quint32>> pngSize(const QByteArray &png)
{
    if (png.size() < 24 || !png.startsWith("\x89PNG\r\n\x1a\n") || png.mid(12, 4) != "IHDR")
        return std::nullopt;
    const auto word = [&png](int at) {
        return (quint32(quint8(png[at])) << 24) | (quint32(quint8(png[at + 1])) << 16)
            | (quint32(quint8(png[at + 2])) << 8) | quint32(quint8(png[at + 3]));
    };
    return std::pair{word(16), word(20)};
}

void addFixtureRows()
{
    QTest::addColumn<QString>("fixture");
    for (const QString &name : fixtureNames())
        QTest::newRow(qPrintable(name)) << name;
}

} // namespace

class TestPeerFiles : public QObject
{
    Q_OBJECT

private slots:
    void validateSaysWhatItIs_data() { addFixtureRows(); }
    void validateSaysWhatItIs()
    {
        QFETCH(QString, fixture);
        const Ran ran = runLessonscope({QStringLiteral("validate"), fixturePath(fixture)});
        QVERIFY2(ran.exitCode == 0, ran.out.constData());
        const QString firstLine = QString::fromUtf8(ran.out).section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(firstLine.contains(QLatin1String(": info: (document): "))
                     && firstLine.contains(QLatin1String(" results (")),
                 qPrintable(firstLine));
        QVERIFY(!ran.out.contains("schemaVersion")); // never read as a lesson artifact
    }

    void showSummarisesEveryBenchmark_data() { addFixtureRows(); }
    void showSummarisesEveryBenchmark()
    {
        QFETCH(QString, fixture);
        const Ran ran = runLessonscope({QStringLiteral("show"), fixturePath(fixture)});
        QCOMPARE(ran.exitCode, 0);
        const QString text = QString::fromUtf8(ran.out);
        const OpenedFile opened = openFixture(fixture);
        for (const BenchmarkResult &b : opened.results->benchmarks)
            QVERIFY2(text.contains(QString::fromStdString(b.name)), qPrintable(QString::fromStdString(b.name)));
    }

    void showJsonIsTheFileItself_data() { addFixtureRows(); }
    void showJsonIsTheFileItself()
    {
        QFETCH(QString, fixture);
        const Ran ran = runLessonscope({QStringLiteral("show"), QStringLiteral("--json"), fixturePath(fixture)});
        QCOMPARE(ran.exitCode, 0);
        QVERIFY(ran.out == coretesting::readBytes(fixturePath(fixture)));
    }

    void renderDrawsIt_data() { addFixtureRows(); }
    void renderDrawsIt()
    {
        QFETCH(QString, fixture);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("out.png"));
        const Ran ran = runLessonscope({QStringLiteral("render"), fixturePath(fixture), QStringLiteral("-o"), png,
                                        QStringLiteral("--size"), QStringLiteral("900x700")});
        QVERIFY2(ran.exitCode == 0, ran.err.constData());
        const auto size = pngSize(coretesting::readBytes(png));
        QVERIFY(size);
        QCOMPARE(size->first, quint32(900));
        QCOMPARE(size->second, quint32(700));
    }

    void compareWithItself_data() { addFixtureRows(); }
    void compareWithItself()
    {
        QFETCH(QString, fixture);
        const Ran ran = runLessonscope(
            {QStringLiteral("compare"), QStringLiteral("--json"), fixturePath(fixture), fixturePath(fixture)});
        QCOMPARE(ran.exitCode, 0);
        const Json report = Json::parse(ran.out.toStdString());
        // The same file: nothing differs, or (hyperfine, nanobench) nothing is said of the machine.
        QVERIFY(report["differences"].empty());
        QVERIFY(report["sameMachine"].is_null() || report["sameMachine"].get<bool>());
        QCOMPARE(report["sameMachine"].is_null(),
                 fixture.startsWith(QLatin1String("hf-")) || fixture.startsWith(QLatin1String("nanobench")));
        QVERIFY(!report["benchmarks"].empty());
        for (const Json &b : report["benchmarks"])
            QCOMPARE(b["ratio"].get<double>(), 1.0);
    }

    void exportTraceRefusesAndWritesNothing_data() { addFixtureRows(); }
    void exportTraceRefusesAndWritesNothing()
    {
        QFETCH(QString, fixture);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("trace.json"));
        const Ran ran
            = runLessonscope({QStringLiteral("export-trace"), fixturePath(fixture), QStringLiteral("-o"), out});
        QCOMPARE(ran.exitCode, 1);
        QVERIFY(ran.err.contains("results file"));
        QVERIFY(!QFileInfo::exists(out));
    }

    void theAbPairPrintsItsPValues()
    {
        const Ran ran = runLessonscope({QStringLiteral("compare"), QStringLiteral("--json"),
                                        fixturePath(QStringLiteral("gb-quiet.json")),
                                        fixturePath(QStringLiteral("gb-loaded.json"))});
        QCOMPARE(ran.exitCode, 0);
        const Json report = Json::parse(ran.out.toStdString());
        QCOMPARE(report["benchmarks"].size(), std::size_t(3));
        for (const Json &b : report["benchmarks"]) {
            QVERIFY(b["differs"].get<bool>());
            QVERIFY(!b["cpuDiffers"].get<bool>());
            QVERIFY(b["pValue"].get<double>() < 0.05);
        }
        const Ran readable = runLessonscope({QStringLiteral("compare"), fixturePath(QStringLiteral("gb-quiet.json")),
                                             fixturePath(QStringLiteral("gb-loaded.json"))});
        QVERIFY(readable.out.contains("p (time)"));
        QVERIFY(readable.out.contains("differs"));
        QVERIFY(readable.out.contains("compare.py"));
    }

    void notComparableIsRefused_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("two harnesses") << fixturePath(QStringLiteral("gb-quiet.json"))
                                       << fixturePath(QStringLiteral("hf-compare.json"));
        QTest::newRow("a lesson and a benchmark file")
            << coretesting::seedPath() << fixturePath(QStringLiteral("gb-quiet.json"));
        QTest::newRow("a benchmark file and a lesson")
            << fixturePath(QStringLiteral("pyperf-sort.json")) << coretesting::seedPath();
    }

    void notComparableIsRefused()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        for (const QStringList &json : {QStringList{}, QStringList{QStringLiteral("--json")}}) {
            const Ran ran = runLessonscope(QStringList{QStringLiteral("compare")} + json + QStringList{a, b});
            QCOMPARE(ran.exitCode, 1);
            QVERIFY(ran.out.isEmpty()); // no table, no JSON
            QVERIFY2(ran.err.contains("cannot compare"), ran.err.constData());
        }
    }
    // A folder of results is scanned for what lessonscope opens: its JSON and its Google
    // Benchmark CSVs, not the CSV tables a panel export leaves beside a saved run.
    void aFolderScanFindsResultsCsvsAndNoOtherCsv()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("nested")));
        const QString csv = dir.filePath(QStringLiteral("nested/family.csv"));
        QVERIFY(QFile::copy(fixturePath(QStringLiteral("gb-family.csv")), csv));
        const QString json = dir.filePath(QStringLiteral("quiet.json"));
        QVERIFY(QFile::copy(fixturePath(QStringLiteral("gb-quiet.json")), json));
        QVERIFY(
            coretesting::writeBytes(dir.filePath(QStringLiteral("panel-1.csv")), "series,x,y\nwarm calls,1,2.5e-06\n"));
        QCOMPARE(findOpenableFiles(dir.path()), (QStringList{csv, json}));

        const Ran ran = runLessonscope({QStringLiteral("validate"), dir.path()});
        QCOMPARE(ran.exitCode, 0);
        QVERIFY2(ran.out.contains("family.csv") && ran.out.contains("quiet.json"), ran.out.constData());
        QVERIFY2(!ran.out.contains("panel-1.csv"), ran.out.constData());
    }

    // JSON of no known format (no schemaVersion, none of the harnesses' structures) compared with
    // itself once printed an empty table, exit 0 and "sameExperiment": true.
    void jsonOfNoKnownFormatIsRefused()
    {
        QTemporaryDir dir;
        const QString foreign = dir.filePath(QStringLiteral("foreign.json"));
        QVERIFY(coretesting::writeBytes(foreign, R"({"results": [], "note": "not a results file"})"));
        const Ran ran = runLessonscope({QStringLiteral("compare"), QStringLiteral("--json"), foreign, foreign});
        QCOMPARE(ran.exitCode, 1);
        QVERIFY(ran.out.isEmpty());
        QVERIFY2(ran.err.contains("neither a lesson artifact"), ran.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestPeerFiles)
#include "tst_peerfiles.moc"
