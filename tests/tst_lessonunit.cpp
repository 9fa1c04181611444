// A lesson is one unit: this file defines a whole lesson — a toy experiment that times a short
// loop on the device stream — and registers it, and nothing in core, ui or app knows it. It runs
// through LessonRunner, its artifact validates (with its own checks), its panels and timeline
// render offscreen, and its timeline answers a prediction. Its marker is the timer's start, so
// the widget's start interaction is exercised too (performance-01's is the stop).

#include "core/base/units.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lesson/lessonrunner.h"
#include "core/lesson/lessonsummary.h"
#include "core/lesson/stdoutchecks.h"
#include "core/timing/devicestream.h"
#include "core/timing/statistics.h"
#include "core/trace/chrometrace.h"
#include "core/trace/streamtimeline.h"
#include "explorertesting.h"
#include "ui/window/artifactrenderer.h"
#include "ui/runs/runpanel.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"

#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <atomic>
#include <thread>

using namespace lessonscope;

Q_DECLARE_METATYPE(lessonscope::Artifact)

namespace {

constexpr const char *kId = "test-loop";
constexpr const char *kSamplesKey = "samples_seconds";
constexpr const char *kMedianKey = "median_seconds";

// While set, a run that has measured every call waits before it returns, until released: a test
// can then cancel at that moment, as a learner pressing Esc while the artifact is being made.
std::atomic<bool> g_holdAfterLastCall{false};
std::atomic<bool> g_released{false};

// Where the timer must start so that it times the loop: at the dispatch, not after it returns.
class LoopTimeline final : public StreamTimeline
{
public:
    explicit LoopTimeline(const Artifact &artifact) : StreamTimeline(artifact.trace().value_or(Trace{})) { }

    std::optional<double> readingSeconds(std::string_view key, int callIndex) const override
    {
        if (!isMeasured() || callIndex < 0 || callIndex >= callCount())
            return std::nullopt;
        const CallTimes t = timesOf(callIndex);
        const auto candidates = candidatesFor(t);
        for (const TimelineCandidate &candidate : candidates) {
            if (candidate.key == key)
                return (t.readyObserved - candidate.time) * 1e-9;
        }
        return std::nullopt;
    }

    TimelineVerdict verdict(std::string_view key, int callIndex) const override
    {
        TimelineVerdict verdict;
        verdict.correct = key == "at-dispatch";
        verdict.headline = verdict.correct ? "Right: start at the dispatch." : "Not quite.";
        verdict.why = "The loop's time runs from its dispatch to its observed readiness.";
        const auto seconds = readingSeconds(key, std::clamp(callIndex, 0, std::max(callCount() - 1, 0)));
        verdict.numbers = seconds ? "This start reads " + formatDuration(*seconds) + "." : "No trace.";
        return verdict;
    }

protected:
    MarkerKind marker() const override { return MarkerKind::Start; }
    double anchorOf(const CallTimes &t) const override { return t.readyObserved; }
    std::vector<TimelineCandidate> candidatesFor(const CallTimes &t) const override
    {
        return {{"at-dispatch", "at the dispatch", "at dispatch", 0, true},
                {"after-dispatch", "when dispatch returns", "after dispatch", t.dispatchEnd, false}};
    }
};

class LoopLesson final : public Lesson
{
public:
    const LessonInfo &info() const override
    {
        static const LessonInfo info = [] {
            LessonInfo i;
            i.id = kId;
            i.summary = "Time a short loop on the stream.";
            i.texts = {"Time a loop",
                       "Where must the timer start?",
                       "Schematic reading.",
                       "Measured reading.",
                       "A loop on the stream.",
                       "Timeline.",
                       2.0,
                       "timeline",
                       "call plus synchronization"};
            ParameterSpec samples;
            samples.name = "samples";
            samples.label = "Calls";
            samples.description = "How many calls are timed.";
            samples.defaultInteger = 5;
            samples.minimum = 1;
            samples.maximum = 1000;
            i.parameters = {samples};
            return i;
        }();
        return info;
    }

    LessonRun run(const ParameterValues &values, RunObserver &observer) const override
    {
        const auto calls = static_cast<int>(integerParameter(values, "samples"));
        LessonRun run;
        run.lessonId = kId;
        run.parameters = values;
        DeviceStream stream;
        run.waitStrategy = waitStrategyName(stream.effectiveStrategy());
        std::atomic<std::uint64_t> sink{0};
        for (int i = 0; i < calls && !(i > 0 && observer.isCancelled()); ++i) {
            CallHandle call = stream.dispatch([&sink] {
                std::uint64_t sum = 0;
                for (std::uint64_t k = 0; k < 2000; ++k)
                    sum += k * k;
                sink.store(sum, std::memory_order_relaxed);
            });
            call.wait();
            CallTimestamps t = call.timestamps();
            if (i == 0)
                run.startedAtNs = t.dispatchBegin;
            t = {t.dispatchBegin - run.startedAtNs, t.dispatchEnd - run.startedAtNs, t.workBegin - run.startedAtNs,
                 t.workEnd - run.startedAtNs, t.readyObserved - run.startedAtNs};
            run.calls.push_back(MeasuredCall::of(t, {}, 0));
            observer.callMeasured(i, run.calls.back());
            observer.progress(i + 1, calls);
        }
        run.cancelled = static_cast<int>(run.calls.size()) < calls;
        if (g_holdAfterLastCall.load())
            observer.phase("tidying up the loop");
        while (g_holdAfterLastCall.load() && !g_released.load())
            std::this_thread::yield();
        std::vector<double> samples;
        for (const MeasuredCall &call : run.calls)
            samples.push_back(call.synchronizedSeconds());
        Json out = Json::object();
        out[kSamplesKey] = samples;
        out[kMedianKey] = median(samples);
        run.output = std::make_shared<const Json>(std::move(out));
        return run;
    }

    Json panels(const Json &output) const override
    {
        Json panel = panelLayout().at(0);
        panel["series"] = Json::array({Json{{"label", "completed call"}, {"y", Json::array({output.at(kMedianKey)})}}});
        return Json::array({panel});
    }

    Json panelLayout() const override
    {
        return Json::array({Json{{"kind", "bar"},
                                 {"title", "Median call"},
                                 {"labels", {"median"}},
                                 {"ylabel", "seconds"},
                                 {"series", {"completed call"}}}});
    }

    void check(const Json &document, const Json &output, Checker &checker) const override
    {
        const auto samples = stdoutchecks::durationsOf(output, kSamplesKey, checker);
        const auto stated = stdoutchecks::durationOf(output, kMedianKey, checker);
        stdoutchecks::checkMedian(samples, stated, kMedianKey, kSamplesKey, checker);
        if (stated)
            stdoutchecks::compareBar(document, 0, "completed call", *stated, kMedianKey, checker);
    }

    LessonSummary summarize(const Artifact &artifact) const override
    {
        LessonSummary summary;
        const auto out = artifact.stdoutJson();
        if (!out || !out->contains(kMedianKey))
            return summary;
        summary.figures.push_back(makeFigure(kMedianKey, "median call", out->at(kMedianKey).get<double>(), true,
                                             out->at(kSamplesKey).get<std::vector<double>>(), "calls", true));
        summary.headlineKey = kMedianKey;
        return summary;
    }

    std::unique_ptr<LessonTimeline> timeline(const Artifact &artifact) const override
    {
        return std::make_unique<LoopTimeline>(artifact);
    }
};

// The whole registration: one line, in the lesson's own file.
const LoopLesson loopLesson;
const LessonRegistration registration(loopLesson);

// Runs the lesson as the GUI does, on LessonRunner's worker, and returns its artifact.
Artifact runThroughTheRunner(int samples)
{
    LessonRunner runner;
    QSignalSpy finished(&runner, &LessonRunner::finished);
    ParameterValues values{{"samples", std::int64_t(samples)}};
    if (loopLesson.resolveParameters(values) || runner.start(loopLesson, values) == 0)
        qFatal("the loop lesson did not start");
    if (!finished.wait(60'000))
        qFatal("the loop lesson did not finish");
    return finished.constFirst().at(1).value<Artifact>();
}

bool hasNoWarnings(const Problems &problems)
{
    return countOf(problems, Severity::Error) == 0 && countOf(problems, Severity::Warning) == 0
        && countOf(problems, Severity::Info) == 0;
}

} // namespace

class TestLessonUnit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        explorertesting::isolateSettings(m_dir);
    }

    void registersWithoutTheCourseKnowingIt()
    {
        QCOMPARE(findLesson(kId), &loopLesson);
        QCOMPARE(allLessons().back(), &loopLesson); // after the course, which does not list it
        QVERIFY(std::find(courseLessons().begin(), courseLessons().end(), &loopLesson) == courseLessons().end());
        QVERIFY(!registerLesson(loopLesson)); // one id, one lesson
    }

    // A lesson that does not say it runs on real devices runs on the stream alone: asked for a
    // device it refuses before it measures, and the run panel offers it no device field.
    void aLessonOfTheStreamAloneRefusesADevice()
    {
        QVERIFY(!loopLesson.runsOnDevices());
        class Quiet final : public RunObserver
        {
        } quiet;
        ParameterValues values{{"samples", std::int64_t(2)}};
        QVERIFY(!loopLesson.resolveParameters(values));
        try {
            runLesson(loopLesson, values, quiet, RunContext{"opencl:0"});
            QFAIL("a lesson of the stream alone ran on a device");
        } catch (const std::invalid_argument &refused) {
            QVERIFY2(std::string(refused.what()).find("runs on the stream only") != std::string::npos, refused.what());
        }
        LessonRunner runner;
        RunPanel panel(&runner);
        panel.setLessonId(QString::fromLatin1(kId));
        QCOMPARE(panel.device(), std::string(kStreamDevice));
        for (QComboBox *box : panel.findChildren<QComboBox *>())
            QVERIFY(box->accessibleName() != QStringLiteral("Device") || box->isHidden());
    }

    void runsValidatesAndChecksWithItsOwnRules()
    {
        const Artifact artifact = runThroughTheRunner(5);
        QCOMPARE(artifact.lessonId(), std::string(kId));
        QCOMPARE(artifact.trace()->calls.size(), std::size_t(5));
        const Problems problems = validateArtifact(artifact.json());
        QVERIFY(hasNoWarnings(problems));
        QVERIFY(isRenderedByThisBuild(artifact));
        QCOMPARE(artifact.rendererHash(), rendererHashOf(loopLesson));
        QCOMPARE(artifact.diagram().reading, std::string("Measured reading."));

        // Its own check runs, found by lessonId: a median that is not the median is reported.
        Json document = artifact.json();
        Json out = *artifact.stdoutJson();
        out[kMedianKey] = out[kMedianKey].get<double>() * 3;
        document["stdout"] = out.dump(2);
        const Problems tampered = validateArtifact(document);
        QVERIFY(countOf(tampered, Severity::Warning) >= 2); // not the median; the panel disagrees

        // Its figures reach the generic parts.
        const LessonSummary summary = summarizeArtifact(artifact);
        QVERIFY(summary.headline() && summary.headline()->value > 0.0);
        QCOMPARE(summary.headline()->samples.size(), std::size_t(5));
    }

    void rendersItsPanelsAndTimelineOffscreen()
    {
        const Artifact artifact = runThroughTheRunner(3);
        const QStringList blank = explorertesting::blankRenders(artifact, QSize(800, 600));
        QVERIFY2(blank.isEmpty(), qPrintable(blank.join(QStringLiteral(", "))));
        const ChromeTrace trace = exportChromeTrace(artifact, *timelineOf(artifact));
        QVERIFY(!trace.schematic);
        QCOMPARE(trace.callCount, 3);
        QVERIFY(QByteArray::fromStdString(trace.json).contains("\"measurement\""));
    }

    void itsTimelineAnswersAPredictionWithTheStartMarker()
    {
        const Artifact artifact = runThroughTheRunner(5);
        AnswerStore store(m_dir.filePath(QStringLiteral("answers.ini")));
        PredictionPanel panel(&store);
        panel.resize(900, 700);
        panel.setArtifact(explorertesting::asCounted(artifact));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        TimelineWidget *timeline = panel.timeline();
        QCOMPARE(timeline->currentCall().marker, MarkerKind::Start);
        QCOMPARE(timeline->currentCall().candidates.size(), std::size_t(2));
        QVERIFY(timeline->accessibleName().contains(QStringLiteral("start")));

        // The marker rests at the anchor (the timer's stop) until it is moved: left of it lies
        // every candidate.
        QVERIFY(timeline->candidatePosition(0).x() < timeline->markerPosition().x());
        explorertesting::saveScreenshot(panel, QStringLiteral("lessonunit-start-unanswered.png"));
        QSignalSpy answered(&panel, &PredictionPanel::answered);
        timeline->setFocus();
        QTest::keyClick(timeline, Qt::Key_Home);
        QCOMPARE(timeline->markerCandidate(), 0);
        QTest::keyClick(timeline, Qt::Key_Return);
        QCOMPARE(answered.count(), 1);
        QVERIFY(answered.constFirst().at(0).toBool());
        QCOMPARE(panel.answer(), std::optional(QStringLiteral("at-dispatch")));
        QVERIFY(panel.verdictText().contains(QStringLiteral("Right: start at the dispatch.")));
        QVERIFY(panel.verdictText().contains(QStringLiteral("This start reads")));
        QVERIFY(panel.isReadingShown());
        QVERIFY(store.record(QString::fromStdString(artifact.lessonId())).first->correct);
        explorertesting::saveScreenshot(panel, QStringLiteral("lessonunit-start-answered.png"));
    }

    // A run whose measurement is complete is complete: a cancel while its artifact is being
    // made (Esc after "All 5 calls measured; making the artifact…") keeps it whole.
    void aCancelAfterTheLastCallKeepsTheRunWhole()
    {
        LessonRunner runner;
        QSignalSpy progress(&runner, &LessonRunner::progress);
        QSignalSpy finished(&runner, &LessonRunner::finished);
        QSignalSpy cancelled(&runner, &LessonRunner::cancelled);
        g_holdAfterLastCall = true;
        g_released = false;
        ParameterValues values{{"samples", std::int64_t(5)}};
        QVERIFY(!loopLesson.resolveParameters(values));
        QVERIFY(runner.start(loopLesson, values) > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last().at(1).toInt() == 5, 30'000);
        runner.cancel();
        g_released = true;
        QVERIFY(finished.wait(30'000) || !finished.isEmpty());
        g_holdAfterLastCall = false;
        QCOMPARE(cancelled.count(), 0);
        QCOMPARE(finished.constFirst().at(1).value<Artifact>().trace()->calls.size(), std::size_t(5));
    }

    // A step that is not a call and lasts is said in the run panel as its own step; once every
    // call is measured there is nothing to cancel.
    void aLongPhaseIsItsOwnStep()
    {
        LessonRunner runner;
        RunPanel panel(&runner);
        panel.setLessonId(QString::fromLatin1(kId));
        QSignalSpy finished(&runner, &LessonRunner::finished);
        g_holdAfterLastCall = true;
        g_released = false;
        QVERIFY(panel.run() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(panel.statusText().contains(QStringLiteral("tidying up the loop")), 30'000);
        QVERIFY2(panel.statusText().startsWith(QStringLiteral("All 5 calls measured; tidying up the loop…")),
                 qPrintable(panel.statusText()));
        QVERIFY(!panel.cancelButton()->isEnabled());
        panel.cancel(); // as Esc: nothing to cancel
        g_released = true;
        QVERIFY(finished.wait(30'000) || !finished.isEmpty());
        g_holdAfterLastCall = false;
        QVERIFY2(panel.statusText().startsWith(QStringLiteral("Done in")), qPrintable(panel.statusText()));
    }

    // The keyboard moves a start marker from its rest (the timer's stop, at the right) to the
    // neighbouring candidate on the left, never to the far end.
    void arrowsMoveAStartMarkerToTheNeighbouringStop()
    {
        const Artifact artifact = runThroughTheRunner(3);
        PredictionPanel panel(nullptr);
        panel.resize(900, 700);
        panel.setArtifact(artifact);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        TimelineWidget *timeline = panel.timeline();
        timeline->setFocus();
        QCOMPARE(timeline->markerCandidate(), -1);
        QTest::keyClick(timeline, Qt::Key_Right); // nothing lies right of the rest
        QCOMPARE(timeline->markerCandidate(), -1);
        QTest::keyClick(timeline, Qt::Key_Left);
        QCOMPARE(timeline->markerCandidate(), 1); // after dispatch, the nearer
        QTest::keyClick(timeline, Qt::Key_Left);
        QCOMPARE(timeline->markerCandidate(), 0);
        QTest::keyClick(timeline, Qt::Key_Right);
        QCOMPARE(timeline->markerCandidate(), 1);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestLessonUnit)
#include "tst_lessonunit.moc"
