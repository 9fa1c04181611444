#pragma once

#include "core/library/openedfile.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

class WorkerThreads;

// One file as the loader read it.
struct LoadedFile {
    QString path;
    lessonscope::OpenedFile result; // a lesson artifact or another harness's results (openFile)
    QDateTime modified;             // taken before reading: a change while reading shows as a change later
    qint64 size = -1;
};

// A file's modification time and size when it was read: the same again means it need not be.
struct FileStamp {
    QDateTime modified;
    qint64 size = -1;
    friend bool operator==(const FileStamp &, const FileStamp &) = default;
};
using FileStamps = QHash<QString, FileStamp>; // absolute path → stamp

// Opens files and folders off the GUI thread: folders are searched recursively for *.json and
// results CSVs (lessonscope::findOpenableFiles), every file is read and validated on the worker, and the
// results come back in batches (WorkerThreads: through a mutex, drained on this object's thread),
// with throttled progress. Each load() is a
// job with its own atomic cancel flag; a cancelled job's late results are dropped by job id.
class ArtifactLoader : public QObject
{
    Q_OBJECT

public:
    explicit ArtifactLoader(QObject *parent = nullptr);
    ~ArtifactLoader() override; // cancels every job and waits for the workers

    // Files and folders; returns the job id. A file in known whose stamp is still the same is
    // neither read nor delivered: a watched folder's refresh reads only what changed.
    int load(const QStringList &paths, const FileStamps &known = {});
    // Cancels one job (or every job for 0). finished(job, true) follows at once.
    void cancel(int job = 0);
    bool isBusy() const { return !m_jobs.isEmpty(); }
    // Blocks until every worker thread has returned. What they posted is then queued here, and a
    // cancelled job's part of it is dropped when delivered (tests prove with it that nothing of a
    // cancelled job arrives). The destructor cancels every job, then does this.
    void waitForWorkers();
    // Delivers what the workers sent and is still waiting; returns how many deliveries ran (a
    // dropped one counts). For tests, after waitForWorkers().
    int deliverPending();
    QList<int> jobs() const { return m_jobs.keys(); }

signals:
    // total is -1 while folders are still being searched.
    void progress(int job, int done, int total);
    void filesLoaded(int job, const QList<LoadedFile> &files);
    // A folder was searched: it and its subfolders, for a file-system watcher.
    void folderScanned(int job, const QString &folder, const QStringList &directories);
    void finished(int job, bool cancelled);

private:
    template<typename F>
    void post(int job, F &&deliver);

    QHash<int, std::shared_ptr<std::atomic<bool>>> m_jobs;
    WorkerThreads *m_workers = nullptr;
    int m_lastJob = 0;
};
