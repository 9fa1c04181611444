#include "ui/artifact/artifactheader.h"

#include "core/artifact/lenientjson.h"
#include "core/lesson/disturbance.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonidentity.h"
#include "ui/library/libraryentry.h"
#include "ui/common/plaintext.h"
#include "core/timing/statistics.h"
#include "core/base/units.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

using namespace lessonscope;

namespace {

// Libraries named in the Environment field; the rest are counted.
constexpr std::size_t kMaxLibrariesShown = 12;

QString q(const std::string &text) { return QString::fromStdString(text); }

QString duration(double seconds) { return q(formatDuration(seconds)); }

QLabel *selectable(QWidget *parent) { return plainTextLabel(parent, false); }

} // namespace

ArtifactHeader::ArtifactHeader(QWidget *parent) : QWidget(parent)
{
    m_title = selectable(this);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_subtitle = selectable(this);
    m_subtitle->setForegroundRole(QPalette::PlaceholderText);
    m_summary = selectable(this);
    m_summary->setWordWrap(true);
    QFont summaryFont = m_summary->font();
    summaryFont.setPointSizeF(summaryFont.pointSizeF() * 1.1);
    m_summary->setFont(summaryFont);

    m_fields = new QWidget(this);
    m_grid = new QGridLayout(m_fields);
    m_grid->setContentsMargins(0, 4, 0, 0);
    m_grid->setHorizontalSpacing(10);
    m_grid->setVerticalSpacing(2);
    m_generated = field(0, 0, tr("Generated"));
    m_source = field(1, 0, tr("Source"));
    m_status = field(2, 0, tr("Status"));
    m_environment = field(0, 1, tr("Environment"));
    m_environment->setWordWrap(true); // a real device is named in full
    m_contentHash = field(1, 1, tr("Content hash"));
    m_rendererHash = field(2, 1, tr("Renderer hash"));
    m_conditions = field(3, 0, tr("Conditions"));
    m_conditions->setWordWrap(true);
    m_grid->addWidget(m_conditions, 3, 1, 1, 3, Qt::AlignTop); // the evidence is a long line

    // A disturbed run is said loudly, above the numbers it makes doubtful.
    m_disturbance = selectable(this);
    m_disturbance->setWordWrap(true);
    m_disturbance->setFrameShape(QFrame::StyledPanel);
    m_disturbance->setMargin(6);
    m_disturbance->setAutoFillBackground(true);
    QPalette warning = m_disturbance->palette();
    warning.setColor(QPalette::Window, QColor(255, 236, 179));
    warning.setColor(QPalette::WindowText, QColor(92, 60, 0));
    m_disturbance->setPalette(warning);
    m_disturbance->setAccessibleName(tr("This run was disturbed"));
    m_disturbance->hide();
    m_grid->setColumnStretch(1, 1);
    m_grid->setColumnStretch(3, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(m_subtitle);
    layout->addWidget(m_summary);
    layout->addWidget(m_disturbance);
    layout->addWidget(m_fields);
}

QLabel *ArtifactHeader::field(int row, int pair, const QString &name)
{
    auto *caption = new QLabel(m_fields);
    caption->setTextFormat(Qt::PlainText); // environment keys come from the file
    caption->setText(name + QLatin1Char(':'));
    caption->setForegroundRole(QPalette::PlaceholderText);
    QLabel *value = selectable(m_fields);
    value->setMinimumWidth(120);
    m_grid->addWidget(caption, row, pair * 2, Qt::AlignTop);
    m_grid->addWidget(value, row, pair * 2 + 1, Qt::AlignTop);
    caption->setBuddy(value);
    m_fieldLabels.append(qMakePair(caption, value));
    return value;
}

// An unreadable file has only a source and a status; the rest would be empty captions.
void ArtifactHeader::showFields(bool artifactFields)
{
    for (const auto &[caption, value] : std::as_const(m_fieldLabels)) {
        const bool visible = artifactFields || value == m_source || value == m_status;
        caption->setVisible(visible);
        value->setVisible(visible);
    }
}

void ArtifactHeader::setHash(QLabel *label, const std::string &hash, const QString &qualifier, const QString &meaning)
{
    const QString text = shownText(hash, 80); // a SHA-256 is 64 digits; a file may hold anything
    const QString shown = text.size() > 20 ? text.left(12) + QStringLiteral("…") + text.right(6) : text;
    label->setText(text.isEmpty() ? tr("(none)") : QStringLiteral("%1  (%2)").arg(shown, qualifier));
    label->setToolTip(plainToolTip(text.isEmpty() ? meaning : text + QLatin1Char('\n') + meaning));
    label->setAccessibleDescription(meaning);
}

void ArtifactHeader::setEntry(const LibraryEntry &entry)
{
    m_fields->show();
    m_figures.clear();
    m_resultsHidden = false;
    m_summary->setForegroundRole(QPalette::WindowText);
    setSource(entry);
    if (!entry.artifact) {
        showUnreadable(entry);
        return;
    }

    showFields(true);
    const Artifact &artifact = *entry.artifact;
    const std::string title = artifact.diagram().title;
    m_title->setText(title.empty() ? shownText(artifact.lessonId()) : shownText(title));
    QStringList facts = {shownText(artifact.lessonId()), shownText(artifact.kind()), shownText(artifact.provenance())};
    facts.removeAll(QString());
    m_subtitle->setText(facts.join(QStringLiteral(" · ")));
    setSummary(artifact);
    setEnvironment(artifact);
    setConditions(artifact);
    setHashes(artifact);
}

void ArtifactHeader::setSource(const LibraryEntry &entry)
{
    QString source = entry.path;
    if (entry.origin == LibraryEntry::Origin::Bundled)
        source = tr("the recorded lesson bundled with lessonscope (read-only)");
    else if (entry.unsaved)
        source = entry.path.isEmpty() ? tr("made on this machine — not saved yet")
                                      : tr("%1 — changed since saved").arg(entry.path);
    m_source->setText(source);
    m_source->setToolTip(plainToolTip(entry.path));
    m_status->setText(entry.statusText());
}

void ArtifactHeader::showUnreadable(const LibraryEntry &entry)
{
    m_title->setText(tr("Unreadable file"));
    m_subtitle->setText(entry.displayName());
    m_summary->setText(tr("This file is not a lesson artifact lessonscope can read; its problems are listed below."));
    for (QLabel *label : {m_generated, m_environment, m_contentHash, m_rendererHash, m_conditions})
        label->clear();
    m_disturbance->hide();
    m_summary->show();
    showFields(false);
}

// The lesson's figures in one line, each with what it is a median of.
void ArtifactHeader::setSummary(const Artifact &artifact)
{
    const LessonSummary summary = summarizeArtifact(artifact);
    QStringList numbers;
    for (const Figure &figure : summary.figures) {
        if (!figure.value)
            continue;
        const QString value
            = figure.isDuration ? duration(*figure.value) : QString::fromStdString(formatNumber(*figure.value));
        // "label: value", so that a label ending in a number ("per call, K = 64") never runs
        // into its value; a median says over what ("of 21 rounds").
        const auto count = figure.samples.size();
        const QString over = figure.samplesLabel.empty() ? tr("samples") : q(figure.samplesLabel);
        if (count > 1)
            numbers << tr("%1: %2 (median of %3 %4)")
                           .arg(q(figure.label), value, QLocale().toString(static_cast<qulonglong>(count)), over);
        else if (figure.interrupted > 0) // a single value other work interrupted: said with it
            numbers << tr("%1: %2 (interrupted)").arg(q(figure.label), value);
        else
            numbers << tr("%1: %2").arg(q(figure.label), value);
    }
    if (!summary.setup.empty())
        numbers << shownText(summary.setup);
    m_figures = numbers.join(QStringLiteral("   ·   "));
    m_resultsHidden = false;
    m_summary->setText(m_figures);
    m_summary->setVisible(!numbers.isEmpty());
}

// When it was made, and on what: the backend, a real device by name, the libraries.
void ArtifactHeader::setEnvironment(const Artifact &artifact)
{
    const QString generatedAt = shownText(artifact.generatedAt());
    const QDateTime generated = QDateTime::fromString(generatedAt, Qt::ISODateWithMs);
    m_generated->setText(generated.isValid() ? QLocale().toString(generated.toLocalTime(), QLocale::LongFormat)
                                             : generatedAt);
    m_generated->setToolTip(plainToolTip(generatedAt));

    QStringList environment;
    if (!artifact.backend().empty())
        environment << QStringLiteral("backend %1").arg(shownText(artifact.backend()));
    // A real device is named: which one ran the work is what a reader of its numbers asks first.
    if (const Json *recorded = lenient::member(artifact.json(), "environment");
        recorded && lenient::member(*recorded, "device"))
        environment << QStringLiteral("device %1").arg(shownText(deviceDescription(*recorded)));
    const auto libraries = artifact.libraryVersions();
    // A file may list thousands: the first few, and how many more.
    for (std::size_t i = 0; i < libraries.size() && i < kMaxLibrariesShown; ++i)
        environment << QStringLiteral("%1 %2").arg(shownText(libraries[i].first), shownText(libraries[i].second));
    if (libraries.size() > kMaxLibrariesShown)
        environment << tr("and %1 more").arg(libraries.size() - kMaxLibrariesShown);
    m_environment->setText(environment.join(QStringLiteral(", ")));
}

void ArtifactHeader::setHashes(const Artifact &artifact)
{
    const bool ours = isRenderedByThisBuild(artifact);
    // A match is said only of a hash recomputed here, from the lesson and the parameters stdout
    // states, and found equal: a file's word for it is not enough. And it says what matched:
    // the hash covers the lesson and its parameters, not the measured numbers, so "reproducible"
    // read as if an edited figure were vouched for.
    switch (contentHashStatus(artifact)) {
    case ContentHash::Reproduced:
        setHash(m_contentHash, artifact.contentHash(), tr("matches this lesson and its parameters"),
                tr("SHA-256 of the lesson's content and the run's parameters, recomputed from this file and equal: "
                   "the same on any machine. It does not cover the measured numbers, which the file's checks "
                   "(Problems) judge."));
        break;
    case ContentHash::Differs:
        setHash(m_contentHash, artifact.contentHash(), tr("does not match"),
                tr("This lesson's content with the parameters the file states gives another SHA-256: the file is not "
                   "the run it says, or another version of the lesson made it"));
        break;
    case ContentHash::NotChecked:
        setHash(m_contentHash, artifact.contentHash(), tr("opaque"),
                tr("Identity of the lesson content that was executed; opaque: it cannot be recomputed from the file"));
        break;
    }
    setHash(
        m_rendererHash, artifact.rendererHash(), ours ? tr("this lessonscope's") : tr("opaque: another renderer's"),
        ours
            ? tr("The renderer of this lessonscope (version %1) built the panels and the diagram").arg(kRendererVersion)
            : tr("Identity of the renderer that built the panels and the diagram; opaque (not "
                 "this lessonscope's)"));
}

void ArtifactHeader::setConditions(const Artifact &artifact)
{
    const Disturbance disturbance = disturbanceOf(artifact.json());
    const QString evidence = shownText(disturbance.evidence, kMaxShownParagraph);
    // The verdict's first line (core/lesson/disturbance.h), then the evidence it rests on.
    const QString headline = shownText(conditionsHeadline(disturbance), kMaxShownParagraph);
    if (!disturbance.known)
        m_conditions->setText(headline);
    else
        m_conditions->setText(tr("%1 — %2").arg(headline, evidence));
    QStringList reasons;
    for (const std::string &reason : disturbance.reasons)
        reasons << shownText(reason, kMaxShownParagraph);
    m_disturbance->setText(disturbance.refused
                               ? tr("⚠ This run could not measure: %1. No figure of it should be believed. %2")
                                     .arg(reasons.join(QStringLiteral("; ")), q(disturbance.advice))
                               : tr("⚠ This run was disturbed: %1. Its timings measure the other work as well as the "
                                    "code. %2")
                                     .arg(reasons.join(QStringLiteral("; ")), q(disturbance.advice)));
    m_disturbance->setToolTip(plainToolTip(evidence));
    m_disturbance->setVisible(disturbance.disturbed || disturbance.refused);
}

void ArtifactHeader::setResultsHidden(bool hidden)
{
    if (hidden == m_resultsHidden || m_figures.isEmpty())
        return;
    m_resultsHidden = hidden;
    m_summary->setText(hidden ? tr("The figures are hidden until you predict: they give the answer away. (Panels tab: "
                                   "Show the Results Anyway.)")
                              : m_figures);
    m_summary->setForegroundRole(hidden ? QPalette::PlaceholderText : QPalette::WindowText);
}

QString ArtifactHeader::disturbanceText() const
{
    return m_disturbance->isHidden() ? QString() : m_disturbance->text();
}

void ArtifactHeader::setRunning(const QString &title, const QString &detail)
{
    m_title->setText(title);
    m_subtitle->setText(detail);
    m_summary->clear();
    m_summary->hide();
    m_disturbance->hide();
    m_fields->hide();
}

QString ArtifactHeader::titleText() const { return m_title->text(); }

QString ArtifactHeader::summaryText() const { return m_summary->text(); }
