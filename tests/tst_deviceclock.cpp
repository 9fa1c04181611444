// The device's clock related to the host's on a real device (PoCL here and in CI): the relation
// established, its method and clock said, and every timestamp it converts inside the host's reads
// around the call that made it.
#include "core/opencl/deviceclock.h"
#include "core/opencl/openclproduct.h"
#include "opencltesting.h"

#include <QTest>

#include <vector>

using namespace lessonscope;

class TestDeviceClock : public QObject
{
    Q_OBJECT

private slots:
    // PoCL stamps its events with clock_gettime(CLOCK_MONOTONIC_RAW) (its pocl_gettimemono_ns),
    // and cannot answer clGetDeviceAndHostTimer: the commands' timestamps must say so.
    void poclsClockIsTheRawHostClock()
    {
        OPENCL_SESSION_OR_SKIP(session);
        if (!session->device().isPocl())
            QSKIP("not PoCL");
        const DeviceClockRelation clock = calibrateDeviceClock(*session);
        QVERIFY2(clock.established(), clock.problem.c_str());
        QCOMPARE(int(clock.method), int(DeviceClockRelation::Method::DeviceIsHostClock));
        QVERIFY2(QString::fromStdString(clock.deviceClock).contains(QStringLiteral("CLOCK_MONOTONIC_RAW")),
                 clock.deviceClock.c_str());
        QVERIFY(!clock.evidence.empty());
        QVERIFY(clock.uncertaintyNs >= 0);
        // The offset is MonotonicClock − CLOCK_MONOTONIC_RAW, read directly.
        const OffsetInterval raw = monotonicMinus(HostClock::MonotonicRaw, 64);
        QVERIFY(std::llabs(clock.toHostNs(0) - raw.midNs()) <= clock.uncertaintyNs + raw.halfWidthNs() + 1000);
    }

    // Whatever the method, each converted moment of a call lies within the host's reads around it:
    // QUEUED within its enqueue, START and END between the enqueue and the observed readiness.
    void convertedTimesFallWithinTheHostsView()
    {
        OPENCL_SESSION_OR_SKIP(session);
        const DeviceClockRelation first = calibrateDeviceClock(*session);
        QVERIFY2(first.established(), first.problem.c_str());
        OpenClProduct product(*session, MatmulKernel::Dtype::Float32, 64, 32, 16, 0);
        product.createKernel();
        product.allocate();
        product.place(true);
        std::vector<OpenClCallRecord> records;
        for (int i = 0; i < 32; ++i) {
            OpenClCommand call = product.enqueue();
            call.wait();
            records.push_back(call.record());
        }
        const DeviceClockRelation clock = combined(first, calibrateDeviceClock(*session));
        QVERIFY(clock.lastDeviceNs > clock.firstDeviceNs);
        const std::int64_t u = clock.uncertaintyNs;
        for (const OpenClCallRecord &r : records) {
            QVERIFY(clock.toHostNs(r.device.queuedNs) + u >= r.enqueueBeginNs);
            QVERIFY(clock.toHostNs(r.device.queuedNs) - u <= r.enqueueEndNs);
            QVERIFY(clock.toHostNs(r.device.startNs) + u >= r.enqueueBeginNs);
            QVERIFY(clock.toHostNs(r.device.endNs) - u <= r.readyObservedNs);
        }
    }
};

QTEST_GUILESS_MAIN(TestDeviceClock)
#include "tst_deviceclock.moc"
