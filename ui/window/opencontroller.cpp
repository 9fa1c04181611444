#include "ui/window/opencontroller.h"

#include "core/lesson/lessonartifacts.h"

#include "core/lesson/lessonregistry.h"

#include "core/library/artifactloader.h"
#include "core/library/folderwatcher.h"
#include "ui/library/librarymodel.h"
#include "ui/library/recordings.h"
#include "ui/window/recentfiles.h"

#include <QFileInfo>
#include <QHash>

using namespace lessonscope;

OpenController::OpenController(LibraryModel *model, QObject *parent)
    : QObject(parent),
      m_model(model),
      m_loader(new ArtifactLoader(this)),
      m_watcher(new FolderWatcher(this)),
      m_recent(new RecentFiles(this))
{
    connect(m_loader, &ArtifactLoader::filesLoaded, this, &OpenController::onLoaded);
    connect(m_loader, &ArtifactLoader::finished, this, &OpenController::onFinished);
    connect(m_loader, &ArtifactLoader::folderScanned, this,
            [this](int, const QString &folder, const QStringList &directories) {
                m_watcher->watchFolder(folder, directories);
            });
    connect(m_loader, &ArtifactLoader::progress, this, [this](int job, int done, int total) {
        if (m_openedIds.contains(job))
            emit progress(done, total);
    });
    connect(m_watcher, &FolderWatcher::folderChanged, this,
            [this](const QString &folder) { refresh({folder}, folder); });
    connect(m_watcher, &FolderWatcher::fileChanged, this, [this](const QString &path) {
        if (QFileInfo::exists(path)) {
            refresh({path}, QString());
        } else if (const int id = m_model->findByPath(path)) {
            m_model->remove(id);
            m_watcher->unwatchFile(path);
            emit message(tr("%1 was removed from disk").arg(QFileInfo(path).fileName()));
        }
    });
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString &path) { open({path}); });
}

int OpenController::open(const QStringList &paths, Remember remember)
{
    QStringList absolute;
    QStringList single;
    for (const QString &path : paths) {
        const QFileInfo info(path);
        absolute << info.absoluteFilePath();
        if (!info.isDir())
            single << info.absoluteFilePath();
        if (info.exists() && remember == Remember::Yes)
            m_recent->add(info.absoluteFilePath());
    }
    const bool wasBusy = isBusy();
    const int job = m_loader->load(absolute);
    m_openedIds.insert(job, {});
    m_singleFiles.insert(job, single);
    if (!wasBusy)
        emit busyChanged(true);
    return job;
}

int OpenController::openBundled()
{
    // The recordings open already, the bundled ones or copies of them: opening the course again
    // selects those rather than adding a second of each.
    QHash<QString, int> open;
    for (const LibraryEntry &entry : m_model->entries()) {
        if (entry.artifact && !open.contains(QString::fromStdString(entry.artifact->lessonId()))
            && recordings::isRecording(entry))
            open.insert(QString::fromStdString(entry.artifact->lessonId()), entry.id);
    }
    // The course in order, each lesson's recorded run; the first lesson's row is the one shown.
    int first = 0;
    for (const Lesson *lesson : courseLessons()) {
        int id = open.value(QString::fromStdString(lesson->info().id));
        if (!id) {
            std::optional<LibraryEntry> entry = recordings::entryOf(lesson->info().id);
            if (!entry)
                continue; // a lesson without a recording opens once it is run
            id = m_model->addOrReplace(std::move(*entry));
        }
        if (!first)
            first = id;
    }
    return first;
}

void OpenController::cancel()
{
    for (int job : m_loader->jobs()) {
        if (m_openedIds.contains(job))
            m_loader->cancel(job);
    }
}

bool OpenController::isBusy() const { return !m_openedIds.isEmpty(); }

void OpenController::refresh(const QStringList &paths, const QString &folder)
{
    // Overlapping refreshes of one folder each read all of it: one change a second beside two
    // large artifacts grew to 4.1 GB and 20 threads in a minute. Changes during a refresh are
    // coalesced into one more, which starts when this one is done.
    const Refresh request{paths, folder};
    if (m_refreshJobOf.contains(request.key())) {
        m_pendingRefresh.insert(request.key(), request);
        return;
    }
    const int job = m_loader->load(paths, knownStamps());
    m_refreshes.insert(job, request);
    m_refreshJobOf.insert(request.key(), job);
}

FileStamps OpenController::knownStamps()
{
    m_stamps.removeIf([this](const FileStamps::iterator it) { return !m_model->findByPath(it.key()); });
    return m_stamps;
}

void OpenController::refreshFinished(int job, bool cancelled)
{
    const Refresh done = m_refreshes.take(job);
    m_refreshJobOf.remove(done.key());
    if (!done.folder.isEmpty() && !cancelled)
        removeVanished(done.folder);
    const Refresh next = m_pendingRefresh.take(done.key());
    if (!next.paths.isEmpty() && !cancelled) // a cancel (closing, quitting) drops the next one too
        refresh(next.paths, next.folder);
}

void OpenController::onLoaded(int job, const QList<LoadedFile> &files)
{
    const bool refreshing = m_refreshes.contains(job);
    std::vector<LibraryEntry> entries;
    entries.reserve(static_cast<std::size_t>(files.size()));
    for (const LoadedFile &file : files) {
        m_stamps.insert(file.path, FileStamp{file.modified, file.size});
        const int existing = m_model->findByPath(file.path);
        if (refreshing && existing) {
            const LibraryEntry *entry = m_model->entry(existing);
            if (entry && entry->modified == file.modified && entry->origin == LibraryEntry::Origin::File)
                continue; // unchanged
        }
        LibraryEntry entry;
        entry.origin = LibraryEntry::Origin::File;
        entry.path = file.path;
        entry.artifact = file.result.artifact;
        entry.results = file.result.results;
        entry.problems = file.result.problems;
        entry.modified = file.modified;
        if (existing) { // a run saved here stays "this machine" in comparisons
            if (const LibraryEntry *old = m_model->entry(existing); old && old->origin == LibraryEntry::Origin::Run)
                entry.origin = LibraryEntry::Origin::Run;
        }
        entries.push_back(std::move(entry));
    }
    // One insert per batch: a view over 10,000 rows lays out once per batch, not once per file.
    const std::vector<int> ids = m_model->addOrReplace(std::move(entries));
    if (!refreshing) {
        QList<int> &opened = m_openedIds[job];
        opened.reserve(opened.size() + static_cast<qsizetype>(ids.size()));
        for (int id : ids)
            opened.append(id);
    }
}

void OpenController::onFinished(int job, bool cancelled)
{
    if (m_refreshes.contains(job)) {
        refreshFinished(job, cancelled);
        return;
    }
    const QList<int> ids = m_openedIds.take(job);
    for (const QString &file : m_singleFiles.take(job))
        m_watcher->watchFile(file);
    int errors = 0;
    for (int id : ids) {
        if (const LibraryEntry *entry = m_model->entry(id); entry && entry->hasErrors())
            ++errors;
    }
    const QString count = ids.size() == 1 ? tr("1 artifact") : tr("%1 artifacts").arg(ids.size());
    QString text = cancelled ? tr("Opening cancelled: %1 opened").arg(count) : tr("Opened %1").arg(count);
    if (errors > 0)
        text += tr(", %1 with errors").arg(errors);
    if (ids.isEmpty() && !cancelled)
        text = tr("No artifacts found");
    emit message(text);
    emit opened(ids, cancelled);
    if (!isBusy())
        emit busyChanged(false);
}

void OpenController::removeVanished(const QString &folder)
{
    QList<int> gone;
    for (const LibraryEntry &entry : m_model->entries()) {
        if (entry.origin != LibraryEntry::Origin::Bundled && !entry.unsaved
            && entry.path.startsWith(folder + QLatin1Char('/')) && !QFileInfo::exists(entry.path))
            gone << entry.id;
    }
    m_model->remove(gone);
}
