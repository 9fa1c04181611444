#pragma once

#include "core/artifact/artifact.h"
#include "core/trace/timeline.h"

#include <QWidget>

#include <memory>
#include <optional>

class AnswerStore;
class QComboBox;
class QFrame;
class QHBoxLayout;
class QLabel;
class QPushButton;
class TimelineWidget;

// The prediction for a timeline diagram: the prompt above the interactive timeline, the answer
// placed on it, the verdict with the numbers each stop would have read, then the reading (the
// explanation), which stays hidden until the learner has answered. Answers persist per
// contentHash in an AnswerStore; "try again" clears one. The diagram's title and scope are its
// owner's (DiagramView) to show.
class PredictionPanel : public QWidget
{
    Q_OBJECT

public:
    // store: where answers are kept; nullptr uses AnswerStore::shared(). Not owned.
    explicit PredictionPanel(AnswerStore *store = nullptr, QWidget *parent = nullptr);

    void setArtifact(const lessonscope::Artifact &artifact);
    // Where "Export trace" suggests writing (the artifact view knows the artifact's file).
    void setSuggestedTracePath(const QString &path) { m_tracePath = path; }
    // A picture, not a control (lessonscope render): no call selector, buttons or instructions.
    // Set once, before the artifact.
    void setStatic(bool isStatic);
    QString suggestedTracePath() const { return m_tracePath; }
    QComboBox *callSelector() const { return m_calls; }

    TimelineWidget *timeline() const { return m_timeline; }
    // The key of the candidate the learner answered with.
    std::optional<QString> answer() const { return m_answer; }
    // The length the learner answered with (a Length marker's), as a multiple of its reference.
    std::optional<double> lengthAnswer() const { return m_lengthAnswer; }
    const lessonscope::LessonTimeline &timelineModel() const { return *m_model; }
    bool isReadingShown() const;
    // Answering shows the reading and "try again" hides it; this reveals it without an answer
    // (for a program that shows the explanation on request).
    void setReadingShown(bool shown);
    QString verdictText() const; // the verdict as shown, in plain text; empty before an answer

public slots:
    void answerWith(const QString &candidate);
    void answerWithLength(double multiple);
    void tryAgain();
    void exportTrace(); // asks for a file name and writes the Chrome trace

signals:
    void answered(bool correct);

private:
    QFrame *makePrompt();
    QHBoxLayout *makeTools();
    void makeVerdict();
    void makeReading();
    void showAnswer(std::optional<QString> candidate, std::optional<double> length = std::nullopt);
    void bringVerdictIntoView();
    bool hasAnswer() const { return m_answer || m_lengthAnswer; }
    lessonscope::TimelineVerdict currentVerdict() const; // of the answer given
    int answerIndex() const; // the answer's candidate on the timeline, or -1
    void updateVerdict();
    void fillCallChoices();
    void syncFromStore(const QString &contentHash);

    AnswerStore *m_store = nullptr;
    lessonscope::Artifact m_artifact;
    std::shared_ptr<const lessonscope::LessonTimeline> m_model;
    std::optional<QString> m_answer;
    std::optional<double> m_lengthAnswer;
    QString m_readingText;
    QString m_tracePath;
    bool m_static = false;

    QLabel *m_prompt = nullptr;
    QLabel *m_hint = nullptr;
    QLabel *m_callLabel = nullptr;
    QComboBox *m_calls = nullptr;
    QPushButton *m_resetZoom = nullptr;
    QPushButton *m_export = nullptr;
    TimelineWidget *m_timeline = nullptr;
    QFrame *m_verdictFrame = nullptr;
    QLabel *m_verdictMark = nullptr;
    QLabel *m_verdictHeadline = nullptr;
    QLabel *m_verdict = nullptr;
    QPushButton *m_tryAgain = nullptr;
    QFrame *m_readingFrame = nullptr;
    QLabel *m_reading = nullptr;
};
