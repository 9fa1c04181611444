#pragma once

#include <QFrame>

class CourseProgress;
class QLabel;
class QPushButton;
struct LibraryEntry;

// Leads the learner through the lesson shown: predict (answer the prompt on the timeline), then
// observe (run the lesson on this machine), then explain (compare the run with the recorded one),
// then the next lesson. Nothing is locked: the step says what comes next and offers it. A run
// that does not count for the course says why, and offers to run again.
class LessonPathBar : public QFrame
{
    Q_OBJECT

public:
    explicit LessonPathBar(QWidget *parent = nullptr);

    void setCourseProgress(const CourseProgress *progress);
    // Hidden for unreadable files and lessons that are not in the course.
    void setEntry(const LibraryEntry &entry);

    QString stepText() const;
    QPushButton *actionButton() const { return m_action; }
    QPushButton *nextButton() const { return m_next; }
    // What the Run menu's entries act on: the comparison of this lesson's run with its
    // recording, and the next lesson of the course.
    bool canCompare() const;
    bool canGoToNextLesson() const;

public slots:
    void requestCompare();
    void requestNextLesson();

signals:
    void predictRequested();
    void runRequested(const QString &lessonId);
    void compareRequested(const QString &lessonId, int runId);
    void openLessonRequested(const QString &lessonId);
    void stateChanged(); // the step or what can be done changed

private:
    enum class Step { Predict, Observe, Explain, Done };
    void refresh();
    void act();

    const CourseProgress *m_progress = nullptr;
    QString m_lessonId;
    int m_entryId = 0;
    bool m_entryIsCountingRun = false;
    QString m_entryRefusal; // why the run shown does not count; empty for any other artifact
    Step m_step = Step::Predict;
    int m_runId = 0;
    QString m_nextId;
    QLabel *m_text = nullptr;
    QPushButton *m_action = nullptr;
    QPushButton *m_next = nullptr;
};
