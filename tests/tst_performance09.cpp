// performance-09 "Time on the device's clock": the same calls on the host's clock and on the
// device's own profiling timestamps, the kernel's first enqueue after an explicit build, the
// writes not awaited, its checks, its timeline's stop on the device's clock, its recording, and
// the command line — with an OpenCL device and without one.
#include "coretesting.h"
#include "lessontesting.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-09/performance09contract.h"
#include "core/lessons/performance-09/performance09contract.h"
#include "core/lessons/performance-09/performance09timeline.h"
#include "core/opencl/opencldevices.h"
#include "core/timing/statistics.h"
#include "explorertesting.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/predictionpanel.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace lessonscope;
using namespace lessontesting;
namespace key = performance09::key;
using Stop = Performance09Timeline::Stop;

namespace {

const Lesson &lesson() { return lessontesting::lessonNamed(performance09::kId); }

bool hasOpenClDevice() { return !listOpenClDevices().devices.empty(); }

Artifact measuredArtifact()
{
    ParameterValues values{{"samples", std::int64_t(12)}, {"place_size", std::int64_t(64)}};
    if (const auto error = lesson().resolveParameters(values))
        qFatal("unexpected parameter error: %s", error->c_str());
    QuietObserver quiet;
    return buildArtifact(lesson(), runLesson(lesson(), values, quiet), "2026-12-03T12:00:00.000000+00:00");
}

Json withStdout(const Artifact &artifact, const std::function<void(Json &)> &change)
{
    Json document = artifact.json();
    Json out = Json::parse(document["stdout"].get<std::string>());
    change(out);
    document["stdout"] = out.dump();
    return document;
}

bool warnsAbout(const Json &document, const char *text)
{
    for (const Problem &problem : validateArtifact(document))
        if (problem.message.find(text) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestPerformance09 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        explorertesting::isolateSettings(m_dir);
        // A run beside the suite's other tests can be refused (no clean warm call: "could not
        // measure"); the tests below read one that measured, so a refused run is taken again.
        for (int attempt = 0; attempt < 3 && hasOpenClDevice(); ++attempt) {
            m_artifact = measuredArtifact();
            if (performance09::readFigures(m_artifact).warmMedian)
                break;
        }
    }

    // On a machine without OpenCL (an ICD loader with no vendor) the lesson says so, and writes
    // nothing: its subject is a device's own clock, which the stream does not have.
    void withoutADeviceItSaysSo()
    {
        QTemporaryDir emptyVendors;
        QVERIFY(emptyVendors.isValid());
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("OCL_ICD_VENDORS"), emptyVendors.path());
        const QString path = m_dir.filePath(QStringLiteral("nowhere.json"));
        const coretesting::Outcome run = coretesting::runLessonscope(
            {QStringLiteral("run"), QStringLiteral("performance-09"), QStringLiteral("-o"), path}, environment);
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.err.contains(QStringLiteral("has no OpenCL device")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("recording")), qPrintable(run.err));
        QVERIFY(!QFile::exists(path));
    }

    // Each call on both clocks: the device's START → END lies inside the host's enqueue →
    // readiness, and is shorter by the driver's hand-off on either side (a "device" reading taken
    // from the host's own timer would equal it); the trace's work is the device's, converted.
    void eachCallIsTimedOnBothClocks()
    {
        if (!hasOpenClDevice())
            QSKIP("no OpenCL device here (pocl-opencl-icd; scripts/setup.sh installs it)");
        QVERIFY(noWarnings(validateArtifact(m_artifact.json())));
        const performance09::Figures f = performance09::readFigures(m_artifact);
        const std::optional<Trace> trace = m_artifact.trace();
        QVERIFY(trace && trace->device.size() == trace->calls.size());
        QCOMPARE(f.work.size(), f.warm.seconds.size());
        QCOMPARE(trace->calls.size(), f.warm.seconds.size() + 1); // the first enqueue, then the warm calls
        for (std::size_t i = 0; i < trace->calls.size(); ++i) {
            const TracedCall &call = trace->calls[i];
            const DeviceClockTimes &d = trace->device[i];
            QVERIFY(d.known && d.queued <= d.submit && d.submit <= d.start && d.start < d.end);
            QCOMPARE(d.start + d.offsetNs, call.workBegin);
            QCOMPARE(d.end + d.offsetNs, call.workEnd);
            QVERIFY(call.dispatchBegin <= call.workBegin && call.workEnd <= call.readyObserved);
        }
        for (std::size_t i = 0; i < f.work.size(); ++i)
            QVERIFY2(f.work[i] < f.warm.seconds[i], qPrintable(QStringLiteral("warm call %1").arg(i + 1)));
        QVERIFY(f.deviceClock.size() > 0 && f.smallestStepNs && *f.smallestStepNs > 0);
        QVERIFY(f.timerResolutionNs && *f.timerResolutionNs > 0);
    }

    // The first call is the kernel's first enqueue, after an explicit build: the driver still
    // works before its START, and it costs the host more than a warm call (a first call measured
    // after a warm-up would not).
    void theFirstEnqueueIsMeasuredApart()
    {
        if (!hasOpenClDevice())
            QSKIP("no OpenCL device here");
        const performance09::Figures f = performance09::readFigures(m_artifact);
        QCOMPARE(f.computedBeforeFirstCall, std::optional<std::int64_t>(0)); // counted by the device
        QVERIFY(f.firstCall && f.warmMedian && f.firstCallQueue && f.queueMedian);
        QVERIFY2(*f.firstCall > *f.warmMedian,
                 qPrintable(QStringLiteral("first %1 s, warm %2 s").arg(*f.firstCall).arg(*f.warmMedian)));
        QVERIFY(*f.firstCallQueue > *f.queueMedian);
        QVERIFY(*f.firstCallWork <= *f.firstCall);
    }

    // The writes not awaited are performance-03's twins: one reading each, beside the call after
    // a write awaited and the copy the device stamped.
    void theWritesNotAwaitedAreMeasured()
    {
        if (!hasOpenClDevice())
            QSKIP("no OpenCL device here");
        const performance09::Figures f = performance09::readFigures(m_artifact);
        // 15 clean, or as many as the replacement budget allowed, which the run then says.
        const Json &measuring = m_artifact.json().at("environment").at("interference").at("measuring");
        // Every twin measured, interrupted or not (a sanitized build beside another suite may find
        // none clean: the budget is then spent, and the medians of clean twins are left out).
        QVERIFY(!f.unawaited.seconds.empty());
        QVERIFY(f.unawaited.clean().size() >= 15 || measuring.at("budgetSpent").get<bool>());
        QCOMPARE(f.placedCall.size(), f.unawaited.seconds.size());
        QCOMPARE(f.copy.size(), f.unawaited.seconds.size());
        for (double copy : f.copy)
            QVERIFY(copy > 0);
        QVERIFY(f.stillCopying && *f.stillCopying >= 0 && *f.stillCopying <= std::int64_t(f.copy.size()));
        QCOMPARE(f.unawaitedMedian.has_value(), !f.unawaited.clean().empty());
        QCOMPARE(f.placedCallMedian.has_value(), !f.unawaited.clean().empty());
    }

    // A run whose warm calls were all interrupted has no warm medians: its clocks panel shows the
    // first call alone, and the artifact stays valid (a bar of nulls is not).
    void aRunWithoutACleanWarmCallDrawsTheFirstCallAlone()
    {
        if (!hasOpenClDevice())
            QSKIP("no OpenCL device here");
        Json out;
        Json document = withStdout(m_artifact, [&out](Json &o) {
            o.erase(key::kWarmMedian);
            o.erase(key::kQueueMedian);
            o.erase(key::kWorkMedian);
            out = o;
        });
        document["data"]["panels"] = lesson().panels(out);
        const Json &clocks = document["data"]["panels"][performance09::kClocksPanel];
        QCOMPARE(clocks["labels"].size(), std::size_t(1));
        for (const Json &series : clocks["series"])
            QVERIFY(series["y"].size() == 1 && series["y"][0].is_number());
        QCOMPARE(countOf(validateArtifact(document), Severity::Error), 0);
    }

    void itsChecksCatchWhatDoesNotHold()
    {
        if (!hasOpenClDevice())
            QSKIP("no OpenCL device here");
        // The device's work longer than the call the host timed around it.
        QVERIFY(warnsAbout(withStdout(m_artifact, [](Json &out) { out[key::kWorkSamples][0] = 1.0; }),
                           "longer than the call the host timed"));
        QVERIFY(warnsAbout(withStdout(m_artifact, [](Json &out) { out[key::kWorkMedian] = 3.0; }), "median"));
        QVERIFY(warnsAbout(withStdout(m_artifact, [](Json &out) { out[key::kStillCopying] = 1000; }), "not a count"));
        QVERIFY(warnsAbout(withStdout(m_artifact, [](Json &out) { out[key::kQueueSamples].erase(0); }), "values for"));
        QVERIFY(warnsAbout(withStdout(m_artifact, [](Json &out) { out[key::kComputedBefore] = 5; }),
                           "not the kernel's first enqueue"));
    }

    // The timer starts at the device's START; its stops, in time order: the device's END (the
    // answer), the host's readiness, the host's duration laid from START. Each reads the trace.
    void itsTimelineStopsOnTheDevicesClock()
    {
        if (!hasOpenClDevice())
            QSKIP("no OpenCL device here");
        const auto timeline = lesson().timeline(m_artifact);
        const int index = timeline->representativeCall();
        const CallTimeline call = timeline->call(index);
        QVERIFY(call.measured);
        QCOMPARE(call.marker, MarkerKind::Stop);
        QCOMPARE(call.lanes.at(static_cast<std::size_t>(call.timerLane())).name,
                 std::string("timer, on the device's clock"));
        QCOMPARE(call.candidates.size(), std::size_t(3));
        for (std::size_t i = 1; i < call.candidates.size(); ++i)
            QVERIFY(call.candidates[i - 1].time <= call.candidates[i].time);
        QCOMPARE(call.candidates.front().key, std::string("device-end"));
        QVERIFY(call.candidates.front().correct);
        const Trace trace = *m_artifact.trace();
        const auto i = static_cast<std::size_t>(index);
        const DeviceClockTimes &d = trace.device[i];
        QCOMPARE(*timeline->readingSeconds("device-end", index), static_cast<double>(d.end - d.start) * 1e-9);
        const double host = static_cast<double>(trace.calls[i].readyObserved - trace.calls[i].dispatchBegin) * 1e-9;
        QVERIFY(std::abs(*timeline->readingSeconds("host-duration", index) - host) <= 1e-12);
        QVERIFY(*timeline->readingSeconds("host-ready", index) > *timeline->readingSeconds("device-end", index));
        const TimelineVerdict right = timeline->verdict("device-end", index);
        QVERIFY(right.correct);
        QVERIFY(QString::fromStdString(right.numbers).contains(QStringLiteral("the work alone")));
        const TimelineVerdict wrong = timeline->verdict("host-duration", index);
        QVERIFY(!wrong.correct);
        QVERIFY(QString::fromStdString(wrong.numbers).contains(QStringLiteral("× the work alone")));
        QVERIFY(QString::fromStdString(timeline->verdict("device-end", 0).numbers)
                    .contains(QStringLiteral("first enqueue")));
    }

    void itsPanelsAndTimelineRender()
    {
        if (!hasOpenClDevice())
            QSKIP("no OpenCL device here");
        const QStringList blank = explorertesting::blankRenders(m_artifact, QSize(900, 700));
        QVERIFY2(blank.isEmpty(), qPrintable(blank.join(QStringLiteral(", "))));
    }

    // The recording opens and is answered before anything is run, on any machine.
    void theRecordedArtifactValidates()
    {
        const ReadResult read = readArtifactFile(recordedPath("performance-09"));
        QVERIFY(read.ok());
        QVERIFY(noWarnings(read.problems));
        QCOMPARE(read.artifact->provenance().rfind("recorded_", 0), std::size_t(0));
        AnswerStore store(m_dir.filePath(QStringLiteral("recorded-answers.ini")));
        PredictionPanel panel(&store);
        panel.resize(1000, 720);
        panel.setArtifact(*read.artifact);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.answerWith(QStringLiteral("host-ready"));
        QVERIFY(panel.verdictText().contains(QStringLiteral("Not quite")));
        QVERIFY(panel.verdictText().contains(QStringLiteral("× the work alone")));
        explorertesting::saveScreenshot(panel, QStringLiteral("performance09-recorded-answered.png"));
    }

    void theCommandLineRunsValidatesRendersAndExports()
    {
        if (!hasOpenClDevice())
            QSKIP("no OpenCL device here");
        checkCommandLine(m_dir, "performance-09");
    }

private:
    QTemporaryDir m_dir;
    Artifact m_artifact;
};

QTEST_MAIN(TestPerformance09)
#include "tst_performance09.moc"
