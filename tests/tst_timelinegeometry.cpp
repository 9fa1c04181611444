// The timeline's coordinate maths alone: time ↔ pixel, rows, hit-testing, zoom, pan, ticks.
#include "ui/timeline/timelinegeometry.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace lessonscope::timeline;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
} // namespace

Q_DECLARE_METATYPE(TimeScale)
Q_DECLARE_METATYPE(std::vector<double>)

class TestTimelineGeometry : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<TimeScale>("scale");
        QTest::addColumn<double>("time");

        QTest::newRow("unit") << TimeScale{0, 1, 0, 1} << 0.25;
        QTest::newRow("ns call on a wide widget") << TimeScale{-300, 5200, 210, 1190} << 4100.0;
        QTest::newRow("schematic units") << TimeScale{-6, 108, 180, 800} << 76.0;
        QTest::newRow("outside the range, left") << TimeScale{0, 100, 10, 110} << -50.0;
        QTest::newRow("outside the range, right") << TimeScale{0, 100, 10, 110} << 1e6;
        QTest::newRow("mirrored pixels") << TimeScale{0, 100, 500, 100} << 30.0;
        QTest::newRow("a run 10 s long in ns") << TimeScale{0, 1e10, 0, 1000} << 123456789.0;
        QTest::newRow("sub-pixel range") << TimeScale{1000, 1000.5, 0, 800} << 1000.125;
    }

    void roundTrip()
    {
        QFETCH(TimeScale, scale);
        QFETCH(double, time);
        const double pixel = timeToPixel(scale, time);
        QVERIFY(std::isfinite(pixel));
        const double back = pixelToTime(scale, pixel);
        QVERIFY2(std::fabs(back - time) <= 1e-9 * std::max(1.0, std::fabs(time)),
                 qPrintable(QStringLiteral("%1 → %2 → %3").arg(time).arg(pixel).arg(back)));
        // And the other way: pixel → time → pixel.
        QVERIFY(std::fabs(timeToPixel(scale, pixelToTime(scale, 333.0)) - 333.0) < 1e-6);
    }

    void endsMapToEnds()
    {
        const TimeScale scale{-6, 108, 180, 800};
        QCOMPARE(timeToPixel(scale, -6), 180.0);
        QCOMPARE(timeToPixel(scale, 108), 800.0);
        QCOMPARE(pixelToTime(scale, 180), -6.0);
        QCOMPARE(pixelToTime(scale, 800), 108.0);
        QCOMPARE(timeToPixel(scale, 51), 490.0); // the middle
    }

    void degenerateScales()
    {
        const TimeScale emptyTime{5, 5, 10, 110};
        QCOMPARE(timeToPixel(emptyTime, 5), 10.0);
        QCOMPARE(timeToPixel(emptyTime, 1e9), 10.0);
        QCOMPARE(pixelToTime(emptyTime, 60), 5.0);
        const TimeScale emptyPixels{0, 100, 40, 40};
        QCOMPARE(timeToPixel(emptyPixels, 50), 40.0);
        QCOMPARE(pixelToTime(emptyPixels, 999), 0.0);
    }

    void nonFiniteInput()
    {
        const TimeScale scale{0, 100, 0, 200};
        QVERIFY(std::isnan(timeToPixel(scale, kNaN)));
        QVERIFY(std::isnan(pixelToTime(scale, kNaN)));
        QCOMPARE(timeToPixel(scale, kInf), kInf);
        QCOMPARE(timeToPixel(TimeScale{0, 100, 200, 0}, kInf), -kInf);
    }

    void rowAt_data()
    {
        QTest::addColumn<double>("y");
        QTest::addColumn<int>("row");
        // Rows at 50, 90, 130, 170; the last ends at 210.
        QTest::newRow("above") << 49.9 << -1;
        QTest::newRow("top edge belongs to the first row") << 50.0 << 0;
        QTest::newRow("inside the first row") << 70.0 << 0;
        QTest::newRow("boundary belongs to the row below") << 90.0 << 1;
        QTest::newRow("just above the boundary") << 89.999 << 0;
        QTest::newRow("last row") << 209.0 << 3;
        QTest::newRow("bottom edge is outside") << 210.0 << -1;
        QTest::newRow("far below") << 1e9 << -1;
        QTest::newRow("NaN") << kNaN << -1;
    }

    void rowAt()
    {
        QFETCH(double, y);
        QFETCH(int, row);
        const RowLayout rows{50, 40, 4};
        QCOMPARE(lessonscope::timeline::rowAt(rows, y), row);
    }

    void rowAtDegenerate()
    {
        QCOMPARE(lessonscope::timeline::rowAt(RowLayout{0, 40, 0}, 10), -1);
        QCOMPARE(lessonscope::timeline::rowAt(RowLayout{0, 0, 4}, 0), -1);
        QCOMPARE(lessonscope::timeline::rowAt(RowLayout{0, -10, 4}, 5), -1);
        QCOMPARE(rowTop(RowLayout{50, 40, 4}, 2), 130.0);
    }

    void nearestIndex()
    {
        const std::vector<double> xs = {100, 110, 300, 900};
        QCOMPARE(lessonscope::timeline::nearestIndex(xs, 104, kInf), 0);
        QCOMPARE(lessonscope::timeline::nearestIndex(xs, 105, kInf), 0); // a tie: the lower index
        QCOMPARE(lessonscope::timeline::nearestIndex(xs, 106, kInf), 1);
        QCOMPARE(lessonscope::timeline::nearestIndex(xs, 5000, kInf), 3);
        QCOMPARE(lessonscope::timeline::nearestIndex(xs, 200, 50), -1); // none close enough
        QCOMPARE(lessonscope::timeline::nearestIndex(xs, 250, 50), 2);  // inclusive distance
        QCOMPARE(lessonscope::timeline::nearestIndex({}, 0, kInf), -1);
        const std::vector<double> withNaN = {kNaN, 10};
        QCOMPARE(lessonscope::timeline::nearestIndex(withNaN, 0, kInf), 1);
    }

    void boxAt()
    {
        const std::vector<Box> boxes = {{0, 0, 100, 20}, {50, 0, 51, 20}, {200, 40, 300, 60}};
        QCOMPARE(lessonscope::timeline::boxAt(boxes, 10, 10), 0);
        QCOMPARE(lessonscope::timeline::boxAt(boxes, 50.5, 10), 1); // the one drawn last wins
        QCOMPARE(lessonscope::timeline::boxAt(boxes, 100, 20), 0);  // closed edges
        QCOMPARE(lessonscope::timeline::boxAt(boxes, 150, 10), -1);
        QCOMPARE(lessonscope::timeline::boxAt(boxes, 198, 50), -1);
        QCOMPARE(lessonscope::timeline::boxAt(boxes, 198, 50, 2), 2); // grown by the tolerance
        QCOMPARE(lessonscope::timeline::boxAt({}, 0, 0), -1);
    }

    void zoomKeepsTheAnchor()
    {
        const TimeScale scale{0, 1000, 100, 1100};
        const double anchorPixel = 350;
        const double anchorTime = pixelToTime(scale, anchorPixel);
        const TimeScale in = zoomedAt(scale, anchorPixel, 4, 1, 1e6);
        QCOMPARE(in.timeSpan(), 250.0);
        QVERIFY(std::fabs(pixelToTime(in, anchorPixel) - anchorTime) < 1e-9);
        const TimeScale out = zoomedAt(in, anchorPixel, 0.25, 1, 1e6);
        QVERIFY(std::fabs(out.timeBegin - scale.timeBegin) < 1e-9);
        QVERIFY(std::fabs(out.timeEnd - scale.timeEnd) < 1e-9);
    }

    void zoomIsClamped()
    {
        const TimeScale scale{0, 1000, 0, 500};
        QCOMPARE(zoomedAt(scale, 250, 1e9, 10, 4000).timeSpan(), 10.0);
        QCOMPARE(zoomedAt(scale, 250, 1e-9, 10, 4000).timeSpan(), 4000.0);
        const TimeScale same = zoomedAt(scale, 250, 0, 10, 4000);
        QCOMPARE(same.timeBegin, 0.0);
        QCOMPARE(same.timeEnd, 1000.0);
        QCOMPARE(zoomedAt(scale, 250, kNaN, 10, 4000).timeEnd, 1000.0);
    }

    void pan()
    {
        const TimeScale scale{0, 1000, 0, 500};
        const TimeScale right = pannedBy(scale, 50); // content moves right: earlier times appear
        QCOMPARE(right.timeBegin, -100.0);
        QCOMPARE(right.timeEnd, 900.0);
        QCOMPARE(pannedBy(scale, kNaN).timeBegin, 0.0);
        QCOMPARE(pannedBy(TimeScale{0, 1000, 7, 7}, 50).timeBegin, 0.0);
    }

    void niceTicks_data()
    {
        QTest::addColumn<double>("begin");
        QTest::addColumn<double>("end");
        QTest::addColumn<int>("maxTicks");
        QTest::addColumn<QList<double>>("ticks");

        QTest::newRow("0..10 by 2") << 0.0 << 10.0 << 6 << QList<double>{0, 2, 4, 6, 8, 10};
        QTest::newRow("a call in ns") << -300.0 << 5200.0 << 8 << QList<double>{0, 1000, 2000, 3000, 4000, 5000};
        QTest::newRow("fractions") << 0.11 << 0.49 << 4 << QList<double>{0.2, 0.3, 0.4};
        QTest::newRow("one tick allowed") << 0.0 << 10.0 << 1 << QList<double>{0, 10};
        QTest::newRow("empty range") << 5.0 << 5.0 << 5 << QList<double>{};
        QTest::newRow("reversed range") << 10.0 << 0.0 << 5 << QList<double>{};
        QTest::newRow("no ticks wanted") << 0.0 << 10.0 << 0 << QList<double>{};
        QTest::newRow("infinite") << 0.0 << kInf << 5 << QList<double>{};
    }

    void niceTicks()
    {
        QFETCH(double, begin);
        QFETCH(double, end);
        QFETCH(int, maxTicks);
        QFETCH(QList<double>, ticks);
        const std::vector<double> got = lessonscope::timeline::niceTicks(begin, end, maxTicks);
        if (maxTicks == 1) {
            QVERIFY(got.size() <= 1); // never more than asked for
            return;
        }
        QCOMPARE(static_cast<qsizetype>(got.size()), ticks.size());
        for (qsizetype i = 0; i < ticks.size(); ++i)
            QVERIFY2(std::fabs(got[static_cast<std::size_t>(i)] - ticks[i]) < 1e-12,
                     qPrintable(QString::number(got[static_cast<std::size_t>(i)])));
    }

    void niceTicksNeverExceedTheLimit()
    {
        for (int maxTicks = 1; maxTicks < 12; ++maxTicks) {
            for (double span : {1.0, 7.0, 10.0, 99.0, 1234.5, 5.5e9}) {
                const auto ticks = lessonscope::timeline::niceTicks(-span / 3, span, maxTicks);
                QVERIFY(static_cast<int>(ticks.size()) <= maxTicks);
                for (double t : ticks)
                    QVERIFY(t >= -span / 3 && t <= span);
            }
        }
        QCOMPARE(niceStep(0, 5), 0.0);
        QCOMPARE(niceStep(10, 5), 2.0);
        QCOMPARE(niceStep(10, 4), 5.0);
        QCOMPARE(niceStep(10, 10), 1.0);
    }

    // A dragged length: the bar's end at a pixel is a multiple of the reference, kept in range.
    void lengthAtAPixel()
    {
        // 0..1000 ns over 100..1100 px: one ns per pixel; the bar begins at 200 ns (pixel 300),
        // and the reference is 100 ns long.
        const TimeScale scale{0, 1000, 100, 1100};
        QCOMPARE(pixelOfMultiple(scale, 200, 100, 0), 300.0);
        QCOMPARE(pixelOfMultiple(scale, 200, 100, 2.5), 550.0);
        QCOMPARE(multipleAtPixel(scale, 200, 100, 550, 0.1, 8), 2.5);
        QCOMPARE(multipleAtPixel(scale, 200, 100, 400, 0.1, 8), 1.0);
        // Round trip for every multiple in range.
        for (double multiple : {0.1, 0.37, 1.0, 1.93, 4.2, 7.99}) {
            const double pixel = pixelOfMultiple(scale, 200, 100, multiple);
            QVERIFY(std::fabs(multipleAtPixel(scale, 200, 100, pixel, 0.1, 8) - multiple) < 1e-12);
        }
        // Left of the anchor, or past the most: clamped.
        QCOMPARE(multipleAtPixel(scale, 200, 100, 150, 0.1, 8), 0.1);
        QCOMPARE(multipleAtPixel(scale, 200, 100, 1100, 0.1, 8), 8.0);
        QCOMPARE(multipleAtPixel(scale, 200, 100, 5000, 0.1, 3), 3.0);
        // Nothing to measure by: the least.
        QCOMPARE(multipleAtPixel(scale, 200, 0, 550, 0.1, 8), 0.1);
        QCOMPARE(multipleAtPixel(scale, 200, -5, 550, 0.1, 8), 0.1);
        QCOMPARE(multipleAtPixel(scale, 200, kInf, 550, 0.1, 8), 0.1);
        QCOMPARE(multipleAtPixel(scale, 200, 100, kNaN, 0.1, 8), 0.1);
        QCOMPARE(multipleAtPixel(TimeScale{0, 0, 100, 1100}, 200, 100, 550, 0.1, 8), 0.1);
        QVERIFY(std::isnan(pixelOfMultiple(scale, 200, 100, kNaN)));
        // Mirrored pixels: the same multiple at the mirrored place.
        const TimeScale mirrored{0, 1000, 1100, 100};
        QCOMPARE(multipleAtPixel(mirrored, 200, 100, pixelOfMultiple(mirrored, 200, 100, 2.5), 0.1, 8), 2.5);
    }

    // One key press: one step, landing on whole steps, within range.
    void lengthSteps_data()
    {
        QTest::addColumn<double>("multiple");
        QTest::addColumn<int>("steps");
        QTest::addColumn<double>("expected");
        QTest::newRow("one up") << 1.0 << 1 << 1.05;
        QTest::newRow("one down") << 1.0 << -1 << 0.95;
        QTest::newRow("five up") << 1.0 << 5 << 1.25;
        QTest::newRow("off-grid up lands on the next step") << 1.234 << 1 << 1.25;
        QTest::newRow("off-grid down lands on the step below") << 1.234 << -1 << 1.2;
        QTest::newRow("at the least, down stays") << 0.1 << -1 << 0.1;
        QTest::newRow("at the most, up stays") << 8.0 << 1 << 8.0;
        QTest::newRow("below the least is lifted") << 0.01 << 0 << 0.1;
        QTest::newRow("NaN is the least") << kNaN << 1 << 0.1;
    }

    void lengthSteps()
    {
        QFETCH(double, multiple);
        QFETCH(int, steps);
        QFETCH(double, expected);
        const double stepped = steppedMultiple(multiple, steps, 0.05, 0.1, 8);
        QVERIFY2(std::fabs(stepped - expected) < 1e-9, qPrintable(QString::number(stepped, 'g', 17)));
        // A step that is not positive moves nothing (but still keeps the range).
        QCOMPARE(steppedMultiple(2.0, 3, 0, 0.1, 8), 2.0);
        QCOMPARE(steppedMultiple(2.0, 3, -1, 0.1, 8), 2.0);
        QCOMPARE(steppedMultiple(9.0, 0, 0, 0.1, 8), 8.0);
    }

    // The opening view spreads crowded candidates: the ones nearest the anchor stay in view at
    // least minPixels apart, the far ones leave it; a view that already separates them stays.
    void viewSeparatesTheCandidates_data()
    {
        QTest::addColumn<std::vector<double>>("times");
        QTest::addColumn<double>("anchor");
        QTest::addColumn<double>("begin");
        QTest::addColumn<double>("end");
        QTest::addColumn<int>("inView"); // candidates left in the view; -1: the view unchanged

        // performance-05's slowest call: fastest, median, mean within 0.1 µs; the call at 35 µs.
        QTest::newRow("stop: a cluster beside a long call")
            << std::vector<double>{1000, 1050, 1100, 35000} << 0.0 << -1000.0 << 36000.0 << 3;
        QTest::newRow("start: the mirror")
            << std::vector<double>{-35000, -1100, -1050, -1000} << 0.0 << -36000.0 << 1000.0 << 3;
        QTest::newRow("already apart") << std::vector<double>{100, 400, 900} << 0.0 << -50.0 << 1000.0 << -1;
        QTest::newRow("anchor among them") << std::vector<double>{-10, 1, 2} << 0.0 << -50.0 << 1000.0 << -1;
        QTest::newRow("one candidate") << std::vector<double>{5} << 0.0 << -50.0 << 1000.0 << -1;
        QTest::newRow("NaN time") << std::vector<double>{1, kNaN, 3} << 0.0 << -50.0 << 1000.0 << -1;
        QTest::newRow("all at one place") << std::vector<double>{10, 10, 10} << 0.0 << -1.0 << 1000.0 << -1;
    }

    void viewSeparatesTheCandidates()
    {
        QFETCH(std::vector<double>, times);
        QFETCH(double, anchor);
        QFETCH(double, begin);
        QFETCH(double, end);
        QFETCH(int, inView);
        const double pixels = 800;
        const double spacing = 28;
        const ViewRange view = viewSeparating(times, anchor, {begin, end}, pixels, spacing);
        if (inView < 0) {
            QCOMPARE(view.begin, begin);
            QCOMPARE(view.end, end);
            return;
        }
        QVERIFY(view.begin >= begin && view.end <= end && view.end > view.begin);
        QVERIFY(anchor >= view.begin && anchor <= view.end); // the timer's fixed end stays in view
        std::vector<double> shown;
        for (double t : times) {
            if (t >= view.begin && t <= view.end)
                shown.push_back(t);
        }
        QCOMPARE(int(shown.size()), inView);
        for (std::size_t i = 1; i < shown.size(); ++i)
            QVERIFY((shown[i] - shown[i - 1]) / (view.end - view.begin) * pixels >= spacing);
    }
};

QTEST_GUILESS_MAIN(TestTimelineGeometry)
#include "tst_timelinegeometry.moc"
