#include "compareresults.h"

#include "commandline.h"
#include "core/base/units.h"
#include "core/peers/resultscomparison.h"
#include "core/peers/resultssummary.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <tuple>

using namespace lessonscope;

namespace {

QString q(const std::string &text) { return terminalText(text); }

QString valueText(const std::optional<double> &value, bool isDuration)
{
    return q(comparedValueCell(value, isDuration));
}

QString pText(const std::optional<double> &p) { return q(pValueCell(p)); }

QString names(const std::vector<std::string> &list)
{
    QStringList quoted;
    for (const std::string &name : list)
        quoted << q(name);
    return quoted.join(QStringLiteral(", "));
}

QString table(const ResultsComparison &comparison)
{
    const bool cpu = comparison.harness == Harness::GoogleBenchmark;
    int width = 10; // the longest name, within reason: commands can be long
    for (const ComparedBenchmark &c : comparison.benchmarks)
        width = std::min(48, std::max(width, static_cast<int>(q(c.figure.label).size())));
    QString text = QStringLiteral("\n  %1 %2 %3 %4 %5 %6 %7\n")
                       .arg(QStringLiteral("benchmark"), -width)
                       .arg(QStringLiteral("A"), -10)
                       .arg(QStringLiteral("B"), -10)
                       .arg(QStringLiteral("B ÷ A"), -8)
                       .arg(cpu ? QStringLiteral("p (time)") : QStringLiteral("p"), -18)
                       .arg(cpu ? QStringLiteral("p (CPU)") : QString(), cpu ? -18 : 0)
                       .arg(QStringLiteral("verdict"));
    for (const ComparedBenchmark &c : comparison.benchmarks) {
        const ComparedFigure &f = c.figure;
        text += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7\n")
                    .arg(q(f.label), -width)
                    .arg(valueText(f.a, f.isDuration), -10)
                    .arg(valueText(f.b, f.isDuration), -10)
                    .arg(f.ratio ? q(formatRatio(*f.ratio)) : QStringLiteral("—"), -8)
                    .arg(pText(c.pValue), -18)
                    .arg(cpu ? pText(c.cpuPValue) : QString(), cpu ? -18 : 0)
                    .arg(q(f.verdict) + (c.pNote.empty() ? QString() : QStringLiteral("; ") + q(c.pNote)));
    }
    return text;
}

QString readable(const QString &fileA, const ResultsFile &a, const QString &fileB, const ResultsFile &b,
                 const ResultsComparison &comparison)
{
    QString text;
    for (const auto &[side, file, results] : {std::tuple{"A", &fileA, &a}, std::tuple{"B", &fileB, &b}}) {
        QStringList said{q(describeResults(*results))};
        for (const std::string *part : {&results->host, &results->date}) {
            if (!part->empty())
                said << q(*part);
        }
        text += QStringLiteral("%1: %2\n   %3\n")
                    .arg(QLatin1String(side), printable(*file), said.join(QStringLiteral(" · ")));
    }
    if (!comparison.differences.empty()) {
        text += QStringLiteral(
            "\nWhat differs between the two runs besides the code (every ratio below measures it too):\n");
        for (const std::string &difference : comparison.differences)
            text += QStringLiteral("  • %1\n").arg(q(difference));
    }
    if (comparison.machineUnknown)
        text += QStringLiteral("\n%1\n").arg(q(machineUnknownNote(comparison.harness)));
    text += table(comparison);
    if (!comparison.onlyInA.empty())
        text += QStringLiteral("\nOnly in A: %1\n").arg(names(comparison.onlyInA));
    if (!comparison.onlyInB.empty())
        text += QStringLiteral("\nOnly in B: %1\n").arg(names(comparison.onlyInB));
    if (!comparison.notCompared.empty())
        text += QStringLiteral("\nNot compared: %1\n").arg(names(comparison.notCompared));
    text += QStringLiteral("\nB ÷ A: the ratio of the medians, its 95% interval from their order statistics (as for "
                           "lessons). p: the two-sided Mann–Whitney U test of the samples, as Google Benchmark's "
                           "compare.py computes it; \"differs\" when p < %1.\n")
                .arg(kSignificance);
    return text;
}

QJsonArray strings(const std::vector<std::string> &list)
{
    QJsonArray array;
    for (const std::string &text : list)
        array.append(QString::fromStdString(text));
    return array;
}

QJsonObject benchmarkJson(const ComparedBenchmark &c)
{
    QJsonObject object = comparedFigureJson(c.figure, QStringLiteral("name"));
    object[QStringLiteral("pValue")] = jsonNumber(c.pValue);
    object[QStringLiteral("differs")] = c.differs();
    object[QStringLiteral("reliable")] = c.reliable;
    if (c.cpuPValue) {
        object[QStringLiteral("cpuPValue")] = *c.cpuPValue;
        object[QStringLiteral("cpuDiffers")] = c.cpuDiffers();
    }
    if (!c.pNote.empty())
        object[QStringLiteral("pNote")] = QString::fromStdString(c.pNote);
    return object;
}

QByteArray machineReadable(const QString &fileA, const QString &fileB, const ResultsComparison &comparison)
{
    QJsonArray benchmarks;
    for (const ComparedBenchmark &c : comparison.benchmarks)
        benchmarks.append(benchmarkJson(c));
    const QJsonObject document{{QStringLiteral("a"), fileA},
                               {QStringLiteral("b"), fileB},
                               {QStringLiteral("harness"), QString::fromUtf8(harnessName(comparison.harness))},
                               {QStringLiteral("sameMachine"),
                                comparison.machineUnknown ? QJsonValue() : QJsonValue(comparison.differences.empty())},
                               {QStringLiteral("differences"), strings(comparison.differences)},
                               {QStringLiteral("interval"), QStringLiteral("order-statistic, 95%, distribution-free")},
                               {QStringLiteral("test"),
                                QStringLiteral("two-sided Mann-Whitney U, as scipy.stats.mannwhitneyu and compare.py")},
                               {QStringLiteral("alpha"), kSignificance},
                               {QStringLiteral("benchmarks"), benchmarks},
                               {QStringLiteral("onlyInA"), strings(comparison.onlyInA)},
                               {QStringLiteral("onlyInB"), strings(comparison.onlyInB)},
                               {QStringLiteral("notCompared"), strings(comparison.notCompared)}};
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

} // namespace

QJsonObject comparedFigureJson(const ComparedFigure &f, const QString &nameKey)
{
    QJsonObject object{{nameKey, QString::fromStdString(f.label)},
                       {QStringLiteral("a"), jsonNumber(f.a)},
                       {QStringLiteral("b"), jsonNumber(f.b)},
                       {QStringLiteral("unit"), f.isDuration ? QStringLiteral("seconds") : QString()},
                       {QStringLiteral("ratio"), jsonNumber(f.ratio)},
                       {QStringLiteral("samplesA"), static_cast<qint64>(f.samplesA)},
                       {QStringLiteral("samplesB"), static_cast<qint64>(f.samplesB)},
                       {QStringLiteral("verdict"), QString::fromStdString(f.verdict)}};
    if (f.interval) {
        object[QStringLiteral("ratioInterval")] = QJsonArray{f.interval->low, f.interval->high};
        object[QStringLiteral("confidence")] = f.interval->confidence;
        if (f.interval->confidence == 0.95) // the older key, kept where it is true
            object[QStringLiteral("ratio95")] = QJsonArray{f.interval->low, f.interval->high};
        object[QStringLiteral("intervalTrusted")] = f.interval->trusted;
        object[QStringLiteral("intervalMethod")] = QString::fromStdString(f.interval->method);
    }
    return object;
}

void printResultsComparison(const QString &fileA, const ResultsFile &a, const QString &fileB, const ResultsFile &b,
                            bool json)
{
    const ResultsComparison comparison = compareResults(a, b);
    if (json)
        printOut(QString::fromUtf8(machineReadable(fileA, fileB, comparison)));
    else
        printOut(readable(fileA, a, fileB, b, comparison));
}
