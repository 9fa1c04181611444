#include "guicommand.h"

#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QIcon>

int runGui(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("lessonscope"));
    QApplication::setOrganizationName(QStringLiteral("lessonscope"));
    QApplication::setApplicationVersion(QStringLiteral(LESSONSCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("lessonscope"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/lessonscope/icons/lessonscope.svg")));

    MainWindow window;
    window.show();
    // Paths as given (files and folders); with none, the recorded lesson, so that a new user
    // sees a lesson at once.
    const QStringList paths = QApplication::arguments().mid(1);
    if (paths.isEmpty())
        window.openCourse();
    else
        window.openPaths(paths);
    return app.exec();
}
