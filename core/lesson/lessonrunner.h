#pragma once

#include "core/artifact/artifact.h"
#include "core/lesson/lesson.h"
#include "core/artifact/problem.h"

#include <QList>
#include <QObject>

#include <atomic>
#include <memory>

class WorkerThreads;

// Runs a lesson on a worker thread, one run at a time. What the run measures comes back to the
// GUI thread through WorkerThreads (a mutex, drained on the GUI thread) (throttled: progress and samples at most every 100 ms, so the
// window stays responsive and the drawing competes little with the timed calls). cancel() sets
// an atomic flag the lesson checks between calls. Results of a job that was cancelled, or that is
// no longer the current one, are dropped by job id.
class LessonRunner : public QObject
{
    Q_OBJECT

public:
    explicit LessonRunner(QObject *parent = nullptr);
    ~LessonRunner() override; // cancels, then waits for the worker to stop

    // Starts a run with resolved parameters, on device (Lesson::runOn). Returns the job id, or 0
    // when a run is in progress.
    int start(const lessonscope::Lesson &lesson, const lessonscope::ParameterValues &values,
              const std::string &device = lessonscope::kStreamDevice);
    void cancel();
    // Stops the run in progress and returns once it has ended: sets the cancel flag even when
    // every call is measured (cancel() then does nothing, yet a reference check still running
    // stops between its blocks), waits for the worker, then delivers what it sent: the partial
    // run and cancelled(), or finished(). For quitting: the window must not close while the run's
    // threads live, nor before the calls measured have reached it. It waits for the call in
    // progress, which cannot be interrupted.
    void stop();
    bool isRunning() const { return m_job != 0; }
    // Blocks until every worker thread has returned. What they posted is then still to deliver, and a
    // job's part of it is dropped when delivered if the job is no longer current (tests prove with
    // it that nothing of a cancelled run arrives). The destructor cancels, then does this.
    void waitForWorkers();
    // Delivers what the workers sent and is still waiting; returns how many deliveries ran (a
    // dropped one counts). For tests, after waitForWorkers().
    int deliverPending();
    int currentJob() const { return m_job; }

signals:
    void runningChanged(bool running);
    void progress(int job, int done, int total);
    // A step that is not a call began (RunObserver::phase); it lasts until the next report.
    void phaseStarted(int job, const QString &what);
    void firstCallMeasured(int job, double seconds);
    // The warm samples measured since the last report; firstIndex counts from 0.
    void warmSamplesMeasured(int job, int firstIndex, const QList<double> &seconds);
    // The new artifact, and what validation says of it (checked on the worker too).
    void finished(int job, const lessonscope::Artifact &artifact, const lessonscope::Problems &problems);
    // A cancelled run keeps what it measured: when at least one call was, partialRun carries the
    // artifact of those calls (its stdout says "cancelled": true) just before cancelled().
    void partialRun(int job, const lessonscope::Artifact &artifact, const lessonscope::Problems &problems);
    void cancelled(int job, int callsMeasured);
    void failed(int job, const QString &message);

private:
    class Observer;
    friend class Observer;

    bool isCurrent(int job) const { return job != 0 && job == m_job; }
    void end(int job);

    int m_job = 0;
    int m_lastJob = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    WorkerThreads *m_workers = nullptr;
};
