#include "ui/artifact/artifactview.h"

#include "ui/artifact/artifactheader.h"
#include "ui/artifact/lessonpathbar.h"
#include "ui/library/courseprogress.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/diagramview.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/common/savefolders.h"
#include "ui/library/libraryentry.h"
#include "ui/artifact/panelsview.h"
#include "ui/artifact/problemsview.h"
#include "ui/artifact/readablejson.h"

#include <nlohmann/json.hpp>

#include <QFontDatabase>
#include <QHeaderView>
#include <QPlainTextEdit>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace lessonscope;

namespace {

QString q(const std::string &text) { return QString::fromStdString(text); }

// The stdout as people read it: JSON pretty-printed with 2-space indents (keys in their order),
// anything else as written.
QString readableStdout(const Artifact &artifact)
{
    if (const std::shared_ptr<const Json> json = artifact.stdoutJson())
        return q(readableJson(*json));
    return q(artifact.stdoutText());
}

} // namespace

QWidget *ArtifactView::makeCover()
{
    auto *cover = new QWidget(m_panelsPage);
    auto *text = new QLabel(tr("These panels show the measured answer to the lesson's prediction. Predict first on "
                               "the Diagram tab, then read them here. Shown anyway, the results count as seen: the "
                               "course notes that you read them before predicting."),
                            cover);
    text->setWordWrap(true);
    text->setAlignment(Qt::AlignCenter);
    m_showResults = new QPushButton(tr("Show the Results Anyway"), cover);
    m_showResults->setToolTip(tr("The course notes that you saw the results before predicting"));
    connect(m_showResults, &QPushButton::clicked, this, [this] {
        if (m_store)
            m_store->markResultsSeen(m_lessonId); // changed() uncovers
    });
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(m_showResults);
    row->addStretch(1);
    auto *layout = new QVBoxLayout(cover);
    layout->addStretch(1);
    layout->addWidget(text);
    layout->addLayout(row);
    layout->addStretch(2);
    return cover;
}

ArtifactView::ArtifactView(AnswerStore *store, QWidget *parent) : QWidget(parent), m_store(store)
{
    m_header = new ArtifactHeader(this);
    m_pathBar = new LessonPathBar(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);

    m_panelsPage = new QStackedWidget(m_tabs);
    m_panels = new PanelsView(m_panelsPage);
    m_cover = makeCover();
    m_panelsPage->addWidget(m_panels);
    m_panelsPage->addWidget(m_cover);
    m_diagram = new DiagramView(store, m_tabs);
    m_stdout = new QPlainTextEdit(m_tabs);
    m_stdout->setReadOnly(true);
    m_stdout->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_stdout->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_stdout->setAccessibleName(tr("What the lesson printed"));
    m_environment = new QTableWidget(0, 2, m_tabs);
    m_environment->setHorizontalHeaderLabels({tr("Key"), tr("Value")});
    m_environment->horizontalHeader()->setStretchLastSection(true);
    m_environment->verticalHeader()->hide();
    m_environment->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_environment->setAlternatingRowColors(true);
    m_environment->setAccessibleName(tr("Environment"));
    m_problems = new ProblemsView(m_tabs);

    m_tabs->addTab(m_panelsPage, tr("&Panels"));
    // Scrolls rather than squeezes: once answered, the timeline, the verdict and the reading may
    // need more height than the tab has.
    auto *diagramScroll = new QScrollArea(m_tabs);
    diagramScroll->setWidget(m_diagram);
    diagramScroll->setWidgetResizable(true);
    diagramScroll->setFrameShape(QFrame::NoFrame);
    m_tabs->addTab(diagramScroll, tr("&Diagram"));
    m_tabs->addTab(m_stdout, tr("&Stdout"));
    m_tabs->addTab(m_environment, tr("E&nvironment"));
    m_tabs->addTab(m_problems, tr("P&roblems"));

    // The stdout text is laid out when its tab is first shown: a long run's is megabytes, and
    // the other tabs should not wait for it.
    connect(m_tabs, &QTabWidget::currentChanged, this, &ArtifactView::fillStdoutIfShown);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_header);
    layout->addWidget(m_pathBar);
    layout->addWidget(m_tabs, 1);
    connect(m_pathBar, &LessonPathBar::predictRequested, this, [this] {
        m_tabs->setCurrentIndex(DiagramTab);
        m_diagram->prediction()->setFocus(Qt::OtherFocusReason); // the timeline: ← → and Enter answer
    });
    if (m_store)
        connect(m_store, &AnswerStore::changed, this, [this](const QString &lessonId) {
            if (lessonId == m_lessonId)
                updateCover();
        });
}

bool ArtifactView::resultsCovered() const { return m_panelsPage->currentWidget() == m_cover; }

void ArtifactView::updateCover()
{
    bool cover = m_predictable && m_store && !m_lessonId.isEmpty();
    if (cover) {
        const AnswerStore::LessonRecord record = m_store->record(m_lessonId);
        cover = !record.predicted() && !record.resultsSeen;
    }
    m_panelsPage->setCurrentWidget(cover ? m_cover : static_cast<QWidget *>(m_panels));
    m_header->setResultsHidden(cover);
}

void ArtifactView::setCourseProgress(const CourseProgress *progress)
{
    m_progress = progress;
    m_pathBar->setCourseProgress(progress);
}

// The lesson's prediction is not answered yet (on any of its artifacts: the answer is the lesson's).
bool ArtifactView::awaitsPrediction(const Artifact &artifact) const
{
    if (artifact.diagram().prediction.empty())
        return false;
    return !m_store || !m_store->record(QString::fromStdString(artifact.lessonId())).predicted();
}

void ArtifactView::setEntry(const LibraryEntry &entry)
{
    const bool sameEntry = entry.id == m_entryId && m_entryId != 0;
    m_entryId = entry.id;
    m_header->setEntry(entry);
    m_pathBar->setEntry(entry);
    m_problems->setProblems(entry.problems, entry.artifact.has_value());

    const int errors = entry.artifact ? countOf(entry.problems, Severity::Error) : 1;
    const int count = static_cast<int>(entry.problems.size());
    m_tabs->setTabText(ProblemsTab, count == 0 ? tr("P&roblems") : tr("P&roblems (%1)").arg(count));
    m_tabs->setTabIcon(
        ProblemsTab,
        count == 0 ? QIcon()
                   : style()->standardIcon(errors > 0 ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning));

    m_environment->setRowCount(0);
    m_lessonId = entry.artifact ? QString::fromStdString(entry.artifact->lessonId()) : QString();
    m_predictable = entry.artifact && !entry.artifact->diagram().prediction.empty();
    if (!entry.artifact) {
        m_panels->setEmptyText(tr("Nothing to draw: the file could not be read. Its problems are listed "
                                  "under Problems."));
        m_panels->setItems({});
        m_diagram->clear();
        m_stdout->clear();
        m_pendingStdout.reset();
        updateCover();
        m_tabs->setCurrentIndex(ProblemsTab);
        return;
    }

    const Artifact &artifact = *entry.artifact;
    const QString refusal = panelsRefusal(entry.problems);
    m_panels->setEmptyText(refusal.isEmpty() ? tr("This artifact has no panels.")
                                             : tr("The panels cannot be shown: %1").arg(refusal));
    m_panels->setItems(panelItemsFor(artifact, entry.problems));
    m_diagram->setArtifact(artifact, entry.learnerName());
    m_diagram->prediction()->setSuggestedTracePath(suggestedTracePath(
        entry.origin == LibraryEntry::Origin::Bundled ? QString() : entry.path, artifact, artifactSaveFolder()));
    m_stdout->clear();
    m_pendingStdout = artifact;
    fillStdoutIfShown();

    const auto environment = artifact.environment();
    m_environment->setRowCount(static_cast<int>(environment.size()));
    for (int row = 0; row < static_cast<int>(environment.size()); ++row) {
        const auto &[key, value] = environment[static_cast<std::size_t>(row)];
        m_environment->setItem(row, 0, new QTableWidgetItem(q(key)));
        m_environment->setItem(row, 1, new QTableWidgetItem(q(value)));
    }
    m_environment->resizeColumnToContents(0);
    updateCover();

    if (errors > 0)
        m_tabs->setCurrentIndex(ProblemsTab);
    else if (!sameEntry && awaitsPrediction(artifact))
        m_tabs->setCurrentIndex(DiagramTab);
    else if (!sameEntry && entry.origin == LibraryEntry::Origin::Run)
        m_tabs->setCurrentIndex(PanelsTab); // a run made here, once predicted: observe its numbers
    else if (!sameEntry && m_tabs->currentIndex() == ProblemsTab)
        m_tabs->setCurrentIndex(PanelsTab);
}

void ArtifactView::fillStdoutIfShown()
{
    if (!m_pendingStdout || m_tabs->currentIndex() != StdoutTab)
        return;
    m_stdout->setPlainText(readableStdout(*m_pendingStdout));
    m_pendingStdout.reset();
}
