#include "comparecommand.h"

#include "commandline.h"
#include "compareresults.h"
#include "core/base/units.h"
#include "core/base/utf8.h"
#include "core/lesson/artifactcomparison.h"
#include "core/lesson/lessonartifacts.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

using namespace lessonscope;

namespace {

QString valueText(const std::optional<double> &value, bool isDuration)
{
    if (!value)
        return QStringLiteral("—");
    return QString::fromStdString(isDuration ? formatDuration(*value) : formatNumber(*value));
}

QString sideLine(const char *side, const QString &file, const Artifact &artifact)
{
    const LessonSummary summary = summarizeArtifact(artifact);
    return QStringLiteral("%1: %2\n   %3 %4 · %5 · %6\n")
        .arg(QLatin1String(side), terminalText(file.toStdString()), terminalText(artifact.lessonId()),
             terminalText(summary.setup), terminalText(artifact.provenance()), terminalText(artifact.generatedAt()));
}

QString table(const ArtifactComparison &comparison)
{
    QString text = QStringLiteral("\n  %1 %2 %3 %4  %5\n")
                       .arg(QStringLiteral("figure"), -16)
                       .arg(QStringLiteral("A"), -10)
                       .arg(QStringLiteral("B"), -10)
                       .arg(QStringLiteral("B ÷ A"), -9)
                       .arg(QStringLiteral("verdict"));
    for (const ComparedFigure &f : comparison.figures) {
        text += QStringLiteral("  %1 %2 %3 %4  %5\n")
                    .arg(terminalText(f.label), -16)
                    .arg(valueText(f.a, f.isDuration), -10)
                    .arg(valueText(f.b, f.isDuration), -10)
                    .arg(f.ratio ? QString::fromStdString(formatRatio(*f.ratio)) : QStringLiteral("—"), -9)
                    .arg(QString::fromStdString(f.verdict));
    }
    const bool anInterval = std::any_of(comparison.figures.begin(), comparison.figures.end(),
                                        [](const ComparedFigure &f) { return f.interval.has_value(); });
    if (anInterval)
        text += QStringLiteral("\n  An interval bounds the noise between the rounds or samples measured, not a bias "
                               "that every one of them shares (a slower clock, another library, another machine).\n");
    return text;
}

QString readable(const QString &fileA, const Artifact &a, const QString &fileB, const Artifact &b,
                 const ArtifactComparison &comparison)
{
    QString text = sideLine("A", fileA, a) + sideLine("B", fileB, b);
    if (!comparison.differences.empty()) {
        text += QStringLiteral("\nThese are different experiments: every ratio below measures these differences "
                               "as well as the code.\n");
        for (const std::string &difference : comparison.differences)
            text += QStringLiteral("  • %1\n").arg(terminalText(difference));
    }
    for (const std::string &warning : disturbanceWarnings(comparison))
        text += QStringLiteral("\n⚠ %1\n").arg(terminalText(warning));
    return text + table(comparison);
}

QJsonObject disturbanceJson(const Disturbance &disturbance)
{
    QJsonArray reasons;
    for (const std::string &reason : disturbance.reasons)
        reasons.append(QString::fromStdString(reason));
    return {{QStringLiteral("known"), disturbance.known},
            {QStringLiteral("disturbed"), disturbance.disturbed},
            {QStringLiteral("couldNotMeasure"), disturbance.refused},
            {QStringLiteral("oneCpu"), disturbance.oneCpu},
            {QStringLiteral("besideOtherWork"), disturbance.besideOtherWork},
            {QStringLiteral("interrupted"), static_cast<qint64>(disturbance.interrupted)},
            {QStringLiteral("reasons"), reasons},
            {QStringLiteral("evidence"), QString::fromStdString(disturbance.evidence)}};
}

QJsonValue cpuChangeJson(const std::optional<CpuSpeedChange> &change)
{
    if (!change)
        return QJsonValue::Null;
    const auto ratio = [](const std::optional<double> &r) { return r ? QJsonValue(*r) : QJsonValue(); };
    return QJsonObject{{QStringLiteral("loop"), change->loop},
                       {QStringLiteral("product"), ratio(change->product)},
                       {QStringLiteral("sweep"), ratio(change->sweep)}};
}

QJsonValue linkChangeJson(const ArtifactComparison &comparison)
{
    const auto &a = comparison.cpuA, &b = comparison.cpuB;
    if (!a || !b || !a->linkNs || !b->linkNs)
        return QJsonValue::Null;
    return *b->linkNs / *a->linkNs;
}

QByteArray machineReadable(const QString &fileA, const QString &fileB, const ArtifactComparison &comparison)
{
    QJsonArray differences;
    for (const std::string &difference : comparison.differences)
        differences.append(QString::fromStdString(difference));
    QJsonArray figures;
    for (const ComparedFigure &f : comparison.figures)
        figures.append(comparedFigureJson(f, QStringLiteral("label")));
    const QJsonObject document{{QStringLiteral("a"), fileA},
                               {QStringLiteral("b"), fileB},
                               {QStringLiteral("sameExperiment"), comparison.differences.empty()},
                               {QStringLiteral("differences"), differences},
                               {QStringLiteral("interval"),
                                QStringLiteral("99%: between rounds (Welch's t on the rounds' log figures) where both "
                                               "sides have rounds, else 95%: the medians' order-statistic intervals")},
                               // How the CPU's own speed changed from A to B, null when a side has none.
                               {QStringLiteral("cpuChange"), cpuChangeJson(comparison.cpuChange)},
                               // The link between two CPUs, B ÷ A, null when a side has no reading.
                               {QStringLiteral("linkChange"), linkChangeJson(comparison)},
                               {QStringLiteral("disturbedA"), disturbanceJson(comparison.disturbanceA)},
                               {QStringLiteral("disturbedB"), disturbanceJson(comparison.disturbanceB)},
                               {QStringLiteral("figures"), figures}};
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

} // namespace

int compareCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compare two artifacts, or two results files of one harness (Google Benchmark, hyperfine, pyperf, nanobench):\n"
        "what differs between the two runs, and for each figure or benchmark the ratio B ÷ A with a 95% interval and "
        "a\n"
        "verdict; for results files also the two-sided Mann-Whitney U p-value that Google Benchmark's compare.py "
        "gives.\n"
        "Exit status 1 when the two cannot be compared (different harnesses, a lesson artifact and a results file)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the comparison as JSON."));
    parser.addOption(json);
    parser.addPositionalArgument(QStringLiteral("A"), QStringLiteral("The artifact to compare against."));
    parser.addPositionalArgument(QStringLiteral("B"), QStringLiteral("The artifact compared with A."));
    if (const int exitCode = parseSubcommand(parser, QStringLiteral("compare"), arguments); exitCode >= 0)
        return exitCode;
    if (parser.positionalArguments().size() != 2) {
        printErr(QStringLiteral("lessonscope compare: name two artifact files, A and B.\n"));
        return 2;
    }
    const QString fileA = parser.positionalArguments().at(0);
    const QString fileB = parser.positionalArguments().at(1);
    const OpenedFile a = openReportingProblems(fileA);
    const OpenedFile b = openReportingProblems(fileB);
    // Two files that measure different things get a refusal, never an empty table.
    if (const std::string why = whyNotComparable(a, b); !why.empty()) {
        printErr(QStringLiteral("lessonscope compare: cannot compare %1 with %2: %3.\n")
                     .arg(printable(fileA), printable(fileB), terminalText(why)));
        return 1;
    }
    // A file with errors cannot be shown as intended (docs/artifact-format.md): a ratio of its
    // figures would be read as a result, so it is refused, after its problems.
    for (const auto &[file, read] : {std::pair{&fileA, &a}, std::pair{&fileB, &b}}) {
        if (hasErrors(read->problems)) {
            printErr(QStringLiteral("lessonscope compare: %1 has errors (above); it is not compared, since its "
                                    "figures would not mean what they say.\n")
                         .arg(printable(*file)));
            return 1;
        }
    }
    if (a.results) {
        printResultsComparison(fileA, *a.results, fileB, *b.results, parser.isSet(json));
        return 0;
    }
    const ArtifactComparison comparison = compareArtifacts(*a.artifact, *b.artifact);
    if (parser.isSet(json)) // the same JSON value, with C1 controls and bidi characters written as \u escapes
        printOut(QString::fromStdString(terminalSafeJson(machineReadable(fileA, fileB, comparison).toStdString())));
    else
        printOut(readable(fileA, *a.artifact, fileB, *b.artifact, comparison));
    return 0;
}
