#include "ui/charts/seriesthinning.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

// Thinning keeps the drawn shape (first/min/max/last per column) and bounds the point count.
class TestSeriesThinning : public QObject
{
    Q_OBJECT

private slots:
    void keepsSmallSeriesWhole_data();
    void keepsSmallSeriesWhole();
    void boundsLargeSeries();
    void keepsSpikes();
    void dropsNonFinite();
    void unsortedIsBucketedByIndex();
};

void TestSeriesThinning::keepsSmallSeriesWhole_data()
{
    QTest::addColumn<int>("size");
    QTest::addColumn<int>("columns");
    QTest::newRow("empty") << 0 << 600;
    QTest::newRow("one point") << 1 << 600;
    QTest::newRow("seed's seven warm samples") << 7 << 600;
    QTest::newRow("exactly four per column") << 2400 << 600;
    QTest::newRow("columns 0 counts as 1") << 4 << 0;
}

void TestSeriesThinning::keepsSmallSeriesWhole()
{
    QFETCH(int, size);
    QFETCH(int, columns);
    std::vector<double> x(static_cast<std::size_t>(size)), y(static_cast<std::size_t>(size));
    for (int i = 0; i < size; ++i) {
        x[static_cast<std::size_t>(i)] = i + 1;
        y[static_cast<std::size_t>(i)] = std::sin(i);
    }
    const std::vector<std::size_t> kept = thinMinMax(x, y, columns);
    QCOMPARE(kept.size(), static_cast<std::size_t>(size));
    for (std::size_t i = 0; i < kept.size(); ++i)
        QCOMPARE(kept[i], i);
}

void TestSeriesThinning::boundsLargeSeries()
{
    const std::size_t n = 100'000;
    std::vector<double> x(n), y(n);
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = static_cast<double>(i);
        y[i] = std::sin(static_cast<double>(i) / 500.0) + 1e-3 * static_cast<double>(i % 7);
    }
    const std::vector<std::size_t> kept = thinMinMax(x, y, 600);
    QVERIFY(kept.size() <= 4 * 600);
    QVERIFY(kept.size() >= 600);
    QVERIFY(std::is_sorted(kept.begin(), kept.end()));
    QCOMPARE(kept.front(), std::size_t(0));
    QCOMPARE(kept.back(), n - 1);
    // The extremes of the whole series survive.
    const auto [minIt, maxIt] = std::minmax_element(y.begin(), y.end());
    const auto has = [&kept](std::size_t i) { return std::find(kept.begin(), kept.end(), i) != kept.end(); };
    QVERIFY(has(static_cast<std::size_t>(minIt - y.begin())));
    QVERIFY(has(static_cast<std::size_t>(maxIt - y.begin())));
}

void TestSeriesThinning::keepsSpikes()
{
    const std::size_t n = 50'000;
    std::vector<double> x(n), y(n, 1.0);
    for (std::size_t i = 0; i < n; ++i)
        x[i] = static_cast<double>(i);
    y[31'337] = 1000.0; // one slow call among many: must not vanish from the chart
    y[12'345] = -5.0;
    const std::vector<std::size_t> kept = thinMinMax(x, y, 100);
    QVERIFY(std::find(kept.begin(), kept.end(), std::size_t(31'337)) != kept.end());
    QVERIFY(std::find(kept.begin(), kept.end(), std::size_t(12'345)) != kept.end());
}

void TestSeriesThinning::dropsNonFinite()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const std::vector<double> x = {1, 2, 3, 4, 5};
    const std::vector<double> y = {1, nan, 3, inf, 5};
    const std::vector<std::size_t> kept = thinMinMax(x, y, 10);
    QCOMPARE(kept, (std::vector<std::size_t>{0, 2, 4}));
    // x and y of different lengths: the shorter decides.
    QCOMPARE(thinMinMax(x, std::vector<double>{1, 2}, 10), (std::vector<std::size_t>{0, 1}));
}

void TestSeriesThinning::unsortedIsBucketedByIndex()
{
    const std::size_t n = 10'000;
    std::vector<double> x(n), y(n);
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = static_cast<double>((i * 7919) % n); // a permutation
        y[i] = static_cast<double>(i % 13);
    }
    const std::vector<std::size_t> kept = thinMinMax(x, y, 50);
    QVERIFY(kept.size() <= 4 * 50);
    QVERIFY(std::is_sorted(kept.begin(), kept.end()));
    QCOMPARE(kept.front(), std::size_t(0));
    QCOMPARE(kept.back(), n - 1);
}

QTEST_MAIN(TestSeriesThinning)
#include "tst_seriesthinning.moc"
