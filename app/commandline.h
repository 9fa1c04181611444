#pragma once

#include <QStringList>

#include <functional>

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

// Writes UTF-8 text to stdout / stderr.
void printOut(const QString &text);
void printErr(const QString &text);

class QCommandLineParser;

// Parses a subcommand's arguments. Returns -1 to go on, or the exit code to return at once:
// 0 after printing --help, 2 after printing a usage error.
int parseSubcommand(QCommandLineParser &parser, const QString &command, const QStringList &arguments);
