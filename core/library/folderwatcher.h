#pragma once

#include <QFileSystemWatcher>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>

// Keeps opened folders and files current. QFileSystemWatcher watches single directories, so a
// folder is watched with all its subfolders (as the loader found them); a change anywhere below
// asks for that folder to be searched again. Changes are coalesced for a moment, since saving
// one file can fire several notifications.
class FolderWatcher : public QObject
{
    Q_OBJECT

public:
    explicit FolderWatcher(QObject *parent = nullptr);

    void watchFolder(const QString &folder, const QStringList &directories);
    void watchFile(const QString &path);
    void unwatchFile(const QString &path);
    // The same for many (closing a selection): one call to the file system watcher.
    void unwatchFiles(const QStringList &paths);
    QStringList folders() const;
    bool isWatching(const QString &path) const;

    static constexpr int kSettleMs = 400;

signals:
    void folderChanged(const QString &folder);
    void fileChanged(const QString &path);

private:
    void flush();

    QFileSystemWatcher m_watcher;
    QHash<QString, QString> m_folderOf; // watched directory → the folder that was opened
    QSet<QString> m_files;
    QSet<QString> m_pendingFolders;
    QSet<QString> m_pendingFiles;
    QTimer m_settle;
};
