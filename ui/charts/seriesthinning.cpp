#include "ui/charts/seriesthinning.h"

#include <algorithm>
#include <cmath>

namespace {

struct Bucket {
    std::size_t first = 0;
    std::size_t min = 0;
    std::size_t max = 0;
    std::size_t last = 0;
    bool used = false;
};

} // namespace

std::vector<std::size_t> thinMinMax(std::span<const double> x, std::span<const double> y, int columns)
{
    const std::size_t n = std::min(x.size(), y.size());
    std::vector<std::size_t> finite;
    finite.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (std::isfinite(x[i]) && std::isfinite(y[i]))
            finite.push_back(i);
    }
    const std::size_t bucketCount = static_cast<std::size_t>(std::max(columns, 1));

    if (finite.size() <= 4 * bucketCount)
        return finite;

    const bool ascending
        = std::is_sorted(finite.begin(), finite.end(), [&x](std::size_t a, std::size_t b) { return x[a] < x[b]; });
    const double x0 = x[finite.front()];
    const double span = x[finite.back()] - x0;
    const bool byX = ascending && span > 0;

    std::vector<Bucket> buckets(bucketCount);
    for (std::size_t rank = 0; rank < finite.size(); ++rank) {
        const std::size_t i = finite[rank];
        const double position
            = byX ? (x[i] - x0) / span : static_cast<double>(rank) / static_cast<double>(finite.size());
        const std::size_t b
            = std::min(bucketCount - 1, static_cast<std::size_t>(position * static_cast<double>(bucketCount)));
        Bucket &bucket = buckets[b];
        if (!bucket.used) {
            bucket = {i, i, i, i, true};
            continue;
        }
        bucket.last = i;
        if (y[i] < y[bucket.min])
            bucket.min = i;
        if (y[i] > y[bucket.max])
            bucket.max = i;
    }

    std::vector<std::size_t> kept;
    kept.reserve(bucketCount * 4);
    for (const Bucket &bucket : buckets) {
        if (!bucket.used)
            continue;
        std::size_t picks[4] = {bucket.first, bucket.min, bucket.max, bucket.last};
        std::sort(std::begin(picks), std::end(picks));
        const std::size_t *end = std::unique(std::begin(picks), std::end(picks));
        for (const std::size_t *p = picks; p != end; ++p)
            kept.push_back(*p);
    }
    return kept;
}
