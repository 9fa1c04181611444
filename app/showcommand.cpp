#include "showcommand.h"

#include "core/lesson/disturbance.h"
#include "core/lesson/lessonartifacts.h"
#include "commandline.h"
#include "core/timing/statistics.h"
#include "core/base/units.h"
#include "core/base/utf8.h"

#include <QCommandLineParser>

#include <cstdio>
#include <string_view>

using namespace lessonscope;

namespace {

QString q(const std::string &text)
{
    return terminalText(text);
}

// What the run's conditions say (docs/artifact-format.md, "What a run's conditions say"), its
// lines after the first indented under the value column.
QString conditionsOf(const Disturbance &disturbance)
{
    return indentedLines(conditionsText(disturbance), 17);
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
    for (const auto &[key, value] : artifact.environment()) {
        if (key != "interference") // the "conditions" row says what it means
            environment << QStringLiteral("%1=%2").arg(q(key), q(value));
    }
    row(QStringLiteral("environment"), environment.join(QStringLiteral(", ")));
    const Disturbance disturbance = disturbanceOf(artifact.json());
    row(QStringLiteral("conditions"), conditionsOf(disturbance));

    const LessonSummary summary = summarizeArtifact(artifact);
    row(QStringLiteral("setup"), q(summary.setup));
    for (const Figure &figure : summary.figures)
        row(q(figure.label), q(readableFigure(figure, disturbance)));
    QStringList panels;
    for (const Panel &panel : artifact.panels())
        panels << QStringLiteral("%1 \"%2\" (%3 series)").arg(q(panel.kind), q(panel.title)).arg(panel.series.size());
    row(QStringLiteral("panels"), panels.join(QStringLiteral("; ")));
    row(QStringLiteral("diagram"), QStringLiteral("%1: %2").arg(q(diagram.panelKind), q(diagram.prediction)));
    if (const auto trace = artifact.trace())
        row(QStringLiteral("trace"), QStringLiteral("%1 measured calls (%2)").arg(trace->calls.size()).arg(q(trace->clock)));
    return text;
}

// The artifact as lessonscope saves it, made terminal-safe and written piece by piece: the laid
// out text can be many times the document's size (40 MB of points took 1.8 GB held whole).
void printArtifactJson(const Artifact &artifact)
{
    std::string carry; // a piece that ends in the lead byte 0xC2 of a C1 control keeps it back
    serializeArtifact(artifact, [&carry](std::string_view piece) {
        std::string text = std::move(carry) + std::string(piece);
        carry.clear();
        if (!text.empty() && static_cast<unsigned char>(text.back()) == 0xC2) {
            carry = text.substr(text.size() - 1);
            text.pop_back();
        }
        const std::string safe = terminalSafeJson(text);
        std::fwrite(safe.data(), 1, safe.size(), stdout);
    });
    std::fwrite(carry.data(), 1, carry.size(), stdout);
    std::fflush(stdout);
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
        printArtifactJson(*result.artifact);
    else
        printOut(readableSummary(*result.artifact));
    return result.ok() ? 0 : 1;
}
