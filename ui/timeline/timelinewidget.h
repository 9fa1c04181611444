#pragma once

#include "ui/timeline/timelinelayout.h"
#include "ui/timeline/timelinepainter.h"
#include "core/trace/timeline.h"

#include <QWidget>

#include <memory>
#include <optional>

// A lesson's timeline: the lanes of one call (host, device, readiness and measurement for a
// lesson on the stream), with the timer's marker the learner places (its stop or its start, as
// the lesson's timeline says; lanes, events and candidates are the lesson's data). Painted in paintEvent over a cached
// TimelineLayout (rebuilt only when the call, the view range, the size or the font changes).
//
// Interaction, before the answer: drag the marker (or press in the timer's lane) and
// release to answer at the nearest candidate; ← → / Home / End move between candidates, Enter
// answers. Measured calls also zoom (wheel, + and -), pan (drag elsewhere, Ctrl+← →) and reset
// (0, double click). The widget only asks for an answer (answerRequested); its owner decides and
// calls setAnswer(), which fixes the marker and reveals the readings.
//
// A Length marker (MarkerKind::Length) has no candidates: the learner drags the end of a bar that
// begins at the anchor (or presses ← → for one step, Shift for five, Home / End for the least and
// the most) and releases or presses Enter to answer with its length, a multiple of the question's
// reference (lengthAnswerRequested); setLengthAnswer() fixes it and reveals the asked span.
class TimelineWidget : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineWidget(QWidget *parent = nullptr);

    // Shows the representative call when measured. Never null: a widget without one shows an
    // empty schematic.
    void setTimeline(std::shared_ptr<const lessonscope::LessonTimeline> timeline);
    const lessonscope::LessonTimeline &timeline() const { return *m_timeline; }
    void setCallIndex(int index);
    int callIndex() const { return m_callIndex; }
    // What the drawing says of the shown call's interruption, and whether the lesson's figures
    // keep it or leave it out; empty for a clean call.
    QString interruptionText() const;
    const lessonscope::CallTimeline &currentCall() const { return m_call; }

    // The candidate the marker rests on (an index into currentCall().candidates), or -1 while it
    // sits at the timer's fixed end.
    int markerCandidate() const { return m_marker; }
    void setMarkerCandidate(int candidate);
    void setAnswer(std::optional<int> candidate);
    std::optional<int> answer() const { return m_answer; }

    // A Length marker's: the learner's length, as a multiple of the question's reference, and the
    // answer once given.
    double lengthGuess() const { return m_length; }
    void setLengthGuess(double multiple);
    void setLengthAnswer(std::optional<double> multiple);
    std::optional<double> lengthAnswer() const { return m_lengthAnswer; }
    bool isAnswered() const { return m_answer || m_lengthAnswer; }

    void resetView();
    // A picture, not a control (lessonscope render): no "drag me", no hint of keys to press.
    void setStatic(bool isStatic);
    double viewBegin() const { return m_viewBegin; }
    double viewEnd() const { return m_viewEnd; }

    // Where things are drawn, in widget coordinates (for tests and accessibility).
    QPointF candidatePosition(int candidate) const; // its tick in the timer's lane
    QPointF markerPosition() const;                 // the marker's handle
    QRectF eventRect(int event) const;              // the current call's event's box; empty where it is not drawn
    QString toolTipAt(const QPointF &pos) const;    // empty where there is nothing
    double timeAtPixel(double x) const;             // in the call's time units

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void callIndexChanged(int index);
    void markerCandidateChanged(int candidate);
    void answerRequested(int candidate);
    void lengthGuessChanged(double multiple);
    void lengthAnswerRequested(double multiple);
    void viewChanged();

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    const TimelineLayout &cachedLayout() const;
    void invalidateLayout();
    void setView(double begin, double end);
    void zoomAt(double x, double factor);
    double markerX() const;
    bool grabsMarker(const QPointF &pos) const;
    int nearestCandidate(double x) const;
    int neighbourCandidate(int direction) const; // ← (−1) or → (+1) from where the marker is
    void showCandidate(int candidate);
    QString readingText(int candidate) const;
    QString markerWord() const; // "stop" or "start"
    int correctCandidate() const;
    bool isLength() const { return m_call.marker == lessonscope::MarkerKind::Length; }
    // Length marker parts (timelinewidgetlength.cpp).
    double lengthX() const;                      // the learner's bar's end, in pixels
    double lengthAtX(double x) const;            // the multiple a bar ending at x shows
    bool lengthKey(QKeyEvent *event);            // ← → Home End Enter; false when not one of them
    QString multipleText(double multiple) const; // "2.05×"
    void fillLengthState(TimelinePainter::State &state) const;
    void sayWhereTheMarkerIs(); // the accessible name
    QString lengthToolTip(const QPointF &pos) const;

    std::shared_ptr<const lessonscope::LessonTimeline> m_timeline;
    lessonscope::CallTimeline m_call;
    QString m_interruption; // the timeline's callInterruption for m_call; empty when clean
    int m_callIndex = -1;
    double m_viewBegin = 0;
    double m_viewEnd = 1;
    bool m_viewChosen = false; // zoomed or panned by the learner since the last reset
    int m_marker = -1;
    bool m_static = false;
    std::optional<int> m_answer;
    double m_length = 1;
    std::optional<double> m_lengthAnswer;

    enum class Drag { None, Marker, Pan };
    Drag m_drag = Drag::None;
    double m_dragX = 0;
    double m_lastPanX = 0;

    QRectF m_flag; // the marker's flag as last painted: a handle, as the line is
    mutable TimelineLayout m_layout;
    mutable bool m_layoutValid = false;
};
