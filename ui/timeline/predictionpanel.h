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
// explanation), which stays hidden until the learner has answered. The answer is the lesson's,
// kept in an AnswerStore: given on one artifact, it is placed on every artifact of the lesson
// with what it reads there, and the course keeps the first one as its grade. An artifact that
// does not count for the course (courseRefusal) takes no answer and changes nothing. The
// diagram's title and scope are its owner's (DiagramView) to show.
class PredictionPanel : public QWidget
{
    Q_OBJECT

public:
    // store: where the course is kept; not owned. Without one (a render) answers are not kept.
    explicit PredictionPanel(AnswerStore *store, QWidget *parent = nullptr);

    // name: the artifact as the learner knows it ("the recorded run"), said beside an answer
    // given on another artifact of the lesson.
    void setArtifact(const lessonscope::Artifact &artifact, const QString &name = QString());
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
    // Over the verdict: whose answer it is when it was given on another artifact, the course's
    // grade when it differs; or why this artifact takes no answer. Plain text; empty when none.
    QString answerNoteText() const;

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
    int answerIndex() const;                             // the answer's candidate on the timeline, or -1
    void updateVerdict();
    void fillCallChoices();
    void syncFromStore(const QString &lessonId);
    void commit(std::optional<QString> candidate, std::optional<double> length, bool correct);
    void updateAnswerNote();

    AnswerStore *m_store = nullptr;
    lessonscope::Artifact m_artifact;
    QString m_lessonId;
    QString m_artifactKey;  // AnswerStore::artifactKeyOf this artifact
    QString m_artifactName; // as the learner knows it
    QString m_refusal;      // why this artifact does not count for the course; empty when it does
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
    QLabel *m_answerNote = nullptr;
    QFrame *m_verdictFrame = nullptr;
    QLabel *m_verdictMark = nullptr;
    QLabel *m_verdictHeadline = nullptr;
    QLabel *m_verdict = nullptr;
    QPushButton *m_tryAgain = nullptr;
    QFrame *m_readingFrame = nullptr;
    QLabel *m_reading = nullptr;
};
