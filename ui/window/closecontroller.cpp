#include "ui/window/closecontroller.h"

#include "core/library/folderwatcher.h"
#include "ui/library/librarymodel.h"
#include "ui/library/librarypane.h"
#include "ui/window/opencontroller.h"
#include "ui/window/savecontroller.h"

#include <QFileInfo>

CloseController::CloseController(LibraryModel *model, LibraryPane *library, OpenController *open, SaveController *save,
                                 QObject *parent)
    : QObject(parent), m_model(model), m_library(library), m_open(open), m_save(save)
{ }

void CloseController::closeSelected() { close(m_library->selectedIds()); }

void CloseController::closeAll()
{
    QList<int> ids;
    ids.reserve(static_cast<qsizetype>(m_model->entries().size()));
    for (const LibraryEntry &entry : m_model->entries())
        ids << entry.id;
    close(ids);
}

void CloseController::close(const QList<int> &ids)
{
    if (ids.isEmpty())
        return;
    std::vector<int> unsaved;
    for (int id : ids) {
        if (const LibraryEntry *entry = m_model->entry(id); entry && entry->unsaved)
            unsaved.push_back(id);
    }
    if (!m_save->resolveUnsaved(unsaved)) // one question for all of them
        return;
    std::vector<LibraryEntry> closed;
    closed.reserve(static_cast<std::size_t>(ids.size()));
    QStringList paths;
    for (const LibraryEntry &entry : m_model->entries()) {
        if (!ids.contains(entry.id))
            continue;
        closed.push_back(entry);
        if (!entry.path.isEmpty())
            paths << entry.path;
    }
    m_open->watcher()->unwatchFiles(paths);
    // The rows go next, and the window shows what is left once, on removalFinished.
    m_library->clearSelectionQuietly();
    m_model->remove(ids);
    m_closed = std::move(closed);
    emit undoAvailable(true);
}

bool CloseController::undo()
{
    if (m_closed.empty())
        return false;
    std::vector<LibraryEntry> entries = std::move(m_closed);
    m_closed.clear();
    // A file changed or gone since it was closed comes back as it was read; the watcher says so
    // from now on.
    QStringList files;
    for (const LibraryEntry &entry : entries) {
        if (entry.origin == LibraryEntry::Origin::File && QFileInfo::exists(entry.path))
            files << entry.path;
    }
    const std::vector<int> ids = m_model->addOrReplace(std::move(entries));
    for (const QString &file : files)
        m_open->watcher()->watchFile(file);
    // Two come back as the comparison they were; more as the first of them.
    QList<int> shown(ids.begin(), ids.end());
    if (shown.size() > 2)
        shown = {shown.constFirst()};
    m_library->selectIds(shown);
    emit undoAvailable(false);
    return true;
}
