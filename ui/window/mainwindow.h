#pragma once

#include <QList>
#include <QMainWindow>

class AnswerStore;
class CentralView;
class CloseController;
class CourseController;
class LessonRunner;
class LibraryModel;
class LibraryPane;
class MainActions;
class OpenController;
class RunController;
class RunPanel;
class SaveController;

// The explorer's main window: the library (top dock), the centre (CentralView: the artifact, a
// comparison, or the run in progress), the run panel (right dock), menus and status bar.
// Wiring only; each part is its own class.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens files and folders (read off the GUI thread).
    void openPaths(const QStringList &paths);
    // The recorded lesson compiled into the program, selected.
    void openBundled();
    // At start-up with nothing to open: the course's recordings, and the runs the learner saved.
    void openCourse();

    LibraryModel *model() const { return m_model; }
    LibraryPane *library() const { return m_library; }
    CentralView *centre() const { return m_centre; }
    RunPanel *runPanel() const { return m_runPanel; }
    LessonRunner *runner() const { return m_runner; }
    RunController *runs() const { return m_runs; }
    SaveController *saveController() const { return m_save; }
    OpenController *openController() const { return m_open; }
    MainActions *actions() const { return m_actions; }
    AnswerStore *answers() const { return m_store; }
    CloseController *closer() const { return m_close; }
    CourseController *course() const { return m_course; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createDocks();
    void createStatusBar();
    void connectActions();
    void connectRuns();
    void showSelection(const QList<int> &ids);
    void updateActions();
    void restoreSettings();
    void keepOnScreen(); // fits a restored geometry into the available screen area
    void saveSettings() const;

    // Made before any QSettings (the answer store's first): a settings file that is a FIFO (or a
    // device) would block it. Empty, or what the status bar says of the file.
    QString m_settingsNote;
    AnswerStore *m_store = nullptr;   // the course: answers and progress, kept in the settings
    LessonRunner *m_runner = nullptr; // runs lessons on a worker thread, for the run panel
    LibraryModel *m_model = nullptr;
    CloseController *m_close = nullptr;
    CourseController *m_course = nullptr;
    OpenController *m_open = nullptr;
    SaveController *m_save = nullptr;
    MainActions *m_actions = nullptr;
    CentralView *m_centre = nullptr;
    LibraryPane *m_library = nullptr;
    RunPanel *m_runPanel = nullptr;
    RunController *m_runs = nullptr; // what a run does to the window; stops one when quitting
    bool m_fitOnShow = false;        // a restored geometry is fitted to the screen again once shown
    QString m_layoutNote;            // why the saved layout was not restored, for the status bar
};
