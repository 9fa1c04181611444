#include "exporttracecommand.h"

#include "core/base/atomicfile.h"
#include "core/base/utf8.h"
#include "core/lesson/lessonartifacts.h"
#include "core/trace/chrometrace.h"
#include "commandline.h"

#include <QCommandLineParser>

#include <cstdio>

using namespace lessonscope;

namespace {

// The trace on standard output, one event at a time, with DEL and the C1 controls of its strings
// escaped (the same JSON value; docs/security.md). Each piece is whole JSON text, so no character
// is split between two pieces.
bool printTrace(const Artifact &artifact, ChromeTraceSummary *summary)
{
    const auto out = [](std::string_view bytes) {
        const std::string safe = terminalSafeJson(bytes);
        return std::fwrite(safe.data(), 1, safe.size(), stdout) == safe.size();
    };
    *summary = writeChromeTrace(artifact, *timelineOf(artifact), out);
    return summary->written && out("\n") && std::fflush(stdout) == 0;
}

// The trace written atomically to target, streamed through the one write path, escaped as on
// standard output: a trace file is read with cat and less too, and an artifact's bidi or
// invisible characters must not reorder or hide what a terminal shows of it.
bool saveTrace(const Artifact &artifact, const QString &target, ChromeTraceSummary *summary)
{
    QString error;
    const bool written = writeFileAtomically(
        target,
        [&](const ByteSink &sink) {
            const ByteSink escaped = [&sink](std::string_view bytes) { return sink(terminalSafeJson(bytes)); };
            *summary = writeChromeTrace(artifact, *timelineOf(artifact), escaped);
            return summary->written;
        },
        &error);
    if (!written)
        printErr(QStringLiteral("lessonscope export-trace: cannot write %1: %2\n").arg(printable(target), error));
    return written;
}

} // namespace

int exportTraceCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write an artifact's measured calls as Chrome Trace Event JSON, for Perfetto UI or chrome://tracing.\n"
        "An artifact without a measured trace (e.g. the recorded seed) exports its schematic order of events\n"
        "only, and says so. Exit status 1, and nothing written, when the file is not a lesson artifact or has "
        "errors."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write to FILE (atomically); '-' or none: standard output."),
                                    QStringLiteral("FILE"));
    parser.addOption(output);
    if (const int exitCode = parseSubcommandOnOneFile(parser, QStringLiteral("export-trace"), arguments); exitCode >= 0)
        return exitCode;

    const QString file = parser.positionalArguments().constFirst();
    const QString target = parser.value(output);
    const bool toStdout = target.isEmpty() || target == QLatin1String("-");
    if (!toStdout && !acceptOutputPath(QStringLiteral("export-trace"), target))
        return 1;
    const OpenedFile result = openReportingProblems(file);
    if (result.results) {
        printErr(
            QStringLiteral("lessonscope export-trace: %1 is a %2 results file: it has no lesson's calls to export\n")
                .arg(printable(file), QString::fromUtf8(harnessName(result.results->harness))));
        return 1;
    }
    if (!result.ok()) {
        printErr(QStringLiteral("lessonscope export-trace: %1 has errors (above): nothing was written\n")
                     .arg(printable(file)));
        return 1;
    }

    ChromeTraceSummary trace;
    if (toStdout ? !printTrace(*result.artifact, &trace) : !saveTrace(*result.artifact, target, &trace)) {
        if (toStdout)
            printErr(QStringLiteral("lessonscope export-trace: cannot write to standard output\n"));
        return 1;
    }
    if (trace.schematic)
        printErr(QStringLiteral("%1: no measured trace; exported the schematic order of events only "
                                "(not to scale, no measured durations)\n")
                     .arg(printable(file)));
    else
        printErr(QStringLiteral("%1: exported %2 measured calls\n").arg(printable(file)).arg(trace.callCount));
    return 0;
}
