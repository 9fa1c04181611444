#include "core/lessons/performance-01/performance01contract.h"
#include "core/lesson/lessonartifacts.h"
#include "coretesting.h"
#include "core/artifact/jsonwriter.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>
#include <unistd.h>

using namespace lessonscope;
using coretesting::readBytes;
using coretesting::writeBytes;

namespace {

const QString kSeedPath = coretesting::seedPath();

std::string seedText() { return readBytes(kSeedPath).toStdString(); }

Artifact readSeed() { return coretesting::seedArtifact(); }

} // namespace

class TestArtifact : public QObject
{
    Q_OBJECT

private slots:
    void seedOpensWithNoProblems()
    {
        const ReadResult result = readArtifactFile(kSeedPath);
        QVERIFY(result.artifact.has_value());
        QVERIFY(result.ok());
        for (const Problem &problem : result.problems)
            qWarning("%s", formatProblem("seed", problem).c_str());
        QVERIFY(result.problems.empty());
    }

    void topLevelFields()
    {
        const Artifact a = readSeed();
        QCOMPARE(a.schemaVersion(), std::optional<std::int64_t>(1));
        QCOMPARE(a.lessonId(), std::string("performance-01"));
        QCOMPARE(a.contentHash(), std::string("4b0835048c71e4db833b4b8988c5210075885e908194780b4db2d0cad29c33ed"));
        QCOMPARE(a.rendererHash(), std::string("a1bd5b648f4731ae5d5f0a24811c2540d1a0a132149ce589d17c4113509cbedf"));
        QCOMPARE(a.kind(), std::string("executed"));
        QCOMPARE(a.generatedAt(), std::string("2026-10-20T10:45:58.968076+00:00"));
        QCOMPARE(a.provenance(), std::string("recorded_cpu_computation"));
        using Entry = std::pair<std::string, std::string>;
        const std::vector<Entry> environment = {
            {"backend", "cpu"}, {"deviceCount", "1"}, {"jax", "0.9.2"}, {"numpy", "2.4.4"}, {"matplotlib", "3.10.8"}};
        QCOMPARE(a.environment(), environment);
        QCOMPARE(a.backend(), std::string("cpu"));
        QVERIFY(a.stdoutText().starts_with("{\n  \"backend\": \"TFRT_CPU_0\",\n"));
        QVERIFY(a.stdoutText().ends_with("\"max_abs_error\": 2.384185791015625e-07\n}\n"));
        QVERIFY(!a.trace().has_value());
    }

    void timingSummary()
    {
        const Artifact a = readSeed();
        const auto stdoutJson = a.stdoutJson();
        QVERIFY(stdoutJson);
        QCOMPARE(stdoutJson->at("python").get<std::string>(), std::string("3.14.3"));
        const performance01::Figures t = performance01::readFigures(a);
        QCOMPARE(t.firstCallSeconds, std::optional<double>(0.029204250313341618));
        const std::vector<double> warm
            = {3.833277150988579e-05, 1.7374753952026367e-05, 1.2500211596488953e-05, 8.500181138515472e-06,
               8.20821151137352e-06,  8.458271622657776e-06,  7.125083357095718e-06};
        QCOMPARE(t.warm.seconds, warm);
        QCOMPARE(t.warmMedianSeconds, std::optional<double>(8.500181138515472e-06));
        QCOMPARE(t.maxAbsError, std::optional<double>(2.384185791015625e-07));
        QVERIFY(!t.dispatchOnlyFirstCallSeconds.has_value());
        QVERIFY(t.dispatchOnlyWarmSamplesSeconds.empty());
        QVERIFY(!t.dispatchOnlyWarmMedianSeconds.has_value());
        QCOMPARE(t.backend, std::string("TFRT_CPU_0"));
        QCOMPARE(t.dtype, std::string("float32"));
        QCOMPARE(t.inputShape, (std::vector<std::int64_t>{64, 32}));
        QCOMPARE(t.weightShape, (std::vector<std::int64_t>{32, 16}));
        QCOMPARE(t.boundary, std::string("input already placed; call plus output synchronization"));
    }

    void panels()
    {
        const Artifact a = readSeed();
        QCOMPARE(a.dataKind(), std::string("panels"));
        const std::vector<Panel> panels = a.panels();
        QCOMPARE(panels.size(), std::size_t(2));

        const Panel &bar = panels[0];
        QCOMPARE(bar.kind, std::string("bar"));
        QVERIFY(bar.isKnownKind());
        QCOMPARE(bar.title, std::string("First call"));
        QCOMPARE(bar.labels, std::vector<std::string>{"first"});
        QCOMPARE(bar.ylabel, std::string("seconds"));
        QCOMPARE(bar.series.size(), std::size_t(1));
        QCOMPARE(bar.series[0].label, std::string("synchronized call"));
        QCOMPARE(bar.series[0].y, std::vector<double>{0.029204250313341618});
        QVERIFY(a.panelText(0).starts_with("{\n  \"kind\": \"bar\",\n  \"title\": \"First call\","));
        QCOMPARE(a.panelText(2), std::string()); // there is no third panel

        const Panel &line = panels[1];
        QCOMPARE(line.kind, std::string("line"));
        QCOMPARE(line.title, std::string("Warm calls"));
        QCOMPARE(line.x, (std::vector<double>{1, 2, 3, 4, 5, 6, 7}));
        QCOMPARE(line.xlabel, std::string("warm sample"));
        QCOMPARE(line.ylabel, std::string("seconds"));
        QCOMPARE(line.series.size(), std::size_t(1));
        QCOMPARE(line.series[0].label, std::string("synchronized call"));
        QCOMPARE(line.series[0].y, performance01::readFigures(a).warm.seconds);
    }

    void diagram()
    {
        const Diagram d = readSeed().diagram();
        QCOMPARE(d.title, std::string("Time the completed result"));
        QCOMPARE(d.prediction,
                 std::string("Where should synchronization occur in completed-result latency measurement?"));
        QVERIFY(d.reading.starts_with("The host dispatches and waits while device work proceeds."));
        QVERIFY(d.reading.ends_with("need separately chosen boundaries when included in a benchmark."));
        QCOMPARE(d.alt, d.reading);
        QCOMPARE(d.scope, std::string("Architecture and dataflow mechanism diagram."));
        QCOMPARE(d.height, std::optional<double>(3.8));
        QCOMPARE(d.panelKind, std::string("timeline"));
        QCOMPARE(d.rawPanelJson, std::string("{\n  \"kind\": \"timeline\"\n}"));
    }

    void serializeReproducesTheSeedByteForByte()
    {
        const std::string original = seedText();
        QVERIFY(!original.empty());
        const std::string written = serializeArtifact(readSeed());
        QCOMPARE(written.size(), original.size());
        QVERIFY(written == original);
        QVERIFY(!written.ends_with('\n'));
    }

    void readWriteReadGivesTheSameValue()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Artifact first = readSeed();
        const QString path = dir.filePath("copy.json");
        QString error;
        QVERIFY2(writeArtifactFile(first, path, &error), qPrintable(error));
        QVERIFY(error.isEmpty());
        const ReadResult second = readArtifactFile(path);
        QVERIFY(second.ok());
        QVERIFY(second.artifact->json() == first.json());
        QCOMPARE(readBytes(path).toStdString(), seedText());
    }

    void unknownKeysSurviveASave()
    {
        Json document = readSeed().json();
        document["signature"] = {{"alg", "none"}, {"value", Json::array({1, 2.5, "x"})}};
        document["environment"]["gpu"] = nullptr;
        document["data"]["caption"] = "µs and ünïcode";
        document["data"]["panels"][0]["color"] = "#336699";
        document["data"]["panels"][0]["series"][0]["style"] = {{"dash", true}};
        document["data"]["panels"][1]["notes"] = Json::array();
        document["diagram"]["lanes"] = Json::object();
        document["diagram"]["panel"]["lanes"] = Json::array({"host", "device"});
        document["trace"] = {{"clock", "std::chrono::steady_clock"}, {"unit", "ns"}, {"future", 1}};

        QTemporaryDir dir;
        const QString path = dir.filePath("extended.json");
        QString error;
        QVERIFY2(writeArtifactFile(Artifact(document), path, &error), qPrintable(error));
        const ReadResult read = readArtifactFile(path);
        QVERIFY(read.artifact.has_value());
        QVERIFY(read.artifact->json() == document);
        // ordered_json compares equal regardless of order: check the order of the keys as well.
        QCOMPARE(read.artifact->json().dump(), document.dump());
        QCOMPARE(serializeArtifact(*read.artifact), readBytes(path).toStdString());
    }

    void writeReplacesAnExistingFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.json");
        QVERIFY(writeBytes(path, QByteArray(10000, 'x')));
        QString error;
        QVERIFY(writeArtifactFile(readSeed(), path, &error));
        QCOMPARE(readBytes(path).toStdString(), seedText());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"a.json"});
    }

    void writeToAnUnwritableDirectoryFails_data()
    {
        QTest::addColumn<QString>("relativePath");
        QTest::newRow("missing directory") << "missing/sub/a.json";
        QTest::newRow("parent is a file") << "file.json/a.json";
        QTest::newRow("read-only directory") << "readonly/a.json";
    }

    void writeToAnUnwritableDirectoryFails()
    {
        QFETCH(QString, relativePath);
        QTemporaryDir dir;
        QVERIFY(writeBytes(dir.filePath("file.json"), "{}"));
        QVERIFY(QDir(dir.path()).mkdir("readonly"));
        const QByteArray old = "the old artifact";
        QVERIFY(writeBytes(dir.filePath("readonly/a.json"), old));
        QVERIFY(QFile::setPermissions(dir.filePath("readonly"), QFile::ReadOwner | QFile::ExeOwner));
        if (relativePath.startsWith("readonly") && geteuid() == 0) {
            QFile::setPermissions(dir.filePath("readonly"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
            QSKIP("root writes into read-only directories; failedWriteKeepsTheOldFile covers this as root");
        }
        const QString path = dir.filePath(relativePath);
        QString error;
        QVERIFY(!writeArtifactFile(readSeed(), path, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY2(error.size() > path.size() + 12, qPrintable(error)); // a reason follows the path
        QCOMPARE(readBytes(dir.filePath("readonly/a.json")), old);
        QFile::setPermissions(dir.filePath("readonly"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }

    void failedWriteKeepsTheOldFile()
    {
        // The write fails half way (a file-size limit stands in for a full disk, and works as root):
        // the old file must stay whole, and no temporary file may be left behind.
        QTemporaryDir dir;
        const QString path = dir.filePath("a.json");
        const QByteArray old = "{\"the\": \"old artifact\"}";
        QVERIFY(writeBytes(path, old));

        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit small = saved;
        small.rlim_cur = 1000; // the seed is 3034 bytes
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        QString error;
        const bool written = writeArtifactFile(readSeed(), path, &error);
        setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previousHandler);

        QVERIFY(!written);
        QVERIFY2(error.startsWith("cannot save " + path + ": "), qPrintable(error));
        QCOMPARE(readBytes(path), old);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"a.json"});
    }

    void invalidUtf8IsNotWritten()
    {
        Json document = readSeed().json();
        document["lessonId"] = std::string("bad \xFF byte");
        QTemporaryDir dir;
        const QString path = dir.filePath("a.json");
        QString error;
        QVERIFY(!writeArtifactFile(Artifact(document), path, &error));
        QVERIFY2(error.contains("/lessonId") && error.contains("UTF-8"), qPrintable(error));
        QVERIFY(!QFile::exists(path));
    }

    void emptyArtifactIsAnEmptyObject()
    {
        const Artifact a;
        QVERIFY(a.json().is_object());
        QCOMPARE(serializeArtifact(a), std::string("{}"));
        QVERIFY(a.panels().empty());
        QVERIFY(!a.schemaVersion().has_value());
        QVERIFY(!a.stdoutJson());
    }

    void copiesShareTheDocument()
    {
        const Artifact a = readSeed();
        const Artifact b = a;
        QCOMPARE(&a.json(), &b.json());
    }

    void traceIsRead()
    {
        Json document = readSeed().json();
        document["trace"] = Json::parse(R"({"clock": "std::chrono::steady_clock", "unit": "ns",
            "waitStrategy": "spin-then-park", "calls": {"dispatchBegin": [0, 1000], "dispatchEnd": [10, 1010],
            "workBegin": [20, 1020], "workEnd": [500, 1200], "readyObserved": [520, 1230]}})");
        const auto trace = Artifact(document).trace();
        QVERIFY(trace.has_value());
        QCOMPARE(trace->clock, std::string("std::chrono::steady_clock"));
        QCOMPARE(trace->waitStrategy, std::string("spin-then-park"));
        QCOMPARE(trace->calls.size(), std::size_t(2));
        QCOMPARE(trace->calls[1].dispatchBegin, std::int64_t(1000));
        QCOMPARE(trace->calls[1].dispatchEnd, std::int64_t(1010));
        QCOMPARE(trace->calls[1].workBegin, std::int64_t(1020));
        QCOMPARE(trace->calls[1].workEnd, std::int64_t(1200));
        QCOMPARE(trace->calls[1].readyObserved, std::int64_t(1230));
        // a column of another length: the trace has no calls rather than misaligned ones
        document["trace"]["calls"]["workEnd"] = Json::array({500});
        QVERIFY(Artifact(document).trace()->calls.empty());
    }

    void aPanelsTextIsCutAtAWholeCharacter()
    {
        // Two-byte characters from byte 14 of the text on: a cut at 15 falls inside the first
        // one and is moved before it, a cut at 16 is after it, one at 17 moves back to 16; each
        // says how much it left out.
        Json document = Json::parse(R"({"data": {"kind": "panels", "panels": [{"kind": "bar"}]}})");
        std::string accents;
        for (int i = 0; i < 200; ++i)
            accents += "\u00e9";
        document["data"]["panels"][0] = Json::object({{"title", accents}});
        const Artifact a(document);
        const std::string whole = a.panelText(0);
        QCOMPARE(whole, "{\n  \"title\": \"" + accents + "\"\n}");
        const std::string prefix = "{\n  \"title\": \""; // 14 bytes, then é é é …
        QCOMPARE(prefix.size(), std::size_t(14));
        const auto cutText = [&](const std::string &kept) {
            return kept + "\n… " + std::to_string(whole.size() - kept.size()) + " more bytes not shown";
        };
        QCOMPARE(a.panelText(0, 15), cutText(prefix));
        QCOMPARE(a.panelText(0, 16), cutText(prefix + "\u00e9"));
        QCOMPARE(a.panelText(0, 17), cutText(prefix + "\u00e9"));
        QCOMPARE(a.panelText(0, whole.size()), whole);
    }

    void lenientAccessors()
    {
        // Wrong types read as empty; a non-number in y reads as NaN and keeps the others' places.
        const Json document = Json::parse(R"({"schemaVersion": "1", "lessonId": 7, "environment": [],
            "stdout": "not json", "data": {"kind": "panels", "panels": [3, {"kind": "bar", "labels": ["a", 2],
            "series": [{"label": "s", "y": [1, "x", 3]}]}]}, "diagram": {"height": "tall", "panel": []}})");
        const Artifact a(document);
        QVERIFY(!a.schemaVersion().has_value());
        QCOMPARE(a.lessonId(), std::string());
        QVERIFY(a.environment().empty());
        QVERIFY(!a.stdoutJson());
        QCOMPARE(a.stdoutText(), std::string("not json"));
        QVERIFY(!performance01::readFigures(a).firstCallSeconds.has_value());
        const auto panels = a.panels();
        QCOMPARE(panels.size(), std::size_t(2));
        QCOMPARE(panels[0].kind, std::string());
        QCOMPARE(a.panelText(0), std::string("3"));
        QCOMPARE(panels[1].labels, (std::vector<std::string>{"a", ""}));
        QCOMPARE(panels[1].series[0].y.size(), std::size_t(3));
        QVERIFY(std::isnan(panels[1].series[0].y[1]));
        QCOMPARE(panels[1].series[0].y[2], 3.0);
        QVERIFY(!a.diagram().height.has_value());
        QCOMPARE(a.diagram().rawPanelJson, std::string("[]"));
    }
};

QTEST_GUILESS_MAIN(TestArtifact)
#include "tst_artifact.moc"
