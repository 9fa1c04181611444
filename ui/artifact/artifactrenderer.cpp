#include "ui/artifact/artifactrenderer.h"

#include "ui/artifact/artifactheader.h"
#include "ui/timeline/diagramview.h"
#include "ui/artifact/panelsview.h"
#include "ui/artifact/problemsview.h"

#include <QApplication>
#include <QFrame>
#include <QVBoxLayout>

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

QImage renderArtifact(const LibraryEntry &entry, RenderView view, const QSize &size)
{
    QWidget page;
    page.setAttribute(Qt::WA_DontShowOnScreen);
    page.setAutoFillBackground(true);
    page.setBackgroundRole(QPalette::Window);
    auto *layout = new QVBoxLayout(&page);

    if (view == RenderView::All) {
        auto *header = new ArtifactHeader(&page);
        header->setEntry(entry);
        layout->addWidget(header);
    }
    if (view != RenderView::Diagram && entry.artifact) {
        auto *panels = new PanelsView(&page);
        panels->setControlsVisible(false);
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
        auto *diagram = new DiagramView(&page);
        diagram->setArtifact(*entry.artifact);
        layout->addWidget(diagram, view == RenderView::Diagram ? 1 : 2);
    }
    if (view == RenderView::All && !entry.problems.empty()) {
        auto *problems = new ProblemsView(&page);
        problems->setProblems(entry.problems, entry.artifact.has_value());
        layout->addWidget(problems, 1);
    }

    page.resize(size);
    page.show(); // not on screen (WA_DontShowOnScreen): lays out and polishes like a window
    QApplication::processEvents();
    QImage image = page.grab().toImage();
    page.hide();
    return image;
}
