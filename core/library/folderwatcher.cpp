#include "core/library/folderwatcher.h"

#include <QFileInfo>

FolderWatcher::FolderWatcher(QObject *parent) : QObject(parent)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    connect(&m_settle, &QTimer::timeout, this, &FolderWatcher::flush);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, [this](const QString &directory) {
        const QString folder = m_folderOf.value(directory);
        if (folder.isEmpty())
            return;
        m_pendingFolders.insert(folder);
        m_settle.start();
    });
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString &path) {
        // An atomic save replaces the file, which ends the watch on it: watch the new one.
        if (QFileInfo::exists(path) && !m_watcher.files().contains(path))
            m_watcher.addPath(path);
        m_pendingFiles.insert(path);
        m_settle.start();
    });
}

void FolderWatcher::watchFolder(const QString &folder, const QStringList &directories)
{
    QStringList added;
    for (const QString &directory : directories) {
        if (!m_folderOf.contains(directory)) {
            m_folderOf.insert(directory, folder);
            added << directory;
        }
    }
    if (!added.isEmpty())
        m_watcher.addPaths(added);
}

void FolderWatcher::watchFile(const QString &path)
{
    if (m_files.contains(path))
        return;
    m_files.insert(path);
    m_watcher.addPath(path);
}

void FolderWatcher::unwatchFile(const QString &path) { unwatchFiles({path}); }

void FolderWatcher::unwatchFiles(const QStringList &paths)
{
    // Files of an opened folder are watched through their directory, not one by one: most paths
    // closed are not in m_files and cost one hash lookup.
    QStringList watched;
    for (const QString &path : paths) {
        if (m_files.remove(path))
            watched << path;
    }
    if (!watched.isEmpty())
        m_watcher.removePaths(watched);
}

QStringList FolderWatcher::folders() const
{
    const QList<QString> values = m_folderOf.values();
    const QSet<QString> unique(values.begin(), values.end());
    return QStringList(unique.begin(), unique.end());
}

bool FolderWatcher::isWatching(const QString &path) const
{
    return m_files.contains(path) || m_folderOf.contains(path);
}

void FolderWatcher::flush()
{
    const QSet<QString> folders = std::exchange(m_pendingFolders, {});
    const QSet<QString> files = std::exchange(m_pendingFiles, {});
    for (const QString &folder : folders)
        emit folderChanged(folder);
    for (const QString &file : files) {
        // A file inside a folder that is searched again anyway needs no reading of its own.
        bool covered = false;
        for (const QString &folder : folders)
            covered = covered || file.startsWith(folder + QLatin1Char('/'));
        if (!covered)
            emit fileChanged(file);
    }
}
