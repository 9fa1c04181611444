// performance-02 "Keep the first call apart": a real run in fresh processes, its honesty (each
// first call really first, in a process of its own, its parts inside it), its checks, its
// timeline's verdicts, its rendering and its command line.

#include "coretesting.h"
#include "core/lesson/childprocess.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lesson/lessonrunner.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lessons/performance-02/performance02contract.h"
#include "core/lessons/performance-02/performance02timeline.h"
#include "core/base/rfc3339.h"
#include "core/base/units.h"
#include "explorertesting.h"
#include "ui/window/artifactrenderer.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <limits>
#include <set>
#include <unistd.h>

using namespace lessonscope;
using coretesting::Outcome;
using coretesting::runLessonscope;
namespace p02 = lessonscope::performance02;

Q_DECLARE_METATYPE(lessonscope::Artifact)

namespace {

const Lesson &lesson() { return *findLesson(performance02::kId); }

// A real run in-process (its children are the built lessonscope), made into an artifact.
Artifact measuredArtifact(int processes, int samples, MeasuringReport *measuring = nullptr)
{
    ParameterValues values{{"processes", std::int64_t(processes)}, {"samples", std::int64_t(samples)}};
    if (lesson().resolveParameters(values))
        qFatal("performance-02's parameters were refused");
    RunObserver observer;
    const LessonRun run = lesson().run(values, observer);
    if (measuring)
        *measuring = run.measuring;
    return buildArtifact(lesson(), run, rfc3339UtcNow());
}

int warningsOf(const Json &document)
{
    const Problems problems = validateArtifact(document);
    return countOf(problems, Severity::Warning) + countOf(problems, Severity::Error);
}

// The artifact with its stdout changed by edit (panels left as they were).
Json withStdout(const Artifact &artifact, const std::function<void(Json &)> &edit)
{
    Json document = artifact.json();
    Json out = *artifact.stdoutJson();
    edit(out);
    document["stdout"] = out.dump(2) + "\n";
    return document;
}

double partsSum(const Json &parts)
{
    double sum = 0;
    for (const std::string &name : p02::partNames())
        sum += parts.at(name).get<double>();
    return sum;
}

// The first call costs more than a warm one whenever nothing else disturbed the run. On a machine
// busy with other work a preempted warm call waits milliseconds for a CPU and no comparison holds,
// so the processes' own count of preemptions decides whether the comparison is asserted.
void verifyFirstExceedsWarm(const p02::Figures &f)
{
    const bool undisturbed = !f.preemptions.empty()
        && std::all_of(f.preemptions.begin(), f.preemptions.end(), [](std::int64_t n) { return n == 0; });
    if (undisturbed)
        QVERIFY(*f.firstCallSeconds > *f.warmMedianSeconds);
    else if (!(*f.firstCallSeconds > *f.warmMedianSeconds))
        qInfo("first call %g s, warm median %g s: the processes were preempted, not compared", *f.firstCallSeconds,
              *f.warmMedianSeconds);
}

// Stops the run once the first process has reported its calls, as the GUI's cancel does.
class CancelAfterOneProcess final : public RunObserver
{
public:
    void callMeasured(int index, const MeasuredCall &) override
    {
        m_firstCalls += index == 0 ? 1 : 0;
        ++m_calls;
    }
    void progress(int done, int total) override { m_lastProgress = {done, total}; }
    bool isCancelled() const override { return m_firstCalls >= 1; }

    int m_firstCalls = 0;
    int m_calls = 0;
    std::pair<int, int> m_lastProgress;
};

} // namespace

class TestPerformance02 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        explorertesting::isolateSettings(m_dir);
        // The children are lessonscope itself, not this test.
        qputenv(kProgramEnvironmentVariable, QByteArrayLiteral(LESSONSCOPE_BINARY));
        m_artifact = measuredArtifact(3, 6, &m_measuring);
    }

    void isInTheCourseAfterPerformance01()
    {
        QVERIFY(courseLessons().size() >= 2);
        QCOMPARE(courseLessons().at(0)->info().id, std::string("performance-01"));
        QCOMPARE(courseLessons().at(1)->info().id, std::string(performance02::kId));
        QCOMPARE(lesson().info().texts.title, std::string("Keep the first call apart"));
    }

    // Every first call ran in a process of its own: distinct ids, none of them this test's.
    void eachFirstCallIsInAFreshProcess()
    {
        const p02::Figures f = p02::readFigures(m_artifact);
        // Three processes, and one more for each whose first call other work interrupted.
        const std::size_t processes = f.firstCallSamplesSeconds.size();
        QVERIFY(processes >= 3);
        QCOMPARE(f.processIds.size(), processes);
        const std::set<std::int64_t> distinct(f.processIds.begin(), f.processIds.end());
        QCOMPARE(distinct.size(), processes);
        QVERIFY(!distinct.count(static_cast<std::int64_t>(::getpid())));
        QCOMPARE(f.warmSamplesSeconds.size(), processes * 6);
        QCOMPARE(m_artifact.trace()->calls.size(), std::size_t(7));
        // Each process is a round, a replacing one too, and each round has the CPU's reading.
        QCOMPARE(std::size_t(m_measuring.rounds), processes);
        QCOMPARE(m_measuring.referenceLoopNs.size(), processes);
    }

    // The parts are measured, inside the first call, and the first call costs more than a warm one.
    void thePartsAreInsideTheFirstCall()
    {
        const Json out = *m_artifact.stdoutJson();
        const auto firsts = out.at(p02::key::kFirstCallSamples).get<std::vector<double>>();
        const Json &partsSamples = out.at(p02::key::kFirstCallPartsSamples);
        for (std::size_t i = 0; i < firsts.size(); ++i) {
            for (const std::string &name : p02::partNames())
                QVERIFY2(partsSamples[i].at(name).get<double>() > 0, name.c_str());
            QVERIFY(partsSamples[i].at(p02::part::kWork).get<double>() < firsts[i]);
            QVERIFY(partsSum(partsSamples[i]) <= firsts[i]);
        }
        const p02::Figures f = p02::readFigures(m_artifact);
        QCOMPARE(f.preemptions.size(), firsts.size());
        verifyFirstExceedsWarm(f);
        // The traced process's calls in order start with its whole first call, the header's
        // first call when that process is the median one (the work alone is one of its parts).
        QVERIFY(f.tracedProcess);
        QCOMPARE(f.callsInOrderSeconds.front(),
                 f.firstCallSamplesSeconds.at(static_cast<std::size_t>(*f.tracedProcess)));
        QVERIFY(f.callsInOrderSeconds.front() > f.parts.at(p02::part::kWork));
        QCOMPARE(warningsOf(m_artifact.json()), 0);
    }

    // The stream (the model of a device) starts before the timer; an older run's stream start is read.
    void theStreamStartsBeforeTheTimer()
    {
        for (const Json &parts : m_artifact.stdoutJson()->at(p02::key::kFirstCallPartsSamples))
            QCOMPARE(parts.size(), p02::partNames().size()); // kernel_select, first_touch, work
        QVERIFY(std::ranges::find(p02::partNames(), p02::part::kStreamStart) == p02::partNames().end());
        const Artifact older(
            withStdout(m_artifact, [](Json &o) { o[p02::key::kFirstCallParts][p02::part::kStreamStart] = 3e-4; }));
        QCOMPARE(p02::readFigures(older).parts.size(), std::size_t(4));
        const CallTimeline first = Performance02Timeline(older).call(0);
        QVERIFY(std::ranges::any_of(first.events, [](const TimelineEvent &e) { return e.label == "stream start"; }));
        QCOMPARE(first.candidates.at(0).label, std::string("before the stream starts"));
    }

    // Its own checks catch a run that was not what it says.
    void checksCatchADishonestStdout()
    {
        // Two first calls from one process: the second was not first.
        QVERIFY(warningsOf(withStdout(m_artifact,
                                      [](Json &out) { out[p02::key::kProcessIds][1] = out[p02::key::kProcessIds][0]; }))
                > 0);
        // Parts that add up to more than the first call.
        QVERIFY(warningsOf(withStdout(m_artifact,
                                      [](Json &out) {
                                          Json &parts = out[p02::key::kFirstCallPartsSamples][0];
                                          parts[p02::part::kWork]
                                              = out[p02::key::kFirstCallSamples][0].get<double>() * 2;
                                      }))
                > 0);
        // Parts that are not an object: reported, not a crash.
        QVERIFY(warningsOf(withStdout(m_artifact, [](Json &out) { out[p02::key::kFirstCallPartsSamples][0] = 5; }))
                > 0);
        QVERIFY(warningsOf(withStdout(m_artifact, [](Json &out) { out[p02::key::kFirstCallParts] = "x"; })) > 0);
        // A median that is not the median, and the panel that no longer agrees.
        QVERIFY(
            warningsOf(withStdout(
                m_artifact, [](Json &out) { out[p02::key::kFirstCall] = out[p02::key::kFirstCall].get<double>() * 3; }))
            >= 2);
        // Calls in order that start with the first call's work alone (as before they started with
        // the whole first call), the line drawn from them: the line and the bar would disagree.
        double work = 0;
        Json document = withStdout(m_artifact, [&work](Json &out) {
            work = out[p02::key::kFirstCallParts][p02::part::kWork].get<double>();
            out[p02::key::kCallsInOrder][0] = work;
        });
        document["data"]["panels"][2]["series"][0]["y"][0] = work;
        QCOMPARE(warningsOf(document), 1);
    }

    // Cancel keeps the processes measured before it, and reports every call as it comes.
    void cancelKeepsWhatWasMeasured()
    {
        ParameterValues values{{"processes", std::int64_t(4)}, {"samples", std::int64_t(3)}};
        QVERIFY(!lesson().resolveParameters(values));
        CancelAfterOneProcess observer;
        const LessonRun run = lesson().run(values, observer);
        QVERIFY(run.cancelled);
        QCOMPARE(observer.m_calls, 4);
        // Progress counts clean calls: the first process's four, less any other work interrupted.
        QVERIFY(observer.m_lastProgress.first <= 4);
        QCOMPARE(observer.m_lastProgress.second, 16);
        const Artifact artifact = buildArtifact(lesson(), run, rfc3339UtcNow());
        QCOMPARE(p02::readFigures(artifact).firstCallSamplesSeconds.size(), std::size_t(1));
        QCOMPARE(warningsOf(artifact.json()), 0);
    }

    // As the GUI runs it: on LessonRunner's worker thread, every call reported live.
    void runsThroughTheRunnerWithLiveCalls()
    {
        LessonRunner runner;
        QSignalSpy finished(&runner, &LessonRunner::finished);
        QSignalSpy firsts(&runner, &LessonRunner::firstCallMeasured);
        QSignalSpy warm(&runner, &LessonRunner::warmSamplesMeasured);
        ParameterValues values{{"processes", std::int64_t(2)}, {"samples", std::int64_t(3)}};
        QVERIFY(!lesson().resolveParameters(values));
        QVERIFY(runner.start(lesson(), values) > 0);
        QVERIFY(finished.wait(60'000));
        // One first call per process: two, and one more for each first call other work
        // interrupted (a busy machine's runs are replaced within a budget).
        QVERIFY(firsts.count() >= 2);
        int warmCount = 0;
        for (const QList<QVariant> &report : warm)
            warmCount += static_cast<int>(report.at(2).value<QList<double>>().size());
        QCOMPARE(warmCount, 3 * static_cast<int>(firsts.count()));
        QCOMPARE(countOf(finished.constFirst().at(2).value<Problems>(), Severity::Warning), 0);
    }

    void aBrokenChildIsReportedNotCrashed()
    {
        QCOMPARE(lesson().measureInChild({QStringLiteral("samples=x")}), 2);
        QCOMPARE(lesson().measureInChild({QStringLiteral("bogus")}), 2);
        QVERIFY(!p02::readProcess(Json::object()));
        QVERIFY(!p02::readProcess(Json{{"pid", 1}, {"calls", Json::array({Json::array({1, 2})})}}));
        const QByteArray saved = qgetenv(kProgramEnvironmentVariable);
        qputenv(kProgramEnvironmentVariable, QByteArrayLiteral("/nonexistent/lessonscope"));
        RunObserver observer;
        const ChildResult child = runMeasuringChild(performance02::kId, {}, observer);
        QVERIFY(!child.output);
        QVERIFY(!child.error.empty());
        ParameterValues values;
        QVERIFY(!lesson().resolveParameters(values));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, lesson().run(values, observer));
        qputenv(kProgramEnvironmentVariable, saved);
    }

    // A device child's moments are bounded before the parent subtracts them: a call or a
    // device clock spanning the whole 64-bit clock, or an offset of its extreme, is unreadable,
    // said, never arithmetic (UBSan sees the subtraction that would overflow).
    void aDeviceChildsNumbersOutOfRangeAreRefused()
    {
        Json parts = Json::object();
        for (const std::string &name : p02::partNames(p02::kDeviceBackend))
            parts[name] = 0.001;
        const Json child{{"pid", 4242},
                         {"backend", p02::kDeviceBackend},
                         {p02::key::kFirstCall, 0.01},
                         {p02::key::kFirstCallParts, parts},
                         {"max_abs_error", 1e-7},
                         {p02::key::kPreemptions, 0},
                         {"calls", Json::array({Json::array({1000, 1500, 1200, 1800, 2000})})},
                         {"evidence", Json::array({Json::array({0, 0, 0, 0, 0, 0, 1, 0})})},
                         {"device_calls", Json::array({Json::array({100, 200, 300, 900, 1000})})},
                         {"device", Json{{"name", "a device"}}},
                         {"kernel_cache", Json{{"program", "miss"}, {"kernelBinary", "miss"}}}};
        QVERIFY(p02::readProcess(child)); // the control: as a device child prints it
        constexpr std::int64_t lowest = std::numeric_limits<std::int64_t>::min();
        constexpr std::int64_t highest = std::numeric_limits<std::int64_t>::max();
        const auto refused = [&child](const char *name, Json row) {
            Json changed = child;
            changed[name] = Json::array({std::move(row)});
            return !p02::readProcess(changed);
        };
        QVERIFY(refused("calls", Json::array({highest - 10, highest - 5, lowest, 0, highest})));
        QVERIFY(refused("calls", Json::array({0, 1, lowest, lowest + 1, 2})));
        QVERIFY(refused("device_calls", Json::array({lowest, 0, 0, highest, 0})));
        QVERIFY(refused("device_calls", Json::array({100, 200, 300, 900, lowest})));
        QVERIFY(refused("device_calls", Json::array({100, 200, 300, 900, highest})));
    }

    void theTimelineQuotesWhatEachStartReads()
    {
        const Performance02Timeline timeline(m_artifact);
        QVERIFY(timeline.isMeasured());
        const int call = timeline.representativeCall();
        QVERIFY(call >= 1);
        const CallTimeline laid = timeline.call(call);
        QCOMPARE(laid.marker, MarkerKind::Start);
        QCOMPARE(laid.candidates.size(), std::size_t(3));
        QVERIFY(laid.candidates[0].time < laid.candidates[1].time);
        QVERIFY(laid.candidates[1].time < laid.candidates[2].time);
        QVERIFY(laid.candidates[2].correct);
        const double before = *timeline.readingSeconds("before-stream", call);
        const double first = *timeline.readingSeconds("first-dispatch", call);
        const double warm = *timeline.readingSeconds("this-dispatch", call);
        QVERIFY(before > first && first > warm && warm > 0);
        QCOMPARE(warm, *timeline.callSeconds(call));
        const TimelineVerdict wrong = timeline.verdict("before-stream", call);
        QVERIFY(!wrong.correct);
        QVERIFY(wrong.numbers.find("×") != std::string::npos);
        QVERIFY(wrong.numbers.find("e+") == std::string::npos);
        QVERIFY(timeline.verdict("this-dispatch", call).correct);
        QVERIFY(!timeline.readingSeconds("this-dispatch", 0)); // the first call is no warm call
        // The first call's box on the measurement lane is its dispatch to ready only, and says
        // so: "first call" is the whole of it, its one-time parts included, as the header reports.
        const CallTimeline first0 = timeline.call(0);
        const auto box = std::find_if(first0.events.begin(), first0.events.end(), [&](const TimelineEvent &event) {
            return event.lane == first0.timerLane() && !event.context;
        });
        QVERIFY(box != first0.events.end());
        QCOMPARE(box->label, std::string("first call, dispatch to ready"));
    }

    // The bundled recording validates with the lesson's own checks; without its trace the
    // timeline is the schematic, and its verdict quotes the recorded figures.
    void theRecordingValidatesAndItsSchematicQuotesIt()
    {
        const ReadResult read = readArtifactFile(
            QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/performance-02.recorded.json"));
        QVERIFY(read.ok());
        QCOMPARE(read.artifact->provenance(), std::string("recorded_cpu_computation"));
        QCOMPARE(warningsOf(read.artifact->json()), 0);
        const p02::Figures recorded = p02::readFigures(*read.artifact);
        QVERIFY(*recorded.firstCallSeconds > *recorded.warmMedianSeconds);

        Json document = read.artifact->json();
        document.erase("trace");
        const Performance02Timeline schematic{Artifact(document)};
        QVERIFY(!schematic.isMeasured());
        QCOMPARE(schematic.callCount(), 0);
        const CallTimeline laid = schematic.call(0);
        QCOMPARE(laid.candidates.size(), std::size_t(3));
        QVERIFY(laid.candidates[0].time < laid.candidates[1].time && laid.candidates[1].time < laid.candidates[2].time);
        QVERIFY(laid.anchor > laid.candidates[2].time);
        const TimelineVerdict verdict = schematic.verdict("first-dispatch", 0);
        QVERIFY(!verdict.correct);
        QVERIFY(verdict.numbers.find(formatDuration(*recorded.firstCallSeconds)) != std::string::npos);
        QVERIFY(!schematic.readingSeconds("this-dispatch", 0));
    }

    void rendersAndAnswersOnTheTimeline()
    {
        const QStringList blank = explorertesting::blankRenders(m_artifact, QSize(900, 700));
        QVERIFY2(blank.isEmpty(), qPrintable(blank.join(QStringLiteral(", "))));
        AnswerStore store(m_dir.filePath(QStringLiteral("answers.ini")));
        PredictionPanel panel(&store);
        panel.resize(1000, 760);
        panel.setArtifact(explorertesting::asCounted(m_artifact));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        TimelineWidget *timeline = panel.timeline();
        QCOMPARE(timeline->currentCall().marker, MarkerKind::Start);
        explorertesting::saveScreenshot(panel, QStringLiteral("performance02-unanswered.png"));
        QSignalSpy answered(&panel, &PredictionPanel::answered);
        timeline->setFocus();
        timeline->setMarkerCandidate(2);
        QTest::keyClick(timeline, Qt::Key_Return);
        QCOMPARE(answered.count(), 1);
        QVERIFY(answered.constFirst().at(0).toBool());
        QVERIFY(panel.verdictText().contains(QStringLiteral("Right: start the timer at this call's dispatch.")));
        QVERIFY(panel.isReadingShown());
        explorertesting::saveScreenshot(panel, QStringLiteral("performance02-answered.png"));
    }

    void commandLine()
    {
        const Outcome lessons = runLessonscope({QStringLiteral("lessons")});
        QCOMPARE(lessons.exitCode, 0);
        const qsizetype one = lessons.out.indexOf(QStringLiteral("performance-01"));
        const qsizetype two = lessons.out.indexOf(QStringLiteral("performance-02"));
        QVERIFY(one >= 0 && two > one);
        QVERIFY(lessons.out.contains(QStringLiteral("--processes")));

        const QString path = m_dir.filePath(QStringLiteral("a.json"));
        const Outcome run
            = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-02"), QStringLiteral("-o"), path});
        // A run that could not measure (a busy or sanitized machine) still writes a valid artifact.
        QVERIFY2(run.exitCode == 0 || run.err.contains(QStringLiteral("could not measure")), qPrintable(run.err));
        QCOMPARE(runLessonscope({QStringLiteral("validate"), path}).exitCode, 0);
        const ReadResult read = readArtifactFile(path);
        QVERIFY(read.ok());
        const p02::Figures f = p02::readFigures(*read.artifact);
        QVERIFY(f.firstCallSamplesSeconds.size() >= std::size_t(5)); // the default, and any replaced
        verifyFirstExceedsWarm(f);

        const QString png = m_dir.filePath(QStringLiteral("x.png"));
        const Outcome render = runLessonscope({QStringLiteral("render"), path, QStringLiteral("--view"),
                                               QStringLiteral("diagram"), QStringLiteral("-o"), png});
        QVERIFY2(render.exitCode == 0, qPrintable(render.err));
        QVERIFY(!QImage(png).isNull());

        const QString tracePath = m_dir.filePath(QStringLiteral("trace.json"));
        const Outcome trace = runLessonscope({QStringLiteral("export-trace"), path, QStringLiteral("-o"), tracePath});
        QVERIFY2(trace.exitCode == 0, qPrintable(trace.err));
        QFile file(tracePath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonDocument json = QJsonDocument::fromJson(file.readAll());
        QVERIFY(json.isObject());
        QVERIFY(json.object().value(QStringLiteral("traceEvents")).toArray().size() > 10);

        // The hidden measuring mode refuses what is not a request.
        QCOMPARE(runLessonscope({QStringLiteral("measure-child"), QStringLiteral("no-such-lesson")}).exitCode, 2);
        QCOMPARE(runLessonscope({QStringLiteral("measure-child"), QStringLiteral("performance-01")}).exitCode, 2);
    }

private:
    QTemporaryDir m_dir;
    Artifact m_artifact;
    MeasuringReport m_measuring; // of the run m_artifact was made from
};

QTEST_MAIN(TestPerformance02)
#include "tst_performance02.moc"
