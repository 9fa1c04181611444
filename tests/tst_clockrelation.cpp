// The arithmetic that relates two clocks (core/opencl/clockrelation.h), alone: brackets and their
// intersection, identifying a host clock by reading it, converting device times.
#include "core/opencl/clockrelation.h"
#include "core/timing/monotonicclock.h"

#include <QTest>

#include <cstdlib>
#include <vector>

using namespace lessonscope;

class TestClockRelation : public QObject
{
    Q_OBJECT

private slots:
    void bracketsIntersect()
    {
        // The other clock runs 1,000 ns behind the host: every event it stamped at t happened
        // while the host read between t + 1,000 − before and t + 1,000 + after.
        const std::vector<ClockBracket> brackets
            = {{10'900, 10'000, 11'400}, {20'950, 20'000, 21'050}, {30'700, 30'000, 31'200}};
        const OffsetInterval interval = offsetInterval(brackets);
        QVERIFY(interval.consistent());
        QCOMPARE(interval.lowNs, 950);   // the latest "host began" less the other's reading
        QCOMPARE(interval.highNs, 1050); // the earliest "host ended"
        QCOMPARE(interval.samples, 3);
        QCOMPARE(interval.midNs(), 1000);
        QCOMPARE(interval.halfWidthNs(), 50);
    }

    void bracketsThatDisagreeAreInconsistent()
    {
        // A clock that jumped by 10 µs between two reads is no constant offset from the host's.
        const std::vector<ClockBracket> brackets = {{1000, 0, 1100}, {21'000, 10'000, 21'100}};
        QVERIFY(!offsetInterval(brackets).consistent());
        QVERIFY(!offsetInterval({}).consistent());
    }

    void hullHoldsEveryPair()
    {
        const std::vector<ClockBracket> pairs = {{1000, 0, 1000}, {2010, 1000, 2010}, {2990, 2000, 2990}};
        const OffsetInterval hull = offsetHull(pairs);
        QCOMPARE(hull.lowNs, 990);
        QCOMPARE(hull.highNs, 1010);
        QVERIFY(!offsetInterval(pairs).consistent()); // as brackets, pairs of no width disagree
    }

    void sumsAndOverlaps()
    {
        const OffsetInterval a{100, 200, 4};
        const OffsetInterval b{-50, 30, 8};
        const OffsetInterval s = sum(a, b);
        QCOMPARE(s.lowNs, 50);
        QCOMPARE(s.highNs, 230);
        QVERIFY(a.overlaps(OffsetInterval{190, 400, 1}));
        QVERIFY(!a.overlaps(OffsetInterval{201, 400, 1}));
        QVERIFY(!a.overlaps(OffsetInterval{})); // no reads: nothing overlaps it
        QCOMPARE(hull(a, OffsetInterval{300, 310, 1}).highNs, 310);
        QCOMPARE(intersection(a, OffsetInterval{150, 400, 1}).lowNs, 150);
    }

    // MonotonicClock is CLOCK_MONOTONIC: its offset to it is nothing, within a clock read.
    void monotonicClockIsClockMonotonic()
    {
        const OffsetInterval offset = monotonicMinus(HostClock::Monotonic, 64);
        QVERIFY(offset.consistent());
        QVERIFY2(offset.lowNs <= 0 && offset.highNs >= 0, qPrintable(QString::number(offset.lowNs)));
    }

    void identifiesTheClockAReaderReads_data()
    {
        QTest::addColumn<int>("clock");
        QTest::newRow("CLOCK_MONOTONIC_RAW") << int(HostClock::MonotonicRaw);
        QTest::newRow("CLOCK_MONOTONIC") << int(HostClock::Monotonic);
        QTest::newRow("CLOCK_BOOTTIME") << int(HostClock::Boottime);
    }

    void identifiesTheClockAReaderReads()
    {
        QFETCH(int, clock);
        const HostClock read = HostClock(clock);
        OffsetInterval evidence;
        const std::optional<HostClock> found = identifyHostClock([read] { return readHostClock(read); }, 32, &evidence);
        QVERIFY(found.has_value());
        QVERIFY(evidence.lowNs <= 0 && evidence.highNs >= 0);
        // The clock found reads what the reader reads: the same clock, or one that agrees with it
        // to within the reads (CLOCK_MONOTONIC and CLOCK_BOOTTIME on a machine that never slept).
        const OffsetInterval foundToMono = monotonicMinus(*found, 32);
        const OffsetInterval readToMono = monotonicMinus(read, 32);
        const std::int64_t apart = std::llabs(foundToMono.midNs() - readToMono.midNs());
        QVERIFY2(apart <= (evidence.highNs - evidence.lowNs) + foundToMono.halfWidthNs() + readToMono.halfWidthNs()
                         + 1000,
                 qPrintable(QStringLiteral("%1 found for %2, %3 ns apart")
                                .arg(QLatin1String(hostClockName(*found)), QLatin1String(hostClockName(read)))
                                .arg(apart)));
        // Where NTP has slewed CLOCK_MONOTONIC away from CLOCK_MONOTONIC_RAW (226 ms on the
        // reference machine), the raw clock is told apart exactly.
        const std::int64_t rawToMono = monotonicMinus(HostClock::MonotonicRaw, 32).midNs();
        if (std::llabs(rawToMono) > 1'000'000 && (read == HostClock::MonotonicRaw || *found == HostClock::MonotonicRaw))
            QCOMPARE(int(*found), int(read));
    }

    void aShiftedClockIsNoHostClock()
    {
        // A device's own timer: a clock that counts like CLOCK_MONOTONIC, a second ahead.
        auto deviceTimer = [] { return MonotonicClock::nowNs() + 1'000'000'000; };
        QVERIFY(!identifyHostClock(deviceTimer, 16).has_value());
    }

    void convertsWithOneCalibration()
    {
        DeviceClockRelation r;
        r.method = DeviceClockRelation::Method::ProfilingBrackets;
        r.firstDeviceNs = r.lastDeviceNs = 5'000;
        r.firstOffsetNs = r.lastOffsetNs = 226'557'871;
        QCOMPARE(r.toHostNs(5'000), 226'562'871);
        QCOMPARE(r.toHostNs(-1'000), 226'556'871);
        QCOMPARE(r.driftPpm(), 0.0);
    }

    void convertsAlongTheDriftOfTwoCalibrations()
    {
        DeviceClockRelation earlier;
        earlier.method = DeviceClockRelation::Method::DeviceIsHostClock;
        earlier.deviceClock = "CLOCK_MONOTONIC_RAW";
        earlier.firstDeviceNs = earlier.lastDeviceNs = 1'000'000'000;
        earlier.firstOffsetNs = earlier.lastOffsetNs = 500;
        earlier.uncertaintyNs = 20;
        DeviceClockRelation later = earlier;
        later.firstDeviceNs = later.lastDeviceNs = 11'000'000'000; // ten seconds on
        later.firstOffsetNs = later.lastOffsetNs = 700;            // 200 ns apart: 0.02 ppm
        later.uncertaintyNs = 30;
        const DeviceClockRelation both = combined(earlier, later);
        QCOMPARE(both.toHostNs(1'000'000'000), 1'000'000'500);
        QCOMPARE(both.toHostNs(6'000'000'000), 6'000'000'600); // halfway: half the drift
        QCOMPARE(both.toHostNs(11'000'000'000), 11'000'000'700);
        QCOMPARE(both.toHostNs(21'000'000'000), 21'000'000'900); // extrapolated
        QCOMPARE(both.driftPpm(), 0.02);
        QCOMPARE(both.uncertaintyNs, 30);
        // Relations of different methods or clocks do not combine: the later one stands alone.
        DeviceClockRelation other = later;
        other.deviceClock = "CLOCK_MONOTONIC";
        QCOMPARE(combined(earlier, other).firstDeviceNs, other.firstDeviceNs);
    }

    void noRelationIsSaid()
    {
        const DeviceClockRelation none;
        QVERIFY(!none.established());
        QCOMPARE(QString::fromLatin1(clockMethodName(none.method)), QStringLiteral("none"));
        QCOMPARE(QString::fromLatin1(hostClockName(HostClock::MonotonicRaw)), QStringLiteral("CLOCK_MONOTONIC_RAW"));
    }
};

QTEST_GUILESS_MAIN(TestClockRelation)
#include "tst_clockrelation.moc"
