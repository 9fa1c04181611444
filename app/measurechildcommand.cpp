#include "measurechildcommand.h"

#include "commandline.h"
#include "core/lesson/childprocess.h"
#include "core/lesson/lessonregistry.h"

#include <unistd.h>

using namespace lessonscope;

int measureChildCommand(const QStringList &arguments)
{
    // The parent starts it with no terminal on stdin or stdout (core/lesson/childprocess.h); a
    // person at a terminal is told what it is, and where the lesson is run from.
    if (isatty(STDIN_FILENO) == 1 || isatty(STDOUT_FILENO) == 1)
        printErr(QStringLiteral("lessonscope %1 is internal: a lesson's run starts it to measure in a fresh process. "
                                "To run a lesson, use 'lessonscope run LESSON' ('lessonscope lessons' lists them).\n")
                     .arg(QLatin1String(kMeasureChildCommand)));
    const QString lessonName = arguments.value(0);
    const Lesson *lesson = findLesson(lessonName.toStdString());
    if (!lesson) {
        printErr(QStringLiteral("lessonscope %1: no lesson '%2'\n")
                     .arg(QLatin1String(kMeasureChildCommand), printable(lessonName.left(100))));
        return 2;
    }
    return lesson->measureInChild(arguments.mid(1));
}
