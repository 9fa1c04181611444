// The OpenCL backend on a real device (PoCL here and in CI): the product as a kernel, its
// placement, its calls and what each clock says of them. Each test names the mutant it stops.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "core/opencl/deviceclock.h"
#include "core/opencl/openclerror.h"
#include "core/opencl/openclproduct.h"
#include "core/opencl/openclprogram.h"
#include "core/timing/matmulkernel.h"
#include "opencltesting.h"

#include <QTest>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

using namespace lessonscope;
using Dtype = MatmulKernel::Dtype;

namespace {

constexpr int kM = 64, kK = 32, kN = 16;

// Opens the gate after 20 s unless stopped first: an enqueue that waits for its work (the mutant)
// then returns with the work complete and fails the test, instead of waiting forever. The right
// code never meets the timeout, so no figure depends on it.
class GateWatchdog
{
public:
    explicit GateWatchdog(OpenClGate &gate)
        : m_thread([this, event = static_cast<cl_event>(gate.nativeEvent())] {
              std::unique_lock lock(m_mutex);
              if (!m_stopped.wait_for(lock, std::chrono::seconds(20), [this] { return m_stop; }))
                  clSetUserEventStatus(event, CL_COMPLETE);
          })
    { }
    ~GateWatchdog() { stop(); }
    void stop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_stopped.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_stopped;
    bool m_stop = false;
    std::thread m_thread;
};

OpenClDeviceTimes profiledByTheDriver(const OpenClCommand &command)
{
    auto read = [&command](cl_profiling_info which) {
        cl_ulong value = 0;
        clGetEventProfilingInfo(static_cast<cl_event>(command.nativeEvent()), which, sizeof value, &value, nullptr);
        return static_cast<std::int64_t>(value);
    };
    return {read(CL_PROFILING_COMMAND_QUEUED), read(CL_PROFILING_COMMAND_SUBMIT), read(CL_PROFILING_COMMAND_START),
            read(CL_PROFILING_COMMAND_END)};
}

void setUp(OpenClProduct &product)
{
    product.createKernel();
    product.allocate();
}

double computedError(OpenClProduct &product)
{
    OpenClCommand call = product.enqueue();
    call.wait();
    product.readBack(true);
    return product.maxAbsErrorAgainstReference();
}

} // namespace

class TestOpenClDevice : public QObject
{
    Q_OBJECT

private slots:
    void versionStrings_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<int>("major");
        QTest::addColumn<int>("minor");
        QTest::newRow("PoCL") << "OpenCL 3.0 PoCL HSTR: pthread-x86_64" << 3 << 0;
        QTest::newRow("NVIDIA") << "OpenCL 3.0 CUDA" << 3 << 0;
        QTest::newRow("old GPU driver") << "OpenCL 1.2 AMD-APP (3513.0)" << 1 << 2;
        QTest::newRow("two digits") << "OpenCL 10.25 x" << 10 << 25;
        QTest::newRow("the kernel language, not a device version") << "OpenCL C 1.2 PoCL" << 0 << 0;
        QTest::newRow("no minor") << "OpenCL 3." << 0 << 0;
        QTest::newRow("empty") << "" << 0 << 0;
        QTest::newRow("another API") << "Vulkan 1.3" << 0 << 0;
    }

    void versionStrings()
    {
        QFETCH(QString, version);
        QFETCH(int, major);
        QFETCH(int, minor);
        const auto [gotMajor, gotMinor] = parseOpenClVersion(version.toStdString());
        QCOMPARE(gotMajor, major);
        QCOMPARE(gotMinor, minor);
    }

    void listsWhatTheDriverSays()
    {
        OPENCL_SESSION_OR_SKIP(session);
        const OpenClDeviceInfo &device = session->device();
        QCOMPARE(QString::fromStdString(device.id()), QStringLiteral("opencl:0"));
        QVERIFY(!device.name.empty() && !device.platformName.empty() && !device.driverVersion.empty());
        QVERIFY(device.versionMajor >= 1);
        QVERIFY(device.computeUnits >= 1);
        QVERIFY(device.profilingTimerResolutionNs >= 1);
        QVERIFY(!device.type.empty());
        QVERIFY(device.available && device.compilerAvailable);
    }

    void openingIsTimedPartByPart()
    {
        OPENCL_SESSION_OR_SKIP(session);
        const TimedStep steps[] = {session->platformStep(), session->contextStep(), session->queueStep()};
        for (const TimedStep &step : steps)
            QVERIFY(step.measured() && step.ns() >= 0);
        QVERIFY(steps[0].endNs <= steps[1].beginNs && steps[1].endNs <= steps[2].beginNs);
    }

    // The kernel multiplies the stream's inputs: its output is MatmulKernel's, within rounding.
    void productIsTheStreamsProduct_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<double>("bound");
        QTest::newRow("float32") << int(Dtype::Float32) << 1e-5;
        QTest::newRow("float64") << int(Dtype::Float64) << 1e-13;
    }

    void productIsTheStreamsProduct()
    {
        QFETCH(int, dtype);
        QFETCH(double, bound);
        OPENCL_SESSION_OR_SKIP(session);
        if (Dtype(dtype) == Dtype::Float64 && !session->device().fp64) {
            QVERIFY_THROWS_EXCEPTION(OpenClUnsupported, OpenClProduct(*session, Dtype::Float64, kM, kK, kN, 7));
            QSKIP("the device has no cl_khr_fp64: float64 is refused, as it should be");
        }
        OpenClProduct product(*session, Dtype(dtype), kM, kK, kN, 7);
        setUp(product);
        product.place(true);
        const double error = computedError(product);
        QVERIFY2(error > 0 || Dtype(dtype) == Dtype::Float64, "float32 sums of 32 products round somewhere");
        QVERIFY2(error < bound, qPrintable(QString::number(error)));
        MatmulKernel stream(Dtype(dtype), kM, kK, kN, 7);
        stream.multiply();
        const std::vector<double> device = product.output();
        const std::vector<double> host = stream.output();
        QCOMPARE(device.size(), host.size());
        for (std::size_t i = 0; i < host.size(); ++i)
            QVERIFY2(std::abs(device[i] - host[i]) <= error + stream.maxAbsErrorAgainstReference(),
                     qPrintable(QString::number(i)));
    }

    void float64IsMoreAccurateThanFloat32()
    {
        OPENCL_SESSION_OR_SKIP(session);
        if (!session->device().fp64)
            QSKIP("the device has no cl_khr_fp64");
        OpenClProduct f32(*session, Dtype::Float32, kM, kK, kN, 0);
        OpenClProduct f64(*session, Dtype::Float64, kM, kK, kN, 0);
        setUp(f32);
        setUp(f64);
        f32.place(true);
        f64.place(true);
        QVERIFY(computedError(f64) < computedError(f32));
    }

    // Built once per context: a second product (another dtype too) builds nothing.
    void theProgramIsBuiltOncePerContext()
    {
        OPENCL_SESSION_OR_SKIP(session);
        OpenClProduct first(*session, Dtype::Float32, kM, kK, kN, 0);
        first.createKernel();
        const OpenClProgram *program = &session->productProgram();
        const TimedStep built = program->build().build;
        OpenClProduct second(*session, session->device().fp64 ? Dtype::Float64 : Dtype::Float32, 8, 8, 8, 1);
        second.createKernel();
        QCOMPARE(&session->productProgram(), program);
        QCOMPARE(session->productProgram().build().build.beginNs, built.beginNs);
        QVERIFY(program->hasKernel("lessonscope_product_float32"));
        QCOMPARE(program->hasKernel("lessonscope_product_float64"), session->device().fp64);
        QVERIFY(!program->hasKernel("lessonscope_product"));
    }

    void aFailedBuildKeepsItsLog()
    {
        OPENCL_SESSION_OR_SKIP(session);
        try {
            OpenClProgram broken(*session, "__kernel void broken(__global float *x) { x[0] = undeclared; }", "");
            QFAIL("a kernel naming an undeclared variable built");
        } catch (const OpenClBuildError &error) {
            QCOMPARE(error.code(), CL_BUILD_PROGRAM_FAILURE);
            QVERIFY2(QString::fromStdString(error.log()).contains(QStringLiteral("undeclared")), error.log().c_str());
            QVERIFY(QString::fromLatin1(error.what()).contains(QStringLiteral("CL_BUILD_PROGRAM_FAILURE")));
            // What run prints is the message: it quotes the log on one line, not "its log is kept".
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains(QStringLiteral("undeclared")) && !message.contains(QLatin1Char('\n')),
                     error.what());
        }
    }

    // Mutant: a dispatch-only enqueue that calls clFinish. Behind a shut gate the work cannot have
    // run when enqueue returns, so its status says whether enqueue waited; the device's START
    // then comes after the gate opened, which came after enqueue returned.
    void dispatchReturnsBeforeTheWorkRuns()
    {
        OPENCL_SESSION_OR_SKIP(session);
        const DeviceClockRelation clock = calibrateDeviceClock(*session);
        QVERIFY2(clock.established(), clock.problem.c_str());
        OpenClProduct product(*session, Dtype::Float32, kM, kK, kN, 0);
        setUp(product);
        product.place(true);
        OpenClGate gate(*session);
        GateWatchdog watchdog(gate);
        OpenClCommand call = product.enqueue(&gate);
        const OpenClStatus returnedAt = call.status();
        watchdog.stop();
        QVERIFY2(returnedAt == OpenClStatus::Queued || returnedAt == OpenClStatus::Submitted,
                 openClStatusName(returnedAt));
        const std::int64_t opened = gate.open();
        call.wait();
        const OpenClCallRecord record = call.record();
        QVERIFY(record.enqueueEndNs <= opened);
        QVERIFY(clock.toHostNs(record.device.startNs) + clock.uncertaintyNs >= opened);
        QVERIFY(record.readyObservedNs >= clock.toHostNs(record.device.endNs) - clock.uncertaintyNs);
    }

    // Mutant: device timestamps taken from the host's clock. They are the event's own profiling.
    void deviceTimesAreTheEventsOwn()
    {
        OPENCL_SESSION_OR_SKIP(session);
        OpenClProduct product(*session, Dtype::Float32, kM, kK, kN, 0);
        setUp(product);
        product.place(true);
        OpenClCommand call = product.enqueue();
        QVERIFY_THROWS_EXCEPTION(std::logic_error, call.record()); // not waited for yet
        call.wait();
        const OpenClDeviceTimes ours = call.deviceTimes();
        const OpenClDeviceTimes driver = profiledByTheDriver(call);
        QCOMPARE(ours.queuedNs, driver.queuedNs);
        QCOMPARE(ours.submitNs, driver.submitNs);
        QCOMPARE(ours.startNs, driver.startNs);
        QCOMPARE(ours.endNs, driver.endNs);
        QVERIFY(ours.queuedNs <= ours.submitNs && ours.submitNs <= ours.startNs && ours.startNs <= ours.endNs);
        QVERIFY(ours.queuedNs > 0);
    }

    // Mutant: a placement that skips the copy. Copied inputs are the device's own: inputs made
    // anew on the host after placement do not reach the call until placed again.
    void placementCopiesTheInputs()
    {
        OPENCL_SESSION_OR_SKIP(session);
        OpenClProduct product(*session, Dtype::Float32, kM, kK, kN, 1);
        setUp(product);
        QVERIFY(!product.zeroCopy());
        product.place(true);
        product.prepare(2); // the host's inputs change; the device still holds seed 1's
        const double againstSeed2 = computedError(product);
        product.prepare(1);
        const double againstSeed1 = product.maxAbsErrorAgainstReference();
        QVERIFY2(againstSeed2 > 0.1, qPrintable(QString::number(againstSeed2))); // another product altogether
        QVERIFY2(againstSeed1 < 1e-5, qPrintable(QString::number(againstSeed1)));
        product.prepare(2);
        product.place(true);
        QVERIFY(computedError(product) < 1e-5);
    }

    // CL_MEM_USE_HOST_PTR on a device that maps the host's memory: zero copy is detected, and the
    // call computes with whatever the host's inputs hold when it runs — placement moved nothing.
    void useHostPointerIsSaidZeroCopy()
    {
        OPENCL_SESSION_OR_SKIP(session);
        OpenClProduct product(*session, Dtype::Float32, kM, kK, kN, 1, OpenClPlacement::UseHostPointer);
        setUp(product);
        if (!product.zeroCopy())
            QSKIP("this device copies CL_MEM_USE_HOST_PTR buffers: its placement moves the bytes");
        product.place(true);
        product.prepare(2);
        QVERIFY(computedError(product) < 1e-5); // seed 2's inputs, never placed
    }

    // The un-awaited clEnqueueWriteBuffer: it returns before its copy, and the next call on the
    // in-order queue starts only after the copy ended, so a timer started "after placement" times it.
    void anUnawaitedPlacementLeaksIntoTheCall()
    {
        OPENCL_SESSION_OR_SKIP(session);
        OpenClProduct product(*session, Dtype::Float32, kM, kK, kN, 3);
        setUp(product);
        OpenClGate gate(*session);
        GateWatchdog watchdog(gate);
        OpenClCommand placement = product.place(false, &gate);
        const OpenClStatus returnedAt = placement.status();
        OpenClCommand call = product.enqueue(); // behind the placement on the in-order queue
        watchdog.stop();
        QVERIFY2(returnedAt != OpenClStatus::Complete, openClStatusName(returnedAt));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, product.prepare(4)); // the copy still reads them
        gate.open();
        call.wait();
        session->finish();
        const OpenClDeviceTimes write = placement.deviceTimes();
        const OpenClDeviceTimes work = call.deviceTimes();
        QVERIFY(work.queuedNs <= write.startNs);
        QVERIFY(write.endNs <= work.startNs);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, product.place(true, &gate));
        product.readBack(true);
        QVERIFY(product.maxAbsErrorAgainstReference() < 1e-5);
    }

    // K calls in flight with one wait: every one is marked ready by the one clFinish, and the
    // device ran them one after another.
    void callsInFlightWithOneWait()
    {
        OPENCL_SESSION_OR_SKIP(session);
        OpenClProduct product(*session, Dtype::Float32, kM, kK, kN, 0);
        setUp(product);
        product.place(true);
        std::vector<OpenClCommand> calls;
        for (int i = 0; i < 64; ++i)
            calls.push_back(product.enqueue());
        const std::int64_t ready = session->finish(calls);
        for (std::size_t i = 0; i < calls.size(); ++i) {
            const OpenClCallRecord record = calls[i].record();
            QCOMPARE(record.readyObservedNs, ready);
            QVERIFY(record.enqueueEndNs <= ready);
            if (i > 0)
                QVERIFY(calls[i - 1].deviceTimes().endNs <= record.device.startNs);
        }
    }

    void stepsOutOfOrderAreRefused()
    {
        OPENCL_SESSION_OR_SKIP(session);
        OpenClProduct product(*session, Dtype::Float32, kM, kK, kN, 0);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, product.enqueue());
        QVERIFY_THROWS_EXCEPTION(std::logic_error, product.place(true));
        QVERIFY(std::isnan(product.maxAbsErrorAgainstReference()));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, OpenClProduct(*session, Dtype::Float32, 0, 1, 1, 0));
    }
};

QTEST_GUILESS_MAIN(TestOpenClDevice)
#include "tst_opencldevice.moc"
