#include "ui/window/savecontroller.h"

#include "core/base/atomicfile.h"
#include "core/lesson/lessonartifacts.h"
#include "ui/library/librarymodel.h"
#include "ui/common/plaintext.h"
#include "ui/common/savefolders.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>

using namespace lessonscope;

namespace {

// What is at path, for the question before replacing it.
QString describeExisting(const QString &path)
{
    const ReadResult existing = readArtifactFile(path);
    const QString name = QFileInfo(path).fileName();
    if (!existing.artifact)
        return SaveController::tr("“%1” already exists. Replace it?").arg(name);
    return SaveController::tr("“%1” holds a recorded artifact (%2, generated %3, %4). Replacing it loses "
                              "those numbers for good. Replace it?")
        .arg(name, shownText(existing.artifact->lessonId()), shownText(existing.artifact->generatedAt()),
             shownText(existing.artifact->provenance()));
}

} // namespace

SaveController::SaveController(LibraryModel *model, QWidget *window) : QObject(window), m_model(model), m_window(window)
{
    m_choosePath = [this](const QString &suggested) {
        QFileDialog dialog(m_window, tr("Save Artifact As"), suggested, tr("Lesson artifacts (*.json);;All files (*)"));
        dialog.setAcceptMode(QFileDialog::AcceptSave);
        dialog.setDefaultSuffix(QStringLiteral("json"));
        dialog.setOption(QFileDialog::DontConfirmOverwrite); // saveTo() asks, and says what is lost
        dialog.selectFile(suggested);
        return dialog.exec() == QDialog::Accepted && !dialog.selectedFiles().isEmpty()
            ? dialog.selectedFiles().constFirst()
            : QString();
    };
    m_confirm = [this](const QString &title, const QString &question) {
        return showPlainMessage(m_window, QMessageBox::Warning, title, question, QMessageBox::Yes | QMessageBox::Cancel,
                                QMessageBox::Cancel)
            == QMessageBox::Yes;
    };
    m_chooseFolder = [this](const QString &suggested) {
        return QFileDialog::getExistingDirectory(m_window, tr("Save the Runs in a Folder"), suggested);
    };
    m_askUnsaved = [this](int count) {
        const std::unique_ptr<QMessageBox> box = unsavedQuestion(count, m_window);
        switch (box->exec()) {
        case QMessageBox::SaveAll:
            return UnsavedChoice::SaveAll;
        case QMessageBox::Discard:
            return UnsavedChoice::Discard;
        default:
            return UnsavedChoice::Cancel;
        }
    };
}

std::unique_ptr<QMessageBox> SaveController::unsavedQuestion(int count, QWidget *parent)
{
    auto box = std::make_unique<QMessageBox>(QMessageBox::Warning, tr("Unsaved Runs"),
                                             (count == 1 ? tr("A run made on this machine is not saved.")
                                                         : tr("%1 runs made on this machine are not saved.").arg(count))
                                                 + QLatin1Char(' ')
                                                 + tr("Their measurements are lost unless you save them."),
                                             QMessageBox::SaveAll | QMessageBox::Discard | QMessageBox::Cancel, parent);
    // The button says what it saves: "Save All" over one run reads as if there were others.
    auto *save = qobject_cast<QPushButton *>(box->button(QMessageBox::SaveAll));
    save->setText(count == 1 ? tr("&Save Run…") : tr("&Save All %1 Runs…").arg(count));
    box->setDefaultButton(save);
    return box;
}

bool SaveController::canSave(int id) const
{
    const LibraryEntry *entry = m_model->entry(id);
    return entry && entry->unsaved && entry->artifact;
}

bool SaveController::canSaveAs(int id) const
{
    const LibraryEntry *entry = m_model->entry(id);
    return entry && entry->artifact;
}

QString SaveController::defaultFileName(const Artifact &artifact)
{
    return artifactBaseName(artifact) + QStringLiteral(".json");
}

QString SaveController::saveFolder() { return artifactSaveFolder(); }

QString SaveController::suggestedPath(int id) const
{
    return QDir(saveFolder()).filePath(defaultFileName(*m_model->entry(id)->artifact));
}

bool SaveController::save(int id)
{
    if (!canSave(id))
        return false;
    const LibraryEntry *entry = m_model->entry(id);
    if (entry->origin == LibraryEntry::Origin::Run && !entry->path.isEmpty())
        return saveTo(id, entry->path);
    return saveAs(id);
}

bool SaveController::saveAs(int id)
{
    if (!canSaveAs(id))
        return false;
    const QString path = m_choosePath(suggestedPath(id));
    if (path.isEmpty())
        return false;
    return saveTo(id, path);
}

bool SaveController::saveTo(int id, const QString &path)
{
    const LibraryEntry *entry = m_model->entry(id);
    if (!entry || !entry->artifact)
        return false;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const bool ownFile = entry->origin == LibraryEntry::Origin::Run && entry->path == absolute;
    // A device, a FIFO or a folder is never offered for replacing (writeArtifactFile refuses them too).
    if (const QString problem = destinationProblem(absolute); !problem.isEmpty()) {
        showPlainMessage(m_window, QMessageBox::Critical, tr("Cannot Save"),
                         tr("The artifact was not saved: %1: %2").arg(absolute, problem));
        return false;
    }
    if (QFileInfo::exists(absolute) && !ownFile && !m_confirm(tr("Replace File?"), describeExisting(absolute)))
        return false;

    QString error;
    if (!writeArtifactFile(*entry->artifact, absolute, &error)) {
        showPlainMessage(m_window, QMessageBox::Critical, tr("Cannot Save"),
                         tr("The artifact was not saved: %1").arg(error));
        return false;
    }
    QSettings().setValue(QLatin1String(kArtifactSaveFolderKey), QFileInfo(absolute).absolutePath());
    // The file now holds this artifact: an entry that showed what was there before goes.
    if (const int other = m_model->findByPath(absolute); other != 0 && other != id)
        m_model->remove(other);
    const bool wasRun = entry->origin == LibraryEntry::Origin::Run;
    if (wasRun)
        m_model->markSaved(id, absolute);
    emit saved(id, absolute);
    emit message(tr("Saved %1").arg(QDir::toNativeSeparators(absolute)));
    return true;
}

bool SaveController::resolveUnsaved(const std::vector<int> &ids)
{
    if (ids.empty())
        return true;
    switch (m_askUnsaved(static_cast<int>(ids.size()))) {
    case UnsavedChoice::Discard:
        return true;
    case UnsavedChoice::Cancel:
        return false;
    case UnsavedChoice::SaveAll:
        break;
    }
    std::vector<int> unnamed; // runs never saved: they need a name
    for (int id : ids) {
        const LibraryEntry *entry = m_model->entry(id);
        if (canSave(id) && entry->path.isEmpty())
            unnamed.push_back(id);
        else if (canSave(id) && !save(id))
            return false;
    }
    if (unnamed.size() == 1)
        return save(unnamed.front());
    if (unnamed.empty())
        return true;
    const QString folder = m_chooseFolder(saveFolder());
    if (folder.isEmpty())
        return false;
    for (int id : unnamed) {
        // Two runs made in the same second share a default name: the second gets "-2", and no
        // file already there is replaced.
        const QString base = artifactBaseName(*m_model->entry(id)->artifact);
        QString path = QDir(folder).filePath(base + QStringLiteral(".json"));
        for (int n = 2; QFileInfo::exists(path) && n < 1000; ++n)
            path = QDir(folder).filePath(QStringLiteral("%1-%2.json").arg(base).arg(n));
        if (!saveTo(id, path))
            return false;
    }
    return true;
}
