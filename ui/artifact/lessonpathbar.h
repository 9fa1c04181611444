#pragma once

#include <QFrame>

class CourseProgress;
class QLabel;
class QPushButton;
struct LibraryEntry;

// Leads the learner through the lesson shown: predict (answer the prompt on the timeline), then
// observe (run the lesson on this machine), then explain (compare the run with the recorded one),
// then the next lesson. Nothing is locked: the step says what comes next and offers it.
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

signals:
    void predictRequested();
    void runRequested(const QString &lessonId);
    void compareRequested(int recordedId, int runId);
    void openLessonRequested(const QString &lessonId);

private:
    enum class Step { Predict, Observe, Explain };
    void refresh();
    void act();

    const CourseProgress *m_progress = nullptr;
    QString m_lessonId;
    int m_entryId = 0;
    bool m_entryIsRun = false;
    Step m_step = Step::Predict;
    int m_recordedId = 0;
    int m_runId = 0;
    QString m_nextId;
    QLabel *m_text = nullptr;
    QPushButton *m_action = nullptr;
    QPushButton *m_next = nullptr;
};
