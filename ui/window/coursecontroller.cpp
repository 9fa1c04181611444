#include "ui/window/coursecontroller.h"

#include "core/base/units.h"
#include "core/lesson/lessonartifacts.h"
#include "ui/artifact/artifactview.h"
#include "ui/artifact/lessonpathbar.h"
#include "ui/library/courseprogress.h"
#include "ui/library/librarymodel.h"
#include "ui/library/librarypane.h"
#include "ui/library/recordings.h"
#include "ui/runs/runpanel.h"
#include "ui/timeline/answerstore.h"
#include "ui/window/centralview.h"
#include "ui/window/mainactions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/opencontroller.h"
#include "ui/window/savecontroller.h"
#include "ui/window/welcomepage.h"

#include <QAction>
#include <QDockWidget>
#include <QFileInfo>

using namespace lessonscope;

namespace {

// The run's headline figures in a line, for the course-complete page.
QString runFigures(const Artifact &artifact)
{
    QStringList parts;
    for (const Figure &figure : summarizeArtifact(artifact).figures) {
        if (!figure.value || parts.size() >= 2)
            continue;
        parts << QStringLiteral("%1: %2").arg(
            QString::fromStdString(figure.label),
            QString::fromStdString(figure.isDuration ? formatDuration(*figure.value) : formatNumber(*figure.value)));
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

CourseController::CourseController(MainWindow *window, CourseProgress *progress, AnswerStore *store)
    : QObject(window), m_window(window), m_progress(progress), m_store(store)
{
    CentralView *centre = window->centre();
    centre->welcome()->setCourseProgress(progress);
    centre->artifactView()->setCourseProgress(progress);
    connect(centre->welcome(), &WelcomePage::openLessonRequested, this, &CourseController::openLesson);
    connect(centre->welcome(), &WelcomePage::continueRequested, this, &CourseController::continueCourse);
    LessonPathBar *bar = centre->artifactView()->pathBar();
    connect(bar, &LessonPathBar::openLessonRequested, this, &CourseController::openLesson);
    connect(bar, &LessonPathBar::runRequested, this, &CourseController::runHere);
    connect(bar, &LessonPathBar::compareRequested, this, &CourseController::compare);
    connect(bar, &LessonPathBar::stateChanged, this, &CourseController::updateActions);
    connect(centre, &CentralView::entriesShown, this, &CourseController::noteComparison);
    connect(centre, &CentralView::entriesShown, this, &CourseController::updateActions);
    connect(window->model(), &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) { noteRuns(first, last); });
    connect(window->saveController(), &SaveController::saved, this, &CourseController::noteSaved);

    MainActions *actions = window->actions();
    connect(actions->compareWithRecorded, &QAction::triggered, bar, &LessonPathBar::requestCompare);
    connect(actions->nextLesson, &QAction::triggered, bar, &LessonPathBar::requestNextLesson);
    connect(actions->goToPrediction, &QAction::triggered, this, [bar] { emit bar->predictRequested(); });
    connect(actions->continueCourse, &QAction::triggered, this, &CourseController::continueCourse);
    updateActions();
}

void CourseController::updateActions()
{
    MainActions *actions = m_window->actions();
    const bool artifactShown = m_window->centre()->page() == CentralView::Page::Artifact;
    LessonPathBar *bar = m_window->centre()->artifactView()->pathBar();
    actions->compareWithRecorded->setEnabled(artifactShown && bar->canCompare());
    actions->nextLesson->setEnabled(artifactShown && bar->canGoToNextLesson());
    actions->goToPrediction->setEnabled(artifactShown && !bar->isHidden());
}

void CourseController::openLesson(const QString &lessonId)
{
    auto lesson = m_progress->lesson(lessonId);
    if (!lesson)
        return;
    int id = lesson->recordedId;
    if (!id) {
        // The one recording, not the whole course again: a folder of copies is already open.
        if (std::optional<LibraryEntry> recording = recordings::entryOf(lessonId.toStdString()))
            id = m_window->model()->addOrReplace(std::move(*recording));
    }
    if (id)
        m_window->library()->selectIds({id});
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

void CourseController::compare(const QString &lessonId, int runId)
{
    if (!runId)
        return;
    auto lesson = m_progress->lesson(lessonId);
    int recordedId = lesson ? lesson->recordedId : 0;
    if (!recordedId) {
        if (std::optional<LibraryEntry> recording = recordings::entryOf(lessonId.toStdString()))
            recordedId = m_window->model()->addOrReplace(std::move(*recording));
    }
    if (recordedId)
        m_window->library()->selectIds({recordedId, runId});
}

void CourseController::continueCourse()
{
    const auto lesson = m_progress->lesson(m_progress->nextLessonId());
    if (!lesson)
        return;
    if (lesson->step() == CourseProgress::Step::Compare && lesson->runId)
        compare(lesson->id, lesson->runId);
    else
        openLesson(lesson->id); // its path bar says the step, and the Diagram tab opens for a prediction
}

void CourseController::reopenSavedRuns()
{
    QStringList paths;
    for (const CourseProgress::Lesson &lesson : m_progress->lessons()) {
        for (const QString &path : m_store->record(lesson.id).savedRuns) {
            if (QFileInfo::exists(path) && !m_window->model()->findByPath(path)) {
                paths << path;
                break; // the newest of each lesson is the one to compare
            }
        }
    }
    if (!paths.isEmpty())
        m_window->openController()->open(paths, OpenController::Remember::No);
}

void CourseController::noteRuns(int firstRow, int lastRow)
{
    const LibraryModel *model = m_window->model();
    for (int row = firstRow; row <= lastRow; ++row) {
        const LibraryEntry *entry = model->entry(model->idAtRow(row));
        if (!entry || !entry->artifact)
            continue;
        const QString lessonId = QString::fromStdString(entry->artifact->lessonId());
        if (entry->origin == LibraryEntry::Origin::Bundled)
            m_store->adoptEarlierAnswer(lessonId, QString::fromStdString(entry->artifact->contentHash()));
        else if (CourseProgress::isCountingRun(*entry) && m_progress->lesson(lessonId))
            m_store->markRunHere(lessonId, runFigures(*entry->artifact));
    }
}

void CourseController::noteComparison(const QList<int> &ids)
{
    if (ids.size() != 2 || m_window->centre()->page() != CentralView::Page::Comparison)
        return;
    const LibraryEntry *a = m_window->model()->entry(ids[0]);
    const LibraryEntry *b = m_window->model()->entry(ids[1]);
    if (!a || !b || !a->artifact || !b->artifact || a->artifact->lessonId() != b->artifact->lessonId())
        return;
    if (!recordings::isRecording(*a))
        std::swap(a, b);
    if (recordings::isRecording(*a) && CourseProgress::isCountingRun(*b))
        m_store->markCompared(QString::fromStdString(a->artifact->lessonId()));
}

void CourseController::noteSaved(int id, const QString &path)
{
    const LibraryEntry *entry = m_window->model()->entry(id);
    if (entry && entry->artifact && CourseProgress::madeOnThisMachine(*entry)
        && m_progress->lesson(QString::fromStdString(entry->artifact->lessonId())))
        m_store->addSavedRun(QString::fromStdString(entry->artifact->lessonId()), path);
}
