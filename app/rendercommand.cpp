#include "rendercommand.h"

#include "core/base/atomicfile.h"
#include "core/lesson/lessonartifacts.h"
#include "ui/window/artifactrenderer.h"
#include "ui/common/pngfile.h"
#include "commandline.h"

#include <QApplication>

#include <cmath>
#include <cstdio>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>

using namespace lessonscope;

namespace {

bool savePng(const QImage &image, const QString &path)
{
    QString error;
    if (writePngFile(image, path, &error))
        return true;
    printErr(QStringLiteral("lessonscope render: cannot write %1: %2\n").arg(printable(path), error));
    return false;
}

// A render prints what the user needs (its own errors) and nothing of Qt's chatter about the
// offscreen platform ("This plugin does not support propagateSizeHints()", XDG_RUNTIME_DIR):
// Qt's debug, info and warning messages are dropped; critical and fatal ones still print.
void quietQtMessages(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtCriticalMsg || type == QtFatalMsg)
        std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

// The answer one the artifact's prediction takes; otherwise says which it takes.
bool acceptAnswer(const LibraryEntry &entry, const QString &answer, const QString &file)
{
    bool asksLength = false;
    const QStringList keys = renderableAnswers(entry, &asksLength);
    if (asksLength) {
        bool isNumber = false;
        const double multiple = answer.toDouble(&isNumber);
        if (isNumber && std::isfinite(multiple) && multiple > 0)
            return true;
        printErr(QStringLiteral("lessonscope render: --answer '%1': %2 asks a length: give a multiple such as 2.5.\n")
                     .arg(printable(answer), printable(file)));
        return false;
    }
    if (keys.contains(answer))
        return true;
    printErr(keys.isEmpty() ? QStringLiteral("lessonscope render: --answer: %1 has no prediction to answer.\n").arg(printable(file))
                            : QStringLiteral("lessonscope render: --answer '%1' is not a candidate of %2: %3.\n")
                                  .arg(printable(answer), printable(file), keys.join(QStringLiteral(", "))));
    return false;
}

} // namespace

int runRender(int argc, char *argv[])
{
    qInstallMessageHandler(quietQtMessages);
    // With no display, draw offscreen: the same widgets, no window system needed.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("lessonscope"));
    QApplication::setOrganizationName(QStringLiteral("lessonscope"));
    return renderCommand(QApplication::arguments().mid(2));
}

int renderCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Draw an artifact with the explorer's widgets into a PNG image, with no display needed.\n"
        "Exit status 0 when the image was written, 1 when the artifact has errors (they are printed and\n"
        "no image is written) or the image cannot be written, 2 bad usage."));
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The artifact."), QStringLiteral("FILE"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write the image to OUT.png."), QStringLiteral("OUT.png"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Image size in pixels (default 1280x900)."),
                                  QStringLiteral("WxH"), QStringLiteral("1280x900"));
    const QCommandLineOption view(QStringLiteral("view"),
                                  QStringLiteral("What to draw: all (default), panels or diagram."),
                                  QStringLiteral("all|panels|diagram"), QStringLiteral("all"));
    const QCommandLineOption call(QStringLiteral("call"),
                                  QStringLiteral("Draw the timeline on measured call N (0: the first call, as the call\n"
                                                 "selector counts them); default: the call the explorer opens on."),
                                  QStringLiteral("N"));
    const QCommandLineOption answer(QStringLiteral("answer"),
                                    QStringLiteral("Draw the prediction answered with KEY, one of the timeline's candidates\n"
                                                   "(a wrong key lists them), or where it asks a length, a multiple\n"
                                                   "of its reference such as 2.5: the verdict and its numbers shown."),
                                    QStringLiteral("KEY|MULTIPLE"));
    parser.addOptions({output, size, view, call, answer});
    if (const int exitCode = parseSubcommand(parser, QStringLiteral("render"), arguments); exitCode >= 0)
        return exitCode;

    if (!qobject_cast<QApplication *>(QCoreApplication::instance())) {
        printErr(QStringLiteral("lessonscope render: needs the widgets (a QApplication)\n"));
        return 2;
    }
    if (parser.positionalArguments().size() != 1 || !parser.isSet(output)) {
        printErr(QStringLiteral("lessonscope render: name one artifact FILE and -o OUT.png.\n"
                                "Try 'lessonscope render --help'.\n"));
        return 2;
    }
    static const QRegularExpression sizePattern(QStringLiteral("^(\\d{2,5})[x×X](\\d{2,5})$"));
    const QRegularExpressionMatch match = sizePattern.match(parser.value(size));
    const QSize imageSize = match.hasMatch() ? QSize(match.captured(1).toInt(), match.captured(2).toInt()) : QSize();
    if (!imageSize.isValid() || imageSize.width() < 200 || imageSize.height() < 150 || imageSize.width() > 10000
        || imageSize.height() > 10000) {
        printErr(QStringLiteral("lessonscope render: --size '%1' is not WxH between 200x150 and 10000x10000.\n")
                     .arg(parser.value(size)));
        return 2;
    }
    RenderView renderView = RenderView::All;
    if (!parseRenderView(parser.value(view), &renderView)) {
        printErr(QStringLiteral("lessonscope render: --view '%1' is not all, panels or diagram.\n").arg(parser.value(view)));
        return 2;
    }

    int callIndex = -1;
    if (parser.isSet(call)) {
        bool isNumber = false;
        callIndex = parser.value(call).toInt(&isNumber);
        if (!isNumber || callIndex < 0) {
            printErr(QStringLiteral("lessonscope render: --call '%1' is not a call number (0, 1, 2, …).\n")
                         .arg(parser.value(call)));
            return 2;
        }
    }

    if (!acceptOutputPath(QStringLiteral("render"), parser.value(output)))
        return 1;
    const QString file = parser.positionalArguments().constFirst();
    OpenedFile result = openReportingProblems(file);
    if (!result.ok())
        return 1;

    LibraryEntry entry;
    entry.path = QFileInfo(file).absoluteFilePath();
    entry.artifact = std::move(result.artifact);
    entry.results = std::move(result.results);
    entry.problems = std::move(result.problems);
    if (callIndex >= 0) {
        const int calls = renderableCallCount(entry);
        if (callIndex >= calls) {
            printErr(calls == 0 ? QStringLiteral("lessonscope render: %1 has no measured calls to draw (--call).\n").arg(printable(file))
                                : QStringLiteral("lessonscope render: --call %1: %2 has calls 0 to %3.\n")
                                      .arg(callIndex).arg(printable(file)).arg(calls - 1));
            return 2;
        }
    }
    if (parser.isSet(answer) && !acceptAnswer(entry, parser.value(answer), file))
        return 2;
    const QImage image = renderArtifact(entry, renderView, imageSize, callIndex, parser.value(answer));
    return savePng(image, parser.value(output)) ? 0 : 1;
}
