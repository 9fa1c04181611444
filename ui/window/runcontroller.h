#pragma once

#include <QObject>

class CentralView;
class LibraryModel;
class LibraryPane;
class RunPanel;

// What a run started from the run panel does to the rest of the window: the live view shows it
// while it measures; when done, the new artifact joins the library, unsaved, and is selected;
// a cancelled run keeps the calls it measured the same way, marked cancelled; a failed run says
// so and keeps nothing.
class RunController : public QObject
{
    Q_OBJECT

public:
    RunController(RunPanel *panel, LibraryModel *model, LibraryPane *library, CentralView *centre,
                  QObject *parent = nullptr);

signals:
    void message(const QString &text, int timeoutMs);

private:
    int m_keptJob = 0; // the last job whose cancelled calls became a partial artifact
    int m_runs = 0;    // runs kept this session, to number them
};
