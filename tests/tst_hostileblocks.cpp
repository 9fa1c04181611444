// What the blocks added since the reader was hardened let in (issue 19): the interference
// evidence, the comparisons and the figures they print. Each hostile value is read as a user's
// file would be — validated, shown, compared — and must give a located problem, never an abort,
// never arithmetic on a value out of range (this suite runs under ASan + UBSan in the asan preset).

#include "core/lesson/artifactcomparison.h"
#include "core/lesson/disturbance.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonidentity.h"
#include "core/lesson/lessonregistry.h"
#include "core/timing/histogram.h"
#include "coretesting.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <limits>

using namespace lessonscope;
using namespace coretesting;

namespace {

// The evidence of a quiet run as docs/artifact-format.md shows it.
Json quietEvidence()
{
    return Json::parse(R"({"seconds": 0.5,
        "host": {"voluntarySwitches": 10, "involuntarySwitches": 0, "migrations": 1},
        "device": {"voluntarySwitches": 2001, "involuntarySwitches": 1, "migrations": 0, "threads": 1},
        "loadAverage": 0.2, "cpus": 2, "stealShare": 0.0})");
}

// The seed with quiet evidence, one field of it replaced by value (a JSON Pointer below
// /environment/interference).
Json seedWithEvidence(const std::string &field, const Json &value)
{
    Json document = seedArtifact().json();
    document["environment"]["interference"] = quietEvidence();
    if (!field.empty())
        document[Json::json_pointer("/environment/interference" + field)] = value;
    return document;
}

const Problem *problemAt(const Problems &problems, const std::string &pointer)
{
    for (const Problem &problem : problems) {
        if (problem.pointer == pointer)
            return &problem;
    }
    return nullptr;
}

QString writeDocument(const QTemporaryDir &dir, const QString &name, const Json &document)
{
    const QString path = dir.filePath(name);
    const std::string text = document.dump(2);
    if (!writeBytes(path, QByteArray::fromStdString(text)))
        qFatal("cannot write a test file");
    return path;
}

} // namespace

class TestHostileBlocks : public QObject
{
    Q_OBJECT

private slots:
    void evidenceOutOfShapeIsLocated_data();
    void evidenceOutOfShapeIsLocated();
    void commandsSurviveEvidenceOfTheWrongType();
    void oneMigrationIsOne();
    void histogramOfSamplesFromADenormalToTheLargestDouble_data();
    void histogramOfSamplesFromADenormalToTheLargestDouble();
    void distributionOfExtremeSamplesIsCheckedShownAndCompared();
    void aComparisonHasOneSource();
    void figuresWithSamplesAreNotOneValueEach();
    void compareRefusesAnInputWithErrors();
    void aBodyUnderAnotherLessonsIdIsToldApart();
    void aContentHashIsReproducedOrNot();
};

void TestHostileBlocks::evidenceOutOfShapeIsLocated_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value"); // JSON
    const QString max = QString::number(std::numeric_limits<std::int64_t>::max());
    QTest::newRow("threads null") << "/device/threads"
                                  << "null";
    QTest::newRow("threads a string") << "/device/threads"
                                      << "\"4\"";
    QTest::newRow("threads an array") << "/device/threads"
                                      << "[1]";
    QTest::newRow("threads negative") << "/device/threads"
                                      << "-1";
    QTest::newRow("host switches null") << "/host/involuntarySwitches"
                                        << "null";
    QTest::newRow("host switches at the int64 limit") << "/host/involuntarySwitches" << max;
    QTest::newRow("device switches at the int64 limit") << "/device/involuntarySwitches" << max;
    QTest::newRow("negative switches") << "/host/involuntarySwitches"
                                       << "-2000";
    QTest::newRow("negative voluntary switches") << "/device/voluntarySwitches"
                                                 << "-1";
    QTest::newRow("migrations a string") << "/host/migrations"
                                         << "\"1\"";
    QTest::newRow("migrations beyond uint64") << "/device/migrations"
                                              << "18446744073709551615";
    QTest::newRow("cpus zero") << "/cpus"
                               << "0";
    QTest::newRow("cpus beyond int") << "/cpus"
                                     << "1099511627776";
    QTest::newRow("cpus a fraction") << "/cpus"
                                     << "1.5";
    QTest::newRow("seconds negative") << "/seconds"
                                      << "-0.5";
    QTest::newRow("seconds the largest double") << "/seconds"
                                                << "1.7976931348623157e308";
    QTest::newRow("steal above one") << "/stealShare"
                                     << "2";
    QTest::newRow("load negative") << "/loadAverage"
                                   << "-3";
    QTest::newRow("governor a number") << "/governor"
                                       << "7";
    QTest::newRow("governor of a megabyte") << "/governor" << ('"' + QString(1 << 20, QLatin1Char('g')) + '"');
    QTest::newRow("host an array") << "/host"
                                   << "[]";
}

// Every field of the evidence read leniently and within its range: a problem at the field's own
// JSON Pointer (not "validation stopped early" at the document), and the run is "not known" —
// never "quiet" on negative counts, never a sum that overflows.
void TestHostileBlocks::evidenceOutOfShapeIsLocated()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QVERIFY(validateArtifact(seedWithEvidence({}, {})).empty());
    const Json document = seedWithEvidence(field.toStdString(), Json::parse(value.toStdString()));
    const Problems problems = validateArtifact(document);
    const std::string pointer = "/environment/interference" + field.toStdString();
    const Problem *problem = problemAt(problems, pointer);
    QVERIFY2(problem,
             problems.empty() ? "no problem" : (problems.front().pointer + ": " + problems.front().message).c_str());
    QCOMPARE(problem->severity, Severity::Warning);
    QVERIFY(!problemAt(problems, ""));
    QCOMPARE(problems.size(), std::size_t{1});
    const Disturbance disturbance = disturbanceOf(document);
    QVERIFY(!disturbance.known);
    QVERIFY(!disturbance.disturbed);
    QVERIFY2(QString::fromStdString(disturbance.evidence).contains(QString::fromStdString(pointer)),
             disturbance.evidence.c_str());
    // The comparison reads the same evidence.
    const ArtifactComparison comparison = compareArtifacts(seedArtifact(), Artifact(document));
    QVERIFY(!comparison.disturbanceB.known);
}

// The issue's report, as a user meets it: show, compare and compare --json aborted on
// device.threads null; validate said "(document)".
void TestHostileBlocks::commandsSurviveEvidenceOfTheWrongType()
{
    QTemporaryDir dir;
    for (const char *value : {"null", "\"many\"", "[1, 2]"}) {
        const QString path = writeDocument(dir, QStringLiteral("threads.json"),
                                           seedWithEvidence("/device/threads", Json::parse(value)));
        const Outcome validate = runLessonscope({QStringLiteral("validate"), path});
        QCOMPARE(validate.exitCode, 0); // a warning: the numbers are still the numbers
        QVERIFY2(validate.out.contains(QStringLiteral("warning: /environment/interference/device/threads: ")),
                 qPrintable(validate.out));
        QVERIFY(!validate.out.contains(QStringLiteral("(document)")));
        const Outcome show = runLessonscope({QStringLiteral("show"), path});
        QCOMPARE(show.exitCode, 0);
        QVERIFY2(
            show.out.contains(QStringLiteral("conditions     not known: the interference evidence cannot be read")),
            qPrintable(show.out));
        for (const QStringList &compare :
             {QStringList{QStringLiteral("compare"), seedPath(), path},
              QStringList{QStringLiteral("compare"), QStringLiteral("--json"), path, path}}) {
            const Outcome outcome = runLessonscope(compare);
            QVERIFY2(outcome.exitCode == 0, qPrintable(compare.join(QLatin1Char(' ')) + outcome.err));
            QVERIFY(!outcome.out.isEmpty());
        }
    }
}

// "1 CPU migrations" read the quiet run's evidence line.
void TestHostileBlocks::oneMigrationIsOne()
{
    const Disturbance quiet = disturbanceOf(seedWithEvidence({}, {}));
    QVERIFY(quiet.known);
    QVERIFY2(QString::fromStdString(quiet.evidence).contains(QStringLiteral(", 1 CPU migration, ")),
             quiet.evidence.c_str());
}

void TestHostileBlocks::histogramOfSamplesFromADenormalToTheLargestDouble_data()
{
    QTest::addColumn<std::vector<double>>("samples");
    const double denormal = std::numeric_limits<double>::denorm_min();
    const double largest = std::numeric_limits<double>::max();
    std::vector<double> positive{denormal, 1e-9, 1e-6, 1e-3, 1, 1e100, largest};
    QTest::newRow("a denormal to the largest") << positive;
    QTest::newRow("the negative largest to the largest") << std::vector<double>{-largest, -1, 0, 1, largest};
    QTest::newRow("two extremes") << std::vector<double>{denormal, largest};
}

// histogram.cpp's edgeText made an int of log10(infinity) and subtracted it (signed overflow,
// UBSan): every label is now a number a person can read, and every sample is counted once.
void TestHostileBlocks::histogramOfSamplesFromADenormalToTheLargestDouble()
{
    QFETCH(std::vector<double>, samples);
    for (int bins : {1, 30}) {
        const Histogram histogram = histogramOf(samples, bins);
        QCOMPARE(histogram.labels.size(), std::size_t(bins) + 2);
        std::int64_t counted = 0;
        for (std::int64_t count : histogram.counts)
            counted += count;
        QCOMPARE(counted, std::int64_t(samples.size()));
        for (const std::string &label : histogram.labels) {
            const QString text = QString::fromStdString(label);
            QVERIFY2(!text.contains(QLatin1String("inf")) && !text.contains(QLatin1String("nan")) && text.size() < 40,
                     label.c_str());
        }
    }
}

// The issue's performance-05 file: its samples run from a denormal to the largest double, in
// validate, show and compare (each draws the distribution or checks it against the panel).
void TestHostileBlocks::distributionOfExtremeSamplesIsCheckedShownAndCompared()
{
    const ReadResult recorded = readArtifactFile(
        QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/performance-05.recorded.json"));
    QVERIFY(recorded.artifact);
    Json document = recorded.artifact->json();
    Json out = *recorded.artifact->stdoutJson();
    Json &samples = out["warm_samples_seconds"];
    samples[0] = std::numeric_limits<double>::denorm_min();
    samples[samples.size() - 1] = std::numeric_limits<double>::max();
    document["stdout"] = out.dump(2);
    const Problems problems = validateArtifact(document);
    QVERIFY(countOf(problems, Severity::Warning) > 0); // the panels no longer show these samples
    const Artifact artifact(document);
    QVERIFY(!summarizeArtifact(artifact).figures.empty());
    QVERIFY(!compareArtifacts(*recorded.artifact, artifact).figures.empty());

    QTemporaryDir dir;
    const QString path = writeDocument(dir, QStringLiteral("extreme.json"), document);
    for (const char *command : {"validate", "show", "compare"}) {
        QStringList arguments{QLatin1String(command), path};
        if (arguments.front() == QLatin1String("compare"))
            arguments.insert(1, path);
        const Outcome outcome = runLessonscope(arguments);
        QVERIFY2(outcome.exitCode == 0 || outcome.exitCode == 1,
                 qPrintable(arguments.join(QLatin1Char(' ')) + outcome.err));
    }
}

namespace {

// The seed with its stdout changed by edit (the panels and trace as they were).
Json seedWithStdout(const std::function<void(Json &)> &edit)
{
    Json document = seedArtifact().json();
    Json out = *seedArtifact().stdoutJson();
    edit(out);
    document["stdout"] = out.dump(2);
    return document;
}

} // namespace

// The issue's file: a stated median twice its samples' median. The ratio came from the stated
// median and the interval from the samples, so the verdict said 2× of an interval around 1.
void TestHostileBlocks::aComparisonHasOneSource()
{
    // 201 samples close together (a narrow interval), and a stated median twice theirs.
    const auto samples = [](Json &out) {
        Json list = Json::array();
        for (int i = 0; i < 201; ++i)
            list.push_back(8.5e-6 * (1 + 0.001 * (i % 7)));
        out["warm_samples_seconds"] = list;
    };
    const Json honest = seedWithStdout(samples);
    const Json lying = seedWithStdout([&](Json &out) {
        samples(out);
        out["warm_median_seconds"] = 2 * 8.5e-6;
    });
    QVERIFY(countOf(validateArtifact(lying), Severity::Warning) >= 1); // the lie is told
    for (const auto &[a, b] :
         {std::pair{Artifact(honest), Artifact(lying)}, std::pair{Artifact(lying), Artifact(honest)}}) {
        const ArtifactComparison comparison = compareArtifacts(a, b);
        int checked = 0;
        for (const ComparedFigure &figure : comparison.figures) {
            if (!figure.interval || !figure.ratio)
                continue;
            QVERIFY2(figure.interval->low <= *figure.ratio && *figure.ratio <= figure.interval->high,
                     (figure.label + ": " + figure.verdict).c_str());
            ++checked;
        }
        QCOMPARE(checked, 1); // the warm median
    }
}

// "one value each" was said whenever there was no interval, also of 170 samples a side.
void TestHostileBlocks::figuresWithSamplesAreNotOneValueEach()
{
    const Json zeros = seedWithStdout([](Json &out) {
        out["warm_samples_seconds"] = Json::array({0.0, 1e-6, 1e-6, 1e-6, 1e-6});
    });
    const ArtifactComparison comparison = compareArtifacts(Artifact(zeros), Artifact(zeros));
    bool seen = false;
    for (const ComparedFigure &figure : comparison.figures) {
        if (figure.samplesA == 0)
            continue;
        seen = true;
        QVERIFY(!figure.interval);
        QVERIFY2(figure.verdict.find("one value each") == std::string::npos, figure.verdict.c_str());
        QVERIFY2(figure.verdict.find("not all positive") != std::string::npos, figure.verdict.c_str());
    }
    QVERIFY(seen);
}

// compare exited 0 with an input that has errors; it now says which and exits 1.
void TestHostileBlocks::compareRefusesAnInputWithErrors()
{
    QTemporaryDir dir;
    Json broken = seedArtifact().json();
    broken["data"]["panels"][0]["kind"] = 7; // an error: a panel's kind must be a string
    const QString path = writeDocument(dir, QStringLiteral("broken.json"), broken);
    QVERIFY(hasErrors(validateArtifact(broken)));
    for (const QStringList &arguments :
         {QStringList{QStringLiteral("compare"), seedPath(), path},
          QStringList{QStringLiteral("compare"), QStringLiteral("--json"), path, seedPath()}}) {
        const Outcome outcome = runLessonscope(arguments);
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains(QStringLiteral("broken.json has errors (above); it is not compared")),
                 qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
    }
    QCOMPARE(runLessonscope({QStringLiteral("compare"), seedPath(), seedPath()}).exitCode, 0);
}

namespace {

Artifact recorded(const std::string &id)
{
    const ReadResult read
        = readArtifactFile(QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/%1.recorded.json")
                               .arg(QString::fromStdString(id)));
    if (!read.artifact)
        qFatal("a recording does not read");
    return *read.artifact;
}

} // namespace

// 6 of the 30 bodies of one lesson under another's lessonId validated with no warning.
void TestHostileBlocks::aBodyUnderAnotherLessonsIdIsToldApart()
{
    for (const Lesson *body : courseLessons()) {
        const Artifact own = recorded(body->info().id);
        QVERIFY(validateArtifact(own.json()).empty());
        for (const Lesson *claimed : courseLessons()) {
            if (claimed == body)
                continue;
            Json document = own.json();
            document["lessonId"] = claimed->info().id;
            const Problems problems = validateArtifact(document);
            QVERIFY2(countOf(problems, Severity::Warning) > 0,
                     qPrintable(QStringLiteral("%1's body as %2")
                                    .arg(QString::fromStdString(body->info().id),
                                         QString::fromStdString(claimed->info().id))));
        }
    }
}

// Another run's contentHash was labelled "reproducible"; so was a hash no parameters give.
void TestHostileBlocks::aContentHashIsReproducedOrNot()
{
    for (const Lesson *lesson : courseLessons()) {
        // performance-01's recording is the recorded pipeline's (no seed, no samples stated).
        const ContentHash expected
            = lesson->info().id == "performance-01" ? ContentHash::NotChecked : ContentHash::Reproduced;
        QCOMPARE(contentHashStatus(recorded(lesson->info().id)), expected);
    }
    QCOMPARE(contentHashStatus(seedArtifact()), ContentHash::NotChecked);

    Json document = recorded("performance-05").json();
    document["contentHash"] = recorded("performance-04").contentHash();
    QCOMPARE(contentHashStatus(Artifact(document)), ContentHash::Differs);
    const Problems problems = validateArtifact(document);
    const Problem *problem = problemAt(problems, "/contentHash");
    QVERIFY(problem);
    QVERIFY2(problem->message.find("is not performance-05's content with the parameters stdout states")
                 != std::string::npos,
             problem->message.c_str());

    // A parameter changed in stdout: the hash no longer follows, whatever else agrees.
    for (const char *key : {"seed", "samples_requested"}) {
        Json changed = recorded("performance-05").json();
        Json out = *recorded("performance-05").stdoutJson();
        out[key] = out[key].get<std::int64_t>() + 1;
        changed["stdout"] = out.dump(2);
        QCOMPARE(contentHashStatus(Artifact(changed)), ContentHash::Differs);
        QVERIFY2(problemAt(validateArtifact(changed), "/contentHash"), key);
    }
    // Parameters no run can have are said so.
    Json impossible = recorded("performance-02").json();
    Json out = *recorded("performance-02").stdoutJson();
    out["samples_requested"] = 0;
    impossible["stdout"] = out.dump(2);
    QVERIFY(problemAt(validateArtifact(impossible), "/stdout"));
    QCOMPARE(contentHashStatus(Artifact(impossible)), ContentHash::NotChecked);
    // ... and so are parameters not stated as a run of this build states them.
    Json unstated = recorded("performance-02").json();
    out = *recorded("performance-02").stdoutJson();
    out["seed"] = 1.5;
    unstated["stdout"] = out.dump(2);
    const Problems unstatedProblems = validateArtifact(unstated);
    const Problem *said = problemAt(unstatedProblems, "/stdout");
    QVERIFY(said);
    QVERIFY2(said->message.find("does not state every parameter") != std::string::npos, said->message.c_str());
}

QTEST_GUILESS_MAIN(TestHostileBlocks)

#include "tst_hostileblocks.moc"
