#include "ui/window/runcontroller.h"

#include "ui/window/centralview.h"
#include "core/lesson/lessonrunner.h"
#include "ui/library/librarymodel.h"
#include "ui/library/librarypane.h"
#include "ui/runs/liverunview.h"
#include "ui/runs/runpanel.h"

#include <QMessageBox>

RunController::RunController(RunPanel *panel, LibraryModel *model, LibraryPane *library, CentralView *centre,
                             QObject *parent)
    : QObject(parent), m_panel(panel), m_runner(panel->runner())
{
    LessonRunner *runner = m_runner;
    LiveRunView *live = centre->liveRunView();
    connect(panel, &RunPanel::runStarted, this,
            [this, live, library, centre](int job, const QString &lessonId, const QString &description) {
                live->start(job, lessonId, description);
                library->selectIds({});
                centre->showLiveRun();
                emit message(tr("Running %1 on this machine…").arg(lessonId), 4000);
            });
    connect(runner, &LessonRunner::progress, live, &LiveRunView::setProgress);
    connect(runner, &LessonRunner::firstCallMeasured, live, &LiveRunView::addFirstCall);
    connect(runner, &LessonRunner::warmSamplesMeasured, live, &LiveRunView::addWarmSamples);
    connect(runner, &LessonRunner::finished, this,
            [this, live, model, library](int job, const lessonscope::Artifact &artifact,
                                         const lessonscope::Problems &problems) {
                live->finish(job, tr("Run finished"));
                LibraryEntry entry;
                entry.origin = LibraryEntry::Origin::Run;
                entry.artifact = artifact;
                entry.problems = problems;
                entry.unsaved = true;
                entry.runNumber = ++m_runs;
                library->selectIds({model->addOrReplace(std::move(entry))});
                emit message(tr("Run finished: the new artifact is selected and not saved yet (File › Save)."), 10000);
            });
    connect(
        runner, &LessonRunner::partialRun, this,
        [this, model, library](int job, const lessonscope::Artifact &artifact, const lessonscope::Problems &problems) {
            m_keptJob = job;
            LibraryEntry entry;
            entry.origin = LibraryEntry::Origin::Run;
            entry.artifact = artifact;
            entry.problems = problems;
            entry.unsaved = true;
            entry.cancelled = true;
            entry.runNumber = ++m_runs;
            library->selectIds({model->addOrReplace(std::move(entry))});
        });
    connect(runner, &LessonRunner::cancelled, this, [this, live](int job, int calls) {
        if (calls == 0) {
            live->finish(job, tr("Run cancelled before the first call; nothing was measured"));
            emit message(tr("Run cancelled"), 6000);
            return;
        }
        // Says what happened to the calls: kept when they became an artifact (partialRun), else lost.
        const bool kept = job == m_keptJob;
        live->finish(job, RunPanel::cancelledText(calls, kept));
        emit message(
            kept ? tr("Run cancelled: the calls measured so far are selected as an unsaved artifact (File › Save).")
                 : tr("Run cancelled: nothing was kept."),
            10000);
    });
    connect(runner, &LessonRunner::failed, this, [this, live](int job, const QString &text) {
        live->finish(job, tr("Run failed: %1").arg(text));
        emit message(tr("Run failed: %1").arg(text), 10000);
    });
}

bool RunController::stopForClose()
{
    if (!m_runner->isRunning())
        return true;
    if (!askStop())
        return false;
    // Not RunPanel::cancel(): it does nothing once every call is measured, and it returns at once.
    // Closing then left the run's threads alive past the event loop and lost its calls.
    m_runner->stop();
    return true;
}

bool RunController::askStop() const
{
    if (m_askStop)
        return m_askStop();
    const auto answer = QMessageBox::question(m_panel->window(), tr("Run in Progress"),
                                              tr("A run is still measuring. Stop it and quit?"),
                                              QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    return answer == QMessageBox::Yes;
}
