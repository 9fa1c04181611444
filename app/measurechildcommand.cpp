#include "measurechildcommand.h"

#include "commandline.h"
#include "core/lesson/lessonregistry.h"

using namespace lessonscope;

int measureChildCommand(const QStringList &arguments)
{
    const QString lessonName = arguments.value(0);
    const Lesson *lesson = findLesson(lessonName.toStdString());
    if (!lesson) {
        printErr(QStringLiteral("lessonscope measure-child: no lesson '%1'\n").arg(lessonName.left(100)));
        return 2;
    }
    return lesson->measureInChild(arguments.mid(1));
}
