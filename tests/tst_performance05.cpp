// performance-05 "Enough samples": the physics of a fresh run (the median lies in its interval),
// the noisy neighbour really running, its own checks catching a corrupted artifact, its
// timeline's stop marker and verdicts, its rendering, and the command line as a user runs it.
// Its statistics on synthetic samples: tst_performance05statistics.cpp.
#include "coretesting.h"
#include "lessontesting.h"
#include "core/base/units.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lesson/artifactcomparison.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-05/performance05contract.h"
#include "core/lessons/performance-05/performance05contract.h"
#include "core/lessons/performance-05/performance05neighbour.h"
#include "core/lessons/performance-05/performance05statistics.h"
#include "core/lessons/performance-05/performance05timeline.h"
#include "explorertesting.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"

#include <QComboBox>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>

#include <sched.h>

using namespace lessonscope;
using namespace lessontesting;
using namespace lessonscope::performance05;
using coretesting::Outcome;
using coretesting::runLessonscope;

namespace {

const Lesson &lesson() { return lessontesting::lessonNamed(performance05::kId); }

LessonRun measuredRun(ParameterValues values, RunObserver &observer)
{
    if (const auto error = lesson().resolveParameters(values))
        qFatal("unexpected parameter error: %s", error->c_str());
    return lesson().run(values, observer);
}

Artifact measuredArtifact(const ParameterValues &values)
{
    QuietObserver quiet;
    return buildArtifact(lesson(), measuredRun(values, quiet), "2026-11-30T20:00:00.000000+00:00");
}

} // namespace

class TestPerformance05 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        explorertesting::isolateSettings(m_dir);
        m_artifact = measuredArtifact({}); // the defaults: 2,000 warm calls, no neighbour
    }

    // The host steps off the core the worker is kept on before each round's stream holds it,
    // wherever it woke between rounds: host and worker never take turns on one CPU when the
    // process has two. (A lesson that let the stream hold the host on the worker's core had
    // 1,200–1,600 of its 2,000 calls on one CPU beside a busy process.)
    void hostStepsOffTheWorkersCore()
    {
#if defined(__linux__)
        cpu_set_t before;
        CPU_ZERO(&before);
        QVERIFY(sched_getaffinity(0, sizeof before, &before) == 0);
        if (CPU_COUNT(&before) < 2)
            QSKIP("needs two CPUs");
        const int cpu = sched_getcpu();
        stepCallingThreadOff(cpu);
        QVERIFY(sched_getcpu() != cpu);
        cpu_set_t after;
        CPU_ZERO(&after);
        QVERIFY(sched_getaffinity(0, sizeof after, &after) == 0);
        QVERIFY(CPU_EQUAL(&before, &after)); // its affinity given back
        const auto trace = m_artifact.trace();
        QVERIFY(trace);
        QCOMPARE(trace->evidence.size(), trace->calls.size());
        const auto shared = std::count_if(trace->evidence.begin(), trace->evidence.end(),
                                          [](const TracedEvidence &call) { return call.sharedCpu; });
        QCOMPARE(shared, std::ptrdiff_t(0));
#endif
    }

    // The experiment is named by the samples asked for: a run that replaced interrupted calls
    // holds more of them and is still the same experiment (comparisons called two such runs
    // "different experiments" when the count of samples held named it).
    void samplesAskedForNameTheExperiment()
    {
        Json document = m_artifact.json();
        Json out = stdoutOf(m_artifact);
        for (const char *column : {key::kWarmSamples, "warm_samples_waited_ns", "warm_samples_round"}) {
            if (out.contains(column))
                out[column].push_back(out[column].back());
        }
        document["stdout"] = out.dump(2);
        QCOMPARE(summarySetting(Artifact(document), "warm samples"), std::string("2000"));
        QCOMPARE(summarySetting(Artifact(document), "warm samples"), summarySetting(m_artifact, "warm samples"));
    }

    // The lesson keeps its interrupted calls in its figures, and the comparison says so as `show`
    // does; it said they were "left out of its figures".
    void aComparisonSaysTheInterruptedCallsAreKept()
    {
        const ReadResult recorded = readArtifactFile(recordedPath("performance-05"));
        QVERIFY(recorded.artifact);
        const Artifact &run = *recorded.artifact;
        QVERIFY(stdoutOf(run).is_object()); // a recording with interrupted calls, kept
        QVERIFY(run.json()["environment"]["interference"]["measuring"]["interrupted"].get<int>() > 0);
        const std::vector<std::string> warnings = disturbanceWarnings(compareArtifacts(run, run));
        QVERIFY(!warnings.empty());
        for (const std::string &warning : warnings) {
            QVERIFY2(warning.find("kept in its figures") != std::string::npos, warning.c_str());
            QVERIFY2(warning.find("left out") == std::string::npos, warning.c_str());
        }
    }

    // The physics on a fresh run: the median lies within its own 95% interval, and every
    // figure is the one its samples give.
    void aFreshRunsMedianLiesInItsInterval()
    {
        const Json out = stdoutOf(m_artifact);
        const auto samples = out.at(key::kWarmSamples).get<std::vector<double>>();
        QCOMPARE(samples.size(), std::size_t(2000));
        QCOMPARE(out.at(key::kNeighbour).get<std::string>(), std::string("off"));
        QCOMPARE(out.at(key::kNeighbourBursts).get<int>(), 0);
        const double median = out.at(key::kWarmMedian).get<double>();
        const auto interval = out.at(key::kMedianCi95).get<std::vector<double>>();
        QCOMPARE(interval.size(), std::size_t(2));
        QVERIFY2(interval[0] <= median && median <= interval[1],
                 qPrintable(QStringLiteral("%1 not in [%2, %3]").arg(median).arg(interval[0]).arg(interval[1])));
        QVERIFY(interval[0] > 0);
        QCOMPARE(median, lessonscope::median(samples));
        QCOMPARE(out.at(key::kOutliers).get<std::size_t>(), figuresOf(samples).outliers);
        QVERIFY(out.at(key::kMaxAbsError).get<double>() < 1e-4);
        QCOMPARE(out.at(key::kProductsTimed).get<std::size_t>(), samples.size()); // each sample timed a product
        // Every sample is its traced call, to the nanosecond.
        const auto trace = m_artifact.trace();
        QVERIFY(trace);
        QCOMPARE(trace->calls.size(), samples.size());
        for (std::size_t i = 0; i < samples.size(); ++i)
            QCOMPARE(samples[i],
                     static_cast<double>(trace->calls[i].readyObserved - trace->calls[i].dispatchBegin) / 1e9);
        QVERIFY(noWarnings(validateArtifact(m_artifact.json())));
    }

    // With the neighbour on, it ran: it counts its bursts, and the run reports them.
    void theNeighbourRunsWhenOn()
    {
        const Artifact artifact = measuredArtifact({{"neighbour", std::string("on")}, {"samples", std::int64_t(300)}});
        const Json out = stdoutOf(artifact);
        QCOMPARE(out.at(key::kNeighbour).get<std::string>(), std::string("on"));
        QVERIFY(out.at(key::kNeighbourBursts).get<int>() >= 1);
        QVERIFY(out.at(key::kNeighbourBusy).get<double>() > 0);
        // It shares the worker's core when both could be pinned (null, both, when pinning is refused).
        QCOMPARE(out.at(key::kNeighbourCpu), out.at(key::kWorkerCpu));
        QVERIFY(noWarnings(validateArtifact(artifact.json())));
        const Figures f = readFigures(artifact);
        QVERIFY(*f.intervalLow() <= *f.median && *f.median <= *f.intervalHigh());
    }

    // Cancel keeps what was measured, with the neighbour stopped and joined.
    void cancelKeepsWhatWasMeasured()
    {
        CancellingObserver canceller(5);
        const LessonRun run = measuredRun({{"neighbour", std::string("on")}}, canceller);
        QVERIFY(run.cancelled);
        QCOMPARE(run.calls.size(), std::size_t(5));
        const Artifact artifact = buildArtifact(lesson(), run, "2026-11-30T20:00:00.000000+00:00");
        const Json out = stdoutOf(artifact);
        QVERIFY(out.at(key::kCancelled).get<bool>());
        QVERIFY(out.at(key::kNeighbourBursts).get<int>() >= 1);
        QVERIFY(out.at(key::kSamplesFor2Percent).is_null()); // 5 samples: too few to judge
        QVERIFY(noWarnings(validateArtifact(artifact.json())));
    }

    // Its own checks run, found by lessonId, and catch a corrupted artifact.
    void itsChecksCatchACorruptedArtifact()
    {
        const Artifact &a = m_artifact;
        const double median = stdoutOf(a).at(key::kWarmMedian).get<double>();
        QCOMPARE(warningsAfter(a, [](Json &, Json &) {}), 0);
        // The median outside its interval (and the interval not the samples').
        QVERIFY(warningsAfter(a,
                              [median](Json &, Json &out) {
                                  out[key::kMedianCi95] = Json::array({median * 2, median * 3});
                              })
                >= 2);
        // A median that is not the samples' (and so outside its interval, maybe).
        QVERIFY(warningsAfter(a, [median](Json &, Json &out) { out[key::kWarmMedian] = median * 1.5; }) >= 1);
        // A mean that does not match the samples.
        QVERIFY(warningsAfter(a, [](Json &, Json &out) { out[key::kMean] = out[key::kMean].get<double>() * 0.9; })
                >= 1);
        // (Not 0: on a quiet machine more than half the calls can take the same nanoseconds, and a
        // MAD of 0 is then the right one.)
        QVERIFY(warningsAfter(a, [](Json &, Json &out) { out[key::kMad] = out[key::kMad].get<double>() * 2 + 1e-7; })
                >= 1);
        QVERIFY(warningsAfter(a, [](Json &, Json &out) { out[key::kOutliers] = out[key::kOutliers].get<int>() + 1; })
                >= 1);
        QVERIFY(warningsAfter(a, [](Json &, Json &out) { out[key::kSamplesFor2Percent] = 3; }) >= 1);
        // A sample changed: the trace, the panels and the figures no longer agree with it.
        QVERIFY(warningsAfter(a, [](Json &, Json &out) { out[key::kWarmSamples][7] = 1.0; }) >= 2);
        // A panel value that is not stdout's (found by position, whatever its title).
        QVERIFY(warningsAfter(a,
                              [](Json &document, Json &) {
                                  document["data"]["panels"][1]["title"] = "Renamed";
                                  document["data"]["panels"][1]["series"][1]["y"][5] = 0.5;
                              })
                >= 1);
        QVERIFY(
            warningsAfter(a, [](Json &document, Json &) { document["data"]["panels"][0]["series"][0]["y"][3] = 12345; })
            >= 1);
        // The neighbour said on, but it never ran.
        QVERIFY(warningsAfter(a, [](Json &, Json &out) { out[key::kNeighbour] = "on"; }) >= 1);
        QVERIFY(warningsAfter(a, [](Json &, Json &out) { out[key::kNeighbourBursts] = 4; }) >= 1);
        QVERIFY(warningsAfter(a,
                              [](Json &, Json &out) {
                                  out[key::kNeighbourCpu]
                                      = out[key::kWorkerCpu].is_number() ? out[key::kWorkerCpu].get<int>() + 1 : 0;
                              })
                >= 1);
        QVERIFY(warningsAfter(a, [](Json &, Json &out) { out[key::kMedianCi95] = "wide"; }) >= 1);
        QVERIFY(warningsAfter(a, [](Json &, Json &out) { out[key::kProductsTimed] = 0; }) >= 1);
        // A hostile file's million samples: said, not recomputed (bounded time and memory).
        QVERIFY(
            warningsAfter(a, [](Json &, Json &out) { out[key::kWarmSamples] = std::vector<double>(1'000'000, 1e-6); })
            >= 1);
    }

    // The timeline shows the slowest call among its neighbours, to scale, and asks where the
    // median call ends.
    void itsTimelinePlacesTheStopAmongConsecutiveCalls()
    {
        const auto timeline = timelineOf(m_artifact);
        QVERIFY(timeline->isMeasured());
        QCOMPARE(timeline->callCount(), 2000);
        const int slowest = timeline->representativeCall();
        for (int i = 0; i < timeline->callCount(); ++i)
            QVERIFY(*timeline->callSeconds(i) <= *timeline->callSeconds(slowest));
        const CallTimeline call = timeline->call(slowest);
        QCOMPARE(call.marker, MarkerKind::Stop);
        QCOMPARE(call.anchor, 0.0);
        QCOMPARE(call.candidates.size(), std::size_t(4));
        for (std::size_t i = 1; i < call.candidates.size(); ++i)
            QVERIFY(call.candidates[i - 1].time <= call.candidates[i].time);
        const Figures f = readFigures(m_artifact);
        const auto at = [&call](const char *key) {
            return call.candidates.at(static_cast<std::size_t>(call.candidateIndex(key)));
        };
        QVERIFY(at("median-call").correct && !at("mean-call").correct && !at("this-call").correct
                && !at("fastest-call").correct);
        QCOMPARE(at("median-call").time, *f.median * 1e9);
        QCOMPARE(at("mean-call").time, *f.mean * 1e9);
        QCOMPARE(at("this-call").time, *timeline->callSeconds(slowest) * 1e9);
        // "Interrupted" only where the trace recorded it, never for being the slowest.
        const bool slowestWasInterrupted = !timeline->callInterruption(slowest).empty();
        QCOMPARE(at("this-call").label,
                 std::string(slowestWasInterrupted ? "where the interrupted call ends" : "where this call ends"));
        for (int i = 0; i < timeline->callCount(); ++i) {
            if (timeline->callInterruption(i).empty()) { // a clean call: never said interrupted
                const CallTimeline clean = timeline->call(i);
                QCOMPARE(clean.candidates.at(static_cast<std::size_t>(clean.candidateIndex("this-call"))).label,
                         std::string("where this call ends"));
                break;
            }
        }
        QCOMPARE(at("this-call").time, call.candidates.back().time); // the slowest ends last
        // Its neighbours are drawn too, to scale: before its dispatch and after its readiness.
        int context = 0;
        for (const TimelineEvent &event : call.events)
            context += event.context ? 1 : 0;
        QVERIFY(context >= 5);
        QVERIFY(call.viewBegin < 0 && call.viewEnd > at("this-call").time);
        // The readings are stdout's numbers.
        QCOMPARE(*timeline->readingSeconds("median-call", slowest), *f.median);
        QCOMPARE(*timeline->readingSeconds("mean-call", slowest), *f.mean);
        QVERIFY(!timeline->readingSeconds("nonsense", slowest));
    }

    void itsVerdictsQuoteTheMeanTheMedianAndTheInterval()
    {
        const auto timeline = timelineOf(m_artifact);
        const Figures f = readFigures(m_artifact);
        const int slowest = timeline->representativeCall();
        const TimelineVerdict right = timeline->verdict("median-call", slowest);
        QVERIFY(right.correct);
        const QString numbers = QString::fromStdString(right.numbers);
        for (double value : {*f.median, *f.mean, *f.intervalLow(), *f.intervalHigh()})
            QVERIFY2(numbers.contains(QString::fromStdString(formatDuration(value))), qPrintable(numbers));
        QVERIFY(!numbers.contains(QStringLiteral("e-")));
        const TimelineVerdict mean = timeline->verdict("mean-call", slowest);
        QVERIFY(!mean.correct);
        QVERIFY(QString::fromStdString(mean.headline).contains(QStringLiteral("mean")));
        QVERIFY(!timeline->verdict("median-call", 99999).numbers.empty()); // out of range: the nearest call

        // Without a trace: the schematic, quoting stdout's figures.
        Json document = m_artifact.json();
        document.erase("trace");
        const auto schematic = timelineOf(Artifact(document));
        QVERIFY(!schematic->isMeasured());
        QCOMPARE(schematic->call(0).candidates.size(), std::size_t(4));
        QVERIFY(!schematic->readingSeconds("median-call", 0));
        const QString text = QString::fromStdString(schematic->verdict("median-call", 0).numbers);
        QVERIFY(text.contains(QString::fromStdString(formatDuration(*f.median))));
    }

    void itsPanelsAndTimelineRender()
    {
        const Json panels = m_artifact.json()["data"]["panels"];
        QCOMPARE(panels.size(), std::size_t(3));
        QCOMPARE(panels[0]["title"].get<std::string>(), std::string("Distribution"));
        QCOMPARE(panels[1]["series"].size(), std::size_t(3));
        const QStringList blank = explorertesting::blankRenders(m_artifact, QSize(900, 700));
        QVERIFY2(blank.isEmpty(), qPrintable(blank.join(QStringLiteral(", "))));
    }

    void itsPredictionIsAnsweredOnTheTimeline()
    {
        AnswerStore store(m_dir.filePath(QStringLiteral("answers.ini")));
        PredictionPanel panel(&store);
        panel.resize(1000, 720);
        panel.setArtifact(explorertesting::asCounted(m_artifact));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCOMPARE(panel.timeline()->currentCall().marker, MarkerKind::Stop);
        // The call shown first is named for what it is: the interrupted (slowest) call.
        const auto *calls = panel.findChild<QComboBox *>();
        QVERIFY(calls && calls->itemText(0).startsWith(QStringLiteral("Interrupted call (call ")));
        QVERIFY2(calls->itemText(0).contains(QStringLiteral("the slowest")), qPrintable(calls->itemText(0)));
        explorertesting::saveScreenshot(panel, QStringLiteral("performance05-unanswered.png"));
        panel.answerWith(QStringLiteral("median-call"));
        QVERIFY(panel.verdictText().contains(QStringLiteral("Right")));
        QVERIFY(panel.isReadingShown());
        QCOMPARE(store.record(QStringLiteral("performance-05")).first->correct, true);
        explorertesting::saveScreenshot(panel, QStringLiteral("performance05-answered.png"));
        panel.tryAgain();
        panel.answerWith(QStringLiteral("mean-call"));
        QVERIFY(panel.verdictText().contains(QStringLiteral("Not quite")));
        explorertesting::saveScreenshot(panel, QStringLiteral("performance05-answered-wrong.png"));
    }

    // The timeline says of an interrupted call what the lesson does with it: kept in the figures,
    // as the conditions line says, where the other lessons leave theirs out.
    void theTimelineSaysTheInterruptedCallIsKept()
    {
        const ReadResult recorded = readArtifactFile(recordedPath("performance-05"));
        QVERIFY(recorded.artifact);
        AnswerStore store(m_dir.filePath(QStringLiteral("kept.ini")));
        PredictionPanel panel(&store);
        panel.setArtifact(explorertesting::asCounted(*recorded.artifact));
        const QString said = panel.timeline()->interruptionText();
        QVERIFY2(said.contains(QStringLiteral("interrupted: other work kept")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("kept in the figures")), qPrintable(said));
        QVERIFY(!said.contains(QStringLiteral("left out")));
    }

    void theRecordedArtifactValidates()
    {
        const ReadResult read = readArtifactFile(recordedPath("performance-05"));
        QVERIFY(read.ok());
        QCOMPARE(read.artifact->lessonId(), std::string(performance05::kId));
        QVERIFY(noWarnings(read.problems));
        QCOMPARE(read.artifact->provenance(), std::string(kRecordedProvenance));
        const Figures f = readFigures(*read.artifact);
        QCOMPARE(f.neighbour, std::string("off"));
        QCOMPARE(f.samples.size(), std::size_t(2000));
        QVERIFY(*f.intervalLow() <= *f.median && *f.median <= *f.intervalHigh());

        // It opens before anything is run, and its verdicts quote its own figures.
        AnswerStore store(m_dir.filePath(QStringLiteral("recorded-answers.ini")));
        PredictionPanel panel(&store);
        panel.resize(1000, 720);
        panel.setArtifact(*read.artifact);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.answerWith(QStringLiteral("median-call"));
        QVERIFY(panel.verdictText().contains(QString::fromStdString(formatDuration(*f.mean))));
        explorertesting::saveScreenshot(panel, QStringLiteral("performance05-recorded-answered.png"));
    }

    void theCommandLineRunsValidatesRendersAndExports()
    {
        checkCommandLine(m_dir, "performance-05");
        if (QTest::currentTestFailed())
            return;

        const Outcome neighbour
            = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-05"), QStringLiteral("--neighbour"),
                              QStringLiteral("on"), QStringLiteral("--samples"), QStringLiteral("200"),
                              QStringLiteral("-o"), m_dir.filePath(QStringLiteral("n.json"))});
        QVERIFY2(neighbour.exitCode == 0, qPrintable(neighbour.err));
        const Outcome bad
            = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-05"), QStringLiteral("--neighbour"),
                              QStringLiteral("loud"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("b.json"))});
        QVERIFY(bad.exitCode != 0);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("b.json"))));
    }

private:
    QTemporaryDir m_dir;
    Artifact m_artifact;
};

QTEST_MAIN(TestPerformance05)
#include "tst_performance05.moc"
