#pragma once

#include <QObject>

class AnswerStore;
class CourseProgress;
class MainWindow;

// Carries out the course on the window: the welcome page's requests (open a lesson, continue
// the course) and the artifact view's next-step bar (run it on this machine, compare with the
// recorded run, the next lesson), opening a lesson's recording when needed (and never a second
// copy of one that is open). It also records the learner's progress in the AnswerStore as it
// happens — a run that counts, its comparison with the recorded run, where a run was saved — and
// opens the saved runs again after a restart.
class CourseController : public QObject
{
    Q_OBJECT

public:
    CourseController(MainWindow *window, CourseProgress *progress, AnswerStore *store);

    // Selects the lesson's recording, opening it first when no copy of it is open.
    void openLesson(const QString &lessonId);
    void runHere(const QString &lessonId);
    // Shows the lesson's recording beside the run (a library entry), opening the recording first.
    void compare(const QString &lessonId, int runId);
    // The next step of the first lesson that is not done.
    void continueCourse();
    // Opens the runs the learner saved that exist and are not open (after a restart).
    void reopenSavedRuns();

private:
    void noteRuns(int firstRow, int lastRow);
    void noteComparison(const QList<int> &ids);
    void noteSaved(int id, const QString &path);
    void updateActions();

    MainWindow *m_window = nullptr;
    CourseProgress *m_progress = nullptr;
    AnswerStore *m_store = nullptr;
};
