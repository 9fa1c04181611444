#include "showcommand.h"

#include "core/lesson/disturbance.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/lessonartifacts.h"
#include "core/peers/resultssummary.h"
#include "commandline.h"
#include "core/timing/statistics.h"
#include "core/trace/deviceclocklane.h"
#include "core/base/units.h"
#include "core/base/utf8.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string_view>

using namespace lessonscope;

namespace {

QString q(const std::string &text) { return terminalText(text); }

// What the run's conditions say (docs/artifact-format.md, "What a run's conditions say"), its
// lines after the first indented under the value column.
QString conditionsOf(const Disturbance &disturbance) { return indentedLines(conditionsText(disturbance), 17); }

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
        if (key == "device") // named on one line as `run` names it; the keys are in the file
            environment << QStringLiteral("device=%1").arg(q(deviceDescription(artifact.json().at("environment"))));
        else if (key != "interference") // the "conditions" row says what it means
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
        row(QStringLiteral("trace"),
            QStringLiteral("%1 measured calls (%2)").arg(trace->calls.size()).arg(q(trace->clock)));
    // Every device time in the file was placed on the host's by this relation, to within its ±.
    row(QStringLiteral("device clock"), q(deviceClockRelationText(artifact)));
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

// A results file of another harness: what it says of the machine, then each benchmark and family.
QString readableResults(const ResultsFile &file)
{
    QString text = q(describeResults(file)) + QLatin1Char('\n');
    const auto row = [&text](const QString &name, const QString &value) {
        if (!value.isEmpty())
            text += QStringLiteral("  %1 %2\n").arg(name, -14).arg(value);
    };
    row(QStringLiteral("date"), q(file.date));
    row(QStringLiteral("host"), q(file.host));
    row(QStringLiteral("CPU"), q(file.cpu));
    QStringList context;
    for (const auto &[key, value] : file.context)
        context << QStringLiteral("%1=%2").arg(q(key), q(value));
    row(QStringLiteral("context"), context.join(QStringLiteral(", ")));
    for (const BenchmarkResult &benchmark : file.benchmarks)
        text += QStringLiteral("  %1\n      %2\n").arg(q(benchmark.name), q(describeBenchmark(benchmark)));
    for (const BenchmarkFamily &family : file.families) {
        const BenchmarkResult &first = file.benchmarks[family.members.front()];
        const BenchmarkResult &last = file.benchmarks[family.members.back()];
        QString line
            = QStringLiteral("family over %1: %2 … %3")
                  .arg(q(family.argumentName), q(formatArgument(*first.argument)), q(formatArgument(*last.argument)));
        if (family.coefficient)
            line += QStringLiteral("; the file's fit: %1 × %2")
                        .arg(q(formatDuration(*family.coefficient)), q(family.bigO));
        if (family.rms)
            line += QStringLiteral(" (RMS %1)").arg(q(formatShare(*family.rms)));
        text += QStringLiteral("  %1\n      %2\n").arg(q(family.name), line);
    }
    return text;
}

// A results file exactly as read, made terminal-safe the way printArtifactJson makes an artifact
// (docs/security.md): a JSON file's DEL and C1 controls escaped inside its strings (the same
// value), a CSV's control characters shown as \xNN. Any other byte is the file's own.
void printResultsFile(const std::string &bytes, bool csv)
{
    std::string out;
    if (!csv) {
        out = terminalSafeJson(bytes);
    } else {
        std::string_view rest(bytes);
        while (!rest.empty()) {
            const std::size_t end = rest.find('\n');
            std::string_view line = rest.substr(0, end);
            const bool crlf = !line.empty() && line.back() == '\r';
            out += printableText(crlf ? line.substr(0, line.size() - 1) : line);
            out += crlf ? "\r" : "";
            out += end == std::string_view::npos ? "" : "\n";
            rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
}

} // namespace

int showCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Print a readable summary of an artifact, or of a Google "
                                                    "Benchmark, hyperfine, pyperf or nanobench results file."));
    const QCommandLineOption json(
        QStringLiteral("json"),
        QStringLiteral("Print the artifact exactly as lessonscope would save it; a results file "
                       "as it is."));
    parser.addOption(json);
    if (const int exitCode = parseSubcommandOnOneFile(parser, QStringLiteral("show"), arguments); exitCode >= 0)
        return exitCode;

    const QString file = parser.positionalArguments().constFirst();
    std::string bytes;
    const OpenedFile result = openReportingProblems(file, &bytes);
    if (result.results) {
        if (parser.isSet(json))
            printResultsFile(bytes, result.results->csv);
        else
            printOut(readableResults(*result.results));
        return result.ok() ? 0 : 1;
    }
    if (!result.artifact)
        return 1;

    if (parser.isSet(json))
        printArtifactJson(*result.artifact);
    else
        printOut(readableSummary(*result.artifact));
    return result.ok() ? 0 : 1;
}
