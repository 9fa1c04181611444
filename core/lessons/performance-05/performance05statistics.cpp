#include "core/lessons/performance-05/performance05statistics.h"

#include "core/base/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace lessonscope::performance05 {

namespace {

// Counts of the samples inserted so far, by their rank in the whole sample (a Fenwick tree): the
// k-th smallest inserted sample is found by descending the tree, in O(log n).
class RankCounter
{
public:
    explicit RankCounter(std::size_t size) : m_tree(size + 1, 0)
    {
        while (m_top * 2 <= size)
            m_top *= 2;
    }

    void insert(std::size_t rank)
    {
        for (std::size_t i = rank + 1; i < m_tree.size(); i += i & (~i + 1))
            ++m_tree[i];
    }

    // The rank (0-based, in the whole sample) of the k-th smallest inserted sample, k from 1.
    std::size_t kth(std::size_t k) const
    {
        std::size_t position = 0;
        for (std::size_t step = m_top; step > 0; step /= 2) {
            if (position + step < m_tree.size() && m_tree[position + step] < k) {
                position += step;
                k -= m_tree[position];
            }
        }
        return position;
    }

private:
    std::vector<std::size_t> m_tree;
    std::size_t m_top = 1;
};

} // namespace

RunningFigures runningFigures(std::span<const double> samples)
{
    RunningFigures running;
    if (std::any_of(samples.begin(), samples.end(), [](double v) { return std::isnan(v); }))
        return running;
    const std::size_t count = samples.size();
    std::vector<std::size_t> order(count);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return samples[a] < samples[b]; });
    std::vector<double> sorted(count);
    std::vector<std::size_t> rankOf(count);
    for (std::size_t r = 0; r < count; ++r) {
        sorted[r] = samples[order[r]];
        rankOf[order[r]] = r;
    }
    RankCounter counter(count);
    const auto kth = [&](std::size_t k) { return sorted[counter.kth(k)]; };
    double sum = 0;
    for (std::size_t n = 1; n <= count; ++n) {
        counter.insert(rankOf[n - 1]);
        sum += samples[n - 1];
        // The same operands as numpy.median of the prefix, so the same double.
        running.median.push_back(n % 2 == 1 ? kth((n + 1) / 2) : (kth(n / 2) + kth(n / 2 + 1)) / 2.0);
        running.mean.push_back(sum / static_cast<double>(n));
        const OrderStatisticRanks ranks = medianIntervalRanks(n, kZ95);
        running.low.push_back(kth(ranks.low + 1));
        running.high.push_back(kth(ranks.high + 1));
    }
    return running;
}

bool withinFraction(double low, double high, double median, double fraction)
{
    const double reach = fraction * std::fabs(median);
    return low >= median - reach && high <= median + reach;
}

std::optional<std::size_t> samplesWithin(const RunningFigures &running, double fraction, std::size_t from)
{
    from = std::max<std::size_t>(from, 1);
    const auto within = [&](std::size_t n) {
        return withinFraction(running.low[n - 1], running.high[n - 1], running.median[n - 1], fraction);
    };
    const std::size_t count = running.size();
    if (count < from || !within(count))
        return std::nullopt;
    // Backwards from the whole sample: the answer follows the last prefix that was not within.
    for (std::size_t n = count - 1; n >= from; --n) {
        if (!within(n))
            return n + 1;
    }
    return from;
}

std::size_t countOutliers(std::span<const double> samples, double median, double mad)
{
    const double threshold = median + kOutlierMads * mad;
    return static_cast<std::size_t>(
        std::count_if(samples.begin(), samples.end(), [threshold](double v) { return v > threshold; }));
}

SampleFigures figuresOf(std::span<const double> samples)
{
    const Statistics statistics = summarize(samples);
    SampleFigures figures;
    figures.median = statistics.median;
    figures.mean = statistics.mean;
    figures.mad = statistics.mad;
    figures.interval = medianInterval(samples, kZ95);
    figures.outliers = countOutliers(samples, figures.median, figures.mad);
    figures.samplesFor2Percent = samplesWithin(runningFigures(samples), kTargetFraction);
    return figures;
}

} // namespace lessonscope::performance05
