#pragma once

#include <span>
#include <vector>

// The timeline's coordinate maths: pure functions over plain numbers, no Qt, unit-tested alone
// (tests/tst_timelinegeometry.cpp). Times are doubles in whatever unit the model uses (ns for a
// measured call, arbitrary units for the schematic); pixels are doubles in widget coordinates.
namespace lessonscope::timeline {

// A linear map between a time interval and a pixel interval.
struct TimeScale {
    double timeBegin = 0;
    double timeEnd = 1;
    double pixelBegin = 0;
    double pixelEnd = 1;

    double timeSpan() const { return timeEnd - timeBegin; }
    double pixelSpan() const { return pixelEnd - pixelBegin; }
};

// Edge cases, for both directions:
// - Values outside the range extrapolate linearly; nothing is clamped (callers clamp to draw).
// - A degenerate scale (an empty time span or an empty pixel span) maps everything to its begin:
//   timeToPixel gives pixelBegin, pixelToTime gives timeBegin. Never a division by zero.
// - NaN in gives NaN out; ±infinity in a non-degenerate scale gives ±infinity (sign per slope).
// - Round trip: for a non-degenerate scale, pixelToTime(timeToPixel(t)) == t up to rounding.
double timeToPixel(const TimeScale &scale, double time);
double pixelToTime(const TimeScale &scale, double pixel);

// Rows of equal height stacked from top. rowAt gives the row index under y, or -1 above the first
// row, below the last one, or when there are no rows or their height is not positive. A y exactly
// on a boundary belongs to the row below it (rows are half-open: [top, top + height)).
struct RowLayout {
    double top = 0;
    double rowHeight = 0;
    int count = 0;
};
int rowAt(const RowLayout &rows, double y);
double rowTop(const RowLayout &rows, int row);

// The index of the position nearest x within maxDistance (inclusive), or -1. On a tie the lower
// index wins. NaN positions never match.
int nearestIndex(std::span<const double> positions, double x, double maxDistance);

// An axis-aligned box in pixels, for hit-testing drawn events.
struct Box {
    double left = 0;
    double top = 0;
    double right = 0;
    double bottom = 0;
};
// The index of the last box (drawn last, so on top) containing (x, y), or -1. Boxes are closed on
// every side and grown by tolerance pixels, so a one-pixel event stays reachable.
int boxAt(std::span<const Box> boxes, double x, double y, double tolerance = 0);

// Zooms by factor (> 1 zooms in) keeping the time under pixel fixed. The resulting time span is
// kept within [minSpan, maxSpan]; a non-positive or NaN factor leaves the scale unchanged.
TimeScale zoomedAt(const TimeScale &scale, double pixel, double factor, double minSpan, double maxSpan);
// Moves the view by dx pixels (positive: content moves right, so earlier times come into view).
TimeScale pannedBy(const TimeScale &scale, double dx);

// A length the learner drags: a bar from anchor (a time) whose end is at a pixel, as a multiple
// of reference (a length in time units). The multiple is kept within [minimum, maximum]; a NaN
// pixel, a reference that is not positive and finite, or a degenerate scale give minimum.
double multipleAtPixel(const TimeScale &scale, double anchor, double reference, double pixel, double minimum,
                       double maximum);
// Where the end of a bar of multiple × reference from anchor is drawn (unclamped; NaN for NaN).
double pixelOfMultiple(const TimeScale &scale, double anchor, double reference, double multiple);
// One key press on a length: multiple moved by steps × step (negative: shorter), landing on a
// whole number of steps, kept within [minimum, maximum]. A step that is not positive moves nothing.
double steppedMultiple(double multiple, int steps, double step, double minimum, double maximum);

// A view in which each candidate can be hit: [begin, end] narrowed, on the side away from the
// anchor, until neighbouring candidates (times, in time order) lie at least minPixels apart on a
// plot plotPixels wide. The candidates nearest the anchor are kept in view, the farthest leave
// it first (the widget pins those at the plot's edge). Unchanged when they already are far
// enough apart, when the anchor is not at one end of the candidates, for fewer than two
// candidates, and for sizes or times that are not positive and finite. A tie keeps the view.
struct ViewRange {
    double begin = 0;
    double end = 1;
};
ViewRange viewSeparating(std::span<const double> times, double anchor, ViewRange view, double plotPixels,
                         double minPixels);

// Evenly spaced "nice" tick times (multiples of a step of 1, 2 or 5 × 10^n) inside [begin, end],
// never more than maxTicks of them; 0 is exactly 0. Empty for an empty or reversed range,
// non-finite bounds or maxTicks < 1. niceStep is the smallest nice step >= span / maxTicks
// (0 for a span that is not positive and finite).
std::vector<double> niceTicks(double begin, double end, int maxTicks);
double niceStep(double span, int maxTicks);

} // namespace lessonscope::timeline
