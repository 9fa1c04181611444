#pragma once

#include "ui/timeline/timelinegeometry.h"
#include "core/lessons/performance-01/performance01timeline.h"

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
    QRectF header;  // the stop flag's row, above the lanes
    QRectF labels;  // the lane names column
    QRectF gutter;  // work outside the boundary, greyed
    QRectF plot;    // the lanes' time area
    QRectF strip;   // candidate labels under the lanes
    QRectF axis;    // the time axis
    lessonscope::timeline::RowLayout rows;
    lessonscope::timeline::TimeScale scale;
    double boxHeight = 0;
    double startX = 0; // the timer start

    std::vector<EventItem> events;
    std::vector<lessonscope::timeline::Box> eventBoxes; // parallel to events, for boxAt
    std::vector<OutsideItem> outside;
    std::vector<CandidateItem> candidates; // in StopPoint order
    std::vector<Tick> ticks;

    QRectF laneRect(lessonscope::TimelineLane lane) const; // the whole row, labels to plot end
    double laneCenterY(lessonscope::TimelineLane lane) const;
    // The learner's timer in the upper half of the measurement lane, from the timer start to
    // markerX, both clamped into the plot (empty when the marker is at or before the start).
    QRectF timerBar(double markerX) const;

    // The height that shows every lane at its largest, and the least that still fits them.
    static double preferredHeight(const QFont &font, const QFont &smallFont);
    static double minimumHeight(const QFont &font, const QFont &smallFont);

    // Lays out call over [viewBegin, viewEnd] inside area. smallFont is for captions.
    static TimelineLayout build(const lessonscope::CallTimeline &call, double viewBegin, double viewEnd,
                                const QRectF &area, const QFont &font, const QFont &smallFont);
};
