#include "commandline.h"

#include "core/base/atomicfile.h"
#include "core/base/utf8.h"
#include "core/lesson/environmentinfo.h"
#include "comparecommand.h"
#include "devicescommand.h"
#include "exporttracecommand.h"
#include "lessonscommand.h"
#include "rendercommand.h"
#include "runcommand.h"
#include "showcommand.h"
#include "validatecommand.h"

#include <QCommandLineParser>
#include <QtGlobal>

#include <cstdio>
#include <string_view>

const QList<Subcommand> &subcommands()
{
    static const QList<Subcommand> all = {
        {"run", "run LESSON [--PARAMETER VALUE...] [--isa NAME] [--recorded] [-o FILE]",
         "run a lesson on this machine and write its artifact", runCommand},
        {"validate", "validate PATH...",
         "check artifacts (files, or folders searched recursively for *.json and results *.csv)", validateCommand},
        {"show", "show [--json] FILE", "print a readable summary; --json prints the artifact as lessonscope saves it",
         showCommand},
        {"lessons", "lessons", "list the lessons this build can run, with their parameters", lessonsCommand},
        {"devices", "devices", "list the devices: the stream, and each OpenCL device the ICD loader finds",
         devicesCommand},
        {"render", "render FILE -o OUT.png [--size WxH] [--view all|panels|diagram]",
         "draw an artifact as the explorer shows it into a PNG, with no display", renderCommand},
        {"compare", "compare [--json] A.json B.json",
         "compare two artifacts: what differs, and each figure's ratio with its 95% interval", compareCommand},
        {"export-trace", "export-trace FILE [-o trace.json]",
         "write the measured calls as Chrome Trace Event JSON (Perfetto, chrome://tracing)", exportTraceCommand},
    };
    return all;
}

const Subcommand *findSubcommand(const QString &name)
{
    for (const Subcommand &command : subcommands()) {
        if (name == QLatin1String(command.name))
            return &command;
    }
    return nullptr;
}

QString programVersion()
{
    using namespace lessonscope;
    return QStringLiteral("lessonscope %1 (Qt %2, Eigen %3, nlohmann_json %4, %5, %6)\n")
        .arg(QString::fromStdString(lessonscopeVersion()), QString::fromLatin1(qVersion()),
             QString::fromStdString(eigenVersion()), QString::fromStdString(nlohmannJsonVersion()),
             QString::fromStdString(openSslVersion()), QString::fromStdString(compilerVersion()));
}

QString programHelp()
{
    QString help = QStringLiteral("Usage: lessonscope [FILE|DIR...]        open artifacts in the explorer\n"
                                  "       lessonscope COMMAND [options]    work without a display\n"
                                  "\n"
                                  "Explore, validate and rerun the lessons of a course on performance measurement.\n"
                                  "With no argument the explorer opens the bundled recorded lesson.\n"
                                  "\n"
                                  "Commands:\n");
    for (const Subcommand &command : subcommands())
        help += QStringLiteral("  %1%2\n").arg(QLatin1String(command.name), -14).arg(QLatin1String(command.summary));
    help += QStringLiteral("\n"
                           "Options:\n"
                           "  -h, --help       show this help (COMMAND --help shows a command's own)\n"
                           "  -v, --version    show the version and the libraries it was built with\n"
                           "\n"
                           "Environment:\n"
                           "  LESSONSCOPE_ISA  the product's instruction-set variant (avx512, avx2, baseline);\n"
                           "                   the default is the widest this CPU runs up to avx2 (avx512\n"
                           "                   only when asked: it runs small products at two speeds);\n"
                           "                   run --isa overrides it\n"
                           "\n"
                           "Exit status: 0 success, 1 a problem was found or the work failed, 2 bad usage.\n");
    return help;
}

QString terminalText(const std::string &text)
{
    constexpr std::size_t kMaxBytes = 400;
    if (text.size() <= kMaxBytes)
        return QString::fromStdString(lessonscope::printableText(text));
    std::size_t cut = kMaxBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut; // at a character boundary
    return QString::fromStdString(lessonscope::printableText(std::string_view(text).substr(0, cut)))
        + QStringLiteral("… (%1 bytes in all)").arg(text.size());
}

QString indentedLines(const std::string &text, int indent)
{
    QStringList lines;
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
        lines << terminalText(text.substr(start, end - start));
    lines << terminalText(text.substr(start));
    return lines.join(QStringLiteral("\n") + QString(indent, QLatin1Char(' ')));
}

void printOut(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stdout);
    std::fflush(stdout);
}

void printErr(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stderr);
    std::fflush(stderr);
}

QString printable(const QString &text)
{
    return QString::fromStdString(lessonscope::printableText(text.toStdString()));
}

bool acceptOutputPath(const QString &command, const QString &path)
{
    const QString problem = lessonscope::writableDestinationProblem(path);
    if (problem.isEmpty())
        return true;
    printErr(QStringLiteral("lessonscope %1: cannot write %2: %3\n").arg(command, printable(path), printable(problem)));
    return false;
}

int parseSubcommand(QCommandLineParser &parser, const QString &command, const QStringList &arguments)
{
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(QStringList{QStringLiteral("lessonscope ") + command} + arguments)) {
        // The error quotes the option as typed ("Unknown option 'x'."): escaped like any input.
        printErr(QStringLiteral("lessonscope %1: %2\nTry 'lessonscope %1 --help'.\n")
                     .arg(command, printable(parser.errorText())));
        return 2;
    }
    if (parser.isSet(help)) {
        printOut(parser.helpText());
        return 0;
    }
    return -1;
}

int refuseLeftOverArguments(const QString &command, const QStringList &leftOver, const QString &why)
{
    if (leftOver.isEmpty())
        return -1;
    printErr(QStringLiteral("lessonscope %1: '%2' is left over: %3.\nTry 'lessonscope %1 --help'.\n")
                 .arg(command, printable(leftOver.join(QLatin1Char(' '))), why));
    return 2;
}

int parseSubcommandOnOneFile(QCommandLineParser &parser, const QString &command, const QStringList &arguments)
{
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The artifact."), QStringLiteral("FILE"));
    if (const int exitCode = parseSubcommand(parser, command, arguments); exitCode >= 0)
        return exitCode;
    if (parser.positionalArguments().size() != 1) {
        printErr(QStringLiteral("lessonscope %1: name exactly one artifact file.\n").arg(command));
        return 2;
    }
    return -1;
}

lessonscope::OpenedFile openReportingProblems(const QString &file, std::string *bytes)
{
    lessonscope::OpenedFile result = lessonscope::openFile(file, {}, bytes);
    QString problems;
    for (const lessonscope::Problem &problem : result.problems)
        problems += QString::fromStdString(lessonscope::formatProblem(file.toStdString(), problem)) + QLatin1Char('\n');
    printErr(problems);
    return result;
}
