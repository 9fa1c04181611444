#include "lessonscommand.h"

#include "commandline.h"
#include "core/lesson/lessonregistry.h"

#include <QCommandLineParser>

using namespace lessonscope;

namespace {

QString describeParameter(const ParameterSpec &spec)
{
    QString range;
    if (spec.type == ParameterSpec::Type::Integer) {
        range = QStringLiteral("integer %1 … %2, default %3")
                    .arg(spec.minimum)
                    .arg(spec.maximum)
                    .arg(spec.defaultInteger);
    } else {
        QStringList choices;
        for (const std::string &choice : spec.choices)
            choices << QString::fromStdString(choice);
        range = QStringLiteral("one of %1, default %2").arg(choices.join(QStringLiteral(" | ")), choices.value(0));
    }
    return QStringLiteral("    --%1  %2 (%3)\n           %4\n")
        .arg(QString::fromStdString(spec.name), -8)
        .arg(QString::fromStdString(spec.label), range, QString::fromStdString(spec.description));
}

} // namespace

int lessonsCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("List the lessons this build can run."));
    if (const int exitCode = parseSubcommand(parser, QStringLiteral("lessons"), arguments); exitCode >= 0)
        return exitCode;
    if (const int exitCode = refuseLeftOverArguments(QStringLiteral("lessons"), parser.positionalArguments(),
                                                     QStringLiteral("it lists every lesson and takes no arguments"));
        exitCode >= 0)
        return exitCode;

    QString text;
    for (const Lesson *lesson : allLessons()) {
        const LessonInfo &info = lesson->info();
        text += QStringLiteral("%1  %2\n  %3\n  parameters:\n")
                    .arg(QString::fromStdString(info.id), QString::fromStdString(info.texts.title),
                         QString::fromStdString(info.summary));
        for (const ParameterSpec &spec : info.parameters)
            text += describeParameter(spec);
        text += QLatin1Char('\n');
    }
    printOut(text);
    return 0;
}
