// What every lesson of the course must do, asked of each registered lesson — the six of today and
// any added tomorrow, which get these tests without writing one: with its fastest parameters it
// runs through the LessonRunner and validates; its stdout is what it declares (key by key, in order,
// of the declared types), and its section of docs/artifact-format.md names every declared key;
// its stdout states the parameters it ran with; its
// panels and its timeline draw (the timeline's spans where its layout puts them); each candidate of its prediction gets a verdict that agrees with
// the candidate and says what it measured; its measured calls export as a Chrome trace; a cancelled run
// keeps what it measured as a valid artifact; and its bundled recording validates, opens on the
// timeline and round-trips byte for byte. What is a lesson's own (its physics, its verdict texts)
// is in its tst_performanceNN.
#include "explorertesting.h"
#include "lessontesting.h"
#include "core/artifact/artifactio.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lesson/childprocess.h"
#include "core/lesson/disturbance.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonrunner.h"
#include "core/lesson/stdoutfields.h"
#include "core/opencl/opencldevices.h"
#include "core/trace/chrometrace.h"
#include "core/trace/timeline.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>

using namespace lessonscope;
using namespace lessontesting;

namespace {

// Each integer parameter at its smallest, each choice at its default: the fastest run the lesson
// allows, which must still be a whole measurement.
ParameterValues fastestParameters(const Lesson &lesson)
{
    ParameterValues values;
    for (const ParameterSpec &spec : lesson.info().parameters) {
        if (spec.type == ParameterSpec::Type::Integer)
            values[spec.name] = spec.minimum;
    }
    if (const auto error = lesson.resolveParameters(values))
        qFatal("%s: its smallest parameters are refused: %s", lesson.info().id.c_str(), error->c_str());
    return values;
}

bool canRun(const Lesson &lesson) { return !lesson.needsRealDevice() || !listOpenClDevices().devices.empty(); }

bool isProblemFree(const Problems &problems, Severity worst)
{
    bool free = true;
    for (const Problem &p : problems) {
        if (p.severity == Severity::Error || (worst == Severity::Warning && p.severity == Severity::Warning)) {
            qWarning("%s: %s", p.pointer.c_str(), p.message.c_str());
            free = false;
        }
    }
    return free;
}

// Every candidate of the call shown first gets a verdict that agrees with the candidate (right
// where the lesson marks it right) and quotes what it would have measured; a Length question is
// right at the asked span's own length and wrong far from it.
void checkVerdicts(const Artifact &artifact)
{
    const std::unique_ptr<LessonTimeline> timeline = timelineOf(artifact);
    QVERIFY(timeline);
    const int shown = timeline->representativeCall();
    const CallTimeline call = timeline->call(shown);
    if (call.marker == MarkerKind::Length) {
        QVERIFY(call.length.event >= 0 && call.length.event < int(call.events.size()));
        const TimelineEvent &asked = call.events[std::size_t(call.length.event)];
        const double measured = (asked.end - asked.begin) / call.length.reference;
        const double within = std::clamp(measured, call.length.minimum, call.length.maximum);
        // A length past the slider's range is answered at its end, which may still lie within
        // the tolerance of the length: only the length itself must be right.
        if (within == measured)
            QVERIFY(timeline->lengthVerdict(within, shown).correct);
        const double far = measured * 2 > call.length.maximum ? call.length.minimum : call.length.maximum;
        QVERIFY(!timeline->lengthVerdict(far, shown).correct);
        return;
    }
    QVERIFY(!call.candidates.empty());
    int right = 0;
    for (const TimelineCandidate &candidate : call.candidates) {
        const TimelineVerdict verdict = timeline->verdict(candidate.key, shown);
        QVERIFY2(verdict.correct == candidate.correct, candidate.key.c_str());
        QVERIFY2(!verdict.headline.empty() && !verdict.why.empty(), candidate.key.c_str());
        QVERIFY2(
            std::any_of(verdict.numbers.begin(), verdict.numbers.end(), [](char c) { return c >= '0' && c <= '9'; }),
            candidate.key.c_str());
        right += candidate.correct ? 1 : 0;
    }
    QCOMPARE(right, 1);
}

// The picture agrees with the layout: each span the shown call draws on an activity lane is on the
// widget's picture where its box is said to be — the strip just inside its top edge is one fill
// from end to end, and not the lane's background just above the box. (A picture that merely has
// colours passes a painter that draws every box in the wrong row, or none.)
void checkSpansAreDrawnWhereLaidOut(TimelineWidget &timeline)
{
    const QImage picture = timeline.grab().toImage();
    const CallTimeline &call = timeline.currentCall();
    for (int i = 0; i < int(call.events.size()); ++i) {
        const TimelineEvent &event = call.events[std::size_t(i)];
        const QRect box = timeline.eventRect(i).toAlignedRect();
        // A waiting span is hatched, and a box too small for a strip inside its border has none.
        if (event.shape != TimelineEvent::Shape::Span || event.waiting || event.lane == call.timerLane()
            || box.width() < 12 || box.height() < 8)
            continue;
        const QPoint insideLeft(box.left() + 5, box.top() + 3), insideRight(box.right() - 5, box.top() + 3);
        const QPoint above(box.left() + 5, box.top() - 3);
        if (!picture.rect().contains(insideRight) || !picture.rect().contains(above))
            continue;
        const QString what
            = QStringLiteral("\"%1\" is not drawn where its box is laid out").arg(QString::fromStdString(event.label));
        QVERIFY2(picture.pixel(insideLeft) == picture.pixel(insideRight), qPrintable(what));
        QVERIFY2(picture.pixel(insideLeft) != picture.pixel(above), qPrintable(what));
    }
}

// Cancels once the first measured call was reported.
class FirstCallCancels final : public RunObserver
{
public:
    void callMeasured(int, const MeasuredCall &) override { m_calls.fetch_add(1); }
    bool isCancelled() const override { return m_calls.load() > 0; }

private:
    std::atomic<int> m_calls{0};
};

std::string joined(const std::vector<std::string> &lines)
{
    std::string text;
    for (const std::string &line : lines)
        text.append(line).append("\n");
    return text;
}

// The lesson's section of docs/artifact-format.md: from the heading that names it to the next
// heading of its level or above.
QString docsSectionOf(const std::string &id)
{
    QFile file(QStringLiteral(LESSONSCOPE_TEST_DATA "/../../docs/artifact-format.md"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QString section;
    int level = 0;
    for (const QString &line : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
        const int depth = int(line.size() - QString(line).remove(QRegularExpression(QStringLiteral("^#+"))).size());
        if (level > 0 && depth > 0 && depth <= level)
            break;
        if (level == 0 && depth > 0 && depth <= 3 && line.contains(QString::fromStdString(id)))
            level = depth;
        else if (level > 0)
            section += line + QLatin1Char('\n');
    }
    return section;
}

} // namespace

class TestConformance : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        explorertesting::isolateSettings(m_dir);
        // A lesson measured in fresh processes starts lessonscope itself, not this test.
        qputenv(kProgramEnvironmentVariable, QByteArrayLiteral(LESSONSCOPE_BINARY));
    }

    void everyLessonRunsThroughTheRunner_data() { lessonRows(); }
    void everyLessonRunsThroughTheRunner()
    {
        const Lesson &lesson = currentLesson();
        if (!canRun(lesson))
            QSKIP("no OpenCL device here");
        const ParameterValues values = fastestParameters(lesson);
        LessonRunner runner;
        QSignalSpy finished(&runner, &LessonRunner::finished);
        QSignalSpy failed(&runner, &LessonRunner::failed);
        QVERIFY(runner.start(lesson, values) != 0);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 240'000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(1).toString()));
        const auto artifact = finished.first().at(1).value<Artifact>();
        QCOMPARE(artifact.lessonId(), lesson.info().id);
        QVERIFY(isProblemFree(validateArtifact(artifact.json()), Severity::Error));
        // Every round ended with a reading of the CPU's own speed (RoundPacer), which a comparison
        // weighs: a lesson that paced its rounds some other way would have none.
        const RunEvidence evidence = runEvidenceFromJson(artifact.json().at("environment"));
        QVERIFY(evidence.measuring);
        QVERIFY(!evidence.measuring->referenceLoopNs.empty());
        QVERIFY(int(evidence.measuring->referenceLoopNs.size()) <= evidence.measuring->rounds);
        QCOMPARE(evidence.measuring->referenceProductNs.size(), evidence.measuring->referenceLoopNs.size());
        QCOMPARE(evidence.measuring->referenceSweepNs.size(), evidence.measuring->referenceLoopNs.size());
        // And the link between two CPUs, where there are two to use (a reading whose answers stopped
        // coming is left out, so at most one a round).
        QVERIFY(evidence.measuring->referenceLinkNs.size() <= evidence.measuring->referenceLoopNs.size());
        // It prints what it declares, in that order, of those types.
        QVERIFY(!lesson.stdoutFields().empty());
        const std::vector<std::string> mismatches = stdoutMismatches(*artifact.stdoutJson(), lesson.stdoutFields());
        QVERIFY2(mismatches.empty(), qPrintable(QString::fromStdString(joined(mismatches))));
        // What it states it ran with is what it was asked to run with.
        if (lesson.statesItsParameters()) {
            const std::optional<ParameterValues> stated = lesson.parametersOf(*artifact.stdoutJson());
            QVERIFY(stated);
            QVERIFY(*stated == values);
        }
        m_measured[lesson.info().id] = artifact;
    }

    // The declaration catches each way a stdout can depart from it.
    void aStdoutThatDepartsFromItsDeclarationIsNamed()
    {
        const StdoutField declared[] = {field::text("name", "a name"), field::samples("samples_seconds", "samples"),
                                        field::integer("core", "", "a core").orNull(),
                                        field::boolean("device_only", "on a device").onSomeRuns()};
        const Json good = Json::parse(R"({"name": "x", "samples_seconds": [1.0], "samples_waited_ns": [0],
                                          "samples_round": [0], "core": null})");
        QVERIFY(stdoutMismatches(good, declared).empty());
        const auto departs = [&](const char *bytes, const std::string &said) {
            const std::vector<std::string> found = stdoutMismatches(Json::parse(bytes), declared);
            return found.size() == 1 && found.front() == said;
        };
        QVERIFY(departs(R"({"name": "x", "samples_seconds": [], "core": 1, "extra": 1})", "extra: not declared"));
        QVERIFY(departs(R"({"name": "x", "core": 1})", "samples_seconds: declared, not printed"));
        QVERIFY(departs(R"({"name": 3, "samples_seconds": [], "core": 1})", "name: a string is declared"));
        QVERIFY(
            departs(R"({"name": "x", "samples_seconds": [], "core": "0"})", "core: an integer or null is declared"));
        QVERIFY(!stdoutMismatches(Json::parse(R"({"samples_seconds": [], "name": "x", "core": 1})"), declared).empty());
    }

    // Its section of docs/artifact-format.md names every key it declares, and its tables name no
    // key it does not.
    void everyDeclaredKeyIsDocumented_data() { lessonRows(); }
    void everyDeclaredKeyIsDocumented()
    {
        const Lesson &lesson = currentLesson();
        const QString section = docsSectionOf(lesson.info().id);
        QVERIFY2(!section.isEmpty(), "no section of docs/artifact-format.md names the lesson");
        QStringList declared;
        for (const StdoutField &field : lesson.stdoutFields()) {
            declared << QString::fromLatin1(field.key);
            QVERIFY2(section.contains(QStringLiteral("`%1`").arg(QLatin1String(field.key))), field.key);
        }
        static const QRegularExpression row(QStringLiteral("^\\| ([^|]*)\\|"), QRegularExpression::MultilineOption);
        static const QRegularExpression name(QStringLiteral("`([a-z0-9_]+)`"));
        for (auto rows = row.globalMatch(section); rows.hasNext();) {
            for (auto names = name.globalMatch(rows.next().captured(1)); names.hasNext();) {
                const QString key = names.next().captured(1);
                if (key.startsWith(QLatin1Char('_')))
                    continue; // "(+ `_waited_ns`, `_round`)": a sample list's companions
                QVERIFY2(declared.contains(key), qPrintable(key + QStringLiteral(" is in the table, not declared")));
            }
        }
    }

    void everyMeasuredRunDrawsAnswersAndExports_data() { lessonRows(); }
    void everyMeasuredRunDrawsAnswersAndExports()
    {
        const Lesson &lesson = currentLesson();
        const auto found = m_measured.find(lesson.info().id);
        if (found == m_measured.end())
            QSKIP("the lesson did not run here");
        const Artifact counted = explorertesting::asCounted(found->second);
        const QStringList blank = explorertesting::blankRenders(counted, QSize(900, 700));
        QVERIFY2(blank.isEmpty(), qPrintable(blank.join(QStringLiteral(", "))));
        checkVerdicts(counted);
        if (QTest::currentTestFailed())
            return;

        const std::unique_ptr<LessonTimeline> timeline = timelineOf(counted);
        QVERIFY(timeline->isMeasured());
        const ChromeTrace trace = exportChromeTrace(counted, *timeline);
        QVERIFY(!trace.schematic);
        QVERIFY(trace.callCount > 0);
        const Json exported = Json::parse(trace.json);
        QVERIFY(exported["traceEvents"].is_array() && !exported["traceEvents"].empty());
    }

    void everyLessonKeepsWhatItMeasuredWhenCancelled_data() { lessonRows(); }
    void everyLessonKeepsWhatItMeasuredWhenCancelled()
    {
        const Lesson &lesson = currentLesson();
        if (!canRun(lesson))
            QSKIP("no OpenCL device here");
        // With its defaults (its smallest run may be one unit, which ends before a cancel can),
        // cancelled once it has reported its first call (progress counts clean samples only, and on
        // a busy machine may not move at all).
        ParameterValues defaults;
        QVERIFY(!lesson.resolveParameters(defaults));
        FirstCallCancels cancelling;
        LessonRun run;
        try {
            run = runLesson(lesson, defaults, cancelling);
        } catch (const std::exception &error) {
            QFAIL(error.what());
        }
        QVERIFY(run.cancelled);
        QVERIFY(!run.calls.empty());
        const Artifact artifact = buildArtifact(lesson, run, "2026-12-03T12:00:00.000000+00:00");
        QVERIFY(isProblemFree(validateArtifact(artifact.json()), Severity::Error));
        QCOMPARE((*artifact.stdoutJson())["cancelled"], Json(true));
    }

    void everyRecordingValidatesOpensAndRoundTrips_data() { lessonRows(); }
    void everyRecordingValidatesOpensAndRoundTrips()
    {
        const Lesson &lesson = currentLesson();
        const QByteArray bytes = recordingOf(lesson);
        const ReadResult read = readArtifact(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        QVERIFY(read.ok());
        QCOMPARE(read.artifact->lessonId(), lesson.info().id);
        QCOMPARE(read.artifact->provenance(), std::string(kRecordedProvenance));
        QVERIFY(noWarnings(read.problems));
        QCOMPARE(QByteArray::fromStdString(serializeArtifact(*read.artifact)), bytes);
        checkVerdicts(*read.artifact);
        if (QTest::currentTestFailed())
            return;

        // It opens on the timeline before anything is run, and takes the right answer.
        AnswerStore store(m_dir.filePath(QStringLiteral("%1.ini").arg(QString::fromStdString(lesson.info().id))));
        PredictionPanel panel(&store);
        panel.resize(1000, 720);
        panel.setArtifact(*read.artifact);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        checkSpansAreDrawnWhereLaidOut(*panel.timeline());
        if (QTest::currentTestFailed())
            return;
        const CallTimeline shown = panel.timeline()->currentCall();
        if (shown.marker == MarkerKind::Length)
            return; // its answer is a length, which checkVerdicts asked
        const auto right = std::find_if(shown.candidates.begin(), shown.candidates.end(),
                                        [](const TimelineCandidate &c) { return c.correct; });
        QVERIFY(right != shown.candidates.end());
        panel.answerWith(QString::fromStdString(right->key));
        QVERIFY2(panel.verdictText().contains(QStringLiteral("Right")), qPrintable(panel.verdictText()));
    }

    // A lesson's panels are made from its stdout by its declaration: a recording's panels are
    // exactly what its lesson makes of its stdout today (titles, series, values, order).
    void everyRecordingsPanelsAreRemadeFromItsStdout_data() { lessonRows(); }
    void everyRecordingsPanelsAreRemadeFromItsStdout()
    {
        const Lesson &lesson = currentLesson();
        const QByteArray bytes = recordingOf(lesson);
        const ReadResult read = readArtifact(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        QVERIFY(read.ok());
        const auto out = read.artifact->stdoutJson();
        QVERIFY(out);
        if (!stdoutMismatches(*out, lesson.stdoutFields()).empty())
            QSKIP("the recording's stdout is of an earlier contract (the course's first recording)");
        QCOMPARE(QByteArray::fromStdString(lesson.panels(*out).dump()),
                 QByteArray::fromStdString(read.artifact->json()["data"]["panels"].dump()));
        // And its layout, the renderer identity, is the one the recording was drawn by.
        QCOMPARE(rendererHashOf(lesson), read.artifact->rendererHash());
    }

private:
    // The lesson's bundled recording, as its bytes (empty, and the read then fails, without one).
    static QByteArray recordingOf(const Lesson &lesson)
    {
        QFile file(recordedPath(lesson.info().id.c_str()));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }
    static void lessonRows()
    {
        QTest::addColumn<QString>("lesson");
        for (const Lesson *lesson : courseLessons())
            QTest::newRow(lesson->info().id.c_str()) << QString::fromStdString(lesson->info().id);
    }
    static const Lesson &currentLesson()
    {
        QFETCH(QString, lesson);
        return lessonNamed(lesson.toStdString().c_str());
    }

    QTemporaryDir m_dir;
    std::map<std::string, Artifact> m_measured;
};

QTEST_MAIN(TestConformance)
#include "tst_conformance.moc"
