// performance-03 "Place the inputs before the timer": the experiment's honesty (placement really
// copies, the product is right at every size, the whole exceeds the call), its own checks, its
// timeline's start marker and verdicts, its rendering, and the command line as a user runs it.
#include "coretesting.h"
#include "core/artifact/artifactio.h"
#include "lessontesting.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lesson/stdoutchecks.h"
#include "core/lessons/performance-03/performance03contract.h"
#include "core/lessons/performance-03/performance03contract.h"
#include "core/lessons/performance-03/performance03phases.h"
#include "core/lessons/performance-03/performance03timeline.h"
#include "core/trace/chrometrace.h"
#include "explorertesting.h"
#include "ui/window/artifactrenderer.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"

#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace lessonscope;
using namespace lessontesting;
using coretesting::Outcome;
using coretesting::runLessonscope;
namespace key = performance03::key;

namespace {

const Lesson &lesson() { return lessontesting::lessonNamed(performance03::kId); }

// A real run, with the default sizes unless told otherwise; a few samples keep the test short.
Artifact measuredArtifact(const std::string &sizes = "16,64,256,1024", const std::string &dtype = "float32",
                          std::int64_t samples = 3)
{
    ParameterValues values{{"sizes", sizes}, {"dtype", dtype}, {"samples", samples}};
    if (const auto error = lesson().resolveParameters(values))
        qFatal("unexpected parameter error: %s", error->c_str());
    QuietObserver quiet;
    const LessonRun run = lesson().run(values, quiet);
    return buildArtifact(lesson(), run, "2026-11-30T20:00:00.000000+00:00");
}

std::vector<double> numbers(const Json &out, const char *name) { return out.at(name).get<std::vector<double>>(); }

// What a correct product may differ from the long-double reference by: inner products of n terms
// in [-1, 1), rounded in the dtype.
double tolerance(std::int64_t n, const std::string &dtype)
{
    const double eps
        = dtype == "float64" ? std::numeric_limits<double>::epsilon() : std::numeric_limits<float>::epsilon();
    return 8.0 * static_cast<double>(n) * eps;
}

// The samples measured at the traced (default) size, clean and interrupted.
std::size_t tracedSamplesOf(const Artifact &artifact)
{
    const Json out = *artifact.stdoutJson();
    const auto sizes = out.at(key::kSizes).get<std::vector<int>>();
    const auto measured = out.at(key::kSamplesMeasured).get<std::vector<std::size_t>>();
    const auto at = std::find(sizes.begin(), sizes.end(), out.at(key::kDefaultSize).get<int>());
    return at == sizes.end() ? 0 : measured.at(static_cast<std::size_t>(at - sizes.begin()));
}

// Whether a traced call ran clean, so that the default size's medians can be recomputed from the
// trace: on a machine busy enough every one of them can be interrupted, and then none is checked.
bool hasCleanTracedCall(const Artifact &artifact)
{
    const std::vector<bool> interrupted = stdoutchecks::tracedInterrupted(artifact.json());
    return interrupted.empty() || std::find(interrupted.begin(), interrupted.end(), false) != interrupted.end();
}

} // namespace

class TestPerformance03 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        explorertesting::isolateSettings(m_dir);
        m_artifact = measuredArtifact();
        for (int retry = 0; retry < 2 && !hasCleanTracedCall(m_artifact); ++retry)
            m_artifact = measuredArtifact(); // a busy moment passes
    }

    // At every size the product on the placed inputs is the reference's, within rounding.
    void theProductIsRightAtEverySize_data()
    {
        QTest::addColumn<QString>("dtype");
        QTest::newRow("float32") << QStringLiteral("float32");
        QTest::newRow("float64") << QStringLiteral("float64");
    }

    void theProductIsRightAtEverySize()
    {
        QFETCH(QString, dtype);
        const Artifact artifact
            = dtype == QLatin1String("float32") ? m_artifact : measuredArtifact("16,64,256", dtype.toStdString(), 2);
        const Json out = stdoutOf(artifact);
        const auto sizes = out.at(key::kSizes).get<std::vector<std::int64_t>>();
        const auto errors = numbers(out, key::kMaxAbsError);
        QCOMPARE(errors.size(), sizes.size());
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            QVERIFY2(errors[i] >= 0 && errors[i] <= tolerance(sizes[i], dtype.toStdString()),
                     qPrintable(QStringLiteral("n %1: error %2").arg(sizes[i]).arg(errors[i])));
        }
    }

    // The demand: preparation and placement are real work, so the whole exceeds the call
    // at every size, and every boundary contains the narrower one.
    void theWholeExceedsTheCallAtEverySize()
    {
        const Json out = stdoutOf(m_artifact);
        const auto sizes = out.at(key::kSizes).get<std::vector<std::int64_t>>();
        QCOMPARE(sizes, (std::vector<std::int64_t>{16, 64, 256, 1024}));
        QCOMPARE(out.at(key::kDefaultSize).get<int>(), 256);
        const auto whole = numbers(out, key::kWithPreparationMedian);
        const auto placed = numbers(out, key::kWithPlacementMedian);
        const auto call = numbers(out, key::kCallMedian);
        const auto prepare = numbers(out, key::kPrepareMedian);
        const auto place = numbers(out, key::kPlaceMedian);
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            QVERIFY2(whole[i] > call[i], qPrintable(QStringLiteral("n %1").arg(sizes[i])));
            QVERIFY(placed[i] > call[i]);
            QVERIFY(whole[i] >= placed[i]);
            QVERIFY(prepare[i] > 0 && place[i] > 0 && call[i] > 0);
        }
        // The default size's samples: three clean, and any other work interrupted.
        QCOMPARE(m_artifact.trace()->calls.size(), tracedSamplesOf(m_artifact));
        QVERIFY(tracedSamplesOf(m_artifact) >= 3);
        QVERIFY(noWarnings(validateArtifact(m_artifact.json())));
    }

    // Its own checks run, found by lessonId, and catch what does not hold.
    void itsChecksCatchWhatDoesNotHold()
    {
        // A call longer than the whole that contains it (and the panels no longer agree).
        QVERIFY(warningsOfTampered([](Json &, Json &out) { out[key::kCallMedian][0] = 1.0; }) >= 2);
        // A list one short.
        QVERIFY(warningsOfTampered([](Json &, Json &out) { out[key::kPlaceMedian].erase(0); }) >= 1);
        // A panel value that is not stdout's (found by position, whatever its title).
        QVERIFY(warningsOfTampered([](Json &document, Json &) {
                    document["data"]["panels"][2]["title"] = "Renamed";
                    document["data"]["panels"][2]["series"][0]["y"][0] = 0.5;
                })
                >= 1);
        // Phases for another number of calls than the trace's.
        QVERIFY(warningsOfTampered(
                    [](Json &, Json &out) { out[key::kPhases][performance03::phase::kPrepareBegin].erase(0); })
                >= 1); // read as no phases: reported, and the timeline falls back to the schematic
    }

    // The default size's median not that of its traced calls.
    void itsChecksCatchAMedianThatIsNotItsTracedCalls()
    {
        if (!hasCleanTracedCall(m_artifact))
            QSKIP("every traced call was interrupted by other work: no median to recompute from the trace");
        QVERIFY(warningsOfTampered([](Json &, Json &out) {
                    out[key::kPrepareMedian][2] = out[key::kPrepareMedian][2].get<double>() * 0.5;
                })
                >= 1);
    }

    // Cancel keeps what was measured: the default size (measured first) and its trace, and the
    // artifact still passes its own checks.
    void cancelKeepsWhatWasMeasured()
    {
        // Every size takes one clean sample a round, the traced size first: cancelled after its
        // first clean sample, the run keeps that size's samples (one, and any interrupted ones
        // before it) and sets up no other size.
        ParameterValues values{{"samples", std::int64_t(5)}};
        QVERIFY(!lesson().resolveParameters(values));
        CancellingObserver canceller(1);
        const LessonRun run = lesson().run(values, canceller);
        QVERIFY(run.cancelled);
        QVERIFY(!run.calls.empty());
        // On a machine busy enough that the traced size spent its replacement budget on
        // interrupted samples, the first clean sample came from another size: the run is then
        // short of the claim, and says so (a busy machine, not a wrong lesson).
        if (std::none_of(run.calls.begin(), run.calls.end(), [](const MeasuredCall &c) { return !c.interrupted; }))
            QSKIP("every sample of the traced size was interrupted by other work");
        QCOMPARE(canceller.liveCalls, static_cast<int>(run.calls.size()));
        const Artifact artifact = buildArtifact(lesson(), run, "2026-11-30T20:00:00.000000+00:00");
        const Json out = stdoutOf(artifact);
        QCOMPARE(out.at(key::kSizes).get<std::vector<std::int64_t>>(), std::vector<std::int64_t>{256});
        QCOMPARE(out.at(key::kSamplesMeasured).get<std::vector<int>>(),
                 std::vector<int>{static_cast<int>(run.calls.size())});
        QVERIFY(out.at(key::kCancelled).get<bool>());
        QVERIFY(noWarnings(validateArtifact(artifact.json())));
        QVERIFY(timelineOf(artifact)->isMeasured());
    }

    void itsTimelineStartsTheTimer()
    {
        const auto timeline = timelineOf(m_artifact);
        QVERIFY(timeline->isMeasured());
        QCOMPARE(timeline->callCount(), static_cast<int>(tracedSamplesOf(m_artifact)));
        const CallTimeline call = timeline->call(timeline->representativeCall());
        QCOMPARE(call.marker, MarkerKind::Start);
        QCOMPARE(call.candidates.size(), std::size_t(4));
        for (std::size_t i = 1; i < call.candidates.size(); ++i)
            QVERIFY(call.candidates[i - 1].time <= call.candidates[i].time);
        // The three starts of the sample itself in their order; the twin's lies where its copy and
        // call put it, measured on another sample (before preparation, when the twin took longer
        // than the whole sample; after the dispatch, when its call ran faster than this one).
        const auto at = [&call](const char *key) {
            return call.candidates.at(static_cast<std::size_t>(call.candidateIndex(key))).time;
        };
        QVERIFY(at("before-preparation") < at("before-placement") && at("before-placement") < at("at-dispatch"));
        const int right = call.candidateIndex("at-dispatch");
        QVERIFY(right >= 0 && call.candidates[static_cast<std::size_t>(right)].correct);
        for (const TimelineCandidate &candidate : call.candidates)
            QCOMPARE(candidate.correct, candidate.key == "at-dispatch");
        QVERIFY(call.anchor > 0); // the timer stops at the call's observed readiness
        QVERIFY(call.viewBegin < call.candidates.front().time && call.viewEnd > call.anchor);
        for (const TimelineEvent &event : call.events)
            QVERIFY(event.begin >= call.viewBegin); // the twin too
        // The host lane shows prepare → place → dispatch, in that order.
        std::vector<std::string> host;
        for (const TimelineEvent &event : call.events)
            if (event.lane == StreamTimeline::Host)
                host.push_back(event.label);
        QCOMPARE(host.front(), std::string("prepare inputs"));
        QCOMPARE(host.at(1), std::string("place inputs"));
        QCOMPARE(host.at(2), std::string("dispatch"));

        // The readings are stdout's: the median of each start is the default size's median.
        const auto *p03 = dynamic_cast<const Performance03Timeline *>(timeline.get());
        QVERIFY(p03);
        const Json out = stdoutOf(m_artifact);
        if (!p03->medianReading(Performance03Timeline::Start::AtDispatch))
            QSKIP("every sample of the traced size was interrupted by other work: no median of clean calls");
        QCOMPARE(*p03->medianReading(Performance03Timeline::Start::AtDispatch), numbers(out, key::kCallMedian)[2]);
        QCOMPARE(*p03->medianReading(Performance03Timeline::Start::BeforePlacement),
                 numbers(out, key::kWithPlacementMedian)[2]);
        QCOMPARE(*p03->medianReading(Performance03Timeline::Start::BeforePreparation),
                 numbers(out, key::kWithPreparationMedian)[2]);
    }

    // Each traced sample's twin placed its inputs without waiting: the host dispatched the call
    // while the device was still copying (a twin that awaited its placement fails here), the call's
    // work began after the copy (one queue, in order), and a timer started when the placement
    // returned read more than the call alone, by the copy it waited for.
    void itsUnawaitedPlacementLeaksIntoTheTimer()
    {
        const performance03::Figures f = performance03::readFigures(m_artifact);
        QVERIFY(!f.phases.empty());
        const auto timeline = timelineOf(m_artifact);
        // The call dispatched while the copy ran: in every twin as a rule, but a host slowed between
        // its two dispatches (an interrupted sample, a sanitizer's build) may find the copy done.
        // A twin that awaited its placement never would.
        std::size_t stillCopying = 0;
        for (std::size_t i = 0; i < f.phases.size(); ++i) {
            QVERIFY2(f.phases[i].unawaited, "every traced call has its twin");
            const performance03::UnawaitedPhase &u = *f.phases[i].unawaited;
            QVERIFY(u.placeDispatchEnd <= u.callDispatchBegin);
            stillCopying += u.callDispatchBegin < u.placeWorkEnd ? 1 : 0;
            QVERIFY(u.placeWorkEnd <= u.callWorkBegin);
            const auto afterPlacement = timeline->readingSeconds("after-unawaited-placement", static_cast<int>(i));
            QVERIFY(afterPlacement);
            QCOMPARE(*afterPlacement, performance03::secondsBetween(u.placeDispatchEnd, u.readyObserved));
            QVERIFY(*afterPlacement > performance03::secondsBetween(u.callWorkBegin, u.callWorkEnd)
                        + performance03::secondsBetween(u.placeDispatchEnd, u.placeWorkEnd));
        }
        QVERIFY2(stillCopying > 0, "the call is dispatched while the copy runs");
        const int index = timeline->representativeCall();
        const TimelineVerdict verdict = timeline->verdict("after-unawaited-placement", index);
        QVERIFY(!verdict.correct);
        // It says of the call shown what its own twin did: still copying at the call's dispatch,
        // or (a host slowed between the two dispatches) done before it.
        const performance03::UnawaitedPhase &shown = *f.phases.at(static_cast<std::size_t>(index)).unawaited;
        const bool shownStillCopying = shown.callDispatchBegin < shown.placeWorkEnd;
        QVERIFY2(QString::fromStdString(verdict.numbers)
                     .contains(shownStillCopying ? QStringLiteral("still copying")
                                                 : QStringLiteral("finished before the call")),
                 verdict.numbers.c_str());
        // The twin drawn on lanes of its own, its readiness at the call's: one stop for both timers.
        const CallTimeline call = timeline->call(index);
        QCOMPARE(call.lanes.at(4).name, std::string("host, placement not awaited"));
        const auto wait = std::find_if(call.events.begin(), call.events.end(),
                                       [](const TimelineEvent &e) { return e.lane == 4 && e.waiting; });
        QVERIFY(wait != call.events.end());
        QCOMPARE(wait->end, call.anchor);
        const double start
            = call.candidates.at(static_cast<std::size_t>(call.candidateIndex("after-unawaited-placement"))).time;
        const double readNs = *timeline->readingSeconds("after-unawaited-placement", index) * 1e9;
        QVERIFY(std::abs((call.anchor - start) - readNs) <= 1e-6 * readNs);

        // An older run without twins offers the three starts it measured.
        Json document = m_artifact.json();
        Json out = Json::parse(document["stdout"].get<std::string>());
        out[key::kPhases].erase(performance03::phase::kUnawaitedReadyObserved);
        document["stdout"] = out.dump();
        const auto older = timelineOf(Artifact(document));
        QCOMPARE(older->call(index).candidates.size(), std::size_t(3));
        QVERIFY(!older->readingSeconds("after-unawaited-placement", index));
    }

    void itsVerdictsQuoteTheMeasuredReadings()
    {
        const auto timeline = timelineOf(m_artifact);
        const int index = timeline->representativeCall();
        const TimelineVerdict right = timeline->verdict("at-dispatch", index);
        QVERIFY(right.correct);
        QVERIFY(QString::fromStdString(right.numbers).contains(QStringLiteral("before preparation")));
        const TimelineVerdict early = timeline->verdict("before-preparation", index);
        QVERIFY(!early.correct);
        QVERIFY(QString::fromStdString(early.headline).contains(QStringLiteral("before preparation")));
        const QString numbersText = QString::fromStdString(early.numbers);
        QVERIFY(numbersText.contains(QStringLiteral("× the call alone")));
        QVERIFY(!numbersText.contains(QStringLiteral("e+")) && !numbersText.contains(QStringLiteral("e-")));
        QVERIFY(*timeline->readingSeconds("before-preparation", index)
                > *timeline->readingSeconds("at-dispatch", index));
        // Out of range reads the nearest call; an unknown key reads nothing.
        QVERIFY(!timeline->verdict("at-dispatch", 99).numbers.empty());
        QVERIFY(!timeline->readingSeconds("nonsense", index));

        // Without a trace: the schematic, quoting stdout's medians.
        Json document = m_artifact.json();
        document.erase("trace");
        const auto schematic = timelineOf(Artifact(document));
        QVERIFY(!schematic->isMeasured());
        QCOMPARE(schematic->call(0).candidates.size(), std::size_t(4));
        QVERIFY(
            QString::fromStdString(schematic->verdict("at-dispatch", 0).numbers).contains(QStringLiteral("256×256")));
    }

    void itsPredictionIsAnsweredOnTheTimeline()
    {
        AnswerStore store(m_dir.filePath(QStringLiteral("answers.ini")));
        PredictionPanel panel(&store);
        panel.resize(1000, 720);
        panel.setArtifact(explorertesting::asCounted(m_artifact));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        TimelineWidget *timeline = panel.timeline();
        QCOMPARE(timeline->currentCall().marker, MarkerKind::Start);
        explorertesting::saveScreenshot(panel, QStringLiteral("performance03-unanswered.png"));
        timeline->setFocus();
        // From the first candidate in time to the dispatch (the twin's start may lie on either side
        // of it: it was measured on another sample).
        QTest::keyClick(timeline, Qt::Key_Home);
        for (int i = 0; i < timeline->currentCall().candidateIndex("at-dispatch"); ++i)
            QTest::keyClick(timeline, Qt::Key_Right);
        QTest::keyClick(timeline, Qt::Key_Return);
        QCOMPARE(panel.answer(), std::optional(QStringLiteral("at-dispatch")));
        QVERIFY(panel.verdictText().contains(QStringLiteral("Right")));
        QVERIFY(panel.isReadingShown());
        QCOMPARE(store.record(QStringLiteral("performance-03")).first->correct, true);
        explorertesting::saveScreenshot(panel, QStringLiteral("performance03-answered.png"));
        panel.tryAgain();
        panel.answerWith(QStringLiteral("before-preparation"));
        QVERIFY(panel.verdictText().contains(QStringLiteral("Not quite")));
        explorertesting::saveScreenshot(panel, QStringLiteral("performance03-answered-wrong.png"));
    }

    void theRecordedArtifactValidates()
    {
        // It opens before anything is run (tst_conformance validates it), and its verdicts quote
        // its own readings.
        const ReadResult read = readArtifactFile(recordedPath("performance-03"));
        QVERIFY(read.ok());
        AnswerStore store(m_dir.filePath(QStringLiteral("recorded-answers.ini")));
        PredictionPanel panel(&store);
        panel.resize(1000, 720);
        panel.setArtifact(*read.artifact);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.answerWith(QStringLiteral("before-placement"));
        QVERIFY(panel.verdictText().contains(QStringLiteral("× the call alone")));
        explorertesting::saveScreenshot(panel, QStringLiteral("performance03-recorded-answered.png"));
    }

    void theCommandLineRunsValidatesRendersAndExports()
    {
        checkCommandLine(m_dir, "performance-03");
        if (QTest::currentTestFailed())
            return;

        const Outcome badSizes
            = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-03"), QStringLiteral("--sizes"),
                              QStringLiteral("16,3"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("b.json"))});
        QVERIFY(badSizes.exitCode != 0);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("b.json"))));
    }

    // The twin, drawn to end where its call ends, is exported where it ran, right after its call:
    // exported as drawn, an interrupted twin reached back over the twin before it.
    void aTwinIsExportedWhereItRan()
    {
        const Artifact artifact = *readArtifactFile(recordedPath("performance-03")).artifact;
        const auto phases = performance03::readFigures(artifact).phases;
        const Json trace = Json::parse(exportChromeTrace(artifact, *timelineOf(artifact)).json);
        const auto origin = trace["otherData"]["originNs"].get<std::int64_t>();
        std::size_t call = 0;
        for (const Json &event : trace["traceEvents"]) {
            if (event["name"] != "dispatch, wait")
                continue;
            QVERIFY(call < phases.size() && phases[call].unawaited);
            QCOMPARE(std::llround(event["ts"].get<double>() * 1000),
                     phases[call].unawaited->callDispatchBegin - origin);
            ++call;
        }
        QVERIFY(call > 1 && call == phases.size());
    }

private:
    // The warnings of the measured artifact once change(document, stdout) has tampered with it.
    template<typename Change>
    std::size_t warningsOfTampered(Change change) const
    {
        Json document = m_artifact.json();
        Json out = stdoutOf(m_artifact);
        change(document, out);
        document["stdout"] = out.dump(2);
        return countOf(validateArtifact(document), Severity::Warning);
    }

    QTemporaryDir m_dir;
    Artifact m_artifact;
};

QTEST_MAIN(TestPerformance03)
#include "tst_performance03.moc"
