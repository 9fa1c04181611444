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

#include <optional>
#include <variant>

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
    printErr(
        keys.isEmpty()
            ? QStringLiteral("lessonscope render: --answer: %1 has no prediction to answer.\n").arg(printable(file))
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

namespace {

// What `render` was asked to draw, its options checked.
struct RenderRequest {
    QString file;
    QString output;
    QSize size;
    RenderView view = RenderView::All;
    int call = -1; // -1: the call the explorer opens on
    std::optional<QString> answer;
};

// WxH between 200x150 and 10000x10000; invalid otherwise.
QSize imageSizeOf(const QString &value)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{2,5})[x×X](\\d{2,5})$"));
    const QRegularExpressionMatch match = pattern.match(value);
    const QSize size = match.hasMatch() ? QSize(match.captured(1).toInt(), match.captured(2).toInt()) : QSize();
    if (!size.isValid() || size.width() < 200 || size.height() < 150 || size.width() > 10000 || size.height() > 10000)
        return {};
    return size;
}

// The request as asked, or the exit status to end with: 0 after --help, 2 for a bad usage (said).
std::variant<RenderRequest, int> parseRenderRequest(const QStringList &arguments)
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
    const QCommandLineOption call(
        QStringLiteral("call"),
        QStringLiteral("Draw the timeline on measured call N (0: the first call, as the call\n"
                       "selector counts them); default: the call the explorer opens on."),
        QStringLiteral("N"));
    const QCommandLineOption answer(
        QStringLiteral("answer"),
        QStringLiteral("Draw the prediction answered with KEY, one of the timeline's candidates\n"
                       "(a wrong key lists them), or where it asks a length, a multiple\n"
                       "of its reference such as 2.5: the verdict and its numbers shown."),
        QStringLiteral("KEY|MULTIPLE"));
    parser.addOptions({output, size, view, call, answer});
    if (const int exitCode = parseSubcommand(parser, QStringLiteral("render"), arguments); exitCode >= 0)
        return exitCode;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(output)) {
        printErr(QStringLiteral("lessonscope render: name one artifact FILE and -o OUT.png.\n"
                                "Try 'lessonscope render --help'.\n"));
        return 2;
    }
    RenderRequest request;
    request.file = parser.positionalArguments().constFirst();
    request.output = parser.value(output);
    request.size = imageSizeOf(parser.value(size));
    if (!request.size.isValid()) {
        printErr(QStringLiteral("lessonscope render: --size '%1' is not WxH between 200x150 and 10000x10000.\n")
                     .arg(parser.value(size)));
        return 2;
    }
    if (!parseRenderView(parser.value(view), &request.view)) {
        printErr(
            QStringLiteral("lessonscope render: --view '%1' is not all, panels or diagram.\n").arg(parser.value(view)));
        return 2;
    }
    if (parser.isSet(call)) {
        bool isNumber = false;
        request.call = parser.value(call).toInt(&isNumber);
        if (!isNumber || request.call < 0) {
            printErr(QStringLiteral("lessonscope render: --call '%1' is not a call number (0, 1, 2, …).\n")
                         .arg(parser.value(call)));
            return 2;
        }
    }
    if (parser.isSet(answer))
        request.answer = parser.value(answer);
    return request;
}

} // namespace

int renderCommand(const QStringList &arguments)
{
    const std::variant<RenderRequest, int> parsed = parseRenderRequest(arguments);
    if (const int *exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const RenderRequest &request = std::get<RenderRequest>(parsed);
    if (!qobject_cast<QApplication *>(QCoreApplication::instance())) {
        printErr(QStringLiteral("lessonscope render: needs the widgets (a QApplication)\n"));
        return 2;
    }
    if (!acceptOutputPath(QStringLiteral("render"), request.output))
        return 1;
    OpenedFile result = openReportingProblems(request.file);
    if (!result.ok())
        return 1;

    LibraryEntry entry;
    entry.path = QFileInfo(request.file).absoluteFilePath();
    entry.artifact = std::move(result.artifact);
    entry.results = std::move(result.results);
    entry.problems = std::move(result.problems);
    if (request.call >= 0) {
        const int calls = renderableCallCount(entry);
        if (request.call >= calls) {
            printErr(calls == 0 ? QStringLiteral("lessonscope render: %1 has no measured calls to draw (--call).\n")
                                      .arg(printable(request.file))
                                : QStringLiteral("lessonscope render: --call %1: %2 has calls 0 to %3.\n")
                                      .arg(request.call)
                                      .arg(printable(request.file))
                                      .arg(calls - 1));
            return 2;
        }
    }
    if (request.answer && !acceptAnswer(entry, *request.answer, request.file))
        return 2;
    const QImage image
        = renderArtifact(entry, request.view, request.size, request.call, request.answer.value_or(QString()));
    return savePng(image, request.output) ? 0 : 1;
}
