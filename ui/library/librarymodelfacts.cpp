// The library's row facts: what a row says of a lesson artifact (its lesson, figures, conditions,
// when and where it ran) and of another harness's results file.
#include "ui/library/librarymodel.h"

#include "core/lesson/disturbance.h"
#include "core/lesson/lessonartifacts.h"
#include "core/peers/resultssummary.h"

#include "ui/common/plaintext.h"
#include "core/base/units.h"

#include <QDateTime>
#include <QFileInfo>
#include <QLocale>

using namespace lessonscope;

namespace {

QString q(const std::string &text) { return QString::fromStdString(text); }

QString readableTime(const std::string &rfc3339)
{
    const QString shown = shownText(rfc3339);
    const QDateTime time = QDateTime::fromString(shown, Qt::ISODateWithMs);
    if (!time.isValid())
        return shown;
    return QLocale().toString(time.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

} // namespace

// Another harness's results file: its harness, counts, benchmarks, format, date and host.
LibraryModel::Facts LibraryModel::resultsFactsOf(const ResultsFile &file, const QDateTime &modified)
{
    Facts facts;
    facts.keyFigureSeconds = std::numeric_limits<double>::infinity();
    facts.lesson = QString::fromUtf8(harnessName(file.harness));
    // The harness and its version fill the column a lesson's backend fills (what ran the code);
    // the machine it ran on is named with the counts.
    facts.title = q(describeCounts(file)) + (file.host.empty() ? QString() : tr(" · on %1").arg(q(file.host)));
    QStringList names;
    for (std::size_t i = 0; i < file.benchmarks.size() && i < 3; ++i)
        names << q(file.benchmarks[i].name);
    facts.setup = names.join(QStringLiteral(", ")) + (file.benchmarks.size() > 3 ? QStringLiteral(", …") : QString());
    facts.kind = q(file.format);
    facts.provenance = tr("results file (read only)");
    facts.generatedIso = q(file.date);
    facts.generated = readableTime(file.date);
    if (file.date.empty() && modified.isValid()) { // hyperfine and nanobench write no date: the file's own
        facts.generatedIso = modified.toUTC().toString(Qt::ISODate);
        facts.generated = tr("%1 (file)").arg(modified.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    }
    facts.backend = QString::fromUtf8(harnessName(file.harness))
        + (file.version.empty() ? QString() : QLatin1Char(' ') + q(file.version));
    for (const BenchmarkResult &b : file.benchmarks) {
        if (const auto typical = b.typical(); typical && b.isDuration && b.error.empty()) {
            facts.keyFigureSeconds = *typical;
            facts.keyFigure = q(formatDuration(*typical));
            facts.keyFigureLabel = q(b.name);
            break;
        }
    }
    return facts;
}

LibraryModel::Facts LibraryModel::factsOf(const LibraryEntry &entry)
{
    if (entry.results)
        return resultsFactsOf(*entry.results, entry.modified);
    Facts facts;
    facts.keyFigureSeconds = std::numeric_limits<double>::infinity();
    if (!entry.artifact) {
        facts.lesson = tr("(unreadable)");
        return facts;
    }
    const Artifact &artifact = *entry.artifact;
    facts.lesson = shownText(artifact.lessonId());
    facts.title = shownText(artifact.diagram().title);
    facts.kind = shownText(artifact.kind());
    facts.provenance = shownText(artifact.provenance());
    facts.generatedIso = shownText(artifact.generatedAt());
    facts.generated = readableTime(artifact.generatedAt());
    facts.backend = shownText(artifact.backend());
    const LessonSummary summary = summarizeArtifact(artifact);
    facts.setup = shownText(summary.setup);
    if (const Figure *headline = summary.headline(); headline && headline->value && !std::isnan(*headline->value)) {
        facts.keyFigureSeconds = *headline->value;
        facts.keyFigure = q(formatDuration(*headline->value));
        facts.keyFigureLabel = q(headline->label);
    }
    if (const Disturbance disturbance = disturbanceOf(artifact.json()); disturbance.disturbed) {
        QStringList reasons;
        for (const std::string &reason : disturbance.reasons)
            reasons << shownText(reason, kMaxShownParagraph);
        facts.disturbance = reasons.join(QStringLiteral("; "));
    }
    return facts;
}
