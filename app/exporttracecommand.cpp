#include "exporttracecommand.h"

#include "core/lesson/lessonartifacts.h"
#include "core/trace/chrometrace.h"
#include "commandline.h"

#include <QCommandLineParser>
#include <QSaveFile>

using namespace lessonscope;

int exportTraceCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write an artifact's measured calls as Chrome Trace Event JSON, for Perfetto UI or chrome://tracing.\n"
        "An artifact without a measured trace (e.g. the recorded seed) exports its schematic order of events\n"
        "only, and says so. Exit status 1 when the artifact has errors (the trace is still written)."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write to FILE (atomically); '-' or none: standard output."),
                                    QStringLiteral("FILE"));
    parser.addOption(output);
    if (const int exitCode = parseSubcommandOnOneFile(parser, QStringLiteral("export-trace"), arguments); exitCode >= 0)
        return exitCode;

    const QString file = parser.positionalArguments().constFirst();
    const ReadResult result = readArtifactReportingProblems(file);
    if (!result.artifact)
        return 1;

    const ChromeTrace trace = exportChromeTrace(*result.artifact, *timelineOf(*result.artifact));
    const QString target = parser.value(output);
    if (target.isEmpty() || target == QLatin1String("-")) {
        printOut(QString::fromStdString(trace.json) + QLatin1Char('\n'));
    } else {
        QSaveFile saved(target);
        const auto size = static_cast<qint64>(trace.json.size());
        if (!saved.open(QIODevice::WriteOnly) || saved.write(trace.json.data(), size) != size || !saved.commit()) {
            printErr(
                QStringLiteral("lessonscope export-trace: cannot write %1: %2\n").arg(target, saved.errorString()));
            return 1;
        }
    }
    if (trace.schematic)
        printErr(QStringLiteral("%1: no measured trace; exported the schematic order of events only "
                                "(not to scale, no measured durations)\n")
                     .arg(file));
    else
        printErr(QStringLiteral("%1: exported %2 measured calls\n").arg(file).arg(trace.callCount));
    return result.ok() ? 0 : 1;
}
