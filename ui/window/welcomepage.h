#pragma once

#include <QWidget>

class CourseProgress;
class QGridLayout;
class QLabel;
class QPushButton;

// What the centre shows when nothing is selected: the course — its lessons in order, each with
// the learner's state and a button to open it, and the next step to take — and how to get other
// artifacts in. Once every lesson is done, the course-complete page: each lesson's first answer,
// its retries and the learner's own numbers.
class WelcomePage : public QWidget
{
    Q_OBJECT

public:
    explicit WelcomePage(QWidget *parent = nullptr);
    // "Nothing opened yet" or "Select an artifact in the library".
    void setLibraryEmpty(bool empty);
    void setCourseProgress(const CourseProgress *progress);

    // For tests: the course as shown, one line a lesson ("1. <lesson id> — <title> — not tried").
    QStringList courseLines() const;
    QPushButton *nextLessonButton() const { return m_next; }
    bool showsCourseComplete() const { return m_complete; }
    // The course-complete page's summary line ("You predicted 4 of 6 lessons right …"); empty before.
    QString completeText() const;

signals:
    void openFilesRequested();
    void openFolderRequested();
    void openRecordedRequested();
    void openLessonRequested(const QString &lessonId);
    void continueRequested(); // the next step of the first lesson not done

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refreshCourse();
    void addLessonRow(int row, const QString &name, const QString &state, const QString &lessonId, bool done);

    QLabel *m_title = nullptr;
    QLabel *m_text = nullptr;
    QWidget *m_course = nullptr;
    QGridLayout *m_courseGrid = nullptr;
    QPushButton *m_next = nullptr;
    QString m_nextId;
    QStringList m_courseLines;
    const CourseProgress *m_progress = nullptr;
    bool m_stale = false; // changed while hidden
    bool m_complete = false;
    bool m_libraryEmpty = true;
};
