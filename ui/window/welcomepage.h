#pragma once

#include <QWidget>

class CourseProgress;
class QGridLayout;
class QLabel;
class QPushButton;

// What the centre shows when nothing is selected: the course — its lessons in order, each with
// the learner's state and a button to open it, and the next lesson to take — and how to get
// other artifacts in.
class WelcomePage : public QWidget
{
    Q_OBJECT

public:
    explicit WelcomePage(QWidget *parent = nullptr);
    // "Nothing opened yet" or "Select an artifact in the library".
    void setLibraryEmpty(bool empty);
    void setCourseProgress(const CourseProgress *progress);

    // For tests: the course as shown, one line a lesson ("1. performance-01 — Time … — not tried").
    QStringList courseLines() const;
    QPushButton *nextLessonButton() const { return m_next; }

signals:
    void openFilesRequested();
    void openFolderRequested();
    void openRecordedRequested();
    void openLessonRequested(const QString &lessonId);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refreshCourse();

    QLabel *m_title = nullptr;
    QLabel *m_text = nullptr;
    QWidget *m_course = nullptr;
    QGridLayout *m_courseGrid = nullptr;
    QPushButton *m_next = nullptr;
    QString m_nextId;
    QStringList m_courseLines;
    const CourseProgress *m_progress = nullptr;
    bool m_stale = false; // changed while hidden
};
