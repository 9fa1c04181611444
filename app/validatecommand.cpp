#include "validatecommand.h"

#include "core/artifact/artifactfiles.h"
#include "core/library/openedfile.h"
#include "commandline.h"
#include "core/base/orderedparallel.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>

using namespace lessonscope;

namespace {

// What checking one file gives: its lines of the report, ready to print, and its counts. The
// document itself is gone by then, so memory does not grow with the number of files.
struct FileReport {
    std::string lines;
    int warnings = 0;
    bool valid = false;
};

FileReport checkFile(const QString &file)
{
    FileReport report;
    const std::string name = file.toStdString();
    try {
        const OpenedFile result = openFile(file);
        for (const Problem &problem : result.problems) {
            report.lines += formatProblem(name, problem);
            report.lines += '\n';
        }
        report.warnings = countOf(result.problems, Severity::Warning);
        report.valid = result.ok();
    } catch (const std::exception &) {
        // openFile does not throw; formatting can only run out of memory.
        report.lines
            = formatProblem(name,
                            Problem{Severity::Error, std::string(), "the file could not be checked (out of memory)"})
            + '\n';
        report.warnings = 0;
        report.valid = false;
    }
    return report;
}

void writeOut(const std::string &text)
{
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout); // streamed: a reader sees each file's problems as soon as they are known
}

} // namespace

int validateCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Check artifacts and the results files of Google Benchmark (JSON, CSV), hyperfine, pyperf and nanobench.\n"
        "Prints each problem as FILE: severity: /json/pointer: message (in a CSV the place is \"line N\").\n"
        "Exit status 0 when every file is valid (warnings allowed), 1 when any has an error."));
    parser.addPositionalArgument(
        QStringLiteral("paths"),
        QStringLiteral(
            "Artifact or results files, or folders searched recursively for *.json and Google Benchmark *.csv."),
        QStringLiteral("PATH..."));
    if (const int exitCode = parseSubcommand(parser, QStringLiteral("validate"), arguments); exitCode >= 0)
        return exitCode;
    if (parser.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("lessonscope validate: name at least one file or folder.\n"));
        return 2;
    }

    // Files are read and checked on every core; reports come out in the order of the files
    // (sorted within a folder), each as soon as it and the ones before it are done. The window
    // bounds how many reports wait at once: a few per thread keeps both cores busy when one file
    // is slower than its neighbours, and memory flat for any number of files.
    const int threads = std::max(1, QThread::idealThreadCount());
    constexpr std::size_t kWindow = 64;

    int valid = 0;
    int invalid = 0;
    int warnings = 0;
    for (const QString &given : parser.positionalArguments()) {
        const QStringList files = expandOpenablePaths({given});
        if (QFileInfo(given).isDir()) {
            // What the walk could not look into counts as a file with an error: a check that
            // skipped part of a folder must not say "valid".
            for (const SkippedPath &skipped : findUnreachablePaths(given)) {
                writeOut(formatProblem(skipped.path.toStdString(),
                                       Problem{Severity::Error, std::string(), skipped.reason.toStdString()})
                         + "\n");
                ++invalid;
            }
            if (files.isEmpty())
                printErr(QStringLiteral("%1: no *.json or results *.csv files in this folder\n").arg(printable(given)));
        }
        forEachInOrder(
            static_cast<std::size_t>(files.size()), threads, kWindow,
            [&files](std::size_t i) { return checkFile(files.at(static_cast<qsizetype>(i))); },
            [&](std::size_t, FileReport &&report) {
                if (!report.lines.empty())
                    writeOut(report.lines);
                warnings += report.warnings;
                if (report.valid)
                    ++valid;
                else
                    ++invalid;
            });
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
