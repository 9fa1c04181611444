// The course's lessons beyond performance-01 on a real device (PoCL here and in CI), each through
// the same runner as on the stream: performance-02 the first use of OpenCL in fresh processes, with
// the kernel cache's state; performance-03 placement as a blocking write; performance-04 float32 against float64 as two kernels on one
// context and queue; performance-05 its samples as enqueues and waits; performance-06 K kernels in
// flight and one clFinish; performance-07 its runs, each on a device context of its own;
// performance-08 batches of a dot product in one kernel, read on the device's profiling timer. Each artifact is sound, names the device, and keeps the device's own clock
// for every call; each lesson's physics holds as it does on the stream.
#include "core/artifact/validation.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lesson/childprocess.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-02/performance02contract.h"
#include "core/lessons/performance-02/performance02contract.h"
#include "core/lessons/performance-03/performance03contract.h"
#include "core/lessons/performance-03/performance03contract.h"
#include "core/lessons/performance-04/performance04contract.h"
#include "core/lessons/performance-04/performance04contract.h"
#include "core/lessons/performance-05/performance05contract.h"
#include "core/lessons/performance-05/performance05contract.h"
#include "core/lessons/performance-06/performance06contract.h"
#include "core/lessons/performance-06/performance06contract.h"
#include "core/lessons/performance-07/performance07contract.h"
#include "core/lessons/performance-07/performance07contract.h"
#include "core/lessons/performance-08/performance08contract.h"
#include "core/lessons/performance-08/performance08contract.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace lessonscope;

namespace {

constexpr const char *kDevice = "opencl:0";

class QuietObserver final : public RunObserver
{ };

// The lesson run on the device with values, and its artifact.
Artifact runOnTheDevice(const char *lessonId, ParameterValues values)
{
    const Lesson &lesson = *findLesson(lessonId);
    if (const auto problem = lesson.resolveRunParameters(values))
        qFatal("%s", problem->c_str());
    QuietObserver quiet;
    return buildArtifact(lesson, runLesson(lesson, values, quiet, RunContext{kDevice}),
                         "2026-12-02T22:00:00.000000+00:00");
}

// Every check passes, the environment names the device, and the trace holds the device's own
// times for each of its calls.
void verifySoundOnTheDevice(const Artifact &artifact)
{
    const Problems problems = validateArtifact(artifact.json());
    for (const Problem &problem : problems)
        qWarning("%s %s", problem.pointer.c_str(), problem.message.c_str());
    QCOMPARE(countOf(problems, Severity::Error) + countOf(problems, Severity::Warning), 0);
    QCOMPARE(artifact.json().at("environment").at("device").at("id").get<std::string>(), std::string(kDevice));
    QCOMPARE(artifact.stdoutJson()->at("backend").get<std::string>(), std::string("opencl-kernel"));
    const std::optional<Trace> trace = artifact.trace();
    QVERIFY(trace && !trace->calls.empty());
    QCOMPARE(trace->device.size(), trace->calls.size());
}

// The timed units of the run that other work interrupted (environment.interference.measuring).
std::int64_t interruptedOf(const Artifact &artifact)
{
    return artifact.json().at("environment").at("interference").at("measuring").at("interrupted").get<std::int64_t>();
}

} // namespace

class TestDeviceLessons : public QObject
{
    Q_OBJECT

private slots:
    // performance-02 on the device, with PoCL's kernel cache in a folder of its own, empty at the
    // start: the first process finds nothing and compiles (a miss), the second finds what the first
    // wrote (a hit), and the cold build costs more than the cached one. Every process's first call
    // is its first use of OpenCL in six parts, each measured (a timer started after
    // clBuildProgram would have none to report), together no more than the whole first call.
    void performance02TimesTheFirstUseOfOpenClInFreshProcesses()
    {
        QTemporaryDir cache;
        QVERIFY(cache.isValid());
        qputenv("POCL_CACHE_DIR", cache.path().toLocal8Bit());                       // the children inherit it
        qputenv(kProgramEnvironmentVariable, QByteArrayLiteral(LESSONSCOPE_BINARY)); // fresh lessonscope processes
        const Artifact artifact
            = runOnTheDevice(performance02::kId, {{"processes", std::int64_t(2)}, {"samples", std::int64_t(3)}});
        qunsetenv("POCL_CACHE_DIR");
        qunsetenv(kProgramEnvironmentVariable);
        verifySoundOnTheDevice(artifact);
        const performance02::Figures f = performance02::readFigures(artifact);
        QCOMPARE(f.backend, std::string(performance02::kDeviceBackend));
        const Json out = *artifact.stdoutJson();
        const Json &samples = out.at(performance02::key::kFirstCallPartsSamples);
        QVERIFY(samples.size() >= 2);
        for (std::size_t p = 0; p < samples.size(); ++p) {
            double sum = 0;
            for (const std::string &name : performance02::partNames(performance02::kDeviceBackend)) {
                QVERIFY2(samples[p].at(name).get<double>() > 0, name.c_str());
                sum += samples[p].at(name).get<double>();
            }
            QVERIFY(sum <= f.firstCallSamplesSeconds[p]);
        }
        // Its timeline says what a device's first call pays, not the stream's worker and variant.
        const auto timeline = timelineOf(artifact);
        QVERIFY(timeline->measuredReading().find("loading the drivers") != std::string::npos);
        const CallTimeline call = timeline->call(0);
        QCOMPARE(call.candidates.front().label, std::string("before OpenCL is first used"));
        QVERIFY(timeline->verdict("before-stream", 1).why.find("stream") == std::string::npos);
        if (!artifact.json().at("environment").at("device").at("platform").get<std::string>().starts_with("Portable"))
            return; // the cache's files are read on PoCL only
        QCOMPARE(f.kernelCache.size(), samples.size());
        QCOMPARE(f.kernelCache[0].program, std::string("miss"));
        QCOMPARE(f.kernelCache[1].program, std::string("hit"));
        QVERIFY(samples[0].at(performance02::part::kProgramBuild).get<double>()
                > samples[1].at(performance02::part::kProgramBuild).get<double>());
    }

    // performance-03 on the device: placement is a copy the device itself stamped (a placement
    // that skipped the write would have no device START → END), the in-order queue starts the call
    // after the copy ended, and the whole sample exceeds the call at every size, as on the stream.
    void performance03PlacesTheInputsOnTheDevice()
    {
        const Artifact artifact
            = runOnTheDevice(performance03::kId, {{"sizes", std::string("16,64,256")}, {"samples", std::int64_t(3)}});
        verifySoundOnTheDevice(artifact);
        const Json out = *artifact.stdoutJson();
        const Json &phases = out.at(performance03::key::kPhases);
        const std::optional<Trace> trace = artifact.trace();
        const auto placeBegins = phases.at(performance03::phase::kPlaceWorkBegin).get<std::vector<std::int64_t>>();
        const auto placeEnds = phases.at(performance03::phase::kPlaceWorkEnd).get<std::vector<std::int64_t>>();
        QCOMPARE(placeBegins.size(), trace->calls.size());
        for (std::size_t i = 0; i < trace->calls.size(); ++i) {
            QVERIFY(placeBegins[i] < placeEnds[i]);
            QVERIFY(placeEnds[i] <= trace->calls[i].workBegin);
        }
        // Each traced sample's twin: a non-blocking write, the kernel behind it on the in-order
        // queue (the device's START of the kernel after the copy's END), and a timer from the
        // write's return that holds at least the kernel's work.
        const performance03::Figures f = performance03::readFigures(artifact);
        QCOMPARE(f.phases.size(), trace->calls.size());
        for (const performance03::PhaseTimes &p : f.phases) {
            QVERIFY(p.unawaited);
            const performance03::UnawaitedPhase &u = *p.unawaited;
            QVERIFY(u.placeWorkBegin <= u.placeWorkEnd && u.placeWorkEnd <= u.callWorkBegin);
            QVERIFY(u.callWorkEnd <= u.readyObserved && u.placeDispatchEnd <= u.callDispatchBegin);
            QVERIFY(u.readyObserved - u.placeDispatchEnd >= u.callWorkEnd - u.callWorkBegin);
        }
        const auto whole = out.at(performance03::key::kWithPreparationMedian).get<std::vector<double>>();
        const auto call = out.at(performance03::key::kCallMedian).get<std::vector<double>>();
        QCOMPARE(whole.size(), std::size_t(3));
        for (std::size_t i = 0; i < whole.size(); ++i)
            QVERIFY(whole[i] > call[i]);
    }

    // performance-04 on the device: both types are kernels on one context, from the same inputs,
    // in pairs. float64's error against the long-double reference is far below float32's (a
    // "float64" kernel that computed in float32, or from float32's rounded inputs, would not be),
    // and each call's device work lies inside the call the host saw.
    void performance04ComparesTheTwoTypesOnTheDevice()
    {
        const Artifact artifact = runOnTheDevice(
            performance04::kId,
            {{"samples", std::int64_t(5)}, {"m", std::int64_t(96)}, {"k", std::int64_t(96)}, {"n", std::int64_t(96)}});
        if (!artifact.json().at("environment").at("device").at("fp64").get<bool>())
            QSKIP("this device has no float64 (cl_khr_fp64)");
        verifySoundOnTheDevice(artifact);
        const Json out = *artifact.stdoutJson();
        const Json &errors = out.at(performance04::key::kMaxAbsError);
        const double float32 = errors.at(performance04::kFloat32).get<double>();
        const double float64 = errors.at(performance04::kFloat64).get<double>();
        QVERIFY2(std::isfinite(float32) && float32 > 0 && float64 * 1e6 < float32,
                 qPrintable(QStringLiteral("float32 error %1, float64 error %2").arg(float32).arg(float64)));
        const std::optional<Trace> trace = artifact.trace();
        for (const TracedCall &call : trace->calls) {
            QVERIFY(call.dispatchBegin <= call.workEnd);
            QVERIFY(call.workBegin <= call.workEnd);
        }
    }

    // performance-05 on the device: every sample is an enqueue and its wait, and each computed a
    // product the device stamped as run (a "call" that returned without enqueueing, or whose work
    // the device never did, is not counted); its work lies inside the call the host saw.
    void performance05TimesEverySampleOnTheDevice()
    {
        const Artifact artifact = runOnTheDevice(performance05::kId, {{"samples", std::int64_t(50)}});
        verifySoundOnTheDevice(artifact);
        const Json out = *artifact.stdoutJson();
        QCOMPARE(out.at(performance05::key::kProductsTimed).get<std::int64_t>(), std::int64_t(50));
        const std::optional<Trace> trace = artifact.trace();
        QCOMPARE(trace->calls.size(), std::size_t(50));
        for (std::size_t i = 0; i < trace->calls.size(); ++i) {
            QVERIFY(trace->device[i].known);
            QVERIFY(trace->calls[i].dispatchBegin <= trace->calls[i].workBegin);
            QVERIFY(trace->calls[i].workBegin < trace->calls[i].workEnd);
        }
    }

    // performance-06 on the device: a burst is K enqueues and one clFinish. Each traced burst's
    // calls share the one wait's return as their readiness; the in-order queue starts each kernel
    // after the one before it ended, on the device's own clock; and the host enqueued while the
    // device worked: some call was dispatched before its predecessor's END (a "burst" that waited
    // after each enqueue would dispatch every call after it). The time per call kept busy is
    // below a call's latency alone, the lesson's physics, at the lesson's own small product (a
    // product whose work outlasts the dispatch, 64³ here, gains nothing from being kept in flight).
    void performance06KeepsKernelsInFlightOnTheDevice()
    {
        const Artifact artifact
            = runOnTheDevice(performance06::kId, {{"repetitions", std::int64_t(5)}, {"depth", std::int64_t(16)}});
        verifySoundOnTheDevice(artifact);
        const std::optional<Trace> trace = artifact.trace();
        QCOMPARE(trace->calls.size() % 16, std::size_t(0));
        int inFlight = 0;
        for (std::size_t burst = 0; burst < trace->calls.size(); burst += 16) {
            for (std::size_t i = burst; i < burst + 16; ++i) {
                QCOMPARE(trace->calls[i].readyObserved, trace->calls[burst].readyObserved);
                if (i == burst)
                    continue;
                QVERIFY(trace->device[i].start >= trace->device[i - 1].end);
                inFlight += trace->calls[i].dispatchBegin < trace->calls[i - 1].workEnd ? 1 : 0;
            }
        }
        QVERIFY2(inFlight > 0, "every call was dispatched after the one before it had ended");
        const Json out = *artifact.stdoutJson();
        if (out.contains(performance06::key::kLatencyMedian)
            && out.at(performance06::key::kPerCall).back().get<double>() > 0)
            QVERIFY(out.at(performance06::key::kPerCall).back().get<double>()
                    < out.at(performance06::key::kLatencyMedian).get<double>());
    }

    // performance-07 on the device: each run opens its own context and buffers and warms up anew,
    // so each is a group of its own: as many warm-ups as runs, every run's calls together and in
    // order in the trace (a sample's round is its run), each with its quota of samples and a
    // median. A lesson that timed one long run on one context and cut it in three would have one
    // warm-up; one that ran the runs interleaved would not keep each run's calls together.
    void performance07RepeatsTheRunOnTheDevice()
    {
        static constexpr std::int64_t runs = 3, samples = 10;
        // Beside the suite's other work every sample of a run can be interrupted, and the run then
        // has no median: such a run is taken again, and skipped if the machine stays that busy.
        const auto measure = [] {
            return runOnTheDevice(performance07::kId, {{performance07::kRunsParameter, runs}, {"samples", samples}});
        };
        const auto everyRunHasAMedian
            = [](const Artifact &a) { return performance07::readFigures(a).medians.size() == std::size_t(runs); };
        Artifact artifact = measure();
        for (int attempt = 1; attempt < 3 && !everyRunHasAMedian(artifact); ++attempt)
            artifact = measure();
        verifySoundOnTheDevice(artifact);
        const performance07::Figures f = performance07::readFigures(artifact);
        const std::vector<std::vector<double>> cleanByRun = f.warm.cleanByRound();
        const auto cleanRuns = std::count_if(cleanByRun.begin(), cleanByRun.end(),
                                             [](const std::vector<double> &r) { return !r.empty(); });
        if (!everyRunHasAMedian(artifact) && cleanRuns < runs)
            QSKIP("every sample of a run was interrupted by other work, in three tries");
        QCOMPARE(f.medians.size(), std::size_t(runs));
        QCOMPARE(f.pairs, std::int64_t{3});
        QVERIFY(f.maxAbsError && *f.maxAbsError < 1e-4); // the device's kernel, against the reference
        const std::vector<std::vector<double>> byRun = roundsOf(f.warm.seconds, f.warm.round);
        QCOMPARE(byRun.size(), std::size_t(runs));
        for (const std::vector<double> &run : byRun)
            QVERIFY(run.size() >= std::size_t(samples)); // a quota per run, not for the whole
        const Json &warmups = artifact.json().at("environment").at("interference").at("measuring").at("warmup");
        QCOMPARE(warmups.size(), std::size_t(runs));
        for (const Json &warmup : warmups)
            QVERIFY(warmup.at("calls").get<std::int64_t>() > 0);
        const std::optional<Trace> trace = artifact.trace();
        QCOMPARE(trace->evidence.size(), trace->calls.size());
        QCOMPARE(trace->evidence.front().round, std::int64_t{0});
        QCOMPARE(trace->evidence.back().round, runs - 1);
        for (std::size_t i = 1; i < trace->evidence.size(); ++i) {
            const std::int64_t step = trace->evidence[i].round - trace->evidence[i - 1].round;
            QVERIFY(step == 0 || step == 1);
            QVERIFY(trace->calls[i - 1].readyObserved <= trace->calls[i].dispatchBegin); // one run after another
        }
    }

    // performance-08 on the device: every figure is the device's profiling timer's (stdout names
    // it, and states the device's resolution instead of the host's clock_getres and TSC). Each
    // reading in the trace is its kernel's START → END on the device's own stamps; a batch the
    // kernel's compiler hoisted or dropped would read an empty kernel whatever its size, so each
    // thousandfold batch reads more than the one before it in device time, and the fixed cost's
    // share of a reading falls with it.
    void performance08ReadsTheBatchesOnTheDevicesClock()
    {
        // Beside the suite's other work every reading of a batch size can be interrupted, and the
        // size is then left out (no clean median to state): such a run is taken again.
        const auto everySizeRead = [](const Artifact &a) {
            return performance08::readFigures(a).batchSizes.size() == performance08::kBatchSizes.size();
        };
        Artifact artifact = runOnTheDevice(performance08::kId, {{"samples", std::int64_t(21)}});
        for (int attempt = 1; attempt < 3 && !everySizeRead(artifact); ++attempt)
            artifact = runOnTheDevice(performance08::kId, {{"samples", std::int64_t(21)}});
        verifySoundOnTheDevice(artifact);
        const Json out = *artifact.stdoutJson();
        QCOMPARE(out.at(performance08::key::kClock).get<std::string>(), std::string(performance08::kDeviceClock));
        QVERIFY(!out.contains(performance08::key::kClockGetres) && !out.contains(performance08::key::kTscRead));
        const double resolution = out.at(performance08::key::kTimerResolution).get<double>();
        QCOMPARE(resolution,
                 artifact.json().at("environment").at("device").at("profilingTimerResolutionNs").get<double>() * 1e-9);
        const performance08::Figures f = performance08::readFigures(artifact);
        if (!everySizeRead(artifact) && interruptedOf(artifact) > 0)
            QSKIP("every reading of a batch size was interrupted by other work, in three tries");
        QVERIFY(f.onDevice());
        QVERIFY(f.clockStep && *f.clockStep >= resolution);
        QCOMPARE(f.batchSizes.size(), performance08::kBatchSizes.size());
        QVERIFY(f.readingMedian[4] > f.readingMedian[2] * 10); // 10,000 operations against 100
        QVERIFY(f.readingMedian[3] > f.readingMedian[1]);      // 1,000 against 10
        QVERIFY(f.clockRead && f.readingMedian.back() > *f.clockRead);
        for (std::size_t b = 2; b < f.clockShare.size(); ++b) // from 10 on, each tenfold batch well apart
            QVERIFY(f.clockShare[b] <= f.clockShare[b - 1]);
        QVERIFY(f.clockShare.back() < f.clockShare.front());
        QVERIFY(f.forOnePercent && *f.forOnePercent > 1);
        QVERIFY(f.maxAbsError && *f.maxAbsError < 1e-5); // the kernel computed the product
        const std::optional<Trace> trace = artifact.trace();
        QCOMPARE(trace->calls.size(), std::size_t(21) * performance08::kBatchSizes.size());
        for (std::size_t i = 0; i < trace->calls.size(); ++i) {
            const DeviceClockTimes &d = trace->device[i];
            QVERIFY(d.known && d.start < d.end);
            // stdout's reading is this call's START → END on the device's own stamps.
            const std::size_t batch = i % performance08::kBatchSizes.size();
            QCOMPARE(f.readings[batch].seconds[i / performance08::kBatchSizes.size()],
                     static_cast<double>(d.end - d.start) * 1e-9);
            QVERIFY(trace->calls[i].dispatchBegin <= trace->calls[i].workBegin);
        }
        const auto timeline = timelineOf(artifact);
        QVERIFY(timeline->measuredReading().find("profiling timer") != std::string::npos);
        const double answer = static_cast<double>(*f.forOnePercent);
        QVERIFY(timeline->lengthVerdict(answer, timeline->representativeCall()).correct);
        QVERIFY(!timeline->lengthVerdict(answer * 10, timeline->representativeCall()).correct);
    }
};

QTEST_GUILESS_MAIN(TestDeviceLessons)
#include "tst_devicelessons.moc"
