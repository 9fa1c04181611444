// performance-04 "Compare like with like": the experiment's honesty (the timed calls do the
// product; float64 is the more accurate), its own checks, its timeline's length question and
// verdicts, the prediction answered on it, its rendering, and the command line as a user runs it.
#include "coretesting.h"
#include "lessontesting.h"
#include "core/base/units.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-04/performance04contract.h"
#include "core/lessons/performance-04/performance04contract.h"
#include "core/lessons/performance-04/performance04timeline.h"
#include "core/trace/chrometrace.h"
#include "explorertesting.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <limits>

using namespace lessonscope;
using namespace lessontesting;
using coretesting::Outcome;
using coretesting::runLessonscope;
namespace key = performance04::key;

namespace {

const Lesson &lesson() { return lessontesting::lessonNamed(performance04::kId); }

Artifact measuredArtifact(std::int64_t size = 512, std::int64_t samples = 9)
{
    ParameterValues values{{"m", size}, {"k", size}, {"n", size}, {"samples", samples}};
    if (const auto error = lesson().resolveParameters(values))
        qFatal("unexpected parameter error: %s", error->c_str());
    QuietObserver quiet;
    return buildArtifact(lesson(), lesson().run(values, quiet), "2026-11-30T20:00:00.000000+00:00");
}

std::vector<double> numbers(const Json &out, const char *name) { return out.at(name).get<std::vector<double>>(); }

// The fastest device work of one type's calls, from the trace (calls alternate float32, float64):
// the worker's own span, free of the host's wake-ups, which a loaded machine stretches to
// milliseconds.
double fastestWork(const Artifact &artifact, std::size_t dtype)
{
    const Trace trace = artifact.trace().value_or(Trace{});
    const std::vector<TracedCall> &calls = trace.calls;
    double fastest = std::numeric_limits<double>::infinity();
    for (std::size_t i = dtype; i < calls.size(); i += 2)
        fastest = std::min(fastest, static_cast<double>(calls[i].workEnd - calls[i].workBegin) / 1e9);
    return fastest;
}

// The pairs a run measured, clean and interrupted: its float32 warm samples.
std::size_t pairsOf(const Artifact &artifact) { return stdoutOf(artifact).at(key::kWarmSamples).at(0).size(); }

} // namespace

class TestPerformance04 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        explorertesting::isolateSettings(m_dir);
        // A run beside the suite's other tests can be refused (no clean pair of a type: "could not
        // measure", its medians 0); the tests below read one that measured, so a refused run is
        // taken again.
        for (int attempt = 0; attempt < 3; ++attempt) {
            m_artifact = measuredArtifact();
            if (performance04::readFigures(m_artifact).medianRatio())
                break;
        }
    }

    // The experiment is named by the pairs asked for: a run that replaced interrupted pairs holds
    // more samples and is still the same experiment.
    void samplesAskedForNameTheExperiment()
    {
        Json document = m_artifact.json();
        Json out = stdoutOf(m_artifact);
        const std::string asked = std::to_string(out.at("samples_requested").get<std::int64_t>());
        for (const char *column : {"warm_samples_seconds", "warm_samples_waited_ns", "warm_samples_round"}) {
            if (out.contains(column))
                for (Json &perType : out[column])
                    perType.push_back(perType.back());
        }
        document["stdout"] = out.dump(2);
        QCOMPARE(summarySetting(Artifact(document), "warm samples"), asked);
        QCOMPARE(summarySetting(Artifact(document), "warm samples"), summarySetting(m_artifact, "warm samples"));
    }

    // The physics: the same product from the same inputs is the more accurate in float64,
    // and each is within rounding of the long-double reference.
    void float64IsTheMoreAccurate()
    {
        const Json out = stdoutOf(m_artifact);
        QCOMPARE(out.at(key::kDtypes).get<std::vector<std::string>>(),
                 (std::vector<std::string>{"float32", "float64"}));
        const auto errors = numbers(out, key::kMaxAbsError);
        QCOMPARE(errors.size(), std::size_t(2));
        QVERIFY2(errors[1] < errors[0], qPrintable(QStringLiteral("%1 vs %2").arg(errors[1]).arg(errors[0])));
        QVERIFY(errors[0] > 0 && errors[0] <= 8.0 * 512 * std::numeric_limits<float>::epsilon());
        QVERIFY(errors[1] >= 0 && errors[1] <= 8.0 * 512 * std::numeric_limits<double>::epsilon());
        QCOMPARE(out.at(key::kFlops).get<double>(), 2.0 * 512 * 512 * 512);
        QVERIFY(noWarnings(validateArtifact(m_artifact.json())));
    }

    // The timed calls do the product: 512× the arithmetic (512³ against 64³) keeps the device
    // busy more than 10× as long, in each type; a call that skipped the work would take the same.
    void theTimedCallsDoTheProduct()
    {
        if (!measuredBothTypes())
            QSKIP("three runs could not measure (no clean 512³ pair beside the suite's other work)");
        const Json big = stdoutOf(m_artifact);
        const Artifact small = measuredArtifact(64, 9);
        for (std::size_t d = 0; d < 2; ++d)
            QVERIFY2(fastestWork(m_artifact, d) > 10 * fastestWork(small, d),
                     qPrintable(QStringLiteral("dtype %1: %2 s vs %3 s")
                                    .arg(d)
                                    .arg(fastestWork(m_artifact, d))
                                    .arg(fastestWork(small, d))));
        // The trace alternates float32 and float64: one call per sample, in pairs (nine clean
        // ones, and one more for each pair other work interrupted).
        QCOMPARE(m_artifact.trace()->calls.size(), 2 * pairsOf(m_artifact));
        QVERIFY(pairsOf(m_artifact) >= 9);
        const auto gflops = numbers(big, key::kGflops);
        const auto medians = numbers(big, key::kMedian);
        for (std::size_t d = 0; d < 2; ++d)
            QCOMPARE(gflops[d], 2.0 * 512 * 512 * 512 / medians[d] / 1e9);
    }

    void itsChecksCatchWhatDoesNotHold_data()
    {
        using Change = std::function<void(Json &, Json &)>;
        QTest::addColumn<Change>("change");
        QTest::newRow("a median not its samples'") << Change([](Json &, Json &out) { out[key::kMedian][1] = 1.0; });
        QTest::newRow("GFLOP/s not flops over the median")
            << Change([](Json &, Json &out) { out[key::kGflops][0] = out[key::kGflops][0].get<double>() * 2; });
        QTest::newRow("flops not 2mkn") << Change([](Json &, Json &out) { out[key::kFlops] = 12345.0; });
        QTest::newRow("the types swapped") << Change([](Json &, Json &out) {
            out[key::kDtypes] = Json::array({"float64", "float32"});
        });
        QTest::newRow("an error list one short") << Change([](Json &, Json &out) { out[key::kMaxAbsError].erase(0); });
        QTest::newRow("a negative error") << Change([](Json &, Json &out) { out[key::kMaxAbsError][0] = -1.0; });
        QTest::newRow("a sample not its traced call's") << Change([](Json &document, Json &out) {
            // Scaled with its median, its GFLOP/s and their bars, so that only the trace can tell.
            for (Json &sample : out[key::kWarmSamples][0])
                sample = sample.get<double>() * 0.5;
            out[key::kMedian][0] = out[key::kMedian][0].get<double>() * 0.5;
            out[key::kGflops][0] = out[key::kGflops][0].get<double>() * 2;
            document["data"]["panels"][0]["series"][0]["y"][0] = out[key::kMedian][0];
            document["data"]["panels"][2]["series"][0]["y"][0] = out[key::kGflops][0];
        });
        QTest::newRow("a pair missing from the trace") << Change([](Json &document, Json &) {
            for (auto &[name, column] : document["trace"]["calls"].items()) {
                (void)name;
                column.erase(column.size() - 1);
                column.erase(column.size() - 1);
            }
        });
        QTest::newRow("a panel value not stdout's") << Change([](Json &document, Json &) {
            document["data"]["panels"][2]["title"] = "Renamed";
            document["data"]["panels"][2]["series"][0]["y"][1] = 1e9;
        });
    }

    void itsChecksCatchWhatDoesNotHold()
    {
        QFETCH(std::function<void(Json &, Json &)>, change);
        Json document = m_artifact.json();
        Json out = stdoutOf(m_artifact);
        change(document, out);
        document["stdout"] = out.dump(2);
        const Problems problems = validateArtifact(document);
        QVERIFY(countOf(problems, Severity::Warning) + countOf(problems, Severity::Error) >= 1);
        // Never read past what is there: the timeline and the summary still come.
        QVERIFY(timelineOf(Artifact(document)) != nullptr);
        (void)summarizeArtifact(Artifact(document));
    }

    // Cancel keeps whole pairs: every type as many samples, and the artifact passes its checks.
    void cancelKeepsWholePairs()
    {
        ParameterValues values{
            {"samples", std::int64_t(6)}, {"m", std::int64_t(64)}, {"k", std::int64_t(64)}, {"n", std::int64_t(64)}};
        QVERIFY(!lesson().resolveParameters(values));
        CancellingObserver canceller(4); // two pairs
        const LessonRun run = lesson().run(values, canceller);
        QVERIFY(run.cancelled);
        // Two clean pairs are the first round's share of six (measuring.h), and the cancel
        // comes before the next round: those pairs, and any interrupted ones among them, whole.
        QVERIFY(run.calls.size() >= 4 && run.calls.size() % 2 == 0);
        QCOMPARE(canceller.liveCalls, static_cast<int>(run.calls.size()));
        const Artifact artifact = buildArtifact(lesson(), run, "2026-11-30T20:00:00.000000+00:00");
        QCOMPARE(stdoutOf(artifact).at(key::kWarmSamples).at(1).size(), run.calls.size() / 2);
        QVERIFY(noWarnings(validateArtifact(artifact.json())));
        QVERIFY(timelineOf(artifact)->isMeasured());
    }

    // The timeline: the float32 call to scale, the float64 work asked as a length, drawn from the
    // same start; every length is the trace's.
    void itsTimelineAsksALength()
    {
        const auto timeline = timelineOf(m_artifact);
        QVERIFY(timeline->isMeasured());
        QCOMPARE(timeline->callCount(), static_cast<int>(2 * pairsOf(m_artifact)));
        const int shown = timeline->representativeCall();
        QCOMPARE(shown % 2, 0); // a float32 call
        const CallTimeline call = timeline->call(shown);
        QCOMPARE(call.marker, MarkerKind::Length);
        QCOMPARE(call.lanes.size(), std::size_t(3));
        QCOMPARE(call.timerLane(), 2);
        QVERIFY(call.candidates.empty());
        const TimelineEvent &asked = call.events.at(static_cast<std::size_t>(call.length.event));
        QCOMPARE(asked.label, std::string("float64 work"));
        QCOMPARE(asked.lane, call.timerLane());
        QCOMPARE(asked.begin, call.anchor);
        const Trace trace = *m_artifact.trace();
        const TracedCall &f32 = trace.calls.at(static_cast<std::size_t>(shown));
        const TracedCall &f64 = trace.calls.at(static_cast<std::size_t>(shown) + 1);
        QCOMPARE(call.length.reference, double(f32.workEnd - f32.workBegin));
        QCOMPARE(asked.end - asked.begin, double(f64.workEnd - f64.workBegin));
        QCOMPARE(call.anchor, double(f32.workBegin - f32.dispatchBegin));
        // The view is the float32 call's, never the answer's.
        QCOMPARE(call.viewEnd, timeline->call(shown).viewEnd);
        QVERIFY(call.viewEnd >= call.anchor + 5 * call.length.reference);

        // The float64 call draws its own work at its own times (for the trace export), the float32
        // call's beside it as context.
        const CallTimeline other = timeline->call(shown + 1);
        const TimelineEvent &own = other.events.at(static_cast<std::size_t>(other.length.event));
        QVERIFY(!own.context && other.events.front().context);
        QCOMPARE(own.begin, double(f64.workBegin - f64.dispatchBegin));
        QCOMPARE(timeline->callTitle(shown + 1), std::string("float64 call ") + std::to_string(shown / 2 + 1));
    }

    // The quantity asked is the one graded: the drawn pair's float64 device work as a multiple
    // of its float32 work, right within 25%, wrong beyond; the verdict quotes the guess and says
    // which number it graded.
    void itsVerdictsJudgeTheLength()
    {
        if (!measuredBothTypes())
            QSKIP("three runs could not measure (no clean 512³ pair beside the suite's other work)");
        const auto model = timelineOf(m_artifact);
        const auto *timeline = dynamic_cast<const Performance04Timeline *>(model.get());
        QVERIFY(timeline);
        const int index = timeline->representativeCall();
        const CallTimeline drawn = timeline->call(index);
        const TimelineEvent &bar = drawn.events.at(static_cast<std::size_t>(drawn.length.event));
        const double ratio = (bar.end - bar.begin) / drawn.length.reference;
        QCOMPARE(*timeline->measuredMultiple(index), ratio);
        // Whatever the whole run's medians say (here: three times the float64 median, as a run
        // whose calls' waits differ from their work), the drawn pair is what is graded.
        Json withOtherMedians = m_artifact.json();
        Json doctored = stdoutOf(m_artifact);
        doctored[key::kMedian][1] = doctored[key::kMedian][1].get<double>() * 3;
        withOtherMedians["stdout"] = doctored.dump(2);
        const auto other = timelineOf(Artifact(withOtherMedians));
        QVERIFY(other->lengthVerdict(ratio, index).correct);
        QVERIFY(!other->lengthVerdict(numbers(doctored, key::kMedian)[1] / numbers(doctored, key::kMedian)[0], index)
                     .correct);
        QVERIFY2(
            QString::fromStdString(other->lengthVerdict(ratio, index).headline).contains(QStringLiteral("device work")),
            other->lengthVerdict(ratio, index).headline.c_str());
        QVERIFY(timeline->lengthVerdict(ratio, index).correct);
        QVERIFY(timeline->lengthVerdict(ratio * 1.24, index).correct);
        QVERIFY(timeline->lengthVerdict(ratio * 0.76, index).correct);
        QVERIFY(!timeline->lengthVerdict(ratio * 1.26, index).correct);
        QVERIFY(!timeline->lengthVerdict(ratio * 0.74, index).correct);
        const TimelineVerdict wrong = timeline->lengthVerdict(ratio * 3, index);
        const QString headline = QString::fromStdString(wrong.headline);
        QVERIFY2(headline.startsWith(QStringLiteral("Not quite")), qPrintable(headline));
        QVERIFY(headline.contains(QString::fromStdString(formatRatio(ratio * 3))));
        QVERIFY(headline.contains(QString::fromStdString(formatRatio(ratio))));
        const QString numbersText = QString::fromStdString(wrong.numbers);
        QVERIFY2(numbersText.contains(QStringLiteral("200% above")), qPrintable(numbersText));
        QVERIFY(numbersText.contains(QStringLiteral("GFLOP/s")));
        QVERIFY(!numbersText.contains(QStringLiteral("e-")) && !numbersText.contains(QStringLiteral("e+")));
        QVERIFY(!timeline->lengthVerdict(-1, index).correct);
        QVERIFY(!timeline->lengthVerdict(std::numeric_limits<double>::quiet_NaN(), index).correct);
        QVERIFY(!timeline->lengthVerdict(ratio, 99).numbers.empty()); // out of range: the nearest call

        // Without a trace: the schematic, its float64 bar drawn from stdout's medians.
        Json document = m_artifact.json();
        document.erase("trace");
        const auto schematic = timelineOf(Artifact(document));
        QVERIFY(!schematic->isMeasured());
        const CallTimeline call = schematic->call(0);
        const TimelineEvent &asked = call.events.at(static_cast<std::size_t>(call.length.event));
        const Json out = stdoutOf(m_artifact);
        const double medians = numbers(out, key::kMedian)[1] / numbers(out, key::kMedian)[0];
        QVERIFY(std::fabs((asked.end - asked.begin) / call.length.reference - medians) < 1e-9);
        QVERIFY(schematic->lengthVerdict(medians, 0).correct);
        QVERIFY(QString::fromStdString(schematic->lengthVerdict(medians, 0).headline)
                    .contains(QStringLiteral("warm median")));
        QVERIFY(QString::fromStdString(schematic->lengthVerdict(medians, 0).numbers)
                    .contains(QStringLiteral("no measured trace")));

        // The vector width's factor of two is the explanation only where the measurement shows it:
        // a float64 median 1.2 times float32's says so instead.
        for (const double measuredRatio : {1.2, 2.0}) {
            Json out12 = stdoutOf(m_artifact);
            out12[key::kMedian][1] = out12[key::kMedian][0].get<double>() * measuredRatio;
            Json untraced = document;
            untraced["stdout"] = out12.dump(2);
            const std::string why = timelineOf(Artifact(untraced))->lengthVerdict(measuredRatio, 0).why;
            const bool mechanism = why.find("each instruction does half the arithmetic") != std::string::npos;
            QVERIFY2(measuredRatio < 1.6 ? !mechanism && why.find("took only 1.20×") != std::string::npos : mechanism,
                     why.c_str());
        }
    }

    // The Chrome trace writes every call once: each pair's float32 work and float64 call.
    void itsTraceExports()
    {
        const ChromeTrace exported = exportChromeTrace(m_artifact, *timelineOf(m_artifact));
        QVERIFY(!exported.schematic);
        const QJsonDocument trace = QJsonDocument::fromJson(QByteArray::fromStdString(exported.json));
        QVERIFY(trace.isObject());
        int float32Work = 0, float64Calls = 0;
        for (const QJsonValue &event : trace[QStringLiteral("traceEvents")].toArray()) {
            const QString name = event[QStringLiteral("name")].toString();
            float32Work += name == QLatin1String("float32 work");
            float64Calls += name.startsWith(QLatin1String("float64 call "));
        }
        QCOMPARE(float32Work, static_cast<int>(pairsOf(m_artifact)));
        QCOMPARE(float64Calls, static_cast<int>(pairsOf(m_artifact)));
    }

    void itsPanelsAndTimelineRender()
    {
        const QStringList blank = explorertesting::blankRenders(m_artifact, QSize(900, 700));
        QVERIFY2(blank.isEmpty(), qPrintable(blank.join(QStringLiteral(", "))));
        const Json panels = m_artifact.json().at("data").at("panels");
        QCOMPARE(panels.at(0).at("title").get<std::string>(), std::string("Warm median by type"));
        QCOMPARE(panels.at(1).at("yscale").get<std::string>(), std::string("log"));
        QCOMPARE(panels.at(2).at("title").get<std::string>(), std::string("GFLOP/s by type"));
    }

    // The prediction, answered on the timeline by keyboard and by a length, kept across panels.
    void itsPredictionIsAnsweredOnTheTimeline()
    {
        const QString settings = m_dir.filePath(QStringLiteral("answers.ini"));
        const auto model = timelineOf(m_artifact);
        // The pair the timeline shows first is the one graded.
        const double ratio
            = *dynamic_cast<const Performance04Timeline &>(*model).measuredMultiple(model->representativeCall());
        {
            AnswerStore store(settings);
            PredictionPanel panel(&store);
            panel.resize(1000, 760);
            panel.setArtifact(explorertesting::asCounted(m_artifact));
            panel.show();
            QVERIFY(QTest::qWaitForWindowExposed(&panel));
            TimelineWidget *timeline = panel.timeline();
            QCOMPARE(timeline->currentCall().marker, MarkerKind::Length);
            // Before the answer the description is the prompt, not the reading (the answer).
            QVERIFY(!timeline->accessibleDescription().contains(QStringLiteral("half the arithmetic")));
            explorertesting::saveScreenshot(panel, QStringLiteral("performance04-unanswered.png"));
            timeline->setFocus();
            QTest::keyClick(timeline, Qt::Key_Home); // 0.1×: far too short
            QTest::keyClick(timeline, Qt::Key_Return);
            QCOMPARE(panel.lengthAnswer(), std::optional(0.1));
            QVERIFY(panel.verdictText().contains(QStringLiteral("Not quite")));
            QVERIFY(panel.isReadingShown());
            QVERIFY(timeline->accessibleDescription().contains(QStringLiteral("half the arithmetic")));
            QCOMPARE(store.record(QStringLiteral("performance-04")).first->correct, false);
            explorertesting::saveScreenshot(panel, QStringLiteral("performance04-answered-wrong.png"));
            panel.tryAgain();
            QVERIFY(!panel.lengthAnswer() && !panel.isReadingShown());
            panel.answerWithLength(ratio * 1.1);
            QVERIFY(panel.verdictText().contains(QStringLiteral("Right")));
            explorertesting::saveScreenshot(panel, QStringLiteral("performance04-answered.png"));
        }
        {
            AnswerStore store(settings); // as after a restart
            // The first answer stays the course's grade; the panel shows the latest.
            QCOMPARE(store.record(QStringLiteral("performance-04")).first->correct, false);
            QCOMPARE(store.record(QStringLiteral("performance-04")).retries.size(), 1);
            PredictionPanel panel(&store);
            panel.setArtifact(explorertesting::asCounted(m_artifact));
            QVERIFY(panel.lengthAnswer() && std::fabs(*panel.lengthAnswer() - ratio * 1.1) < 1e-9);
            QCOMPARE(panel.timeline()->lengthAnswer(), panel.lengthAnswer());
            QVERIFY(panel.isReadingShown());
        }
    }

    // The pair shown first is typical twice: its ratio nearest the median, and its float32 call
    // among the middle half of them, so that it agrees with the float32 median beside it. A pair
    // with the median ratio but a float32 call ten times slower is passed over.
    void theShownPairIsTypical()
    {
        const ReadResult read = readArtifactFile(recordedPath("performance-04"));
        QVERIFY(read.ok());
        // Five pairs, float32 then float64 work in ms: the first has the median ratio (2.0) and a
        // slow float32 call; the next two are 0.1 from it with typical float32 calls.
        const double work[][2] = {{10, 20}, {1, 2.1}, {1, 1.9}, {1.1, 2.6}, {0.9, 1.5}};
        Json columns = Json::object();
        std::int64_t t = 0;
        for (const auto &pair : work) {
            for (double ms : pair) {
                const auto length = static_cast<std::int64_t>(ms * 1e6);
                columns["dispatchBegin"].push_back(t);
                columns["dispatchEnd"].push_back(t + 10'000);
                columns["workBegin"].push_back(t + 20'000);
                columns["workEnd"].push_back(t + 20'000 + length);
                columns["readyObserved"].push_back(t + 30'000 + length);
                t += 40'000 + length;
            }
        }
        Json document = read.artifact->json();
        document["trace"]["calls"] = columns;
        const auto timeline = timelineOf(Artifact(document));
        QCOMPARE(timeline->callCount(), 10);
        QCOMPARE(timeline->representativeCall(), 2); // the second pair's float32 call
        QCOMPARE(timeline->representativeName(), std::string("Typical pair"));
    }

    void theRecordedArtifactValidates()
    {
        const ReadResult read = readArtifactFile(recordedPath("performance-04"));
        QVERIFY(read.ok());
        QCOMPARE(read.artifact->lessonId(), std::string(performance04::kId));
        QVERIFY(noWarnings(read.problems));
        QCOMPARE(read.artifact->provenance(), std::string(kRecordedProvenance));
        const Json out = *read.artifact->stdoutJson();
        QVERIFY(numbers(out, key::kMaxAbsError)[1] < numbers(out, key::kMaxAbsError)[0]);

        AnswerStore store(m_dir.filePath(QStringLiteral("recorded-answers.ini")));
        PredictionPanel panel(&store);
        panel.resize(1000, 760);
        panel.setArtifact(*read.artifact);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.answerWithLength(2);
        QVERIFY(panel.verdictText().contains(QStringLiteral("warm medians of")));
        explorertesting::saveScreenshot(panel, QStringLiteral("performance04-recorded-answered.png"));
    }

    void theCommandLineRunsValidatesRendersAndExports()
    {
        const QString artifact = checkCommandLine(m_dir, "performance-04");
        if (QTest::currentTestFailed())
            return;
        // The fresh run's physics, as a user would see it.
        const ReadResult read = readArtifactFile(artifact);
        QVERIFY(read.ok());
        const Json out = *read.artifact->stdoutJson();
        QVERIFY(numbers(out, key::kMaxAbsError)[1] < numbers(out, key::kMaxAbsError)[0]);
    }

    void aGuessIsRightWithinItsTolerance()
    {
        QVERIFY(lengthGuessIsRight(2.0, 2.0, 0.25));
        QVERIFY(lengthGuessIsRight(2.5, 2.0, 0.25));
        QVERIFY(lengthGuessIsRight(1.5, 2.0, 0.25));
        QVERIFY(!lengthGuessIsRight(2.51, 2.0, 0.25));
        QVERIFY(!lengthGuessIsRight(1.49, 2.0, 0.25));
        QVERIFY(!lengthGuessIsRight(0, 0, 0.25));
        QVERIFY(!lengthGuessIsRight(2, std::numeric_limits<double>::infinity(), 0.25));
        QVERIFY(!lengthGuessIsRight(2, 2, -1));
    }

private:
    // What the tests of the figures need: a run that measured both types. Three runs refused
    // beside the suite's other tests leave nothing to check them against, which they say.
    bool measuredBothTypes() const { return performance04::readFigures(m_artifact).medianRatio().has_value(); }

    QTemporaryDir m_dir;
    Artifact m_artifact;
};

QTEST_MAIN(TestPerformance04)
#include "tst_performance04.moc"
