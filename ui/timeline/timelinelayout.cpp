#include "ui/timeline/timelinelayout.h"

#include "core/base/units.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

using namespace lessonscope;
using namespace lessonscope::timeline;

namespace {

constexpr double kPad = 4;
constexpr double kMinRowHeight = 36;
constexpr double kMaxRowHeight = 50;

double captionHeightOf(const QFontMetricsF &fm) { return fm.height() + 6; }

double stripHeightOf(const QFontMetricsF &small) { return 2 * (small.height() + 2) + 4; }

double axisHeightOf(const QFontMetricsF &small) { return small.height() + 10; }

QString tickLabel(double ns, const DurationUnit &unit, int decimals)
{
    if (ns == 0)
        return QStringLiteral("0");
    return QStringLiteral("%1 %2").arg(QString::number(ns * 1e-9 / unit.secondsPerUnit, 'f', decimals),
                                       QString::fromUtf8(unit.symbol));
}

std::vector<TimelineLayout::Tick> timeTicks(const TimeScale &scale, const QRectF &plot, const QFontMetricsF &fm)
{
    std::vector<TimelineLayout::Tick> result;
    const int maxTicks = std::max(2, static_cast<int>(plot.width() / 90));
    const std::vector<double> times = niceTicks(scale.timeBegin, scale.timeEnd, maxTicks);
    if (times.size() < 2)
        return result;
    const double step = times[1] - times[0];
    double largest = 0;
    for (double t : times)
        largest = std::max(largest, std::fabs(t));
    const DurationUnit unit = durationUnitFor(largest * 1e-9);
    const double stepInUnit = step * 1e-9 / unit.secondsPerUnit;
    const int decimals
        = stepInUnit >= 1 ? 0 : std::clamp(static_cast<int>(std::ceil(-std::log10(stepInUnit) - 1e-9)), 0, 3);

    double lastRight = -1e300;
    for (double t : times) {
        TimelineLayout::Tick tick{timeToPixel(scale, t), tickLabel(t, unit, decimals)};
        const double half = fm.horizontalAdvance(tick.label) / 2;
        if (tick.x - half < lastRight + 8 || tick.x + half > plot.right() + 30)
            tick.label.clear();
        else
            lastRight = tick.x + half;
        result.push_back(tick);
    }
    return result;
}

// Puts each label in one of two rows under its tick, centred when it can be; labels that would
// overlap go to the other row, and when both rows are taken they slide aside (the painter then
// draws a leader line from the tick), earlier labels of the row moving left to make room.
void placeCandidateLabels(std::vector<TimelineLayout::CandidateItem> &items, double leftBound, double rightBound,
                          double top, double rowStep)
{
    constexpr double kGap = 6;
    std::vector<std::size_t> rows[2];
    const auto right = [&](int row) { return rows[row].empty() ? -1e300 : items[rows[row].back()].labelRect.right(); };
    for (std::size_t i = 0; i < items.size(); ++i) {
        QRectF &rect = items[i].labelRect;
        const double w = rect.width();
        double left = std::clamp(items[i].x - w / 2, leftBound, std::max(leftBound, rightBound - w));
        int row = left >= right(0) + kGap ? 0 : left >= right(1) + kGap ? 1 : right(0) <= right(1) ? 0 : 1;
        left = std::max(left, right(row) + kGap);
        if (left + w > rightBound) {
            // Out of room on the right: pull this label back and push the row's earlier ones left.
            left = std::max(leftBound, rightBound - w);
            double limit = left - kGap;
            for (auto it = rows[row].rbegin(); it != rows[row].rend(); ++it) {
                QRectF &previous = items[*it].labelRect;
                if (previous.right() <= limit)
                    break;
                previous.moveLeft(std::max(leftBound, limit - previous.width()));
                limit = previous.left() - kGap;
            }
        }
        rect.moveTopLeft(QPointF(left, top + row * rowStep));
        rows[row].push_back(i);
    }
}

} // namespace

double TimelineLayout::preferredHeight(int laneCount, const QFont &font, const QFont &smallFont)
{
    const QFontMetricsF fm(font);
    const QFontMetricsF small(smallFont);
    return 2 * captionHeightOf(fm) + laneCount * kMaxRowHeight + stripHeightOf(small) + axisHeightOf(small);
}

double TimelineLayout::minimumHeight(int laneCount, const QFont &font, const QFont &smallFont)
{
    const QFontMetricsF fm(font);
    const QFontMetricsF small(smallFont);
    return 2 * captionHeightOf(fm) + laneCount * kMinRowHeight + stripHeightOf(small) + axisHeightOf(small);
}

QRectF TimelineLayout::laneRect(int lane) const
{
    const double top = rowTop(rows, lane);
    return QRectF(labels.left(), top, plot.right() - labels.left(), rows.rowHeight);
}

QRectF TimelineLayout::timerBar(double markerX) const
{
    const double left = std::clamp(std::min(anchorX, markerX), plot.left(), plot.right());
    const double right = std::clamp(std::max(anchorX, markerX), plot.left(), plot.right());
    const double top = rowTop(rows, timerLane) + kPad;
    return QRectF(left, top, std::max(0.0, right - left), (rows.rowHeight - 3 * kPad) / 2);
}

double TimelineLayout::laneCenterY(int lane) const { return rowTop(rows, lane) + rows.rowHeight / 2; }

namespace {

// Vertical bands: caption, marker flag, the lanes, candidate labels, axis. Horizontal bands: lane
// names, the greyed gutter of work outside the boundary, the plot.
void layOutBands(TimelineLayout &layout, const CallTimeline &call, const QRectF &area, const QFontMetricsF &fm,
                 const QFontMetricsF &small)
{
    const int laneCount = std::max(1, static_cast<int>(call.lanes.size()));
    const double captionHeight = captionHeightOf(fm);
    const double headerHeight = captionHeightOf(fm);
    const double stripHeight = stripHeightOf(small);
    const double axisHeight = axisHeightOf(small);
    const double free = area.height() - captionHeight - headerHeight - stripHeight - axisHeight;
    const double rowHeight = std::clamp(free / laneCount, kMinRowHeight, kMaxRowHeight);
    layout.boxHeight = std::min(24.0, rowHeight - small.height() - 8);

    double labelWidth = 0;
    for (const TimelineLane &lane : call.lanes)
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(QString::fromStdString(lane.name)));
    labelWidth += 16;
    double gutterWidth = 0;
    for (const OutsideActivity &activity : call.outside)
        gutterWidth = std::max(gutterWidth, small.horizontalAdvance(QString::fromStdString(activity.label)));
    // No work outside the boundary: no gutter.
    gutterWidth = call.outside.empty() ? 0 : std::clamp(gutterWidth + 20, 90.0, std::max(90.0, area.width() * 0.22));

    double y = area.top();
    layout.caption = QRectF(area.left(), y, area.width(), captionHeight);
    y += captionHeight;
    layout.header = QRectF(area.left(), y, area.width(), headerHeight);
    y += headerHeight;
    layout.rows = RowLayout{y, rowHeight, laneCount};
    const double rowsHeight = rowHeight * laneCount;
    layout.labels = QRectF(area.left(), y, labelWidth, rowsHeight);
    layout.gutter = QRectF(layout.labels.right(), y, gutterWidth, rowsHeight);
    const double plotLeft = layout.gutter.right() + 12;
    layout.plot = QRectF(plotLeft, y, std::max(40.0, area.right() - 12 - plotLeft), rowsHeight);
    y += rowsHeight;
    layout.strip = QRectF(layout.plot.left(), y, layout.plot.width(), stripHeight);
    y += stripHeight;
    layout.axis = QRectF(layout.plot.left(), y, layout.plot.width(), axisHeight);
}

// The box and a caption line under it, centred in the row.
double boxOffsetOf(const TimelineLayout &layout, const QFontMetricsF &small)
{
    return std::max(kPad, (layout.rows.rowHeight - layout.boxHeight - small.height() - 1) / 2);
}

void layOutOutside(TimelineLayout &layout, const CallTimeline &call, const QFontMetricsF &small)
{
    for (std::size_t i = 0; i < call.outside.size(); ++i) {
        const OutsideActivity &activity = call.outside[i];
        const QRectF box(layout.gutter.left() + 6, rowTop(layout.rows, activity.lane) + boxOffsetOf(layout, small),
                         layout.gutter.width() - 12, layout.boxHeight);
        layout.outside.push_back(
            {static_cast<int>(i), box,
             small.elidedText(QString::fromStdString(activity.label), Qt::ElideRight, box.width() - 6)});
    }
}

TimelineLayout::EventItem instantItem(const TimelineLayout &layout, double x0, double boxTop, const QString &text,
                                      const QFontMetricsF &small)
{
    TimelineLayout::EventItem item;
    const double d = layout.boxHeight * 0.7;
    item.box = QRectF(x0 - d / 2, boxTop + (layout.boxHeight - d) / 2, d, d);
    const double w = small.horizontalAdvance(text);
    const bool left = x0 - d / 2 - 4 - w >= layout.plot.left();
    item.textRect = QRectF(left ? x0 - d / 2 - 4 - w : x0 + d / 2 + 4, boxTop, w, layout.boxHeight);
    item.text = text;
    return item;
}

// A span's label: inside its box when it fits (clear of an instant's diamond at either end), else
// under it after any caption already in the lane (never for the timer's lane, where the bars sit
// in two halves and nothing goes under them).
void labelSpan(TimelineLayout::EventItem &item, const CallTimeline &call, const TimelineEvent &event, bool timerLane,
               double &captionRight, const QFontMetricsF &fm, const QFontMetricsF &small, double plotL, double plotR,
               double boxHeight)
{
    const QString text = QString::fromStdString(event.label);
    if (text.isEmpty()) // an unnamed span (one of many alike) takes no room from the names around it
        return;
    const double w = fm.horizontalAdvance(text);
    const bool sharesAnEnd = std::any_of(call.events.begin(), call.events.end(), [&](const TimelineEvent &other) {
        return other.lane == event.lane && other.shape == TimelineEvent::Shape::Instant
            && (other.begin == event.begin || other.begin == event.end);
    });
    if (w + 10 + (sharesAnEnd ? boxHeight * 0.7 : 0) <= item.box.width()) {
        item.textInside = true;
        item.textRect = item.box;
        item.text = text;
        return;
    }
    if (timerLane)
        return;
    const double sw = small.horizontalAdvance(text);
    double cx = std::max(item.box.left(), captionRight + 8);
    cx = std::min(cx, plotR - sw);
    if (cx >= captionRight + 4 && cx >= plotL - 4) {
        item.textRect = QRectF(cx, item.box.bottom() + 1, sw, small.height());
        item.text = text;
        captionRight = cx + sw;
    }
}

// The timer's lane holds the measured span in its lower half (the learner's timer goes above it).
void layOutEvents(TimelineLayout &layout, const CallTimeline &call, const QFontMetricsF &fm, const QFontMetricsF &small)
{
    const double plotL = layout.plot.left();
    const double plotR = layout.plot.right();
    const double boxOffset = boxOffsetOf(layout, small);
    std::vector<double> captionRight(static_cast<std::size_t>(layout.rows.count), -1e300);
    for (std::size_t i = 0; i < call.events.size(); ++i) {
        const TimelineEvent &event = call.events[i];
        if (event.lane < 0 || event.lane >= layout.rows.count)
            continue;
        const double top = rowTop(layout.rows, event.lane);
        const bool timerLane = event.lane == layout.timerLane;
        const double barHeight = timerLane ? (layout.rows.rowHeight - 3 * kPad) / 2 : layout.boxHeight;
        const double boxTop = timerLane ? top + 2 * kPad + barHeight : top + boxOffset;
        const double x0 = timeToPixel(layout.scale, event.begin);
        const double x1 = timeToPixel(layout.scale, event.end);
        TimelineLayout::EventItem item;
        if (event.shape == TimelineEvent::Shape::Instant) {
            if (x0 < plotL - 1 || x0 > plotR + 1)
                continue;
            item = instantItem(layout, x0, boxTop, QString::fromStdString(event.label), small);
        } else {
            const double left = std::max(x0, plotL);
            const double right = std::min(x1, plotR);
            if (right < plotL || left > plotR)
                continue;
            // A short event stays visible (and hoverable) as a sliver.
            item.box = QRectF(left, boxTop, std::max(right - left, 2.0), barHeight);
            labelSpan(item, call, event, timerLane, captionRight[static_cast<std::size_t>(event.lane)], fm, small,
                      plotL, plotR, layout.boxHeight);
        }
        item.event = static_cast<int>(i);
        layout.events.push_back(item);
        layout.eventBoxes.push_back(Box{item.box.left(), item.box.top(), item.box.right(), item.box.bottom()});
    }
}

// The candidates: a tick each, and its name in the strip below.
void layOutCandidates(TimelineLayout &layout, const CallTimeline &call, const QRectF &area, const QFont &smallFont)
{
    const QFontMetricsF small(smallFont);
    QFont boldFont = smallFont;
    boldFont.setBold(true);
    const QFontMetricsF smallBold(boldFont);
    for (const TimelineCandidate &candidate : call.candidates) {
        TimelineLayout::CandidateItem item;
        const double x = timeToPixel(layout.scale, candidate.time);
        item.pinned = x < layout.plot.left() ? -1 : x > layout.plot.right() ? 1 : 0;
        item.x = std::clamp(x, layout.plot.left(), layout.plot.right());
        QString text = QString::fromStdString(candidate.shortLabel);
        if (item.pinned)
            text = item.pinned < 0 ? QStringLiteral("‹ ") + text : text + QStringLiteral(" ›");
        item.text = text;
        // Wide enough for the highlighted (bold) state.
        item.labelRect = QRectF(0, 0, smallBold.horizontalAdvance(text) + 6, small.height());
        layout.candidates.push_back(item);
    }
    placeCandidateLabels(layout.candidates, layout.plot.left() - 8, area.right(), layout.strip.top() + 8,
                         small.height() + 2);
}

} // namespace

TimelineLayout TimelineLayout::build(const CallTimeline &call, double viewBegin, double viewEnd, const QRectF &area,
                                     const QFont &font, const QFont &smallFont)
{
    const QFontMetricsF fm(font);
    const QFontMetricsF small(smallFont);
    TimelineLayout layout;
    layOutBands(layout, call, area, fm, small);
    layout.scale = TimeScale{viewBegin, viewEnd, layout.plot.left(), layout.plot.right()};
    layout.anchorX = timeToPixel(layout.scale, call.anchor);
    layout.timerLane = call.timerLane();
    layOutOutside(layout, call, small);
    layOutEvents(layout, call, fm, small);
    layOutCandidates(layout, call, area, smallFont);
    if (call.measured)
        layout.ticks = timeTicks(layout.scale, layout.plot, small);
    return layout;
}
