#pragma once

#include <QObject>

class QAction;
class QMainWindow;
class QMenu;
class QMenuBar;

// The main window's actions with their standard shortcuts, and the menus made of them.
// MainWindow connects them; this class only creates and arranges them.
class MainActions : public QObject
{
    Q_OBJECT

public:
    explicit MainActions(QMainWindow *window);

    QAction *open = nullptr;
    QAction *openFolder = nullptr;
    QAction *openRecorded = nullptr;
    QMenu *recentMenu = nullptr;
    QAction *save = nullptr;
    QAction *saveAs = nullptr;
    QAction *exportPng = nullptr;
    QAction *exportSvg = nullptr;
    QAction *exportCsv = nullptr;
    QAction *close = nullptr;
    QAction *closeAll = nullptr;
    QAction *quit = nullptr;

    QAction *undoClose = nullptr; // Edit › Undo: reopens what was just closed

    QAction *findInLibrary = nullptr;
    QAction *logScale = nullptr;
    QAction *showLiveRun = nullptr;
    QAction *showCourse = nullptr;    // selects nothing: the welcome page shows the course
    QAction *toggleLibrary = nullptr; // set by MainWindow from the docks
    QAction *toggleRunPanel = nullptr;
    QMenu *viewMenu = nullptr;

    QAction *run = nullptr;
    QAction *cancelRun = nullptr;
    // The course's steps, as the artifact view's next-step bar offers them.
    QAction *goToPrediction = nullptr;
    QAction *compareWithRecorded = nullptr;
    QAction *nextLesson = nullptr;
    QAction *continueCourse = nullptr;

    QAction *about = nullptr;
    QAction *aboutQt = nullptr;

private:
    void fillMenus(QMenuBar *bar); // File, Edit, View, Run and Help, from the actions above
};
