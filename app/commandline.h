#pragma once

#include "core/library/openedfile.h"

#include <QJsonValue>
#include <QStringList>

#include <functional>
#include <optional>
#include <string>

// The headless subcommands. Each takes its arguments (without the program and command names)
// and returns the process exit code: 0 success, 1 a failure the command reports, 2 bad usage.
struct Subcommand {
    const char *name;
    const char *usage;   // "run LESSON [options]"
    const char *summary; // one line for --help
    std::function<int(const QStringList &arguments)> run;
};

const QList<Subcommand> &subcommands();
const Subcommand *findSubcommand(const QString &name);

// The program's own --help text and --version line.
QString programHelp();
QString programVersion();

// A string from a file made safe for a terminal: every string of an artifact is whatever its
// author (or an attacker) put there, and control characters would be obeyed as escape sequences
// (retitle the window, clear the screen, move the cursor over other lines). They are shown as
// \xNN instead, and a value too long for a summary line is cut (docs/security.md).
QString terminalText(const std::string &text);
// Lines made by lessonscope itself (which may quote artifact text), each made terminal-safe, the
// lines after the first indented by `indent` spaces.
QString indentedLines(const std::string &text, int indent);

// Writes UTF-8 text to stdout / stderr.
void printOut(const QString &text);
void printErr(const QString &text);

// A file name (or any text from outside) as it may reach a terminal: control characters shown as
// \xNN or \u00NN, never obeyed (core/base/utf8.h printableText; docs/security.md).
QString printable(const QString &text);

// Refuses, with a message on stderr, an output path that cannot be written: empty, a folder or
// not a regular file (a device, a FIFO, a link to one), in a folder that does not exist or takes
// no file (writableDestinationProblem). Returns false when refused. Checked before the work, so
// that a run is not wasted; writeFileAtomically checks again when it commits.
bool acceptOutputPath(const QString &command, const QString &path);

class QCommandLineParser;

// Parses a subcommand's arguments. Returns -1 to go on, or the exit code to return at once:
// 0 after printing --help, 2 after printing a usage error.
int parseSubcommand(QCommandLineParser &parser, const QString &command, const QStringList &arguments);

// Refuses arguments a command would otherwise ignore ("run LESSON OTHER" ran only the first),
// saying why: 2 after the message, -1 when there are none.
int refuseLeftOverArguments(const QString &command, const QStringList &leftOver, const QString &why);

// The same for a command that takes exactly one artifact FILE (declared here): 2 after a usage
// error when there is not exactly one. The file is parser.positionalArguments().constFirst().
int parseSubcommandOnOneFile(QCommandLineParser &parser, const QString &command, const QStringList &arguments);

// Opens a file — a lesson artifact or another harness's results (core/library/openedfile.h) — and
// prints each of its problems to stderr as one line, "FILE: severity: /json/pointer: message".
// bytes, when given, receives the file as read.
lessonscope::OpenedFile openReportingProblems(const QString &file, std::string *bytes = nullptr);

// A number for a --json report, or null when there is none.
inline QJsonValue jsonNumber(const std::optional<double> &value) { return value ? QJsonValue(*value) : QJsonValue(); }
