#include "showcommand.h"

#include "core/lesson/lessonartifacts.h"
#include "commandline.h"
#include "core/timing/statistics.h"
#include "core/base/units.h"
#include "core/base/utf8.h"

#include <QCommandLineParser>

#include <string_view>

using namespace lessonscope;

namespace {

QString q(const std::string &text)
{
    return terminalText(text);
}

// The artifact's JSON text made safe for a terminal without changing its value: the writer (like
// Python's json module) escapes U+0000..U+001F but writes DEL and the C1 controls U+0080..U+009F
// as they are. Those can occur only inside strings, where \u escapes mean the same characters.
std::string terminalSafeJson(const std::string &json)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(json.size());
    for (std::size_t i = 0; i < json.size(); ++i) {
        const auto c = static_cast<unsigned char>(json[i]);
        int code = -1;
        if (c == 0x7F)
            code = 0x7F;
        else if (c == 0xC2 && i + 1 < json.size() && static_cast<unsigned char>(json[i + 1]) < 0xA0)
            code = static_cast<unsigned char>(json[++i]);
        if (code < 0) {
            out += json[i];
            continue;
        }
        out += "\\u00";
        out += kHex[code >> 4];
        out += kHex[code & 0x0F];
    }
    return out;
}

QString readableSummary(const Artifact &artifact)
{
    QString text;
    const auto row = [&text](const QString &name, const QString &value) {
        if (!value.isEmpty())
            text += QStringLiteral("  %1 %2\n").arg(name, -14).arg(value);
    };
    const Diagram diagram = artifact.diagram();
    text += QStringLiteral("%1 — %2\n").arg(q(artifact.lessonId()), q(diagram.title));
    row(QStringLiteral("kind"), QStringLiteral("%1 (%2)").arg(q(artifact.kind()), q(artifact.provenance())));
    row(QStringLiteral("generated"), q(artifact.generatedAt()));
    row(QStringLiteral("contentHash"), q(artifact.contentHash()));
    row(QStringLiteral("rendererHash"), q(artifact.rendererHash()));
    QStringList environment;
    for (const auto &[key, value] : artifact.environment())
        environment << QStringLiteral("%1=%2").arg(q(key), q(value));
    row(QStringLiteral("environment"), environment.join(QStringLiteral(", ")));

    const LessonSummary summary = summarizeArtifact(artifact);
    row(QStringLiteral("setup"), q(summary.setup));
    for (const Figure &figure : summary.figures)
        row(q(figure.label), q(formatFigure(figure)));
    QStringList panels;
    for (const Panel &panel : artifact.panels())
        panels << QStringLiteral("%1 \"%2\" (%3 series)").arg(q(panel.kind), q(panel.title)).arg(panel.series.size());
    row(QStringLiteral("panels"), panels.join(QStringLiteral("; ")));
    row(QStringLiteral("diagram"), QStringLiteral("%1: %2").arg(q(diagram.panelKind), q(diagram.prediction)));
    if (const auto trace = artifact.trace())
        row(QStringLiteral("trace"), QStringLiteral("%1 measured calls (%2)").arg(trace->calls.size()).arg(q(trace->clock)));
    return text;
}

} // namespace

int showCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Print a readable summary of an artifact."));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Print the artifact exactly as lessonscope would save it."));
    parser.addOption(json);
    if (const int exitCode = parseSubcommandOnOneFile(parser, QStringLiteral("show"), arguments); exitCode >= 0)
        return exitCode;

    const QString file = parser.positionalArguments().constFirst();
    const ReadResult result = readArtifactReportingProblems(file);
    if (!result.artifact)
        return 1;

    if (parser.isSet(json))
        printOut(QString::fromStdString(terminalSafeJson(serializeArtifact(*result.artifact))));
    else
        printOut(readableSummary(*result.artifact));
    return result.ok() ? 0 : 1;
}
