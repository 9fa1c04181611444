#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QStringList>

#include "core/library/artifactloader.h"

class FolderWatcher;
class LibraryModel;
class RecentFiles;

// Getting artifacts into the library: files and folders (read off the GUI thread by the
// ArtifactLoader), the bundled recorded lesson (from the resources), and keeping what was opened
// current as files change on disk (FolderWatcher). Remembers what was opened in RecentFiles.
class OpenController : public QObject
{
    Q_OBJECT

public:
    explicit OpenController(LibraryModel *model, QObject *parent = nullptr);

    // Whether what is opened goes into Open Recent (what the learner chose does; what the course
    // opens again by itself after a restart need not move to the top).
    enum class Remember { Yes, No };
    // Files and folders, as given on the command line, dropped or chosen. Returns the job id.
    int open(const QStringList &paths, Remember remember = Remember::Yes);
    // The course's recorded lessons compiled into the program, in course order, but for those
    // whose recording (or a copy of it, from a folder) is open already. Returns the first
    // lesson's entry id (0 if none is readable).
    int openBundled();
    void cancel();
    bool isBusy() const;

    ArtifactLoader *loader() const { return m_loader; }
    FolderWatcher *watcher() const { return m_watcher; }
    RecentFiles *recentFiles() const { return m_recent; }

signals:
    // An explicit open finished: the entries it added or refreshed, in the order found.
    void opened(const QList<int> &ids, bool cancelled);
    void progress(int done, int total); // total -1 while searching folders
    void busyChanged(bool busy);
    void message(const QString &text);

private:
    void onLoaded(int job, const QList<LoadedFile> &files);
    void onFinished(int job, bool cancelled);
    // Reads again what changed under a watched folder (folder) or one watched file (paths alone).
    // One refresh of a folder or file runs at a time; changes meanwhile make one more, after it.
    void refresh(const QStringList &paths, const QString &folder);
    void refreshFinished(int job, bool cancelled);
    // The stamps of the files read that are still in the library (others are forgotten).
    FileStamps knownStamps();
    void removeVanished(const QString &folder);

    LibraryModel *m_model;
    ArtifactLoader *m_loader;
    FolderWatcher *m_watcher;
    RecentFiles *m_recent;
    QHash<int, QList<int>> m_openedIds; // explicit jobs → ids so far
    struct Refresh {
        QStringList paths;
        QString folder; // "" for a file
        QString key() const { return folder.isEmpty() ? paths.value(0) : folder; }
    };
    QHash<int, Refresh> m_refreshes;          // refresh jobs running
    QHash<QString, int> m_refreshJobOf;       // Refresh::key() → its running job
    QHash<QString, Refresh> m_pendingRefresh; // Refresh::key() → the one that waits for it
    FileStamps m_stamps;                      // every file read, as it was read
    QHash<int, QStringList> m_singleFiles;    // explicit jobs → files given one by one, to watch
};
