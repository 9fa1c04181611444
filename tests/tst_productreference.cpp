// The reference every lesson's max_abs_error is measured against: the exact product, carried in
// double-double, for float32 and float64 products alike.
#include "core/timing/productreference.h"

#include <QTest>

#include <cmath>
#include <random>
#include <vector>

using namespace lessonscope;

class TestProductReference : public QObject
{
    Q_OBJECT

private slots:
    // Small integers: the product is exact, and so is its error.
    void anExactProductHasNoError()
    {
        const std::vector<double> x = {1, 2, 3, 4, 5, 6};  // 2×3, column-major
        const std::vector<double> w = {1, 0, 2, -1, 1, 1}; // 3×2
        std::vector<double> out = {1 + 0 + 10, 2 + 0 + 12, -1 + 3 + 5, -2 + 4 + 6};
        QCOMPARE(maxAbsErrorOfProduct(x.data(), w.data(), out.data(), 2, 3, 2), 0.0);
        out[3] += 0.25;
        QCOMPARE(maxAbsErrorOfProduct(x.data(), w.data(), out.data(), 2, 3, 2), 0.25);
        const std::vector<float> xf(x.begin(), x.end()), wf(w.begin(), w.end());
        std::vector<float> outf(out.begin(), out.end());
        QCOMPARE(maxAbsErrorOfProduct(xf.data(), wf.data(), outf.data(), 2, 3, 2), 0.25);
    }

    // Sums that cancel: 1e20 + 1 − 1e20 is 1, which long double (64 bits) loses and double-double
    // keeps. A float64 product's error is measured exactly where long double would say 0.
    void itIsMorePreciseThanLongDouble()
    {
        const std::vector<double> x = {1e20, 1, -1e20}; // 1×3
        const std::vector<double> w = {1, 1, 1};        // 3×1
        const std::vector<double> out = {0};            // what a double accumulation reads
        QCOMPARE(maxAbsErrorOfProduct(x.data(), w.data(), out.data(), 1, 3, 1), 1.0);
        long double longDouble = 0;
        for (int p = 0; p < 3; ++p)
            longDouble += static_cast<long double>(x[std::size_t(p)]) * w[std::size_t(p)];
        QCOMPARE(static_cast<double>(std::fabs(0 - longDouble)), 0.0); // what the old reference said
        // Products of doubles are split exactly too: (1 + 2⁻³⁰)² has a 2⁻⁶⁰ its double rounds away.
        const double a = 1 + std::ldexp(1.0, -30);
        const std::vector<double> xa = {a}, wa = {a}, rounded = {a * a};
        QCOMPARE(maxAbsErrorOfProduct(xa.data(), wa.data(), rounded.data(), 1, 1, 1), std::ldexp(1.0, -60));
    }

    // A float32 product of the lessons' kind agrees with a long-double reference (which is
    // ample for float32) to far better than the error it measures.
    void aFloat32ProductAgreesWithLongDouble()
    {
        const int m = 64, k = 32, n = 16;
        std::mt19937 generator(7);
        std::uniform_real_distribution<float> uniform(-1, 1);
        std::vector<float> x(std::size_t(m * k)), w(std::size_t(k * n)), out(std::size_t(m * n));
        for (float &v : x)
            v = uniform(generator);
        for (float &v : w)
            v = uniform(generator);
        long double worst = 0;
        for (int col = 0; col < n; ++col) {
            for (int row = 0; row < m; ++row) {
                float sum = 0;
                long double exact = 0;
                for (int p = 0; p < k; ++p) {
                    sum += x[std::size_t(p * m + row)] * w[std::size_t(col * k + p)];
                    exact += static_cast<long double>(x[std::size_t(p * m + row)]) * w[std::size_t(col * k + p)];
                }
                out[std::size_t(col * m + row)] = sum;
                worst = std::max(worst, std::fabs(static_cast<long double>(sum) - exact));
            }
        }
        const double measured = maxAbsErrorOfProduct(x.data(), w.data(), out.data(), m, k, n);
        QVERIFY(measured > 0);
        QVERIFY2(std::fabs(measured - static_cast<double>(worst)) <= 1e-9 * measured,
                 qPrintable(QString::number(measured)));
    }

    // A stop asked between blocks of columns ends the check: a cancelled run does not wait for
    // the check of a large product. 512 columns are 32 blocks; the stop answers true at its
    // third question, and the blocks after are not checked (an output wrong only there would
    // be found by a whole check). A product of one block is checked whole, never asked.
    void aStopEndsTheCheckBetweenBlocks()
    {
        const std::int64_t m = 64, k = 64, n = 512;
        const std::vector<double> x(static_cast<std::size_t>(m * k), 1.0), w(static_cast<std::size_t>(k * n), 1.0);
        std::vector<double> out(static_cast<std::size_t>(m * n), static_cast<double>(k));
        out.back() += 1; // the last column's error: found only by a check that reaches it
        QCOMPARE(maxAbsErrorOfProduct(x.data(), w.data(), out.data(), m, k, n), 1.0);
        int asked = 0;
        const auto stopAtThird = [&asked] { return ++asked >= 3; };
        QVERIFY(std::isnan(maxAbsErrorOfProduct(x.data(), w.data(), out.data(), m, k, n, stopAtThird)));
        QCOMPARE(asked, 3);
        asked = 0;
        QCOMPARE(maxAbsErrorOfProduct(x.data(), w.data(), out.data(), m, k, n, [&asked] { return ++asked < 0; }), 1.0);
        QCOMPARE(asked, 31); // after each block but the last
        asked = 0;
        QCOMPARE(maxAbsErrorOfProduct(x.data(), w.data(), out.data(), m, k, 16, stopAtThird), 0.0);
        QCOMPARE(asked, 0);
    }

    void nothingToMeasureIsNaN()
    {
        const float one = 1;
        QVERIFY(std::isnan(maxAbsErrorOfProduct(&one, &one, &one, 0, 1, 1)));
        QVERIFY(std::isnan(maxAbsErrorOfProduct(static_cast<const float *>(nullptr), &one, &one, 1, 1, 1)));
    }
};

QTEST_GUILESS_MAIN(TestProductReference)
#include "tst_productreference.moc"
