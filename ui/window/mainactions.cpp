#include "ui/window/mainactions.h"

#include <QAction>
#include <QApplication>
#include <QIcon>
#include <QMainWindow>
#include <QMenuBar>
#include <QStyle>

namespace {

QAction *make(QObject *parent, const QString &text, const QKeySequence &shortcut, const QString &tip,
              QStyle::StandardPixmap icon = QStyle::SP_CustomBase)
{
    auto *action = new QAction(text, parent);
    if (!shortcut.isEmpty())
        action->setShortcut(shortcut);
    action->setStatusTip(tip);
    action->setToolTip(tip);
    if (icon != QStyle::SP_CustomBase)
        action->setIcon(QApplication::style()->standardIcon(icon));
    return action;
}

} // namespace

MainActions::MainActions(QMainWindow *window) : QObject(window)
{
    open = make(this, tr("&Open…"), QKeySequence::Open, tr("Open artifact files"), QStyle::SP_DialogOpenButton);
    open->setIcon(QIcon::fromTheme(QStringLiteral("document-open"), open->icon()));
    openFolder = make(this, tr("Open &Folder…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
                      tr("Open every artifact in a folder and its subfolders"), QStyle::SP_DirOpenIcon);
    openRecorded
        = make(this, tr("Open the Recorded &Lessons"), {}, tr("Open the recorded lessons bundled with lessonscope"));
    save = make(this, tr("&Save"), QKeySequence::Save, tr("Save the selected run"), QStyle::SP_DialogSaveButton);
    save->setIcon(QIcon::fromTheme(QStringLiteral("document-save"), save->icon()));
    saveAs = make(this, tr("Save &As…"), QKeySequence::SaveAs, tr("Save the selected artifact to a new file"));
    saveAs->setIcon(QIcon::fromTheme(QStringLiteral("document-save-as")));
    exportPng = make(this, tr("Panel as &PNG…"), {}, tr("Export the current chart as a PNG image"));
    exportSvg = make(this, tr("Panel as &SVG…"), {}, tr("Export the current chart as an SVG drawing"));
    exportCsv = make(this, tr("Panel Series as &CSV…"), {}, tr("Export the current chart's series as CSV"));
    close
        = make(this, tr("&Close Artifact"), QKeySequence::Close, tr("Remove the selected artifacts from the library"));
    closeAll = make(this, tr("Close A&ll"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W),
                    tr("Remove every artifact from the library"));
    undoClose = make(this, tr("&Undo Close"), QKeySequence::Undo, tr("Open again what was just closed"));
    quit = make(this, tr("&Quit"), QKeySequence::Quit, tr("Quit lessonscope"));
    quit->setMenuRole(QAction::QuitRole);

    findInLibrary = make(this, tr("&Filter Library"), QKeySequence::Find, tr("Type to filter the library"));
    logScale = make(this, tr("&Logarithmic Value Axis"), QKeySequence(Qt::CTRL | Qt::Key_L),
                    tr("Show chart values on a logarithmic scale"));
    logScale->setCheckable(true);
    showCourse = make(this, tr("Show the &Course"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H),
                      tr("The course's lessons in order, where you are in each, and the next lesson"));
    showLiveRun = make(this, tr("Show the Run in &Progress"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R),
                       tr("Show the charts of the run that is measuring"));

    run = make(this, tr("&Run Lesson"), QKeySequence(Qt::CTRL | Qt::Key_R),
               tr("Rerun the selected artifact's lesson on this machine"), QStyle::SP_MediaPlay);
    cancelRun = make(this, tr("&Cancel Run"), QKeySequence(Qt::Key_Escape), tr("Stop the run between two calls"),
                     QStyle::SP_MediaStop);
    goToPrediction = make(this, tr("Go to the &Prediction"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P),
                          tr("The lesson's prediction, on its timeline: ← → and Enter answer"));
    compareWithRecorded
        = make(this, tr("Compare With the Recorded Run"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
               tr("Your run of this lesson beside its recorded run"));
    nextLesson = make(this, tr("&Next Lesson"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N),
                      tr("The next lesson of the course you have not finished"));
    continueCourse = make(this, tr("C&ontinue the Course"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G),
                          tr("The next step of the first lesson you have not finished"));

    about = make(this, tr("&About lessonscope"), {}, tr("Versions of lessonscope and its libraries"));
    about->setMenuRole(QAction::AboutRole);
    aboutQt = make(this, tr("About &Qt"), {}, tr("About the Qt toolkit"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
    fillMenus(window->menuBar());
}

void MainActions::fillMenus(QMenuBar *bar)
{
    QMenu *file = bar->addMenu(tr("&File"));
    file->addAction(open);
    file->addAction(openFolder);
    recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(openRecorded);
    file->addSeparator();
    file->addAction(save);
    file->addAction(saveAs);
    QMenu *exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(exportPng);
    exportMenu->addAction(exportSvg);
    exportMenu->addAction(exportCsv);
    file->addSeparator();
    file->addAction(close);
    file->addAction(closeAll);
    file->addSeparator();
    file->addAction(quit);

    QMenu *edit = bar->addMenu(tr("&Edit"));
    edit->addAction(undoClose);

    viewMenu = bar->addMenu(tr("&View"));
    viewMenu->addAction(showCourse);
    viewMenu->addAction(findInLibrary);
    viewMenu->addAction(logScale);
    viewMenu->addAction(showLiveRun);
    viewMenu->addSeparator();

    QMenu *runMenu = bar->addMenu(tr("&Run"));
    runMenu->addAction(run);
    runMenu->addAction(cancelRun);
    runMenu->addSeparator();
    runMenu->addAction(goToPrediction);
    runMenu->addAction(compareWithRecorded);
    runMenu->addAction(nextLesson);
    runMenu->addAction(continueCourse);

    QMenu *help = bar->addMenu(tr("&Help"));
    help->addAction(about);
    help->addAction(aboutQt);
}
