#pragma once

#include "ui/timeline/timelinegeometry.h"
#include "core/trace/timeline.h"

#include <QFont>
#include <QRectF>
#include <QString>

#include <vector>

// The timeline's cached geometry: every rectangle and text position of one call at one view
// range and widget size. TimelineWidget rebuilds it only when the call, the range, the size or
// the font changes; paintEvent, hit-testing and tooltips only read it. The stop marker and the
// timer bar move with the mouse and are placed at paint time from scale.
struct TimelineLayout {
    struct EventItem {
        int event = -1;  // index into CallTimeline::events
        QRectF box;      // the span's box, or the instant's diamond bounds
        QRectF textRect; // where its label is drawn
        QString text;    // the label, elided to fit
        bool textInside = false;
    };
    struct OutsideItem {
        int activity = -1; // index into CallTimeline::outside
        QRectF box;
        QString text;
    };
    struct CandidateItem {
        double x = 0;     // clamped into the plot
        int pinned = 0;   // -1 / +1: the candidate lies left / right of the view, drawn at the edge
        QRectF labelRect; // in the candidate strip
        QString text;
    };
    struct Tick {
        double x = 0;
        QString label; // empty: a minor tick whose label would collide
    };

    QRectF caption; // the mode line at the top
    QRectF header;  // the marker flag's row, above the lanes
    QRectF labels;  // the lane names column
    QRectF gutter;  // work outside the boundary, greyed
    QRectF plot;    // the lanes' time area
    QRectF strip;   // candidate labels under the lanes
    QRectF axis;    // the time axis
    lessonscope::timeline::RowLayout rows;
    lessonscope::timeline::TimeScale scale;
    double boxHeight = 0;
    double anchorX = 0; // the timer's fixed end (its start for a stop marker)
    int timerLane = 0;  // the lane of the timer and the marker

    std::vector<EventItem> events;
    std::vector<lessonscope::timeline::Box> eventBoxes; // parallel to events, for boxAt
    std::vector<OutsideItem> outside;
    std::vector<CandidateItem> candidates; // in the call's candidate order
    std::vector<Tick> ticks;

    QRectF laneRect(int lane) const; // the whole row, labels to plot end
    double laneCenterY(int lane) const;
    // The learner's timer in the upper half of the timer's lane, between the anchor and markerX,
    // both clamped into the plot (empty when the marker sits on the anchor).
    QRectF timerBar(double markerX) const;

    // The height that shows laneCount lanes at their largest, and the least that still fits them.
    static double preferredHeight(int laneCount, const QFont &font, const QFont &smallFont);
    static double minimumHeight(int laneCount, const QFont &font, const QFont &smallFont);

    // Lays out call over [viewBegin, viewEnd] inside area. smallFont is for captions.
    static TimelineLayout build(const lessonscope::CallTimeline &call, double viewBegin, double viewEnd,
                                const QRectF &area, const QFont &font, const QFont &smallFont);
};
