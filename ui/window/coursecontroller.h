#pragma once

#include <QObject>

class CourseProgress;
class MainWindow;

// Connects the course's requests — from the welcome page (open a lesson, the next one) and the
// artifact view's next-step bar (run it on this machine, compare with the recorded run) — to the
// window: opening the course's recordings when needed, starting a run with the lesson's
// defaults, selecting the two runs to compare.
class CourseController : public QObject
{
    Q_OBJECT

public:
    CourseController(MainWindow *window, CourseProgress *progress);

    // Selects the lesson's recording, opening the course's recordings first when it is not open.
    void openLesson(const QString &lessonId);
    void runHere(const QString &lessonId);
    void compare(int recordedId, int runId);

private:
    MainWindow *m_window = nullptr;
    CourseProgress *m_progress = nullptr;
};
