// The warm-up's rule (core/lesson/measuring.h) on calls made up by the test: what it asks is
// counted and stated, never timed against a threshold of the machine's.
#include "core/lesson/measuring.h"

#include <QTest>

#include <cstdint>

using namespace lessonscope;

class TestWarmUp : public QObject
{
    Q_OBJECT

private slots:
    // A first lap is never warm: at least 64 calls, steady or not.
    void aFirstLapIsNotWarm()
    {
        int calls = 0;
        const WarmUp warmUp = warmUpUntilSteady(
            [&calls] {
                ++calls;
                return std::pair<std::int64_t, bool>{800, true};
            },
            [] { return false; });
        QVERIFY(warmUp.steady);
        QCOMPARE(warmUp.calls, calls);
        QVERIFY(warmUp.calls >= WarmUpRule{}.leastCalls);
    }

    // Calls that each take a sixteenth longer than the last (back to 1 µs past a second, so that
    // no sum overflows) are never steady: the warm-up ends at its bound and says so.
    void callsThatKeepChangingAreNotSteady()
    {
        std::int64_t duration = 1'000;
        const WarmUp warmUp = warmUpUntilSteady(
            [&duration] {
                duration = duration > 1'000'000'000 ? 1'000 : duration + duration / 16;
                return std::pair<std::int64_t, bool>{duration, true};
            },
            [] { return false; });
        QVERIFY(!warmUp.steady);
        QCOMPARE(warmUp.calls, WarmUpRule{}.mostCalls);
    }

    // Interrupted calls are not what steadiness is judged on: after a lap of interrupted calls
    // (of growing lengths) the warm-up goes on until clean ones agree, and ends steady.
    void interruptedCallsDoNotCount()
    {
        int calls = 0;
        const WarmUp warmUp = warmUpUntilSteady(
            [&calls] {
                ++calls;
                return calls <= 64 ? std::pair<std::int64_t, bool>{calls * 1000, false}
                                   : std::pair<std::int64_t, bool>{800, true};
            },
            [] { return false; });
        QVERIFY(warmUp.steady);
        QVERIFY(warmUp.calls > 64); // at least two clean calls, one block against the other
    }

    void aCancelEndsIt()
    {
        int calls = 0;
        const WarmUp warmUp = warmUpUntilSteady(
            [&calls] {
                ++calls;
                return std::pair<std::int64_t, bool>{800, true};
            },
            [&calls] { return calls >= 3; });
        QVERIFY(!warmUp.steady);
        QCOMPARE(warmUp.calls, 3);
    }
};

QTEST_GUILESS_MAIN(TestWarmUp)
#include "tst_warmup.moc"
