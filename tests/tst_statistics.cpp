#include "core/timing/statistics.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace lessonscope;

using Values = std::vector<double>;
Q_DECLARE_METATYPE(Values)

namespace {

// Equal to within a few ulps of the larger magnitude: the expected values are worked out by hand
// in decimal, the code computes in binary.
bool near(double actual, double expected)
{
    const double scale = std::max({1.0, std::fabs(actual), std::fabs(expected)});
    return std::fabs(actual - expected) <= 4 * std::numeric_limits<double>::epsilon() * scale;
}

} // namespace

class TestStatistics : public QObject
{
    Q_OBJECT

private slots:
    void summarize_data();
    void summarize();
    void emptyGivesCountZeroAndNaN();
    void nanInInputGivesNaN();
    void inputOrderDoesNotMatter();
    void percentile_data();
    void percentile();
    void percentileOutOfRangeIsNaN();
    void medianOfTheSeedSamples();
    void studentsTAtBothLevels();
    void roundsIntervalWidensWithItsConfidence();
};

void TestStatistics::summarize_data()
{
    QTest::addColumn<Values>("values");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<double>("mean");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("stddev");
    QTest::addColumn<double>("mad");

    // stddev by hand: sqrt(sum((x - mean)^2) / (n - 1)); mad: median(|x - median|).
    QTest::newRow("single value") << Values{3.5} << 3.5 << 3.5 << 3.5 << 3.5 << 0.0 << 0.0;
    // {1,2}: mean 1.5, median 1.5, squares 0.25+0.25 -> sqrt(0.5); deviations {0.5,0.5} -> 0.5.
    QTest::newRow("two values") << Values{2, 1} << 1.0 << 2.0 << 1.5 << 1.5 << std::sqrt(0.5) << 0.5;
    // {1,2,3,4,100}: mean 22, median 3; squares 441+400+361+324+6084=7610 -> sqrt(7610/4);
    // deviations {2,1,0,1,97} -> sorted {0,1,1,2,97} -> 1. The outlier moves mean, not median.
    QTest::newRow("odd count with outlier")
        << Values{4, 100, 1, 3, 2} << 1.0 << 100.0 << 22.0 << 3.0 << std::sqrt(7610.0 / 4) << 1.0;
    // {1,2,3,4,5,6}: mean 3.5, median (3+4)/2 = 3.5; squares 6.25+2.25+0.25 twice = 17.5 ->
    // sqrt(3.5); deviations {2.5,1.5,0.5,0.5,1.5,2.5} -> (1.5+1.5)/2 = 1.5.
    QTest::newRow("even count") << Values{6, 5, 4, 3, 2, 1} << 1.0 << 6.0 << 3.5 << 3.5 << std::sqrt(3.5) << 1.5;
    QTest::newRow("all equal") << Values{7, 7, 7, 7} << 7.0 << 7.0 << 7.0 << 7.0 << 0.0 << 0.0;
    // {-2,-1,0,10}: mean 1.75, median -0.5; squares 14.0625+7.5625+3.0625+68.0625=92.75 ->
    // sqrt(92.75/3); deviations {1.5,0.5,0.5,10.5} -> sorted {0.5,0.5,1.5,10.5} -> 1.0.
    QTest::newRow("negative values") << Values{10, -1, 0, -2} << -2.0 << 10.0 << 1.75 << -0.5 << std::sqrt(92.75 / 3)
                                     << 1.0;
}

void TestStatistics::summarize()
{
    QFETCH(Values, values);
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(double, mean);
    QFETCH(double, median);
    QFETCH(double, stddev);
    QFETCH(double, mad);

    const Statistics s = lessonscope::summarize(values);
    QCOMPARE(s.count, values.size());
    QCOMPARE(s.min, min);
    QCOMPARE(s.max, max);
    QVERIFY2(near(s.mean, mean), qPrintable(QString::number(s.mean, 'g', 17)));
    QCOMPARE(s.median, median);
    QVERIFY2(near(s.stddev, stddev), qPrintable(QString::number(s.stddev, 'g', 17)));
    QCOMPARE(s.mad, mad);
    QCOMPARE(lessonscope::median(values), median);
}

void TestStatistics::emptyGivesCountZeroAndNaN()
{
    const Statistics s = lessonscope::summarize({});
    QCOMPARE(s.count, std::size_t(0));
    for (double v : {s.min, s.max, s.mean, s.median, s.stddev, s.mad})
        QVERIFY(std::isnan(v));
    QVERIFY(std::isnan(lessonscope::median({})));
    QVERIFY(std::isnan(lessonscope::percentile({}, 50)));
}

void TestStatistics::nanInInputGivesNaN()
{
    const Values values{1, std::nan(""), 3};
    const Statistics s = lessonscope::summarize(values);
    QCOMPARE(s.count, std::size_t(3));
    QVERIFY(std::isnan(s.median));
    QVERIFY(std::isnan(s.mean));
    QVERIFY(std::isnan(lessonscope::median(values)));
    QVERIFY(std::isnan(lessonscope::percentile(values, 50)));
}

void TestStatistics::inputOrderDoesNotMatter()
{
    const Values a{5, 1, 4, 2, 3};
    const Values b{1, 2, 3, 4, 5};
    QCOMPARE(lessonscope::median(a), lessonscope::median(b));
    QCOMPARE(lessonscope::percentile(a, 90), lessonscope::percentile(b, 90));
    QCOMPARE(lessonscope::summarize(a).mad, lessonscope::summarize(b).mad);
}

void TestStatistics::percentile_data()
{
    QTest::addColumn<Values>("values");
    QTest::addColumn<double>("q");
    QTest::addColumn<double>("expected");

    // numpy.percentile(v, q), linear: rank = q/100 * (n - 1), interpolate between neighbours.
    const Values five{10, 20, 30, 40, 50}; // ranks fall on 0, 1, 2, 3.6, 4
    QTest::newRow("five q0") << five << 0.0 << 10.0;
    QTest::newRow("five q25") << five << 25.0 << 20.0;
    QTest::newRow("five q50") << five << 50.0 << 30.0;
    QTest::newRow("five q90") << five << 90.0 << 46.0; // 40 + 0.6 * 10
    QTest::newRow("five q100") << five << 100.0 << 50.0;
    const Values four{4, 1, 3, 2}; // sorted 1..4; ranks 0, 0.75, 1.5, 2.7, 3
    QTest::newRow("four q0") << four << 0.0 << 1.0;
    QTest::newRow("four q25") << four << 25.0 << 1.75;
    QTest::newRow("four q50 is the median") << four << 50.0 << 2.5;
    QTest::newRow("four q90") << four << 90.0 << 3.7;
    QTest::newRow("four q100") << four << 100.0 << 4.0;
    QTest::newRow("single value q0") << Values{8} << 0.0 << 8.0;
    QTest::newRow("single value q90") << Values{8} << 90.0 << 8.0;
    QTest::newRow("single value q100") << Values{8} << 100.0 << 8.0;
}

void TestStatistics::percentile()
{
    QFETCH(Values, values);
    QFETCH(double, q);
    QFETCH(double, expected);
    const double actual = lessonscope::percentile(values, q);
    QVERIFY2(near(actual, expected), qPrintable(QString::number(actual, 'g', 17)));
}

void TestStatistics::percentileOutOfRangeIsNaN()
{
    const Values values{1, 2, 3};
    QVERIFY(std::isnan(lessonscope::percentile(values, -1)));
    QVERIFY(std::isnan(lessonscope::percentile(values, 100.5)));
    QVERIFY(std::isnan(lessonscope::percentile(values, std::nan(""))));
}

void TestStatistics::medianOfTheSeedSamples()
{
    // The recorded artifact's seven warm samples and the median it reports, bit for bit.
    const Values warm{3.833277150988579e-05, 1.7374753952026367e-05, 1.2500211596488953e-05, 8.500181138515472e-06,
                      8.20821151137352e-06,  8.458271622657776e-06,  7.125083357095718e-06};
    QCOMPARE(lessonscope::median(warm), 8.500181138515472e-06);
    const Values even{1e-6, 3e-6};
    QCOMPARE(lessonscope::median(even), 2e-6);
    // In place: the same values, from the caller's own copy.
    Values copy = warm;
    QCOMPARE(lessonscope::medianInPlace(copy), 8.500181138515472e-06);
    Values evenCopy{3e-6, 1e-6, 5e-6, 2e-6};
    QCOMPARE(lessonscope::medianInPlace(evenCopy), 2.5e-6);
    Values withNaN{1.0, std::nan(""), 2.0};
    QVERIFY(std::isnan(lessonscope::medianInPlace(withNaN)));

    // Of the finite ones, without a copy: the same as numpy's median of them, bit for bit, over
    // signs, zeros, denormals, the extremes and ties.
    const double inf = std::numeric_limits<double>::infinity();
    QCOMPARE(lessonscope::medianOfFinite(warm), 8.500181138515472e-06);
    QCOMPARE(lessonscope::medianOfFinite(Values{inf, 3.0, std::nan(""), -inf, 1.0}), 2.0);
    QVERIFY(std::isnan(lessonscope::medianOfFinite(Values{inf, std::nan("")})));
    QVERIFY(std::isnan(lessonscope::medianOfFinite(Values{})));
    Values mixed{-2.5, 0.0, -0.0, 5e-324, -5e-324, 1.7976931348623157e308, -1.7976931348623157e308,
                 7.0,  7.0, 7.0,  3.25};
    std::uint64_t state = 12345;
    for (int i = 0; i < 2000; ++i) { // and a larger sample of many magnitudes
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        mixed.push_back(std::ldexp(static_cast<double>(state >> 40) - 8388608.0, static_cast<int>(state % 64) - 32));
    }
    for (std::size_t n :
         {std::size_t(1), std::size_t(2), std::size_t(7), std::size_t(11), mixed.size() - 1, mixed.size()}) {
        const Values part(mixed.begin(), mixed.begin() + static_cast<std::ptrdiff_t>(n));
        QCOMPARE(lessonscope::medianOfFinite(part), lessonscope::median(part));
    }
}

// Against a table of Student's t (and, past 30 degrees, its known values to three decimals).
void TestStatistics::studentsTAtBothLevels()
{
    QCOMPARE(studentT95(5), 2.5706);
    QCOMPARE(studentT99(5), 4.0321);
    QCOMPARE(studentT99(30), 2.7500);
    QVERIFY(std::fabs(studentT99(5.5) - (4.0321 + 3.7074) / 2) < 1e-12); // interpolated
    QVERIFY(std::fabs(studentT99(40) - 2.704) < 1e-3);
    QVERIFY(std::fabs(studentT99(120) - 2.617) < 1e-3);
    QVERIFY(std::fabs(studentT95(120) - 1.980) < 1e-3);
    QVERIFY(studentT99(1e9) > kZ99 && studentT99(1e9) < kZ99 + 1e-6);
    QCOMPARE(studentT99(0.2), studentT99(1)); // below one degree reads as one
}

// Welch's t on the logs, worked by hand: rounds {1, e} and {e, e²} in log space are {0, 1} and
// {1, 2}: means 0.5 and 1.5 (a ratio of geometric means of e), variances 0.5 each,
// se = sqrt(0.25 + 0.25), 2 degrees of freedom.
void TestStatistics::roundsIntervalWidensWithItsConfidence()
{
    const double e = std::exp(1.0);
    const Values a{1, e}, b{e, e * e};
    const auto at95 = roundRatioInterval(a, b);
    const auto at99 = roundRatioInterval(a, b, 0.99);
    QVERIFY(at95 && at99);
    QVERIFY(std::fabs(at95->degrees - 2) < 1e-12);
    const double se = std::sqrt(0.5);
    QVERIFY(std::fabs(at95->low - e * std::exp(-4.3027 * se)) < 1e-9);
    QVERIFY(std::fabs(at99->high - e * std::exp(9.9248 * se)) < 1e-6);
    QVERIFY(at99->low < at95->low && at95->high < at99->high);
    QVERIFY(!roundRatioInterval(Values{1}, b, 0.99));
    // Centred on the ratio of the geometric means (2 and 3 here), whatever else the sides' figures
    // are: centred on another ratio, Welch's t would not cover what it states.
    const auto centred = roundRatioInterval(Values{1, 4}, Values{3, 3});
    QVERIFY(centred && std::fabs(std::sqrt(centred->low * centred->high) - 1.5) < 1e-12);
}

QTEST_GUILESS_MAIN(TestStatistics)
#include "tst_statistics.moc"
