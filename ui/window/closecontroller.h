#pragma once

#include <QList>
#include <QObject>

#include <vector>

#include "ui/library/libraryentry.h"

class LibraryModel;
class LibraryPane;
class OpenController;
class SaveController;

// Closing artifacts: the selection or all of them, with one question for the unsaved runs among
// them however many there are, and Undo, which opens again what the last close took out (an
// unsaved run included: closing it is not losing it until the next close).
class CloseController : public QObject
{
    Q_OBJECT

public:
    CloseController(LibraryModel *model, LibraryPane *library, OpenController *open, SaveController *save,
                    QObject *parent = nullptr);

    void closeSelected();
    void closeAll();
    // Opens again what the last close took out, and selects it. False when there is nothing.
    bool undo();
    bool canUndo() const { return !m_closed.empty(); }

signals:
    void undoAvailable(bool available);

private:
    void close(const QList<int> &ids);

    LibraryModel *m_model;
    LibraryPane *m_library;
    OpenController *m_open;
    SaveController *m_save;
    std::vector<LibraryEntry> m_closed; // the last close, in library order
};
