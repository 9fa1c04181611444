#pragma once

#include <QWidget>

namespace lessonscope {
class Artifact;
}

class AnswerStore;
class PredictionPanel;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QVBoxLayout;

// The diagram area of the artifact view: the diagram's title, the prediction prompt the learner
// answers first, and the reading, hidden behind "Show explanation" until asked for.
//
// Integration point with the interactive timeline (issue 4): its owner embeds the timeline and the
// prediction widget here (in the slot that timelineSlot() returns, between the prompt and the
// reading) and may replace the body of this class; setArtifact() is the contract that the artifact
// view and `lessonscope render --view diagram` rely on, so keep its signature.
class DiagramView : public QWidget
{
    Q_OBJECT

public:
    // store: the course's answers, passed to the prediction; nullptr keeps none (a render).
    explicit DiagramView(AnswerStore *store, QWidget *parent = nullptr);

    // name: the artifact as the learner knows it ("the recorded run"), for the prediction.
    void setArtifact(const lessonscope::Artifact &artifact, const QString &name = QString());
    // A picture, not a control (lessonscope render): the prediction without its controls and
    // instructions, no "Show explanation" button. Set once, before the artifact.
    void setStatic(bool isStatic);
    // Shows nothing but a short message (no artifact selected).
    void clear();

    bool isExplanationShown() const;
    // The interactive prediction shown for "timeline" diagrams (hidden for other kinds).
    PredictionPanel *prediction() const { return m_prediction; }
    // The layout where the interactive timeline goes; empty until issue 4 fills it.
    QVBoxLayout *timelineSlot() const { return m_timelineSlot; }

public slots:
    void setExplanationShown(bool shown);

private:
    bool m_static = false;
    QLabel *m_title = nullptr;
    QLabel *m_scope = nullptr;
    QLabel *m_promptCaption = nullptr;
    QLabel *m_prompt = nullptr;
    QVBoxLayout *m_timelineSlot = nullptr;
    PredictionPanel *m_prediction = nullptr; // "timeline" diagrams: prompt, timeline, verdict, reading
    QLabel *m_kindNote = nullptr;
    QPlainTextEdit *m_rawPanel = nullptr;
    QPushButton *m_showExplanation = nullptr;
    QLabel *m_reading = nullptr;
};
