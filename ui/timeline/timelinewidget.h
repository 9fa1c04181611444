#pragma once

#include "ui/timeline/timelinelayout.h"
#include "core/lessons/performance-01/performance01timeline.h"

#include <QWidget>

#include <optional>

// The performance-01 timeline: host, device, readiness and measurement lanes of one call, with
// the timer's stop marker the learner places. Painted in paintEvent over a cached
// TimelineLayout (rebuilt only when the call, the view range, the size or the font changes).
//
// Interaction, before the answer: drag the stop marker (or press in the measurement lane) and
// release to answer at the nearest candidate; ← → / Home / End move between candidates, Enter
// answers. Measured calls also zoom (wheel, + and -), pan (drag elsewhere, Ctrl+← →) and reset
// (0, double click). The widget only asks for an answer (answerRequested); its owner decides and
// calls setAnswer(), which fixes the marker and reveals the readings.
class TimelineWidget : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineWidget(QWidget *parent = nullptr);

    void setModel(const lessonscope::TimelineModel &model); // shows the median call when measured
    const lessonscope::TimelineModel &model() const { return m_model; }
    void setCallIndex(int index);
    int callIndex() const { return m_callIndex; }
    const lessonscope::CallTimeline &currentCall() const { return m_call; }

    // The candidate the marker rests on: a StopPoint as int, or -1 while it sits at the timer start.
    int stopCandidate() const { return m_stop; }
    void setStopCandidate(int stop);
    void setAnswer(std::optional<lessonscope::StopPoint> answer);
    std::optional<lessonscope::StopPoint> answer() const { return m_answer; }

    void resetView();
    double viewBegin() const { return m_viewBegin; }
    double viewEnd() const { return m_viewEnd; }

    // Where things are drawn, in widget coordinates (for tests and accessibility).
    QPointF candidatePosition(lessonscope::StopPoint point) const; // its tick in the measurement lane
    QPointF markerPosition() const;                                // the marker's handle
    QString toolTipAt(const QPointF &pos) const;                   // empty where there is nothing

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void callIndexChanged(int index);
    void stopCandidateChanged(int stop);
    void answerRequested(int stop);
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
    QString readingText(lessonscope::StopPoint point) const;

    lessonscope::TimelineModel m_model;
    lessonscope::CallTimeline m_call;
    int m_callIndex = -1;
    double m_viewBegin = 0;
    double m_viewEnd = 1;
    int m_stop = -1;
    std::optional<lessonscope::StopPoint> m_answer;

    enum class Drag { None, Marker, Pan };
    Drag m_drag = Drag::None;
    double m_dragX = 0;
    double m_lastPanX = 0;

    mutable TimelineLayout m_layout;
    mutable bool m_layoutValid = false;
};
