#include "ui/timeline/diagramview.h"

#include "core/artifact/artifact.h"
#include "ui/common/plaintext.h"
#include "ui/timeline/predictionpanel.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace lessonscope;

namespace {

QString q(const std::string &text) { return QString::fromStdString(text); }

QLabel *wrappingLabel(QWidget *parent) { return plainTextLabel(parent, true); }

} // namespace

DiagramView::DiagramView(AnswerStore *store, QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);

    m_title = wrappingLabel(this);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    layout->addWidget(m_title);

    m_scope = wrappingLabel(this);
    m_scope->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_scope);

    m_promptCaption = new QLabel(tr("Predict first:"), this);
    QFont captionFont = m_promptCaption->font();
    captionFont.setBold(true);
    m_promptCaption->setFont(captionFont);
    layout->addSpacing(6);
    layout->addWidget(m_promptCaption);
    m_prompt = wrappingLabel(this);
    layout->addWidget(m_prompt);

    m_timelineSlot = new QVBoxLayout;
    layout->addLayout(m_timelineSlot);
    m_prediction = new PredictionPanel(store, this);
    m_prediction->layout()->setContentsMargins(0, 0, 0, 0);
    m_timelineSlot->addWidget(m_prediction);

    m_kindNote = wrappingLabel(this);
    m_kindNote->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_kindNote);
    m_rawPanel = new QPlainTextEdit(this);
    m_rawPanel->setReadOnly(true);
    m_rawPanel->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_rawPanel->setMaximumHeight(120);
    m_rawPanel->setAccessibleName(tr("Diagram panel as written"));
    layout->addWidget(m_rawPanel);

    m_showExplanation = new QPushButton(tr("Show &explanation"), this);
    m_showExplanation->setCheckable(true);
    m_showExplanation->setToolTip(tr("Answer the prompt for yourself first, then read why."));
    connect(m_showExplanation, &QPushButton::toggled, this, &DiagramView::setExplanationShown);
    auto *buttonRow = new QHBoxLayout;
    buttonRow->addWidget(m_showExplanation);
    buttonRow->addStretch(1);
    layout->addLayout(buttonRow);

    m_reading = wrappingLabel(this);
    layout->addWidget(m_reading);
    layout->addStretch(1);

    clear();
}

void DiagramView::clear()
{
    m_title->setText(tr("No diagram"));
    m_scope->clear();
    m_scope->hide();
    m_promptCaption->hide();
    m_prompt->clear();
    m_prompt->hide();
    m_kindNote->hide();
    m_rawPanel->hide();
    m_showExplanation->hide();
    m_reading->clear();
    m_prediction->hide();
    setExplanationShown(false);
    setAccessibleDescription(QString());
}

void DiagramView::setArtifact(const Artifact &artifact, const QString &name)
{
    const Diagram diagram = artifact.diagram();
    m_title->setText(diagram.title.empty() ? tr("Untitled diagram") : shownText(diagram.title));
    m_scope->setText(shownText(diagram.scope));
    m_scope->setVisible(!diagram.scope.empty());

    const bool hasPrompt = !diagram.prediction.empty();
    m_prompt->setText(shownText(diagram.prediction, kMaxShownParagraph));
    m_promptCaption->setVisible(hasPrompt);
    m_prompt->setVisible(hasPrompt);

    // The timeline (issue 4) draws "timeline" diagrams; until it is embedded, and for kinds this
    // version does not know, say what the diagram is and show its panel as written.
    const bool known = diagram.panelKind == "timeline";
    m_kindNote->setText(diagram.panelKind.empty() ? tr("This diagram names no kind.")
                            : known ? tr("A timeline diagram of host dispatch, device work and readiness.")
                                    : tr("Diagram kind “%1” is not known to this version; its panel as written:")
                                          .arg(shownText(diagram.panelKind)));
    m_kindNote->setVisible(true);
    m_rawPanel->setPlainText(q(diagram.rawPanelJson));
    m_rawPanel->setVisible(!known && !diagram.rawPanelJson.empty());

    const std::string &reading = diagram.reading.empty() ? diagram.alt : diagram.reading;
    m_reading->setText(shownText(reading, kMaxShownParagraph));
    m_showExplanation->setVisible(!reading.empty() && !m_static);
    m_showExplanation->setChecked(false);
    setExplanationShown(false);

    // A timeline is answered on the timeline itself: the prediction panel shows the prompt, and
    // the reading once answered, in place of the prompt text and "show explanation".
    m_prediction->setVisible(known);
    if (known) {
        m_prediction->setArtifact(artifact, name);
        m_promptCaption->hide();
        m_prompt->hide();
        m_kindNote->hide();
        m_showExplanation->hide();
        m_reading->hide();
    }
    setAccessibleName(tr("Diagram: %1").arg(m_title->text()));
    setAccessibleDescription(shownText(diagram.alt.empty() ? diagram.reading : diagram.alt, kMaxShownParagraph));
}

bool DiagramView::isExplanationShown() const
{
    if (!m_prediction->isHidden())
        return m_prediction->isReadingShown();
    return m_showExplanation->isChecked() && !m_reading->text().isEmpty();
}

void DiagramView::setStatic(bool isStatic)
{
    m_static = isStatic;
    m_prediction->setStatic(isStatic);
}

void DiagramView::setExplanationShown(bool shown)
{
    if (!m_prediction->isHidden()) {
        m_prediction->setReadingShown(shown);
        return;
    }
    if (m_showExplanation->isChecked() != shown)
        m_showExplanation->setChecked(shown); // re-enters through toggled
    m_showExplanation->setText(shown ? tr("Hide &explanation") : tr("Show &explanation"));
    m_reading->setVisible(shown);
}
