#pragma once

#include <QObject>

#include <functional>
#include <memory>

namespace lessonscope {
class Artifact;
}
class LibraryModel;
class QMessageBox;
class QWidget;

// Saving the artifacts made here. Writes are atomic (lessonscope::writeArtifactFile); a file that
// exists is never replaced without asking, and when it holds a recorded artifact the question
// says so; quitting with unsaved runs asks what to do with them. The questions go through
// replaceable functions so that tests can answer them.
class SaveController : public QObject
{
    Q_OBJECT

public:
    enum class UnsavedChoice { SaveAll, Discard, Cancel };
    using ChoosePath = std::function<QString(const QString &suggestedPath)>;            // "" cancels
    using Confirm = std::function<bool(const QString &title, const QString &question)>; // true: go on
    using AskUnsaved = std::function<UnsavedChoice(int count)>;
    using ChooseFolder = std::function<QString(const QString &suggestedFolder)>; // "" cancels

    SaveController(LibraryModel *model, QWidget *window);

    bool canSave(int id) const;   // an unsaved run
    bool canSaveAs(int id) const; // anything readable

    // An unsaved run without a file asks for one; Save As always asks. True when written.
    bool save(int id);
    bool saveAs(int id);
    // Writes to path, asking first when something is there. True when written.
    bool saveTo(int id, const QString &path);
    // Before quitting or closing runs: true when it is fine to go on. One question however many
    // runs; saving several asks one folder for all of them, each under its own default name.
    bool resolveUnsaved(const std::vector<int> &ids);

    // "<lessonId>-20261020-104558.json", from the lesson id and the generation time.
    static QString defaultFileName(const lessonscope::Artifact &artifact);
    // The folder Save suggests: the last one saved to, else Documents, else home — always one
    // that exists (nothing is created for the suggestion).
    static QString saveFolder();
    // The question before quitting or closing unsaved runs; its Save button names what it saves
    // ("Save Run…" for one, "Save All 3 Runs…" for several).
    static std::unique_ptr<QMessageBox> unsavedQuestion(int count, QWidget *parent);

    void setChoosePath(ChoosePath choose) { m_choosePath = std::move(choose); }
    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }
    void setAskUnsaved(AskUnsaved ask) { m_askUnsaved = std::move(ask); }
    void setChooseFolder(ChooseFolder choose) { m_chooseFolder = std::move(choose); }

signals:
    void saved(int id, const QString &path);
    void message(const QString &text);

private:
    QString suggestedPath(int id) const; // an existing folder (saveFolder()), the default name

    LibraryModel *m_model;
    QWidget *m_window;
    ChoosePath m_choosePath;
    Confirm m_confirm;
    AskUnsaved m_askUnsaved;
    ChooseFolder m_chooseFolder;
};
