#pragma once

#include "ui/timeline/timelinelayout.h"
#include "core/trace/timeline.h"

#include <QFont>
#include <QPalette>
#include <QString>

class QPainter;

// Draws a TimelineWidget from its cached layout and its interaction state; owns no state itself.
// Colours come from the palette (light and dark themes): the lanes take the palette's highlight
// hue turned round the colour wheel, the work outside the boundary the palette's greys, and every
// lane and event also carries its name, so that nothing depends on colour alone.
class TimelinePainter
{
public:
    struct State {
        double markerX = 0;
        int stop = -1;    // the candidate the marker rests on, or -1
        int nearest = -1; // the candidate a drag would snap to, or -1
        bool answered = false;
        bool answerCorrect = false;
        bool dragging = false;
        bool focused = false;
        QString anchorText;    // beside the anchor's line: "timer start", "timer stop"
        QString markerText;    // on the marker's flag
        QString timerText;     // on the timer bar
        QString completedText; // on the completed-result bar (shown once answered)
        QString caption;       // the mode line
        QString hint;          // how to interact, right of the caption
        // Why this call is not among the figures' ("interrupted: …"), said in place of the hint
        // in the warning colour; empty for a clean call.
        QString interruption;
    };

    TimelinePainter(QPainter &painter, const TimelineLayout &layout, const lessonscope::CallTimeline &call,
                    const QPalette &palette, const QFont &font, const QFont &smallFont);

    void paint(const State &state);
    // Where the marker's flag was drawn by paint(): a handle the learner may grab.
    QRectF flagRect() const { return m_flag; }

    // A lane's colour: the palette's highlight hue turned by hueTurn degrees.
    static QColor laneColour(const QPalette &palette, int hueTurn);
    // The lane colour washed towards the palette's base, for fills under text.
    static QColor laneFill(const QPalette &palette, int hueTurn);
    // The verdict's mark: green for right, orange for wrong (with ✓ / ✗, never colour alone).
    static QColor verdictColour(const QPalette &palette, bool correct);

private:
    void paintFrame(const State &state);
    void paintOutside();
    void paintEvents();
    void paintMeasurement(const State &state);
    void paintCandidates(const State &state);
    void paintMarker(const State &state);
    void paintMultiples(); // a Length marker's scale: 1×, 2×, … of its reference, in the strip
    void paintAxis();
    void barText(const QRectF &bar, const QString &text, bool bold);
    QColor colourOf(int lane) const;
    QColor fillOf(int lane) const;

    QPainter &m_painter;
    const TimelineLayout &m_layout;
    const lessonscope::CallTimeline &m_call;
    const QPalette &m_palette;
    QFont m_font;
    QFont m_small;
    QRectF m_flag;
};
