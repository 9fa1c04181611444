// The arithmetic of a Chrome trace's times: a reader adds ts + dur in doubles, and an event must
// never end past the next one's start there (docs/timeline.md, "Written from whole nanoseconds").
#include "core/trace/chrometrace.h"

#include <QTest>

#include <cstdint>
#include <limits>

using namespace lessonscope;

class TestChromeTraceTime : public QObject
{
    Q_OBJECT

private slots:
    // Every event's ts + dur, in a reader's doubles, ends at or just before its end, never past it:
    // 39.716 + 74.436 lands past 114.152 and no dur lands on it (a performance-03 device run's
    // dispatch crossed its wait). Over a grid of whole-nanosecond times, as the writer makes them.
    void aDurationNeverEndsPastItsEnd()
    {
        QCOMPARE(39.716 + 74.436 > 114.152, true); // the case itself, in doubles
        const double d = chromeDurationBetween(39.716, 114.152);
        QVERIFY(39.716 + d <= 114.152);
        QVERIFY(114.152 - (39.716 + d) <= 2 * std::numeric_limits<double>::epsilon() * 114.152);
        int landed = 0;
        for (std::int64_t begin = 1; begin < 200'000; begin += 997) {
            for (std::int64_t length = 1; length < 500'000; length += 7'919) {
                const double ts = static_cast<double>(begin) / 1000.0;
                const double end = static_cast<double>(begin + length) / 1000.0;
                const double dur = chromeDurationBetween(ts, end);
                QVERIFY2(ts + dur <= end, qPrintable(QStringLiteral("%1 + %2").arg(ts, 0, 'g', 17).arg(dur, 0, 'g', 17)));
                QVERIFY(end - (ts + dur) <= 2 * std::numeric_limits<double>::epsilon() * end);
                landed += ts + dur == end ? 1 : 0;
            }
        }
        QVERIFY(landed > 0);
    }

};

QTEST_GUILESS_MAIN(TestChromeTraceTime)
#include "tst_chrometracetime.moc"
