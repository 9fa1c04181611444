#include "ui/window/centralview.h"
#include "ui/common/plaintext.h"

#include "ui/artifact/artifactview.h"
#include "ui/runs/comparisonview.h"
#include "ui/library/librarymodel.h"
#include "ui/runs/liverunview.h"
#include "ui/charts/panelchart.h"
#include "ui/charts/panelexport.h"
#include "ui/artifact/panelsview.h"
#include "ui/results/resultscomparisonview.h"
#include "ui/results/resultsview.h"
#include "ui/window/welcomepage.h"

#include "core/library/openedfile.h"

#include <QFileInfo>
#include <QLabel>

CentralView::CentralView(const LibraryModel *model, AnswerStore *store, QWidget *parent)
    : QStackedWidget(parent), m_model(model)
{
    m_welcome = new WelcomePage(this);
    m_artifactView = new ArtifactView(store, this);
    m_comparisonView = new ComparisonView(this);
    m_liveRunView = new LiveRunView(this);
    m_resultsView = new ResultsView(this);
    m_resultsComparisonView = new ResultsComparisonView(this);
    m_note = new QLabel(this);
    m_note->setTextFormat(Qt::PlainText); // it quotes file names and read errors
    m_note->setAlignment(Qt::AlignCenter);
    m_note->setWordWrap(true);
    m_note->setMargin(24);
    addWidget(m_welcome);
    addWidget(m_artifactView);
    addWidget(m_comparisonView);
    addWidget(m_liveRunView);
    addWidget(m_resultsView);
    addWidget(m_resultsComparisonView);
    addWidget(m_note);

    for (PanelsView *panels : allPanels()) {
        connect(panels, &PanelsView::logScaleChanged, this, &CentralView::setLogScale);
        connect(panels, &PanelsView::hovered, this, &CentralView::hovered);
        connect(panels, &PanelsView::exportRequested, this,
                [this](PanelChart *chart, PanelsView::Export format) { exportChart(chart, int(format)); });
    }
}

void CentralView::setLogScale(bool logScale)
{
    // One switch for every chart: the artifact, the comparison, the run in progress.
    for (PanelsView *panels : allPanels())
        panels->setLogScale(logScale);
    emit logScaleChanged(logScale);
}

bool CentralView::canExport() const
{
    PanelsView *panels = visiblePanels();
    return panels && panels->currentChart();
}

void CentralView::exportCurrent(int format)
{
    if (PanelsView *panels = visiblePanels(); panels && panels->currentChart())
        exportChart(panels->currentChart(), format);
}

void CentralView::exportChart(PanelChart *chart, int format)
{
    const QString path
        = exportPanelInteractively(this, *chart, static_cast<PanelsView::Export>(format), exportBaseName());
    if (!path.isEmpty())
        emit message(tr("Exported %1").arg(path));
}

QString CentralView::exportBaseName() const
{
    if (page() == Page::LiveRun || m_shown.isEmpty())
        return QStringLiteral("run");
    const LibraryEntry *entry = m_model->entry(m_shown.constFirst());
    QString lesson = entry && entry->artifact ? QString::fromStdString(entry->artifact->lessonId()) : QString();
    if (entry && entry->results) // a results file's charts are named after the file
        lesson = QFileInfo(entry->path).completeBaseName();
    const bool comparison = page() == Page::Comparison || page() == Page::ResultsComparison;
    return lesson.isEmpty() ? QStringLiteral("panel") : comparison ? lesson + QStringLiteral("-comparison") : lesson;
}

void CentralView::showEntries(const QList<int> &ids, bool runInProgress)
{
    m_shown = ids;
    showPageFor(ids, runInProgress);
    emit entriesShown(ids);
}

void CentralView::showPageFor(const QList<int> &ids, bool runInProgress)
{
    // What the pages drew is let go before the next one is built (the page shown is always built
    // again): the artifact view's two 10⁷-point series are 150 MB a comparison would add to. A run
    // in progress keeps its live view.
    for (PanelsView *panels : {m_artifactView->panels(), m_comparisonView->panels(), m_resultsView->panels(),
                               m_resultsComparisonView->panels()})
        panels->setItems({});
    if (ids.isEmpty()) {
        if (runInProgress) {
            setCurrentWidget(m_liveRunView);
        } else {
            m_welcome->setLibraryEmpty(m_model->rowCount() == 0);
            setCurrentWidget(m_welcome);
        }
        return;
    }
    if (ids.size() == 1) {
        if (const LibraryEntry *entry = m_model->entry(ids.constFirst()); entry && entry->results) {
            m_resultsView->setEntry(*entry);
            setCurrentWidget(m_resultsView);
        } else if (entry) {
            m_artifactView->setEntry(*entry);
            setCurrentWidget(m_artifactView);
        }
        return;
    }
    if (ids.size() > 2) {
        showNote(tr("%1 artifacts are selected.\nSelect one to show it, or two of the same lesson to compare them.")
                     .arg(ids.size()));
        return;
    }

    showPair(m_model->entry(ids[0]), m_model->entry(ids[1]));
}

// Two entries: compared when they measure the same things (core/library/openedfile.h), else a
// note that says why not.
void CentralView::showPair(const LibraryEntry *a, const LibraryEntry *b)
{
    if (a && b && (a->results || b->results)) {
        const lessonscope::OpenedFile fa{a->artifact, a->results, a->problems};
        const lessonscope::OpenedFile fb{b->artifact, b->results, b->problems};
        if (const std::string why = lessonscope::whyNotComparable(fa, fb); !why.empty()) {
            showNote(tr("These two cannot be compared: %1.").arg(QString::fromStdString(why)));
            return;
        }
        if (b->results->date < a->results->date) // the older run is the reference
            std::swap(a, b);
        m_resultsComparisonView->setEntries(*a, *b);
        setCurrentWidget(m_resultsComparisonView);
        return;
    }
    if (!a || !b || !a->artifact || !b->artifact) {
        showNote(tr("An unreadable file cannot be compared. Select two readable artifacts of the same lesson."));
        return;
    }
    if (a->artifact->lessonId() != b->artifact->lessonId()) {
        showNote(
            tr("These artifacts are of different lessons (%1 and %2).\nSelect two of the same lesson to compare them.")
                .arg(lessonscope::shownText(a->artifact->lessonId()), lessonscope::shownText(b->artifact->lessonId())));
        return;
    }
    // The reference (A) is the one not made here, else the older one.
    const auto rank = [](const LibraryEntry *entry) {
        return std::make_pair(entry->origin == LibraryEntry::Origin::Run, entry->artifact->generatedAt());
    };
    if (rank(b) < rank(a))
        std::swap(a, b);
    m_comparisonView->setEntries(*a, *b);
    setCurrentWidget(m_comparisonView);
}

void CentralView::showLiveRun()
{
    m_shown.clear();
    setCurrentWidget(m_liveRunView);
}

void CentralView::showNote(const QString &text)
{
    m_note->setText(text);
    setCurrentWidget(m_note);
}

CentralView::Page CentralView::page() const
{
    QWidget *current = currentWidget();
    if (current == m_artifactView)
        return Page::Artifact;
    if (current == m_comparisonView)
        return Page::Comparison;
    if (current == m_liveRunView)
        return Page::LiveRun;
    if (current == m_note)
        return Page::Note;
    if (current == m_resultsView)
        return Page::Results;
    if (current == m_resultsComparisonView)
        return Page::ResultsComparison;
    return Page::Welcome;
}

QString CentralView::noteText() const { return page() == Page::Note ? m_note->text() : QString(); }

PanelsView *CentralView::visiblePanels() const
{
    switch (page()) {
    case Page::Artifact:
        return m_artifactView->panels();
    case Page::Comparison:
        return m_comparisonView->panels();
    case Page::LiveRun:
        return m_liveRunView->panels();
    case Page::Results:
        return m_resultsView->panels();
    case Page::ResultsComparison:
        return m_resultsComparisonView->panels();
    default:
        return nullptr;
    }
}

QList<PanelsView *> CentralView::allPanels() const
{
    return {m_artifactView->panels(), m_comparisonView->panels(), m_liveRunView->panels(), m_resultsView->panels(),
            m_resultsComparisonView->panels()};
}
