// The Mann–Whitney U test gives what scipy.stats.mannwhitneyu(x, y, alternative="two-sided")
// gives (SciPy 1.10.1, Debian 12's python3-scipy, which Google Benchmark's compare.py calls): each
// expected statistic and p-value below was printed by that call on the same samples.
#include "core/timing/mannwhitney.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace lessonscope;

Q_DECLARE_METATYPE(std::vector<double>)

namespace {

std::vector<double> sequence(int count, int multiplier, int modulo, int offset)
{
    std::vector<double> values;
    for (int i = 0; i < count; ++i)
        values.push_back((i * multiplier) % modulo + offset);
    return values;
}

} // namespace

class TestMannWhitney : public QObject
{
    Q_OBJECT

private slots:
    void matchesScipy_data()
    {
        QTest::addColumn<std::vector<double>>("x");
        QTest::addColumn<std::vector<double>>("y");
        QTest::addColumn<double>("u1");
        QTest::addColumn<double>("p");
        QTest::addColumn<bool>("exact");
        // Both samples small, no ties: the exact distribution.
        QTest::newRow("exact, small") << std::vector<double>{1.5, 3.25, 4.0, 7.5, 9.0}
                                      << std::vector<double>{2.0, 5.5, 6.0, 8.25} << 9.0 << 0.9047619047619049 << true;
        // One sample above 8 values, the other not, and no ties: still exact (the normal
        // approximation gives 0.0830 here).
        QTest::newRow("exact, one sample of nine")
            << std::vector<double>{0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5}
            << std::vector<double>{3.0, 6.0, 9.0, 12.0, 15.0} << 9.0 << 0.08291708291708291 << true;
        // Completely apart, three each: 2 × 1/20.
        QTest::newRow("exact, apart") << std::vector<double>{1, 2, 3} << std::vector<double>{4, 5, 6} << 0.0 << 0.1
                                      << true;
        // A tie sends even small samples to the normal approximation, with the tie correction.
        QTest::newRow("ties, small") << std::vector<double>{1, 2, 2, 3} << std::vector<double>{2, 3, 4} << 2.5
                                     << 0.2663799233424825 << false;
        // Ten against ten, completely apart: compare.py's p of the loaded run in tests/data/peers.
        QTest::newRow("ten against ten, apart")
            << sequence(10, 1, 100, 0) << sequence(10, 1, 100, 10) << 0.0 << 0.00018267179110955002 << false;
        QTest::newRow("every value the same")
            << std::vector<double>{5, 5, 5} << std::vector<double>{5, 5} << 3.0 << 1.0 << false;
        QTest::newRow("large, many ties")
            << sequence(30, 7, 13, 0) << sequence(40, 5, 11, 1) << 564.0 << 0.672500449145643 << false;
        QTest::newRow("one value each") << std::vector<double>{1.0} << std::vector<double>{2.0} << 0.0 << 1.0 << true;
    }

    void matchesScipy()
    {
        QFETCH(std::vector<double>, x);
        QFETCH(std::vector<double>, y);
        QFETCH(double, u1);
        QFETCH(double, p);
        QFETCH(bool, exact);
        const auto test = mannWhitneyU(x, y);
        QVERIFY(test);
        QCOMPARE(test->u1, u1);
        QCOMPARE(test->exact, exact);
        // SciPy's normal survival function and ours (erfc) agree to the last digits.
        QVERIFY2(std::fabs(test->pValue - p) <= 1e-12 * std::max(1.0, p),
                 qPrintable(QString::number(test->pValue, 'g', 17)));
    }

    void symmetricInItsSamples()
    {
        const std::vector<double> x{1.5, 3.25, 4.0, 7.5, 9.0, 11, 12, 13, 14, 15};
        const std::vector<double> y{2.0, 5.5, 6.0, 8.25, 10, 16, 17, 18, 19};
        QCOMPARE(mannWhitneyU(x, y)->pValue, mannWhitneyU(y, x)->pValue);
    }

    void refusesWhatHasNoTest()
    {
        const std::vector<double> some{1, 2, 3};
        QVERIFY(!mannWhitneyU({}, some));
        QVERIFY(!mannWhitneyU(some, {}));
        const std::vector<double> withNaN{1, std::numeric_limits<double>::quiet_NaN()};
        QVERIFY(!mannWhitneyU(withNaN, some));
        const std::vector<double> withInfinity{1, std::numeric_limits<double>::infinity()};
        QVERIFY(!mannWhitneyU(some, withInfinity));
    }
};

QTEST_GUILESS_MAIN(TestMannWhitney)
#include "tst_mannwhitney.moc"
