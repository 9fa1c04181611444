// The command line, run as a user runs it: the real binary in a child process, no display.
#include "coretesting.h"
#include "core/lessons/performance-01/performance01contract.h"
#include "core/lesson/lessonartifacts.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>

#include <csignal>
#include <sched.h>
#include <cstdio>
#include <QRegularExpression>

#include <nlohmann/json.hpp>
#include <QTemporaryDir>
#include <QTest>

using namespace lessonscope;
using coretesting::Outcome;
using coretesting::runLessonscope;

namespace {

QString seedPath() { return QStringLiteral(LESSONSCOPE_TEST_DATA "/seed-performance-01.json"); }

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void helpAndVersion()
    {
        const Outcome help = runLessonscope({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char *command : {"run", "validate", "show", "lessons"})
            QVERIFY2(help.out.contains(QLatin1String(command)), command);

        const Outcome version = runLessonscope({QStringLiteral("--version")});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.out.startsWith(QStringLiteral("lessonscope ")));
        QVERIFY(version.out.contains(QStringLiteral("Eigen 3.4")));
    }

    void lessonsListsParameters()
    {
        const Outcome outcome = runLessonscope({QStringLiteral("lessons")});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY(outcome.out.contains(QStringLiteral("performance-01")));
        QVERIFY(outcome.out.contains(QStringLiteral("Time the completed result")));
        for (const char *parameter : {"--samples", "--m", "--k", "--n", "--dtype", "--seed"})
            QVERIFY2(outcome.out.contains(QLatin1String(parameter)), parameter);
    }

    void validateAcceptsTheSeed()
    {
        const Outcome outcome = runLessonscope({QStringLiteral("validate"), seedPath()});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY(!outcome.out.contains(QStringLiteral("error")));
        QVERIFY(outcome.err.contains(QStringLiteral("1 valid")));
    }

    void validateRejectsBrokenFilesWithLocatedMessages()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile seed(seedPath());
        QVERIFY(seed.open(QIODevice::ReadOnly));
        QByteArray bytes = seed.readAll();
        // A length mismatch: one label for two bars.
        bytes.replace("\"y\": [\n              0.029204250313341618\n            ]",
                      "\"y\": [\n              0.029204250313341618, 1.0\n            ]");
        QDir(dir.path()).mkpath(QStringLiteral("nested"));
        writeFile(dir.filePath(QStringLiteral("nested/mismatch.json")), bytes);
        writeFile(dir.filePath(QStringLiteral("truncated.json")), bytes.left(200));
        QFile::copy(seedPath(), dir.filePath(QStringLiteral("good.json")));

        const Outcome outcome = runLessonscope({QStringLiteral("validate"), dir.path()});
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.out.contains(dir.filePath(QStringLiteral("nested/mismatch.json"))
                                      + QStringLiteral(": error: /data/panels/0/series/0/y: ")),
                 qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains(dir.filePath(QStringLiteral("truncated.json")) + QStringLiteral(": error: ")),
                 qPrintable(outcome.out));
        QVERIFY(outcome.out.contains(QStringLiteral("line ")));
        QVERIFY(!outcome.out.contains(QStringLiteral("good.json")));
        QVERIFY2(outcome.err.contains(QStringLiteral("3 files checked: 1 valid, 2 with errors")),
                 qPrintable(outcome.err));
    }

    void validateReportsWhatAFolderWalkCannotOpen()
    {
        // A name that is not UTF-8 cannot be opened through Qt: the walk must say so, not pass
        // over it and call the folder valid.
        QTemporaryDir dir;
        QVERIFY(QFile::copy(seedPath(), dir.filePath(QStringLiteral("good.json"))));
        const QByteArray badName = QFile::encodeName(dir.path()) + "/bad\xff.json";
        QVERIFY(QFile::copy(seedPath(), QFile::decodeName(QFile::encodeName(dir.path()) + "/placeholder.json")));
        QVERIFY(::rename(QFile::encodeName(dir.filePath(QStringLiteral("placeholder.json"))).constData(),
                         badName.constData())
                == 0);
        const Outcome outcome = runLessonscope({QStringLiteral("validate"), dir.path()});
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.out.contains(QStringLiteral("bad\\xFF.json: error:")), qPrintable(outcome.out));
        QVERIFY(outcome.out.contains(QStringLiteral("not valid UTF-8")));
        QVERIFY2(outcome.err.contains(QStringLiteral("2 files checked: 1 valid, 1 with errors")),
                 qPrintable(outcome.err));
    }

    void validateMissingFile()
    {
        const Outcome outcome = runLessonscope({QStringLiteral("validate"), QStringLiteral("/nonexistent/a.json")});
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY(outcome.out.contains(QStringLiteral("/nonexistent/a.json: error: ")));
    }

    void showSummarisesInReadableUnits()
    {
        const Outcome outcome = runLessonscope({QStringLiteral("show"), seedPath()});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY(outcome.out.contains(QStringLiteral("performance-01 — Time the completed result")));
        QVERIFY(outcome.out.contains(QStringLiteral("29.2 ms")));
        QVERIFY(outcome.out.contains(QString::fromUtf8("8.50 µs")));
        QVERIFY(outcome.out.contains(QString::fromUtf8("64×32 · 32×16 float32")));
    }

    void showJsonGivesBackTheSeed()
    {
        const Outcome outcome = runLessonscope({QStringLiteral("show"), QStringLiteral("--json"), seedPath()});
        QCOMPARE(outcome.exitCode, 0);
        QFile seed(seedPath());
        QVERIFY(seed.open(QIODevice::ReadOnly));
        const QByteArray original = seed.readAll();
        QCOMPARE(QJsonDocument::fromJson(outcome.out.toUtf8()), QJsonDocument::fromJson(original));
        QCOMPARE(outcome.out.toUtf8(), original); // byte for byte, like the pipeline wrote it
    }

    void runWritesAValidArtifact()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.json"));
        const Outcome outcome = runLessonscope(
            {QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("--samples"), QStringLiteral("5"),
             QStringLiteral("--shape"), QStringLiteral("16x8x4"), QStringLiteral("-o"), path});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY(outcome.out.contains(QStringLiteral("first call")));
        QVERIFY(outcome.out.contains(QStringLiteral("warm median")));
        QVERIFY(outcome.out.contains(QString::fromUtf8("16×8 · 8×4 float32")));
        QVERIFY(outcome.out.contains(QStringLiteral("wrote ") + path));
        QVERIFY(outcome.err.contains(QStringLiteral("call 6 of 6")));
        // The link its calls crossed, as its rounds read it, where there were two CPUs to cross.
        const QRegularExpression link(QStringLiteral("\n  link {13}a cache line's round trip between two CPUs: [0-9]"));
        cpu_set_t usable;
        QCOMPARE(sched_getaffinity(0, sizeof usable, &usable), 0);
        QCOMPARE(outcome.out.contains(link), CPU_COUNT(&usable) >= 2);

        const ReadResult result = readArtifactFile(path);
        QVERIFY(result.ok());
        // Five clean, and one more for each call other work interrupted.
        const std::size_t firstRunSamples = performance01::readFigures(*result.artifact).warm.seconds.size();
        QVERIFY(firstRunSamples >= std::size_t(5));
        QCOMPARE(runLessonscope({QStringLiteral("validate"), path}).exitCode, 0);

        // A second run never overwrites the first without --force.
        const Outcome again
            = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("--samples"),
                              QStringLiteral("1"), QStringLiteral("-o"), path});
        QCOMPARE(again.exitCode, 1);
        QVERIFY(again.err.contains(QStringLiteral("--force")));
        QCOMPARE(performance01::readFigures(*readArtifactFile(path).artifact).warm.seconds.size(), firstRunSamples);
    }

    void compareNamesWhatDiffersAndGivesIntervals()
    {
        QTemporaryDir dir;
        const QString big = dir.filePath(QStringLiteral("big.json"));
        const QString a = dir.filePath(QStringLiteral("a.json"));
        const QString b = dir.filePath(QStringLiteral("b.json"));
        for (const auto &[path, arguments] :
             {std::pair{big,
                        QStringList{QStringLiteral("--shape"), QStringLiteral("96x96x96"), QStringLiteral("--dtype"),
                                    QStringLiteral("float64"), QStringLiteral("--samples"), QStringLiteral("12")}},
              std::pair{a, QStringList{QStringLiteral("--samples"), QStringLiteral("30")}},
              std::pair{b, QStringList{QStringLiteral("--samples"), QStringLiteral("30")}}}) {
            const Outcome made = runLessonscope(
                QStringList{QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("-o"), path}
                + arguments);
            QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        }

        // The recorded float32 64×32 run against a float64 96×96 one: different experiments, named.
        const Outcome mismatched = runLessonscope({QStringLiteral("compare"), seedPath(), big});
        QVERIFY2(mismatched.exitCode == 0, qPrintable(mismatched.err));
        QVERIFY(mismatched.out.contains(QStringLiteral("different experiments")));
        QVERIFY(mismatched.out.contains(QStringLiteral("dtype: A float32 · B float64")));
        QVERIFY(mismatched.out.contains(QStringLiteral("shape: A 64×32 · 32×16 · B 96×96 · 96×96")));
        QVERIFY(mismatched.out.contains(QStringLiteral("says little")));                  // the seed has 7 samples
        QVERIFY(mismatched.out.contains(QStringLiteral("An interval bounds the noise"))); // not a bias

        // Two default runs: the same experiment, an interval for every figure with samples: 99% for
        // those measured in rounds (between runs), 95% for the others.
        const Outcome same = runLessonscope({QStringLiteral("compare"), a, b});
        QVERIFY2(same.exitCode == 0, qPrintable(same.err));
        QVERIFY(!same.out.contains(QStringLiteral("different experiments")));
        QVERIFY(same.out.contains(QStringLiteral("warm median")));
        QVERIFY(same.out.contains(QStringLiteral("(99%: ")));
        static const QRegularExpression exponent(QStringLiteral("\\d[eE][+-]?\\d")); // "1.53e+03"
        for (const QString &text : {mismatched.out, same.out})
            QVERIFY2(!text.contains(exponent), qPrintable(text));

        const Outcome json = runLessonscope({QStringLiteral("compare"), QStringLiteral("--json"), a, b});
        QCOMPARE(json.exitCode, 0);
        const Json parsed = Json::parse(json.out.toStdString());
        QVERIFY(parsed.at("sameExperiment").get<bool>());
        bool interval = false;
        for (const Json &figure : parsed.at("figures"))
            interval = interval || (figure.contains("ratioInterval") && figure.at("intervalTrusted").get<bool>());
        QVERIFY(interval);

        QCOMPARE(runLessonscope({QStringLiteral("compare"), a}).exitCode, 2);
    }

    void runRejectsBadUsage_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString run = QStringLiteral("run");
        const QString lesson = QStringLiteral("performance-01");
        QTest::newRow("no lesson") << QStringList{run} << QStringLiteral("name a lesson");
        QTest::newRow("unknown lesson") << QStringList{run, QStringLiteral("performance-99")}
                                        << QStringLiteral("no lesson 'performance-99'");
        QTest::newRow("bad shape") << QStringList{run, lesson, QStringLiteral("--shape"), QStringLiteral("64x32")}
                                   << QStringLiteral("is not MxKxN");
        QTest::newRow("samples not a number")
            << QStringList{run, lesson, QStringLiteral("--samples"), QStringLiteral("many")}
            << QStringLiteral("not an integer");
        QTest::newRow("samples out of range")
            << QStringList{run, lesson, QStringLiteral("--samples"), QStringLiteral("0")} << QStringLiteral("samples");
        QTest::newRow("unknown dtype") << QStringList{run, lesson, QStringLiteral("--dtype"), QStringLiteral("int8")}
                                       << QStringLiteral("dtype");
        QTest::newRow("unknown option") << QStringList{run, lesson, QStringLiteral("--fast")} << QStringLiteral("fast");
        // Each value in range, the run beyond what a lesson runs: refused before measuring, with
        // the limit named (the check of a 4096³ product alone would take minutes).
        QTest::newRow("product too large")
            << QStringList{run, lesson, QStringLiteral("--shape"), QStringLiteral("4096x4096x4096")}
            << QStringLiteral("(2048³) a lesson runs");
        QTest::newRow("too many calls of it") << QStringList{run,
                                                             lesson,
                                                             QStringLiteral("--shape"),
                                                             QStringLiteral("2048x2048x2048"),
                                                             QStringLiteral("--samples"),
                                                             QStringLiteral("1000")}
                                              << QStringLiteral("choose fewer samples or a smaller shape");
        QTest::newRow("too many calls in fresh processes")
            << QStringList{QStringLiteral("run"),       QStringLiteral("performance-02"),
                           QStringLiteral("--shape"),   QStringLiteral("2048x2048x2048"),
                           QStringLiteral("--samples"), QStringLiteral("100")}
            << QStringLiteral("choose fewer samples or a smaller shape");
    }

    void runRejectsBadUsage()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Outcome outcome = runLessonscope(arguments);
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
        QVERIFY2(!outcome.err.contains(QStringLiteral("call 1 of")), qPrintable(outcome.err)); // nothing measured
    }

    // A destination that cannot be written is refused before anything is measured: /proc grants
    // root write access to its folder and creates nothing in it, so only a real try tells.
    // SIGTERM (and Ctrl+C's SIGINT) in the middle of a run's measured calls stops it between two
    // calls: what was measured is kept in an artifact that says it was cancelled and passes
    // validate, and the run exits 1 and says what stopped it. Mutant: a handler that exits at once
    // (no file), or one that ignores the signal (the run would go on for minutes: the 60 s wait fails).
    void aSignalledRunKeepsWhatItMeasured_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addColumn<QString>("said");
        QTest::newRow("SIGTERM") << int(SIGTERM) << QStringLiteral("terminated (SIGTERM): kept the ");
        QTest::newRow("SIGINT") << int(SIGINT) << QStringLiteral("interrupted: kept the ");
    }

    void aSignalledRunKeepsWhatItMeasured()
    {
        QFETCH(int, signal);
        QFETCH(QString, said);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("stopped.json"));
        QProcess run;
        // 20,000 products of 128³ one after another: minutes on any machine, well inside what a
        // run may cost; the first progress line comes after the first measured call.
        run.start(QStringLiteral(LESSONSCOPE_BINARY),
                  {QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("--samples"),
                   QStringLiteral("20000"), QStringLiteral("--m"), QStringLiteral("128"), QStringLiteral("--k"),
                   QStringLiteral("128"), QStringLiteral("--n"), QStringLiteral("128"), QStringLiteral("-o"), path});
        QVERIFY(run.waitForStarted());
        run.setReadChannel(QProcess::StandardError); // what waitForReadyRead waits for
        QByteArray err;
        while (!err.contains(": call ") && run.waitForReadyRead(60'000))
            err += run.readAllStandardError();
        QVERIFY2(err.contains(": call "), err.constData());
        QVERIFY(run.processId() > 0); // still running: kill(0, …) would signal this test's own group
        QVERIFY(::kill(static_cast<pid_t>(run.processId()), signal) == 0);
        QVERIFY(run.waitForFinished(60'000));
        err += run.readAllStandardError();
        QVERIFY2(run.exitStatus() == QProcess::NormalExit && run.exitCode() == 1, err.constData());
        QVERIFY2(err.contains(said.toUtf8()), err.constData());
        QVERIFY2(QFileInfo::exists(path), err.constData());
        const Outcome validated = runLessonscope({QStringLiteral("validate"), path});
        QVERIFY2(validated.exitCode == 0, qPrintable(validated.out + validated.err));
        const nlohmann::json artifact = nlohmann::json::parse(coretesting::readBytes(path).toStdString());
        const nlohmann::json printed = nlohmann::json::parse(artifact.at("stdout").get<std::string>());
        QVERIFY(printed.at("cancelled") == true);
    }

    void runRefusesAnUnwritableDestinationFirst()
    {
        if (!QFileInfo(QStringLiteral("/proc/self")).exists())
            QSKIP("no /proc here");
        const Outcome outcome = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-01"),
                                                QStringLiteral("-o"), QStringLiteral("/proc/lessonscope-run.json")});
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains(QStringLiteral("cannot write /proc/lessonscope-run.json")),
                 qPrintable(outcome.err));
        QVERIFY2(!outcome.err.contains(QStringLiteral("call 1 of")), qPrintable(outcome.err)); // nothing was measured
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
