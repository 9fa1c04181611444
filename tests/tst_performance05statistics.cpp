// performance-05's statistics on synthetic samples with known answers: the median's
// order-statistic interval, the MAD and the outliers, the running figures of every prefix, the
// samples the interval needed for ±2% (its rule, "and stays so"), and the histogram's bins.
#include "core/lessons/performance-05/performance05statistics.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace lessonscope;
using namespace lessonscope::performance05;

namespace {

std::vector<double> sequence(double from, double to)
{
    std::vector<double> values;
    for (double v = from; v <= to; v += 1)
        values.push_back(v);
    return values;
}

} // namespace

class TestPerformance05Statistics : public QObject
{
    Q_OBJECT

private slots:
    // The order-statistic interval at 95%: for 100 samples the 40th and 61st (the binomial's table).
    void theMedianIntervalIsTheOrderStatistics()
    {
        const OrderStatisticRanks ranks = medianIntervalRanks(100, kZ95);
        QCOMPARE(ranks.low, std::size_t(39));
        QCOMPARE(ranks.high, std::size_t(60));
        std::vector<double> values = sequence(1, 100);
        std::shuffle(values.begin(), values.end(), std::mt19937(7));
        const MedianInterval interval = medianInterval(values, kZ95);
        QCOMPARE(interval.low, 40.0);
        QCOMPARE(interval.high, 61.0);
        // Few samples: the sample's range, clamped; one sample: itself.
        QCOMPARE(medianInterval(std::vector<double>{3, 1, 2}, kZ95).low, 1.0);
        QCOMPARE(medianInterval(std::vector<double>{3, 1, 2}, kZ95).high, 3.0);
        QCOMPARE(medianInterval(std::vector<double>{5}, kZ95).high, 5.0);
        QVERIFY(std::isnan(medianInterval(std::vector<double>{}, kZ95).low));
    }

    // 1…9 and 100: median 5.5, MAD 2.5, mean 14.5; only 100 lies above 5.5 + 5 × 2.5 = 18.
    void theFiguresOfAKnownSample()
    {
        std::vector<double> values = sequence(1, 9);
        values.push_back(100);
        const SampleFigures f = figuresOf(values);
        QCOMPARE(f.median, 5.5);
        QCOMPARE(f.mad, 2.5);
        QCOMPARE(f.mean, 14.5);
        QCOMPARE(f.outliers, std::size_t(1));
        QCOMPARE(countOutliers(values, 5.5, 0.5), std::size_t(2)); // above 5.5 + 5 × 0.5 = 8: 9 and 100
        QVERIFY(f.interval.low <= f.median && f.median <= f.interval.high);
    }

    // The running figures are those of every prefix, recomputed by sorting it (ties included).
    void theRunningFiguresAreThoseOfEveryPrefix()
    {
        std::mt19937 random(11);
        std::lognormal_distribution<double> noise(0, 0.5);
        std::vector<double> samples;
        for (int i = 0; i < 400; ++i)
            samples.push_back(std::round(noise(random) * 50) / 50); // rounded: many ties
        const RunningFigures running = runningFigures(samples);
        QCOMPARE(running.size(), samples.size());
        for (std::size_t n = 1; n <= samples.size(); ++n) {
            const std::span<const double> prefix(samples.data(), n);
            QCOMPARE(running.median[n - 1], median(prefix));
            const MedianInterval interval = medianInterval(prefix, kZ95);
            QCOMPARE(running.low[n - 1], interval.low);
            QCOMPARE(running.high[n - 1], interval.high);
            QVERIFY(std::fabs(running.mean[n - 1] - summarize(prefix).mean) <= 1e-12 * summarize(prefix).mean);
        }
    }

    // The rule: the smallest n ≥ 10 from which on the interval stays within ±2% of the median.
    void samplesForTwoPercentFollowsItsRule()
    {
        const auto needed = [](const std::vector<double> &samples) {
            return samplesWithin(runningFigures(samples), kTargetFraction);
        };
        // Every sample the same: within from the first judged n.
        QCOMPARE(needed(std::vector<double>(50, 1.0)), std::optional<std::size_t>(10));
        // 1, 2, 1, 2 … twenty times, then ones: the 2s leave the interval at n = 34 (by hand:
        // the high rank ⌈n/2 + 1 + 0.98·√n⌉ ≤ n − 10 first holds there).
        std::vector<double> wide;
        for (int i = 0; i < 20; ++i)
            wide.push_back(1.0 + i % 2);
        wide.resize(100, 1.0);
        QCOMPARE(needed(wide), std::optional<std::size_t>(34));
        // Within at first (30 ones), out when the 2s come, back once they dominate: "stays so"
        // counts from the last time it was out, at n = 80 (the low rank ⌊n/2 − 0.98·√n⌋ > 30).
        std::vector<double> shifting(30, 1.0);
        shifting.resize(90, 2.0);
        QCOMPARE(needed(shifting), std::optional<std::size_t>(80));
        // Never within: alternating to the end; too few samples to judge.
        std::vector<double> alternating;
        for (int i = 0; i < 200; ++i)
            alternating.push_back(1.0 + i % 2);
        QCOMPARE(needed(alternating), std::optional<std::size_t>());
        QCOMPARE(needed(std::vector<double>(9, 1.0)), std::optional<std::size_t>());
        QVERIFY(withinFraction(0.98, 1.02, 1.0, 0.02) && !withinFraction(0.97, 1.0, 1.0, 0.02));
    }

    // Bins between the 1st and 99th percentiles, an underflow and an overflow, every sample counted.
    void theHistogramBinsEverySample()
    {
        std::vector<double> samples;
        for (double v : sequence(1, 100))
            samples.push_back(v * 1e-6);
        const Histogram h = histogramOf(samples, 16);
        QCOMPARE(h.labels.size(), std::size_t(18));
        QCOMPARE(h.counts.size(), std::size_t(18));
        QCOMPARE(h.counts.front(), std::int64_t(1)); // 1 µs lies below the 1st percentile (1.99 µs)
        QCOMPARE(h.counts.back(), std::int64_t(1));  // 100 µs above the 99th (99.01 µs)
        std::int64_t total = 0;
        for (std::int64_t c : h.counts)
            total += c;
        QCOMPARE(total, std::int64_t(100));
        // Geometric bins, each 1.28× the one before: three significant digits tell them apart.
        QCOMPARE(QString::fromStdString(h.labels.front()), QStringLiteral("< 1.99 µs"));
        QCOMPARE(QString::fromStdString(h.labels[1]), QStringLiteral("1.99 µs"));
        QCOMPARE(QString::fromStdString(h.labels[2]), QStringLiteral("2.54 µs"));
        QCOMPARE(QString::fromStdString(h.labels.back()), QStringLiteral("> 99.0 µs"));
        // Bins 0.58% apart at about a microsecond: four significant digits.
        std::vector<double> narrow;
        for (double v : sequence(1000, 1099))
            narrow.push_back(v * 1e-9);
        const Histogram n = histogramOf(narrow, 16);
        QCOMPARE(QString::fromStdString(n.labels[1]), QStringLiteral("1.001 µs"));
        QCOMPARE(QString::fromStdString(n.labels[2]), QStringLiteral("1.007 µs"));
        for (std::size_t i = 2; i < n.labels.size() - 1; ++i)
            QVERIFY(n.labels[i] != n.labels[i - 1]);
        // All the same: one bin holds them.
        const Histogram same = histogramOf(std::vector<double>(20, 2e-6), 16);
        QCOMPARE(same.counts, (std::vector<std::int64_t>{0, 20, 0}));
    }
};

QTEST_MAIN(TestPerformance05Statistics)
#include "tst_performance05statistics.moc"
