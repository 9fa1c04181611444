#include "ui/window/coursecontroller.h"

#include "ui/artifact/artifactview.h"
#include "ui/artifact/lessonpathbar.h"
#include "ui/library/courseprogress.h"
#include "ui/library/librarypane.h"
#include "ui/runs/runpanel.h"
#include "ui/window/centralview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/opencontroller.h"
#include "ui/window/welcomepage.h"

#include <QDockWidget>

CourseController::CourseController(MainWindow *window, CourseProgress *progress)
    : QObject(window), m_window(window), m_progress(progress)
{
    CentralView *centre = window->centre();
    centre->welcome()->setCourseProgress(progress);
    centre->artifactView()->setCourseProgress(progress);
    connect(centre->welcome(), &WelcomePage::openLessonRequested, this, &CourseController::openLesson);
    LessonPathBar *bar = centre->artifactView()->pathBar();
    connect(bar, &LessonPathBar::openLessonRequested, this, &CourseController::openLesson);
    connect(bar, &LessonPathBar::runRequested, this, &CourseController::runHere);
    connect(bar, &LessonPathBar::compareRequested, this, &CourseController::compare);
}

void CourseController::openLesson(const QString &lessonId)
{
    auto lesson = m_progress->lesson(lessonId);
    if (lesson && !lesson->recordedId) {
        m_window->openController()->openBundled();
        lesson = m_progress->lesson(lessonId);
    }
    if (lesson && lesson->recordedId)
        m_window->library()->selectIds({lesson->recordedId});
}

void CourseController::runHere(const QString &lessonId)
{
    RunPanel *panel = m_window->runPanel();
    panel->setLessonId(lessonId);
    panel->resetToDefaults(); // the recorded run's parameters: the comparison is like with like
    // The run dock shows the progress and can cancel.
    for (QWidget *ancestor = panel->parentWidget(); ancestor; ancestor = ancestor->parentWidget()) {
        if (auto *dock = qobject_cast<QDockWidget *>(ancestor)) {
            dock->show();
            dock->raise();
            break;
        }
    }
    panel->run();
}

void CourseController::compare(int recordedId, int runId)
{
    if (recordedId && runId)
        m_window->library()->selectIds({recordedId, runId});
}
