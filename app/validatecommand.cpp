#include "validatecommand.h"

#include "artifactfiles.h"
#include "artifactio.h"
#include "commandline.h"

#include <QCommandLineParser>
#include <QFileInfo>

using namespace lessonscope;

int validateCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Check artifacts. Prints each problem as FILE: severity: /json/pointer: message.\n"
        "Exit status 0 when every file is valid (warnings allowed), 1 when any has an error."));
    parser.addPositionalArgument(QStringLiteral("paths"),
                                 QStringLiteral("Artifact files, or folders searched recursively for *.json."),
                                 QStringLiteral("PATH..."));
    if (const int exitCode = parseSubcommand(parser, QStringLiteral("validate"), arguments); exitCode >= 0)
        return exitCode;
    if (parser.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("lessonscope validate: name at least one file or folder.\n"));
        return 2;
    }

    int valid = 0;
    int invalid = 0;
    int warnings = 0;
    for (const QString &given : parser.positionalArguments()) {
        const QStringList files = expandArtifactPaths({given});
        if (files.isEmpty() && QFileInfo(given).isDir())
            printErr(QStringLiteral("%1: no *.json files in this folder\n").arg(given));
        for (const QString &file : files) {
            const ReadResult result = readArtifactFile(file);
            QString report;
            for (const Problem &problem : result.problems)
                report += QString::fromStdString(formatProblem(file.toStdString(), problem)) + QLatin1Char('\n');
            printOut(report);
            warnings += countOf(result.problems, Severity::Warning);
            if (result.ok())
                ++valid;
            else
                ++invalid;
        }
    }

    const int total = valid + invalid;
    printErr(QStringLiteral("%1 %2 checked: %3 valid, %4 with errors; %5 warning%6\n")
                 .arg(total)
                 .arg(total == 1 ? QStringLiteral("file") : QStringLiteral("files"))
                 .arg(valid)
                 .arg(invalid)
                 .arg(warnings)
                 .arg(warnings == 1 ? QString() : QStringLiteral("s")));
    return invalid == 0 && total > 0 ? 0 : 1;
}
