// A lesson run on a real device (PoCL here and in CI): performance-01 on opencl:0, through the
// same runner as on the stream. Its artifact is sound and names the device exactly; its calls are
// the device's (a dispatch that returns before the device's work ends; the work from the device's
// own START and END); and the command line refuses a device it cannot run on before measuring.
#include "coretesting.h"
#include "core/artifact/artifactio.h"
#include "core/artifact/validation.h"
#include "core/base/units.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-01/performance01contract.h"
#include "core/lessons/performance-01/performance01contract.h"
#include "core/lesson/lessonartifacts.h"
#include "core/opencl/clockrelation.h"
#include "core/trace/deviceclocklane.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

using namespace lessonscope;
using coretesting::Outcome;
using coretesting::runLessonscope;

namespace {

constexpr const char *kDevice = "opencl:0";

const Lesson &theLesson() { return *findLesson(performance01::kId); }

class QuietObserver final : public RunObserver
{ };

// Cancels once `after` calls are measured.
class CancellingObserver final : public RunObserver
{
public:
    explicit CancellingObserver(int after) : m_after(after) { }
    void callMeasured(int, const MeasuredCall &) override { ++m_calls; }
    bool isCancelled() const override { return m_calls >= m_after; }

private:
    int m_after;
    int m_calls = 0;
};

// A performance-01 run on the device cancelled after its first warm call, for an m×k×n product.
LessonRun cancelledRun(std::int64_t m, std::int64_t k, std::int64_t n)
{
    ParameterValues values{{"samples", std::int64_t(50)}, {"m", m}, {"k", k}, {"n", n}};
    if (theLesson().resolveRunParameters(values))
        return {};
    CancellingObserver observer(2);
    return runLesson(theLesson(), values, observer, RunContext{kDevice});
}

} // namespace

class TestDeviceRuns : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        ParameterValues values{{"samples", std::int64_t(20)}};
        QVERIFY(!theLesson().resolveRunParameters(values));
        QuietObserver quiet;
        m_run = runLesson(theLesson(), values, quiet, RunContext{kDevice});
        m_artifact = buildArtifact(theLesson(), m_run, "2026-12-02T04:00:00.000000+00:00");
    }

    // The artifact passes every check, and its environment says which device ran it and how its
    // clock relates to the host's; stdout names the kernel as what ran the work.
    void aRunOnTheDeviceIsSoundAndNamesIt()
    {
        const Problems problems = validateArtifact(m_artifact.json());
        for (const Problem &problem : problems)
            qWarning("%s", problem.message.c_str());
        QCOMPARE(countOf(problems, Severity::Error) + countOf(problems, Severity::Warning), 0);
        const Json &environment = m_artifact.json().at("environment");
        QCOMPARE(environment.at("backend").get<std::string>(), std::string("opencl"));
        const Json &device = environment.at("device");
        QCOMPARE(device.at("id").get<std::string>(), std::string(kDevice));
        QVERIFY(!device.at("name").get<std::string>().empty());
        QVERIFY(!device.at("driverVersion").get<std::string>().empty());
        QVERIFY(!device.at("clock").at("method").get<std::string>().empty());
        QVERIFY(!environment.contains("isa")); // the driver compiled the kernel, not a variant of ours
        const Json out = *m_artifact.stdoutJson();
        QCOMPARE(out.at(performance01::key::kBackend).get<std::string>(), std::string("opencl-kernel"));
        // The same inputs from the same seed as the stream's, against the same reference.
        const double error = out.at(performance01::key::kMaxAbsError).get<double>();
        QVERIFY(std::isfinite(error) && error < 1e-4);
    }

    // The provenance names what computed the numbers: PoCL's device is this CPU; the same run
    // on a GPU says so, measured or recorded, and is still the learner's own measurement.
    void itsProvenanceNamesWhatComputed()
    {
        QCOMPARE(m_artifact.provenance(), std::string(kMeasuredProvenance));
        LessonRun onAGpu = m_run;
        Json device = *m_run.deviceEnvironment;
        device["type"] = "GPU";
        onAGpu.deviceEnvironment = std::make_shared<const Json>(device);
        QCOMPARE(provenanceOf(onAGpu, Provenance::Measured), std::string("measured_gpu_computation"));
        QCOMPARE(provenanceOf(onAGpu, Provenance::Recorded), std::string("recorded_gpu_computation"));
        device["type"] = "accelerator";
        onAGpu.deviceEnvironment = std::make_shared<const Json>(device);
        QCOMPARE(provenanceOf(onAGpu, Provenance::Measured), std::string("measured_device_computation"));
        QVERIFY(isMeasuredProvenance("measured_gpu_computation"));
        QVERIFY(!isMeasuredProvenance(kRecordedProvenance));
        QVERIFY(!isMeasuredProvenance("measured_computation"));
    }

    // Dispatch-only is clEnqueueNDRangeKernel's return: for a call of ~10 µs of device work it
    // returns before the device's END. A "dispatch" that waited for the work (clFinish inside it)
    // would end after END on every call.
    void dispatchReturnsBeforeTheDeviceFinishes()
    {
        int before = 0;
        for (const MeasuredCall &call : m_run.calls) {
            const CallTimestamps &t = call.timestamps;
            before += t.dispatchEnd < t.workEnd ? 1 : 0;
        }
        QVERIFY2(before > 0, "every dispatch returned after the device's work had ended");
    }

    // The work is the device's START → END in host time: inside the call as the host saw it,
    // from before the enqueue began to when the host observed readiness (the relation's
    // uncertainty aside). Host reads in their place would not be ordered so on every call.
    void theWorkLiesInsideTheCallTheHostSaw()
    {
        const std::int64_t slack
            = m_artifact.json().at("environment").at("device").at("clock").at("uncertaintyNs").get<std::int64_t>() + 1;
        for (const MeasuredCall &call : m_run.calls) {
            const CallTimestamps &t = call.timestamps;
            QVERIFY(t.workBegin <= t.workEnd);
            QVERIFY(t.workBegin + slack >= t.dispatchBegin);
            QVERIFY(t.workEnd <= t.readyObserved + slack);
        }
    }

    // The trace keeps the device's own view beside the host's (trace.device): every call's QUEUED,
    // SUBMIT, START and END as the device's clock stamped them, and the offset to the trace's
    // time. START and END placed by it are the call's workBegin and workEnd; QUEUED, placed so,
    // falls inside the enqueue the host timed (the relation's uncertainty aside). Host reads
    // written as device times, or another clock's offset, would break one or the other.
    void theTraceKeepsTheDevicesOwnClock()
    {
        const std::optional<Trace> trace = m_artifact.trace();
        QVERIFY(trace);
        QCOMPARE(trace->device.size(), trace->calls.size());
        QVERIFY(!trace->deviceClock.empty());
        const std::int64_t slack
            = m_artifact.json().at("environment").at("device").at("clock").at("uncertaintyNs").get<std::int64_t>() + 1;
        for (std::size_t i = 0; i < trace->calls.size(); ++i) {
            const DeviceClockTimes &d = trace->device[i];
            const TracedCall &c = trace->calls[i];
            QVERIFY(d.queued <= d.submit && d.submit <= d.start && d.start <= d.end);
            QCOMPARE(d.start + d.offsetNs, c.workBegin);
            QCOMPARE(d.end + d.offsetNs, c.workEnd);
            QVERIFY2(d.queued + d.offsetNs + slack >= c.dispatchBegin && d.queued + d.offsetNs <= c.dispatchEnd + slack,
                     qPrintable(QStringLiteral("call %1: QUEUED %2 outside the enqueue %3 … %4")
                                    .arg(i)
                                    .arg(d.queued + d.offsetNs)
                                    .arg(c.dispatchBegin)
                                    .arg(c.dispatchEnd)));
        }
        // The columns are the device's clock, not the host's: on PoCL that clock is
        // CLOCK_MONOTONIC_RAW, so the offset to MonotonicClock is what the two host clocks are
        // apart now (226 ms on the reference machine; a mutant writing host times has 0), within
        // the relation's uncertainty and the drift since (a millisecond is far more than either).
        if (trace->deviceClock == "CLOCK_MONOTONIC_RAW") {
            const OffsetInterval apart = monotonicMinus(HostClock::MonotonicRaw, 8);
            const std::int64_t offset = trace->device.front().offsetNs + m_run.startedAtNs;
            QVERIFY2(std::abs(offset - apart.midNs()) <= slack + 1'000'000,
                     qPrintable(QStringLiteral("offset %1 ns, the clocks %2 ns apart").arg(offset).arg(apart.midNs())));
        }
        // A file whose device view disagrees with the host's says where.
        Json tampered = m_artifact.json();
        tampered["trace"]["device"]["calls"]["start"][1]
            = tampered["trace"]["device"]["calls"]["start"][1].get<std::int64_t>() + 1000;
        bool said = false;
        for (const Problem &problem : validateArtifact(tampered))
            said = said || problem.pointer == "/trace/device/calls/offsetNs/1";
        QVERIFY(said);
    }

    // export-trace writes the device's view on a track of its own: each call's kernel, as the
    // device's clock saw it, with the device's nanoseconds in its args.
    void theExportedTraceHasTheDevicesTrack()
    {
        QTemporaryDir dir;
        const QString artifact = dir.filePath(QStringLiteral("device.json"));
        QFile file(artifact);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(serializeArtifact(m_artifact)));
        file.close();
        const QString exported = dir.filePath(QStringLiteral("device.trace.json"));
        const Outcome out = runLessonscope({QStringLiteral("export-trace"), artifact, QStringLiteral("-o"), exported});
        QVERIFY2(out.exitCode == 0, qPrintable(out.err));
        QFile written(exported);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const Json trace = Json::parse(written.readAll().toStdString());
        std::int64_t deviceTid = -1;
        for (const Json &event : trace.at("traceEvents")) {
            if (event.value("name", "") == "thread_name"
                && event.at("args").at("name").get<std::string>().starts_with("device, as its clock saw it"))
                deviceTid = event.at("tid").get<std::int64_t>();
        }
        QVERIFY(deviceTid >= 0);
        std::size_t kernels = 0;
        for (const Json &event : trace.at("traceEvents")) {
            if (event.value("tid", -1) == deviceTid && event.value("name", "") == "kernel") {
                ++kernels;
                QVERIFY(event.at("args").contains("device_start_ns"));
                QVERIFY(event.at("ts").get<double>() >= 0);
            }
        }
        QCOMPARE(kernels, m_run.calls.size());
    }

    // The timeline draws the device's own view under the host's: a lane named for the device's
    // clock with the call's queued, submitted and work spans, the work exactly where the lesson
    // drew the device's work (both are the device's START and END on the host's time), the queue
    // before it. A trace without the device's times (the stream) gains no lane.
    void theTimelineDrawsTheDevicesClockUnderTheHosts()
    {
        const std::optional<Trace> trace = m_artifact.trace();
        const auto timeline = withDeviceClockLane(timelineOf(m_artifact), m_artifact);
        const CallTimeline call = timeline->call(timeline->representativeCall());
        int deviceLane = -1, clockLane = -1;
        for (std::size_t i = 0; i < call.lanes.size(); ++i) {
            deviceLane = call.lanes[i].name == "device" ? static_cast<int>(i) : deviceLane;
            clockLane = call.lanes[i].name == deviceClockLaneName(trace->deviceClock) ? static_cast<int>(i) : clockLane;
        }
        QVERIFY(deviceLane >= 0);
        QCOMPARE(clockLane, deviceLane + 1);
        std::map<std::string, const TimelineEvent *> spans;
        const TimelineEvent *lessonWork = nullptr;
        for (const TimelineEvent &event : call.events) {
            if (event.lane == clockLane)
                spans[event.label] = &event;
            if (event.lane == deviceLane && !event.context && event.shape == TimelineEvent::Shape::Span)
                lessonWork = &event;
        }
        QCOMPARE(spans.size(), std::size_t(3));
        QVERIFY(lessonWork);
        QCOMPARE(spans.at("work")->begin, lessonWork->begin);
        QCOMPARE(spans.at("work")->end, lessonWork->end);
        QVERIFY(spans.at("queued")->begin <= spans.at("submitted")->begin);
        QVERIFY(spans.at("submitted")->end <= spans.at("work")->begin);

        // Its reading says what each clock shows, and how the device's was related to the host's:
        // the method the run's environment names and its uncertainty, which bounds any gap the
        // learner sees between the lanes.
        const std::string note = timeline->clocksNote();
        QVERIFY(note.find(deviceClockLaneName(trace->deviceClock)) != std::string::npos);
        const Json &relation = m_artifact.json().at("environment").at("device").at("clock");
        const std::string method = relation.at("method").get<std::string>();
        const std::string how = method == "device clock is a host clock"
            ? "as readings of " + relation.at("deviceClock").get<std::string>()
            : "by " + method;
        QVERIFY2(note.find("related to the host's " + how) != std::string::npos, note.c_str());
        const auto uncertaintyNs = relation.at("uncertaintyNs").get<std::int64_t>();
        const std::string within
            = uncertaintyNs == 0 ? std::string("0 ns") : formatDuration(static_cast<double>(uncertaintyNs) * 1e-9);
        QVERIFY2(note.find(", ±" + within) != std::string::npos, note.c_str());

        Trace stream = *trace;
        stream.device.clear();
        const auto plain = withDeviceClockLane(timelineOf(m_artifact), stream);
        QCOMPARE(plain->call(plain->representativeCall()).lanes.size(), call.lanes.size() - 1);
        QVERIFY(plain->clocksNote().empty());
    }

    // A cancel is honoured inside the check against the reference, as on the stream: the default
    // product's 16 columns are one block, checked whole after the cancel (a check skipped on a
    // cancel would state no error); 256 columns are 16 blocks, and the cancel ends the check after
    // the first, so the run states no error rather than one it did not measure (a check that
    // ignored the cancel would state one).
    void aCancelEndsTheDevicesCheckOfALargeProductOnly()
    {
        const LessonRun small = cancelledRun(64, 32, 16);
        QVERIFY(small.cancelled && small.output);
        QVERIFY(small.output->contains(performance01::key::kMaxAbsError));
        const LessonRun large = cancelledRun(256, 256, 256);
        QVERIFY(large.cancelled && large.output);
        QCOMPARE(int(large.calls.size()), 2);
        QVERIFY(!large.output->contains(performance01::key::kMaxAbsError));
        const Artifact artifact = buildArtifact(theLesson(), large, "2026-12-02T04:00:00.000000+00:00");
        QCOMPARE(countOf(validateArtifact(artifact.json()), Severity::Error), 0);
    }

    // As a user runs it, and what it refuses before measuring anything.
    void theCommandLineRunsOnTheDevice()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("device.json"));
        const Outcome ran
            = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("--device"),
                              QString::fromLatin1(kDevice), QStringLiteral("-o"), path});
        QVERIFY2(ran.exitCode == 0 || ran.err.contains(QStringLiteral("could not measure")), qPrintable(ran.err));
        QVERIFY2(ran.out.contains(QStringLiteral("ran with         opencl:0 ")), qPrintable(ran.out));
        QCOMPARE(runLessonscope({QStringLiteral("validate"), path}).exitCode, 0);
        // show says how the device's clock was related to the host's, as the timeline's note does.
        const Outcome shown = runLessonscope({QStringLiteral("show"), path});
        QVERIFY2(shown.out.contains(QStringLiteral("device clock   related to the host's "))
                     && shown.out.contains(QStringLiteral(", ±")),
                 qPrintable(shown.out));

        // Beside a run on the stream, the comparison names the device difference.
        const QString stream = dir.filePath(QStringLiteral("stream.json"));
        QVERIFY(runLessonscope({QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("-o"), stream})
                    .exitCode
                >= 0);
        const Outcome both = runLessonscope({QStringLiteral("compare"), stream, path});
        QVERIFY2(both.out.contains(QStringLiteral("device: A the stream · B opencl:0 ")), qPrintable(both.out));

        const Outcome nameless
            = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("--device"),
                              QStringLiteral("gpu"), QStringLiteral("-o"), dir.filePath(QStringLiteral("x.json"))});
        QCOMPARE(nameless.exitCode, 2);
        QVERIFY2(nameless.err.contains(QStringLiteral("--device gpu")), qPrintable(nameless.err));
        const Outcome missing = runLessonscope({QStringLiteral("run"), QStringLiteral("performance-01"),
                                                QStringLiteral("--device"), QStringLiteral("opencl:99"),
                                                QStringLiteral("-o"), dir.filePath(QStringLiteral("z.json"))});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("x.json"))));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("y.json"))));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("z.json"))));
    }

private:
    LessonRun m_run;
    Artifact m_artifact;
};

QTEST_GUILESS_MAIN(TestDeviceRuns)
#include "tst_deviceruns.moc"
