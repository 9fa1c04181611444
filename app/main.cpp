// lessonscope: the explorer by default, headless subcommands otherwise.
#include "commandline.h"
#include "guicommand.h"
#include "measurechildcommand.h"
#include "rendercommand.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    const QString first = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();

    if (first == QLatin1String("-h") || first == QLatin1String("--help")) {
        printOut(programHelp());
        return 0;
    }
    if (first == QLatin1String("-v") || first == QLatin1String("--version")) {
        printOut(programVersion());
        return 0;
    }

    // render draws widgets, so it needs a QApplication (offscreen when there is no display).
    if (first == QLatin1String("render"))
        return runRender(argc, argv);

    // A lesson's measuring process (core/lesson/childprocess.h): not for people, so not in --help.
    if (first == QLatin1String("measure-child")) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("lessonscope"));
        return measureChildCommand(QCoreApplication::arguments().mid(2));
    }

    if (const Subcommand *command = findSubcommand(first)) {
        // Headless: no QGuiApplication, so no display is needed.
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("lessonscope"));
        QStringList arguments = QCoreApplication::arguments().mid(2);
        return command->run(arguments);
    }

    return runGui(argc, argv);
}
