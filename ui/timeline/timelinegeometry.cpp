#include "ui/timeline/timelinegeometry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lessonscope::timeline {

double timeToPixel(const TimeScale &scale, double time)
{
    if (std::isnan(time))
        return time;
    const double span = scale.timeSpan();
    if (span == 0 || scale.pixelSpan() == 0 || !std::isfinite(span))
        return scale.pixelBegin;
    return scale.pixelBegin + (time - scale.timeBegin) / span * scale.pixelSpan();
}

double pixelToTime(const TimeScale &scale, double pixel)
{
    if (std::isnan(pixel))
        return pixel;
    const double span = scale.pixelSpan();
    if (span == 0 || scale.timeSpan() == 0 || !std::isfinite(span))
        return scale.timeBegin;
    return scale.timeBegin + (pixel - scale.pixelBegin) / span * scale.timeSpan();
}

int rowAt(const RowLayout &rows, double y)
{
    if (rows.count <= 0 || !(rows.rowHeight > 0) || std::isnan(y) || y < rows.top)
        return -1;
    const double row = std::floor((y - rows.top) / rows.rowHeight);
    return row < rows.count ? static_cast<int>(row) : -1;
}

double rowTop(const RowLayout &rows, int row) { return rows.top + row * rows.rowHeight; }

int nearestIndex(std::span<const double> positions, double x, double maxDistance)
{
    int best = -1;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const double distance = std::fabs(positions[i] - x);
        if (distance <= maxDistance && distance < bestDistance) {
            best = static_cast<int>(i);
            bestDistance = distance;
        }
    }
    return best;
}

int boxAt(std::span<const Box> boxes, double x, double y, double tolerance)
{
    for (std::size_t i = boxes.size(); i-- > 0;) {
        const Box &b = boxes[i];
        if (x >= b.left - tolerance && x <= b.right + tolerance && y >= b.top - tolerance && y <= b.bottom + tolerance)
            return static_cast<int>(i);
    }
    return -1;
}

TimeScale zoomedAt(const TimeScale &scale, double pixel, double factor, double minSpan, double maxSpan)
{
    if (!(factor > 0) || !std::isfinite(factor) || scale.timeSpan() <= 0)
        return scale;
    const double anchor = pixelToTime(scale, pixel);
    const double span = std::clamp(scale.timeSpan() / factor, minSpan, std::max(minSpan, maxSpan));
    const double applied = scale.timeSpan() / span; // the factor after clamping
    TimeScale result = scale;
    result.timeBegin = anchor - (anchor - scale.timeBegin) / applied;
    result.timeEnd = result.timeBegin + span;
    return result;
}

TimeScale pannedBy(const TimeScale &scale, double dx)
{
    if (scale.pixelSpan() == 0 || !std::isfinite(dx))
        return scale;
    const double dt = dx / scale.pixelSpan() * scale.timeSpan();
    TimeScale result = scale;
    result.timeBegin -= dt;
    result.timeEnd -= dt;
    return result;
}

double multipleAtPixel(const TimeScale &scale, double anchor, double reference, double pixel, double minimum,
                       double maximum)
{
    const double upper = std::max(minimum, maximum);
    if (std::isnan(pixel) || !(reference > 0) || !std::isfinite(reference) || scale.pixelSpan() == 0
        || scale.timeSpan() == 0)
        return minimum;
    const double multiple = (pixelToTime(scale, pixel) - anchor) / reference;
    return std::isnan(multiple) ? minimum : std::clamp(multiple, minimum, upper);
}

double pixelOfMultiple(const TimeScale &scale, double anchor, double reference, double multiple)
{
    return timeToPixel(scale, anchor + multiple * reference);
}

double steppedMultiple(double multiple, int steps, double step, double minimum, double maximum)
{
    const double upper = std::max(minimum, maximum);
    if (!(step > 0) || !std::isfinite(step) || std::isnan(multiple))
        return std::clamp(std::isnan(multiple) ? minimum : multiple, minimum, upper);
    // From between two steps, the first press lands on the nearer whole step in its direction.
    const double position = multiple / step;
    const double whole = std::round(position);
    double landed = std::fabs(position - whole) < 1e-9 ? whole + steps
        : steps > 0                                    ? std::floor(position) + steps
        : steps < 0                                    ? std::ceil(position) + steps
                                                       : position;
    return std::clamp(landed * step, minimum, upper);
}

double niceStep(double span, int maxTicks)
{
    if (!(span > 0) || !std::isfinite(span) || maxTicks < 1)
        return 0;
    const double raw = span / maxTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double nice : {1.0, 2.0, 5.0, 10.0}) {
        if (nice * magnitude >= raw * (1 - 1e-12))
            return nice * magnitude;
    }
    return 10 * magnitude;
}

std::vector<double> niceTicks(double begin, double end, int maxTicks)
{
    std::vector<double> ticks;
    if (!std::isfinite(begin) || !std::isfinite(end) || !(end > begin) || maxTicks < 1)
        return ticks;
    double step = niceStep(end - begin, maxTicks);
    // The step is >= span / maxTicks, which still allows maxTicks + 1 ticks on both bounds.
    for (int attempt = 0; attempt < 4; ++attempt) {
        const double first = std::ceil(begin / step);
        const double last = std::floor(end / step);
        if (last - first + 1 <= maxTicks) {
            for (double i = first; i <= last; ++i)
                ticks.push_back(i == 0 ? 0.0 : i * step);
            return ticks;
        }
        step = niceStep(step * maxTicks * 1.0000001, maxTicks);
    }
    return ticks;
}

namespace {

// Whether times[first..last] are each at least minPixels apart in a view span wide.
bool separated(std::span<const double> times, std::size_t first, std::size_t last, double span, double plotPixels,
               double minPixels)
{
    for (std::size_t i = first; i < last; ++i) {
        if ((times[i + 1] - times[i]) / span * plotPixels < minPixels)
            return false;
    }
    return true;
}

} // namespace

ViewRange viewSeparating(std::span<const double> times, double anchor, ViewRange view, double plotPixels,
                         double minPixels)
{
    const std::size_t n = times.size();
    const double span = view.end - view.begin;
    if (n < 2 || !(plotPixels > 0) || !(minPixels > 0) || !(span > 0) || !std::isfinite(span) || !std::isfinite(anchor))
        return view;
    for (double t : times) {
        if (!std::isfinite(t))
            return view;
    }
    if (separated(times, 0, n - 1, span, plotPixels, minPixels))
        return view;
    const bool anchorLeft = anchor <= times.front();
    const bool anchorRight = anchor >= times.back();
    if (anchorLeft == anchorRight || !(times.back() > times.front()))
        return view; // the anchor among the candidates, or all of them at one time
    // Keep k candidates, those nearest the anchor, from the anchor to the last of them with a
    // small margin either side.
    for (std::size_t k = n - 1; k >= 1; --k) {
        const double far = anchorLeft ? times[k - 1] : times[n - k];
        const double margin = 0.08 * std::fabs(far - anchor);
        ViewRange narrowed{std::max(view.begin, std::min(anchor, far) - margin),
                           std::min(view.end, std::max(anchor, far) + margin)};
        const double width = narrowed.end - narrowed.begin;
        if (!(width > 0))
            return view;
        const std::size_t from = anchorLeft ? 0 : n - k;
        if (k == 1 || separated(times, from, from + k - 1, width, plotPixels, minPixels))
            return narrowed;
    }
    return view;
}

} // namespace lessonscope::timeline
