#include "guicommand.h"

#include "mainwindow.h"

#include <QApplication>

int runGui(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("lessonscope"));
    QApplication::setOrganizationName(QStringLiteral("lessonscope"));
    QApplication::setApplicationVersion(QStringLiteral(LESSONSCOPE_VERSION));

    MainWindow window;
    window.show();
    return app.exec();
}
