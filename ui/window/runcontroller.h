#pragma once

#include <QObject>

#include <functional>

class CentralView;
class LessonRunner;
class LibraryModel;
class LibraryPane;
class RunPanel;

// What a run started from the run panel does to the rest of the window: the live view shows it
// while it measures; when done, the new artifact joins the library, unsaved, and is selected;
// a cancelled run keeps the calls it measured the same way, marked cancelled; a failed run says
// so and keeps nothing. Quitting during a run stops it first (stopForClose).
class RunController : public QObject
{
    Q_OBJECT

public:
    RunController(RunPanel *panel, LibraryModel *model, LibraryPane *library, CentralView *centre,
                  QObject *parent = nullptr);

    // Before the window closes: with a run in progress, asks whether to stop it; on Yes stops it
    // and returns once its threads are gone and what it measured is in the library (a cancelled
    // run's calls as an unsaved partial run, for the unsaved-runs question to offer). Returns
    // false when the run is to go on, and the window is to stay.
    bool stopForClose();
    // Replaces the "Stop it and quit?" question (a modal dialog); for tests. True means stop.
    void setAskStop(std::function<bool()> ask) { m_askStop = std::move(ask); }

signals:
    void message(const QString &text, int timeoutMs);

private:
    bool askStop() const;

    RunPanel *m_panel = nullptr;
    LessonRunner *m_runner = nullptr;
    std::function<bool()> m_askStop;
    int m_keptJob = 0; // the last job whose cancelled calls became a partial artifact
    int m_runs = 0;    // runs kept this session, to number them
};
