// performance-06 "Latency is not throughput": the physics on a fresh run (kept busy, a call costs
// less than alone; the host's dispatches overlap the device's work), its own checks, its
// timeline's stop marker on a burst of calls and its verdicts, its rendering (the log x axis), and
// the command line as a user runs it.
#include "coretesting.h"
#include "lessontesting.h"
#include "core/base/units.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lesson/samplefields.h"
#include "core/lessons/performance-06/performance06contract.h"
#include "core/lessons/performance-06/performance06contract.h"
#include "core/lessons/performance-06/performance06timeline.h"
#include "core/trace/chrometrace.h"
#include "explorertesting.h"
#include "ui/charts/plotpanel.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace lessonscope;
using namespace lessontesting;
using coretesting::Outcome;
using coretesting::runLessonscope;
namespace key = performance06::key;
using Stop = Performance06Timeline::Stop;

namespace {

const Lesson &lesson() { return lessontesting::lessonNamed(performance06::kId); }

// A fresh run with the lesson's defaults, but for what is given.
Artifact measuredArtifact(ParameterValues values = {})
{
    if (const auto error = lesson().resolveParameters(values))
        qFatal("unexpected parameter error: %s", error->c_str());
    QuietObserver quiet;
    const LessonRun run = lesson().run(values, quiet);
    return buildArtifact(lesson(), run, "2026-11-30T20:00:00.000000+00:00");
}

} // namespace

class TestPerformance06 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        explorertesting::isolateSettings(m_dir);
        m_artifact = measuredArtifact();
    }

    void theDepthsDoubleUpToTheLargest()
    {
        QCOMPARE(performance06::depthsUpTo(64), (std::vector<int>{1, 2, 4, 8, 16, 32, 64}));
        QCOMPARE(performance06::depthsUpTo(2), (std::vector<int>{1, 2}));
        QCOMPARE(performance06::depthsUpTo(48), (std::vector<int>{1, 2, 4, 8, 16, 32, 48}));
        ParameterValues tooDeep{{"depth", std::int64_t(65)}};
        QVERIFY(lesson().resolveParameters(tooDeep)); // beyond the stream's 64 in flight
    }

    // A fresh run with the defaults has every depth and its figures. That a busy stream's call
    // costs less than a call alone is a timing, not checked here (a shared machine can reverse
    // any one run's durations): the trace shows why it holds without a clock comparison
    // (theHostsDispatchesOverlapTheDevicesWork fails for a dispatch that waits for its work).
    void aFreshRunHasEveryDepthAndItsFigures()
    {
        const performance06::Figures f = performance06::readFigures(m_artifact);
        QCOMPARE(f.depths, (std::vector<std::int64_t>{1, 2, 4, 8, 16, 32, 64}));
        QVERIFY(f.latencyMedian && f.perCallAtLargest());
        QVERIFY(*f.latencyMedian > 0 && *f.perCallAtLargest() > 0);
        // 21 repetitions, and one more for each other work interrupted.
        QVERIFY(f.latencySamples.size() >= std::size_t(21));
        for (const auto &samples : f.perCallSamples)
            QCOMPARE(samples.size(), f.latencySamples.size());
        QVERIFY(*f.maxAbsError <= 8.0 * 16 * 1.2e-7); // the product is right
        QVERIFY(noWarnings(validateArtifact(m_artifact.json())));
    }

    // Why it holds: the host dispatches the next call while the device runs this one. In the
    // trace's bursts most dispatches return before the previous call's work has ended (the second
    // one, say, before the first call's readiness). A stream whose dispatch waited for the work
    // (no overlap) never does this, whatever the timings: its dispatch returns after its own
    // call's work, which ends after the previous call's.
    void theHostsDispatchesOverlapTheDevicesWork()
    {
        const auto trace = *m_artifact.trace();
        const std::size_t depth = 64;
        QCOMPARE(trace.calls.size(), performance06::readFigures(m_artifact).latencySamples.size() * depth);
        int queuedBursts = 0;
        for (std::size_t b = 0; b < trace.calls.size() / depth; ++b) {
            std::size_t queued = 0;
            for (std::size_t j = 1; j < depth; ++j)
                queued += trace.calls[b * depth + j].dispatchEnd < trace.calls[b * depth + j - 1].workEnd ? 1 : 0;
            queuedBursts += queued * 2 > depth ? 1 : 0;
            // One wait at the end: every call of the burst was observed by it.
            for (std::size_t j = 0; j < depth; ++j)
                QCOMPARE(trace.calls[b * depth + j].readyObserved, trace.calls[b * depth + depth - 1].readyObserved);
        }
        QVERIFY2(queuedBursts * 2 > 21,
                 qPrintable(QStringLiteral("%1 of 21 bursts kept calls queued").arg(queuedBursts)));
        // At the first call's readiness the other 63 were still to finish; at the last's, none.
        const auto timeline = timelineOf(m_artifact);
        const auto *p06 = dynamic_cast<const Performance06Timeline *>(timeline.get());
        QVERIFY(p06);
        QCOMPARE(p06->unfinishedAt(Stop::AtFirstReady, 0), 63);
        QCOMPARE(p06->unfinishedAt(Stop::AtLastReady, 0), 0);
    }

    // Its own checks run, found by lessonId, and catch what does not hold.
    void itsChecksCatchWhatDoesNotHold()
    {
        const auto tampered = [this](auto change) {
            Json document = m_artifact.json();
            Json out = stdoutOf(m_artifact);
            change(document, out);
            document["stdout"] = out.dump(2);
            return countOf(validateArtifact(document), Severity::Warning);
        };
        QCOMPARE(tampered([](Json &, Json &) {}), 0);
        // The latency median is not its samples' median (and the bar no longer agrees).
        QVERIFY(tampered([](Json &, Json &out) { out[key::kLatencyMedian] = 1.0; }) >= 2);
        // A per-call time that is not its samples' median, nor in the line, nor 1 ÷ throughput.
        QVERIFY(tampered([](Json &, Json &out) { out[key::kPerCall][3] = 1.0; }) >= 3);
        // Throughput that is not 1 ÷ per call.
        QVERIFY(tampered([](Json &, Json &out) { out[key::kThroughput][0] = 5.0; }) >= 2);
        // A burst's sample that is not its time per call in the trace.
        QVERIFY(tampered([](Json &, Json &out) {
                    Json &samples = out[key::kPerCallSamples][6];
                    samples[4] = samples[4].get<double>() * 1.5;
                })
                >= 1);
        // A depth's samples one short; depths not ascending; a negative latency.
        QVERIFY(tampered([](Json &, Json &out) { out[key::kPerCallSamples][2].erase(0); }) >= 1);
        QVERIFY(tampered([](Json &, Json &out) { out[key::kDepths][2] = 1; }) >= 1);
        QVERIFY(tampered([](Json &, Json &out) { out[key::kLatencySamples][0] = -1.0; }) >= 1);
        // A panel value that is not stdout's (found by position, whatever its title).
        QVERIFY(tampered([](Json &document, Json &) {
                    document["data"]["panels"][1]["title"] = "Renamed";
                    document["data"]["panels"][1]["series"][1]["y"][0] = 0.5;
                })
                >= 1);
        // A trace of another number of calls than the bursts.
        QVERIFY(tampered([](Json &document, Json &) {
                    for (auto &column : document["trace"]["calls"])
                        column.erase(column.begin());
                })
                >= 1);
        // Malformed values are reported, never a crash.
        QVERIFY(tampered([](Json &, Json &out) { out[key::kPerCallSamples] = "many"; }) >= 0);
        QVERIFY(tampered([](Json &, Json &out) { out[key::kPerCallSamples][0] = Json::array({"x"}); }) >= 1);
    }

    // A burst is one timed unit: its per-call share is judged interrupted against the whole
    // burst, when it is measured and when it is read back, as the trace judges each of its calls.
    // Judged against the share, a wait of 0.5 % of a burst dropped bursts the timeline kept.
    void aBurstsWaitIsJudgedAgainstTheWholeBurst()
    {
        const double share = 1e-3; // a call's share of a 64 ms burst of 64 calls
        const auto waitOf = [&](double ofBurst) { return static_cast<std::int64_t>(ofBurst * 64 * share * 1e9); };
        Samples measured;
        measured.callsPerSample = 64;
        for (double ofBurst : {0.005, 0.02}) {
            CallEvidence evidence;
            evidence.known = true;
            evidence.otherWaitNs = waitOf(ofBurst);
            measured.add(share, evidence, 0);
        }
        QCOMPARE(measured.cleanCount(), std::size_t(1));
        QCOMPARE(measured.clean().size(), std::size_t(1));

        Json out = stdoutOf(m_artifact);
        const std::size_t largest = out[key::kDepths].size() - 1;
        QCOMPARE(out[key::kDepths][largest].get<int>(), 64);
        Json &samples = out[key::kPerCallSamples][largest];
        Json &waits = out[waitedKeyOf(key::kPerCallSamples)][largest];
        for (std::size_t i = 0; i < samples.size(); ++i) {
            samples[i] = share;
            waits[i] = i == 0 ? waitOf(0.02) : waitOf(0.005);
        }
        const performance06::Figures f = performance06::readFigures(out);
        QCOMPARE(f.perCallColumns.back().clean().size(), samples.size() - 1);
        QCOMPARE(f.perCallColumns.back().interruptedCount(), std::size_t(1));
    }

    // Cancel keeps the rounds measured, their traced bursts included, and passes its checks.
    void cancelKeepsWhatWasMeasured()
    {
        ParameterValues values{{"repetitions", std::int64_t(9)}, {"depth", std::int64_t(8)}};
        QVERIFY(!lesson().resolveParameters(values));
        CancellingObserver canceller(2 * 8); // two rounds of a burst of 8
        const LessonRun run = lesson().run(values, canceller);
        QVERIFY(run.cancelled);
        // Two clean repetitions' bursts, and one more burst for each other work interrupted.
        QVERIFY(run.calls.size() >= std::size_t(2 * 8) && run.calls.size() % 8 == 0);
        QCOMPARE(canceller.liveCalls, static_cast<int>(run.calls.size()));
        const Artifact artifact = buildArtifact(lesson(), run, "2026-11-30T20:00:00.000000+00:00");
        const Json out = stdoutOf(artifact);
        QCOMPARE(out.at(key::kDepths).get<std::vector<int>>(), (std::vector<int>{1, 2, 4, 8}));
        QCOMPARE(out.at(key::kLatencySamples).size(), run.calls.size() / 8);
        QVERIFY(out.at(key::kCancelled).get<bool>());
        QVERIFY(noWarnings(validateArtifact(artifact.json())));
        QCOMPARE(timelineOf(artifact)->callCount(), static_cast<int>(run.calls.size()));
    }

    void itsPanelsAskForALogXAxis()
    {
        const std::vector<Panel> panels = m_artifact.panels();
        QCOMPARE(panels.size(), std::size_t(3));
        QCOMPARE(panels[0].kind, std::string("bar"));
        QCOMPARE(panels[0].title, std::string("One call vs kept busy"));
        QCOMPARE(panels[0].labels, std::vector<std::string>{"per call, K = 64"});
        const performance06::Figures f = performance06::readFigures(m_artifact);
        QCOMPARE(panels[0].series.at(0).y, std::vector<double>{*f.latencyMedian});
        QCOMPARE(panels[0].series.at(1).y, std::vector<double>{*f.perCallAtLargest()});
        QVERIFY(!plotPanelFrom(panels[0]).logX);
        for (std::size_t i : {std::size_t(1), std::size_t(2)}) {
            QCOMPARE(panels[i].kind, std::string("line"));
            QVERIFY(panels[i].logX);
            QVERIFY(plotPanelFrom(panels[i]).logX);
            QCOMPARE(panels[i].x, (std::vector<double>{1, 2, 4, 8, 16, 32, 64}));
        }
        QCOMPARE(panels[1].title, std::string("Time per call by queue depth"));
        QCOMPARE(panels[2].title, std::string("Calls per second by queue depth"));
        QCOMPARE(panels[1].series.at(1).y, f.perCall);
        QCOMPARE(panels[2].series.at(1).y, f.throughput);

        const LessonSummary summary = summarizeArtifact(m_artifact);
        QCOMPARE(summary.headlineKey, std::string(key::kPerCall));
        QCOMPARE(summary.headline()->value, f.perCallAtLargest());
        // The figures are of the clean repetitions.
        QCOMPARE(summary.headline()->samples, f.perCallColumns.back().clean());
        QCOMPARE(summary.figure(key::kLatencyMedian)->samples, f.latency.clean());
    }

    // The timeline shows a whole burst to scale and asks where the throughput's timer stops.
    void itsTimelineShowsABurstAndItsStops()
    {
        const auto timeline = timelineOf(m_artifact);
        const auto *p06 = dynamic_cast<const Performance06Timeline *>(timeline.get());
        QVERIFY(p06 && p06->isMeasured());
        QCOMPARE(p06->depth(), 64);
        QCOMPARE(static_cast<std::size_t>(p06->burstCount()),
                 performance06::readFigures(m_artifact).latencySamples.size());
        const int index = p06->representativeCall();
        QCOMPARE(index % 64, 0); // a burst's first call
        const CallTimeline call = timeline->call(index);
        QCOMPARE(call.marker, MarkerKind::Stop);
        QCOMPARE(call.anchor, 0.0); // the burst's first dispatch
        QCOMPARE(call.candidates.size(), std::size_t(3));
        QCOMPARE(call.candidates.back().key, std::string("at-last-ready"));
        QVERIFY(call.candidates.back().correct);
        QVERIFY(!call.candidates[0].correct && !call.candidates[1].correct);
        QVERIFY(call.candidates[0].time <= call.candidates[1].time);
        QVERIFY(call.viewBegin < 0 && call.viewEnd > call.candidates.back().time);
        int dispatches = 0, works = 0, own = 0;
        for (const TimelineEvent &event : call.events) {
            dispatches += event.lane == StreamTimeline::Host && !event.waiting ? 1 : 0;
            works += event.lane == StreamTimeline::Device ? 1 : 0;
            own += event.context ? 0 : 1;
        }
        QCOMPARE(dispatches, 64);
        QCOMPARE(works, 64);
        QCOMPARE(own, 4); // its dispatch, work, ready signal, and the burst's boundary

        // The readings are stdout's: the correct stop ÷ K is each burst's sample, their median
        // per_call_seconds at the largest depth.
        const performance06::Figures f = performance06::readFigures(m_artifact);
        for (int b = 0; b < 21; ++b)
            QCOMPARE(*p06->burstReading(Stop::AtLastReady, b) / 64,
                     f.perCallSamples.back()[static_cast<std::size_t>(b)]);
        QCOMPARE(*p06->medianPerCall(Stop::AtLastReady), f.perCall.back());
        QCOMPARE(*timeline->readingSeconds("at-last-ready", index + 5),
                 *p06->burstReading(Stop::AtLastReady, index / 64));
        QVERIFY(*timeline->readingSeconds("at-first-ready", index) < *timeline->readingSeconds("at-last-ready", index));
        QVERIFY(!timeline->readingSeconds("nonsense", index));
        QCOMPARE(*timeline->callSeconds(index + 3), f.perCallSamples.back()[static_cast<std::size_t>(index / 64)]);
    }

    void itsVerdictsQuoteWhatEachStopReadsPerCall()
    {
        const auto timeline = timelineOf(m_artifact);
        const int index = timeline->representativeCall();
        const performance06::Figures f = performance06::readFigures(m_artifact);
        const TimelineVerdict right = timeline->verdict("at-last-ready", index);
        QVERIFY(right.correct);
        const QString rightText = QString::fromStdString(right.numbers);
        QVERIFY(rightText.contains(QString::fromStdString(formatDuration(f.perCall.back()) + " per call")));
        QVERIFY(rightText.contains(QString::fromStdString(formatDuration(*f.latencyMedian))));
        const auto *p06 = dynamic_cast<const Performance06Timeline *>(timeline.get());
        const int burst = index / 64;
        const double early = *p06->burstReading(Stop::AfterLastDispatch, burst);
        QVERIFY(rightText.contains(QString::fromStdString(formatDuration(early / 64) + " per call")));

        const TimelineVerdict dispatched = timeline->verdict("after-last-dispatch", index);
        QVERIFY(!dispatched.correct
                && QString::fromStdString(dispatched.headline).contains(QStringLiteral("last dispatch")));
        const QString text = QString::fromStdString(dispatched.numbers);
        QVERIFY(text.contains(QString::fromStdString(formatDuration(early / 64) + " per call")));
        QVERIFY(text.contains(QString::fromStdString(std::to_string(p06->unfinishedAt(Stop::AfterLastDispatch, burst))
                                                     + " of the 64 calls had not finished")));
        const TimelineVerdict first = timeline->verdict("at-first-ready", index);
        QVERIFY(!first.correct && !timeline->verdict("nonsense", index).correct);
        QVERIFY(QString::fromStdString(first.numbers).contains(QStringLiteral("63 of the 64 calls had not finished")));
        for (const auto &verdict : {right, dispatched, first})
            QVERIFY(!QString::fromStdString(verdict.numbers).contains(QStringLiteral("e-")));
        QVERIFY(!timeline->verdict("at-last-ready", 1 << 30).numbers.empty()); // out of range: the nearest

        // Without a trace: the schematic burst, quoting stdout's medians.
        Json document = m_artifact.json();
        document.erase("trace");
        const auto schematic = timelineOf(Artifact(document));
        QVERIFY(!schematic->isMeasured());
        QCOMPARE(schematic->call(0).candidates.size(), std::size_t(3));
        QCOMPARE(schematic->call(0).candidates.back().key, std::string("at-last-ready"));
        QVERIFY(QString::fromStdString(schematic->verdict("at-last-ready", 0).numbers)
                    .contains(QString::fromStdString(formatDuration(*f.latencyMedian))));
    }

    // The export writes each call's own events once: one device span per traced call.
    void itsTraceExportsEveryCallOnce()
    {
        const ChromeTrace exported = exportChromeTrace(m_artifact, *timelineOf(m_artifact));
        QVERIFY(!exported.schematic);
        const int repetitions = static_cast<int>(performance06::readFigures(m_artifact).latencySamples.size());
        QCOMPARE(exported.callCount, repetitions * 64);
        const QJsonDocument json = QJsonDocument::fromJson(QByteArray::fromStdString(exported.json));
        int deviceSpans = 0, boundaries = 0;
        for (const QJsonValue &event : json[QStringLiteral("traceEvents")].toArray()) {
            if (event[QStringLiteral("ph")].toString() != QLatin1String("X"))
                continue;
            deviceSpans += event[QStringLiteral("tid")].toInt() == StreamTimeline::Device + 1 ? 1 : 0;
            boundaries += event[QStringLiteral("tid")].toInt() == StreamTimeline::Measurement + 1 ? 1 : 0;
        }
        QCOMPARE(deviceSpans, repetitions * 64);
        QCOMPARE(boundaries, repetitions);
    }

    void itsPanelsAndTimelineRender()
    {
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
        TimelineWidget *timeline = panel.timeline();
        QCOMPARE(timeline->currentCall().marker, MarkerKind::Stop);
        explorertesting::saveScreenshot(panel, QStringLiteral("performance06-unanswered.png"));
        timeline->setFocus();
        QTest::keyClick(timeline, Qt::Key_End); // the last candidate in time: the last readiness
        QTest::keyClick(timeline, Qt::Key_Return);
        QCOMPARE(panel.answer(), std::optional(QStringLiteral("at-last-ready")));
        QVERIFY(panel.verdictText().contains(QStringLiteral("Right")));
        QCOMPARE(store.record(QStringLiteral("performance-06")).first->correct, true);
        explorertesting::saveScreenshot(panel, QStringLiteral("performance06-answered.png"));
        panel.tryAgain();
        panel.answerWith(QStringLiteral("after-last-dispatch"));
        QVERIFY(panel.verdictText().contains(QStringLiteral("Not quite")));
        explorertesting::saveScreenshot(panel, QStringLiteral("performance06-answered-wrong.png"));
    }

    void theRecordedArtifactValidates()
    {
        const ReadResult read = readArtifactFile(recordedPath("performance-06"));
        QVERIFY(read.ok());
        QCOMPARE(read.artifact->lessonId(), std::string(performance06::kId));
        QVERIFY(noWarnings(read.problems));
        QCOMPARE(read.artifact->provenance(), std::string(kRecordedProvenance));
        const performance06::Figures f = performance06::readFigures(*read.artifact);
        QVERIFY(*f.perCallAtLargest() < *f.latencyMedian);
        QVERIFY(timelineOf(*read.artifact)->isMeasured());

        // It opens before anything is run, and its verdicts quote its own readings.
        AnswerStore store(m_dir.filePath(QStringLiteral("recorded-answers.ini")));
        PredictionPanel panel(&store);
        panel.resize(1000, 720);
        panel.setArtifact(*read.artifact);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.answerWith(QStringLiteral("at-first-ready"));
        QVERIFY(panel.verdictText().contains(QStringLiteral("63 of the 64 calls had not finished")));
        explorertesting::saveScreenshot(panel, QStringLiteral("performance06-recorded-answered.png"));
        panel.tryAgain();
        panel.answerWith(QStringLiteral("at-last-ready"));
        QVERIFY(panel.verdictText().contains(QStringLiteral("Right")));
        explorertesting::saveScreenshot(panel, QStringLiteral("performance06-recorded-right.png"));
    }

    void theCommandLineRunsValidatesRendersAndExports()
    {
        checkCommandLine(m_dir, "performance-06");
        if (QTest::currentTestFailed())
            return;

        const Outcome tooDeep
            = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-06"), QStringLiteral("--depth"),
                              QStringLiteral("65"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("b.json"))});
        QVERIFY(tooDeep.exitCode != 0);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("b.json"))));
    }

private:
    QTemporaryDir m_dir;
    Artifact m_artifact;
};

QTEST_MAIN(TestPerformance06)
#include "tst_performance06.moc"
