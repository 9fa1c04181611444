#include "ui/window/artifactrenderer.h"

#include "ui/artifact/artifactheader.h"
#include "ui/timeline/diagramview.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"
#include "core/trace/timeline.h"
#include "ui/artifact/panelsview.h"
#include "ui/artifact/problemsview.h"
#include "ui/results/resultsheader.h"
#include "ui/results/resultsitems.h"

#include <QApplication>
#include <QFrame>
#include <QVBoxLayout>

#include <algorithm>

bool parseRenderView(const QString &text, RenderView *view)
{
    if (text == QLatin1String("all"))
        *view = RenderView::All;
    else if (text == QLatin1String("panels"))
        *view = RenderView::Panels;
    else if (text == QLatin1String("diagram"))
        *view = RenderView::Diagram;
    else
        return false;
    return true;
}

namespace {

// How many panels fit the image: rows of charts at their minimum height (a chart cell is at
// least 240 pixels and the grid's spacing 8) in the panels' share of the page, two a row, and
// never fewer than one row of three. What does not fit is named in the panels view's note.
int panelsThatFit(RenderView view, const QSize &size)
{
    constexpr int kCellHeight = 248;
    const int height = view == RenderView::Panels ? size.height() - 60 : size.height() / 2 - 120;
    return std::max(3, 2 * (height / kCellHeight));
}

// As the learner answers: a length where the timeline asks one, else the candidate named.
void answerPrediction(PredictionPanel &prediction, const QString &answer)
{
    bool isNumber = false;
    const double multiple = answer.toDouble(&isNumber);
    const lessonscope::LessonTimeline &timeline = prediction.timeline()->timeline();
    if (timeline.call(prediction.timeline()->callIndex()).marker == lessonscope::MarkerKind::Length) {
        if (isNumber)
            prediction.answerWithLength(multiple);
    } else {
        prediction.answerWith(answer);
    }
}

} // namespace

int renderableCallCount(const LibraryEntry &entry)
{
    if (!entry.artifact)
        return 0;
    DiagramView diagram(nullptr);
    diagram.setStatic(true);
    diagram.setArtifact(*entry.artifact);
    return diagram.prediction() ? diagram.prediction()->timeline()->timeline().callCount() : 0;
}

QStringList renderableAnswers(const LibraryEntry &entry, bool *asksLength)
{
    *asksLength = false;
    if (!entry.artifact)
        return {};
    DiagramView diagram(nullptr);
    diagram.setStatic(true);
    diagram.setArtifact(*entry.artifact);
    if (!diagram.prediction())
        return {};
    const lessonscope::LessonTimeline &timeline = diagram.prediction()->timeline()->timeline();
    const lessonscope::CallTimeline shown = timeline.call(timeline.representativeCall());
    *asksLength = shown.marker == lessonscope::MarkerKind::Length;
    QStringList keys;
    for (const lessonscope::TimelineCandidate &candidate : shown.candidates)
        keys << QString::fromStdString(candidate.key);
    return *asksLength ? QStringList() : keys;
}

QImage renderArtifact(const LibraryEntry &entry, RenderView view, const QSize &size, int call, const QString &answer)
{
    QWidget page;
    page.setAttribute(Qt::WA_DontShowOnScreen);
    page.setAutoFillBackground(true);
    page.setBackgroundRole(QPalette::Window);
    auto *layout = new QVBoxLayout(&page);

    if (entry.results) { // another harness's results: its header, warnings and panels; it has no diagram
        auto *header = new ResultsHeader(&page);
        header->setEntry(entry);
        layout->addWidget(header);
        auto *panels = new PanelsView(&page);
        panels->setControlsVisible(false);
        panels->setMaxPanels(panelsThatFit(RenderView::Panels, size) - 2);
        panels->setEmptyText(
            QObject::tr("These results have no diagram; their panels are drawn with --view all or panels."));
        panels->setItems(view == RenderView::Diagram ? std::vector<PanelItem>{} : resultsPanelItems(*entry.results));
        layout->addWidget(panels, 1);
    } else if (view == RenderView::All) {
        auto *header = new ArtifactHeader(&page);
        header->setEntry(entry);
        layout->addWidget(header);
    }
    if (view != RenderView::Diagram && entry.artifact) {
        auto *panels = new PanelsView(&page);
        panels->setControlsVisible(false);
        panels->setMaxPanels(panelsThatFit(view, size));
        panels->setItems(panelItemsFor(*entry.artifact, entry.problems));
        layout->addWidget(panels, 3);
    }
    if (view != RenderView::Panels && entry.artifact) {
        if (view == RenderView::All) {
            auto *line = new QFrame(&page);
            line->setFrameShape(QFrame::HLine);
            line->setFrameShadow(QFrame::Sunken);
            layout->addWidget(line);
        }
        auto *diagram = new DiagramView(nullptr, &page);
        diagram->setStatic(true); // an image has no buttons to press
        diagram->setArtifact(*entry.artifact);
        if (call >= 0 && diagram->prediction())
            diagram->prediction()->timeline()->setCallIndex(call);
        if (!answer.isEmpty() && diagram->prediction())
            answerPrediction(*diagram->prediction(), answer);
        layout->addWidget(diagram, view == RenderView::Diagram ? 1 : 2);
    }
    if (view == RenderView::All && !entry.problems.empty() && !entry.results) {
        auto *problems = new ProblemsView(&page);
        problems->setProblems(entry.problems, entry.artifact.has_value());
        layout->addWidget(problems, 1);
    }

    // Exactly the size asked for: widgets whose minimum sizes add up to more are cut at the
    // edge rather than growing the image (1,000 panels made it 124,595 pixels tall).
    page.setFixedSize(size);
    page.show(); // not on screen (WA_DontShowOnScreen): lays out and polishes like a window
    QApplication::processEvents();
    QImage image = page.grab().toImage();
    page.hide();
    return image;
}
