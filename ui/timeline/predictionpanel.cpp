#include "ui/timeline/predictionpanel.h"

#include "ui/timeline/answerstore.h"
#include "ui/timeline/callchoices.h"
#include "ui/timeline/coursecounts.h"
#include "core/base/atomicfile.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/trace/chrometrace.h"
#include "core/trace/deviceclocklane.h"
#include "ui/common/plaintext.h"
#include "ui/timeline/timelinepainter.h"
#include "ui/timeline/timelinewidget.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

using namespace lessonscope;

namespace {

// Up to this many calls the chooser lists every one; past it, the ones worth a look.
constexpr int kListedCalls = 1000;

QString q(const std::string &text) { return QString::fromStdString(text); }

// The artifact's own words as plain text; the two rich-text labels escape theirs.
QLabel *wrappingLabel(QWidget *parent) { return plainTextLabel(parent, true); }

} // namespace

QFrame *PredictionPanel::makePrompt()
{
    // The prompt, framed so that it reads as the question being asked.
    auto *promptFrame = new QFrame(this);
    promptFrame->setFrameShape(QFrame::StyledPanel);
    promptFrame->setBackgroundRole(QPalette::AlternateBase);
    promptFrame->setAutoFillBackground(true);
    auto *promptLayout = new QVBoxLayout(promptFrame);
    auto *predict = new QLabel(tr("<b>Predict before you read:</b>"), promptFrame);
    m_prompt = wrappingLabel(promptFrame);
    QFont promptFont = m_prompt->font();
    promptFont.setPointSizeF(promptFont.pointSizeF() * 1.1);
    m_prompt->setFont(promptFont);
    m_hint = wrappingLabel(promptFrame);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    promptLayout->addWidget(predict);
    promptLayout->addWidget(m_prompt);
    promptLayout->addWidget(m_hint);
    return promptFrame;
}

QHBoxLayout *PredictionPanel::makeTools()
{
    m_callLabel = new QLabel(tr("&Call:"), this);
    m_calls = new QComboBox(this);
    m_calls->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_callLabel->setBuddy(m_calls);
    m_resetZoom = new QPushButton(tr("&Reset zoom"), this);
    m_export = new QPushButton(tr("E&xport trace…"), this);
    m_export->setToolTip(tr("Save the calls as Chrome Trace Event JSON, for Perfetto UI or chrome://tracing"));
    auto *tools = new QHBoxLayout;
    tools->addWidget(m_callLabel);
    tools->addWidget(m_calls);
    tools->addStretch();
    tools->addWidget(m_resetZoom);
    tools->addWidget(m_export);
    return tools;
}

void PredictionPanel::makeVerdict()
{
    // The verdict: a mark (✓ / ✗, not colour alone), the words, and "try again".
    m_verdictFrame = new QFrame(this);
    m_verdictFrame->setFrameShape(QFrame::StyledPanel);
    m_verdictMark = new QLabel(m_verdictFrame);
    QFont markFont = m_verdictMark->font();
    markFont.setPointSizeF(markFont.pointSizeF() * 2);
    markFont.setBold(true);
    m_verdictMark->setFont(markFont);
    m_verdictMark->setMinimumWidth(32);
    m_verdictHeadline = wrappingLabel(m_verdictFrame);
    QFont headlineFont = m_verdictHeadline->font();
    headlineFont.setBold(true);
    m_verdictHeadline->setFont(headlineFont);
    m_tryAgain = new QPushButton(tr("&Try again"), m_verdictFrame);
    m_tryAgain->setToolTip(tr("Forget this answer and place the stop again"));
    auto *headline = new QHBoxLayout;
    headline->addWidget(m_verdictMark);
    headline->addWidget(m_verdictHeadline, 1);
    headline->addWidget(m_tryAgain);
    // Word-wrapped labels straight in a vertical layout, so that their height follows their width.
    m_verdict = wrappingLabel(m_verdictFrame);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setContentsMargins(40, 0, 0, 0);
    auto *verdictLayout = new QVBoxLayout(m_verdictFrame);
    verdictLayout->addLayout(headline);
    verdictLayout->addWidget(m_verdict);
}

void PredictionPanel::makeReading()
{
    m_readingFrame = new QFrame(this);
    auto *readingLayout = new QVBoxLayout(m_readingFrame);
    readingLayout->setContentsMargins(0, 0, 0, 0);
    m_reading = wrappingLabel(m_readingFrame);
    m_reading->setTextFormat(Qt::RichText);
    readingLayout->addWidget(m_reading);
}

PredictionPanel::PredictionPanel(AnswerStore *store, QWidget *parent) : QWidget(parent), m_store(store)
{
    QFrame *promptFrame = makePrompt();
    QHBoxLayout *tools = makeTools();
    m_timeline = new TimelineWidget(this);
    m_answerNote = wrappingLabel(this);
    m_answerNote->hide();
    makeVerdict();
    makeReading();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(promptFrame);
    layout->addLayout(tools);
    layout->addWidget(m_timeline);
    layout->addWidget(m_answerNote);
    layout->addWidget(m_verdictFrame);
    layout->addWidget(m_readingFrame);
    layout->addStretch(1);
    setFocusProxy(m_timeline);

    connect(m_timeline, &TimelineWidget::answerRequested, this, [this](int candidate) {
        const CallTimeline &call = m_timeline->currentCall();
        if (candidate >= 0 && candidate < static_cast<int>(call.candidates.size()))
            answerWith(q(call.candidates[static_cast<std::size_t>(candidate)].key));
    });
    connect(m_timeline, &TimelineWidget::lengthAnswerRequested, this, &PredictionPanel::answerWithLength);
    connect(m_tryAgain, &QPushButton::clicked, this, &PredictionPanel::tryAgain);
    connect(m_resetZoom, &QPushButton::clicked, m_timeline, &TimelineWidget::resetView);
    connect(m_export, &QPushButton::clicked, this, &PredictionPanel::exportTrace);
    connect(m_calls, &QComboBox::activated, this, [this] { m_timeline->setCallIndex(m_calls->currentData().toInt()); });
    connect(m_timeline, &TimelineWidget::callIndexChanged, this, &PredictionPanel::updateVerdict);
    if (m_store)
        connect(m_store, &AnswerStore::changed, this, &PredictionPanel::syncFromStore);

    showAnswer(std::nullopt);
}

void PredictionPanel::setArtifact(const Artifact &artifact, const QString &name)
{
    m_artifact = artifact;
    m_lessonId = q(artifact.lessonId());
    m_artifactKey = AnswerStore::artifactKeyOf(artifact.contentHash(), artifact.generatedAt());
    m_artifactName = name.isEmpty() ? tr("this artifact") : name;
    m_refusal = courseRefusal(artifact);
    // On a real device, the device's own clock as a lane of its own under the host's view, and
    // how it was related to the host's in the reading.
    m_model = withDeviceClockLane(timelineOf(artifact), artifact);
    const Diagram diagram = artifact.diagram();
    m_prompt->setText(shownText(diagram.prediction, kMaxShownParagraph));
    const CallTimeline shown = m_model->call(-1);
    if (shown.marker == MarkerKind::Length)
        m_hint->setText(tr("Drag the end of the %1 bar to the length you expect, counted in the %2 shown above it, "
                           "or use ← → (Shift: five steps) and Enter.")
                            .arg(q(shown.length.guessName), q(shown.length.referenceName)));
    else
        m_hint->setText(
            shown.marker == MarkerKind::Stop
                ? tr("Drag the stop marker along the timeline to where the timer must stop, or use ← → and Enter.")
                : tr("Drag the start marker along the timeline to where the timer must start, or use ← → and Enter."));
    m_timeline->setTimeline(m_model);
    fillCallChoices();

    // Under a to-scale timeline the lesson's measured reading, not the schematic one's "lengths
    // illustrate ordering only".
    const Lesson *lesson = findLesson(artifact.lessonId());
    std::string reading = diagram.reading.empty() ? diagram.alt : diagram.reading;
    if (lesson && m_model->isMeasured() && !lesson->info().texts.measuredReading.empty())
        reading = lesson->info().texts.measuredReading;
    if (m_model->isMeasured() && !m_model->measuredReading().empty()) // another backend's, this artifact's
        reading = m_model->measuredReading();
    if (m_model->isMeasured() && !m_model->clocksNote().empty()) {
        // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on " " + string.
        reading += ' ';
        reading += m_model->clocksNote();
    }
    m_readingText = shownText(reading, kMaxShownParagraph);
    m_reading->setText(QStringLiteral("<b>%1</b><br>%2").arg(tr("Explanation"), m_readingText.toHtmlEscaped()));

    m_answer.reset();
    m_lengthAnswer.reset();
    syncFromStore(m_lessonId);
    if (!hasAnswer())
        showAnswer(std::nullopt);
    if (shown.candidates.empty() && shown.marker != MarkerKind::Length) {
        // A lesson this build does not know: its calls, with nothing to place; the explanation
        // is all there is to read.
        m_hint->setText(tr("This build of lessonscope does not know this lesson: its timeline is shown without "
                           "the prediction."));
        m_readingFrame->setVisible(true);
    }
}

void PredictionPanel::setStatic(bool isStatic)
{
    m_static = isStatic;
    m_timeline->setStatic(isStatic);
    if (!isStatic)
        return; // a render's panel is made static once, before its artifact is set
    for (QWidget *control :
         {static_cast<QWidget *>(m_callLabel), static_cast<QWidget *>(m_calls), static_cast<QWidget *>(m_resetZoom),
          static_cast<QWidget *>(m_export), static_cast<QWidget *>(m_hint), static_cast<QWidget *>(m_tryAgain)})
        control->hide();
}

void PredictionPanel::fillCallChoices()
{
    m_calls->clear();
    const bool measured = m_model->isMeasured();
    m_callLabel->setVisible(measured && !m_static);
    m_calls->setVisible(measured && !m_static);
    m_resetZoom->setVisible(measured && !m_static);
    if (!measured)
        return;
    // The jumps (median first, shown first), then every call, each with its duration.
    const CallChoices choices = callChoices(*m_model, kListedCalls);
    for (const CallChoice &choice : choices.jumps)
        m_calls->addItem(choice.text, choice.index);
    if (!choices.calls.empty())
        m_calls->insertSeparator(m_calls->count());
    for (const CallChoice &choice : choices.calls)
        m_calls->addItem(choice.text, choice.index);
    m_calls->setToolTip(choices.calls.empty() ? tr("%1 calls: the median, fastest, slowest, first and last are offered")
                                                    .arg(QLocale().toString(m_model->callCount()))
                                              : QString());
    m_calls->setCurrentIndex(0);
}

void PredictionPanel::answerWith(const QString &candidate)
{
    const TimelineVerdict verdict = m_model->verdict(candidate.toStdString(), m_timeline->callIndex());
    commit(candidate, std::nullopt, verdict.correct);
}

void PredictionPanel::commit(std::optional<QString> candidate, std::optional<double> length, bool correct)
{
    const bool firstAnswer = !m_store || !m_store->record(m_lessonId).predicted();
    if (!m_refusal.isEmpty() && firstAnswer) {
        // Graded on numbers that do not count, the first answer would be the course's: it is
        // asked on an artifact that does, and this one reveals nothing meanwhile.
        m_timeline->setMarkerCandidate(-1);
        updateAnswerNote(); // says why, and where to answer
        return;
    }
    if (m_store && m_refusal.isEmpty()) {
        AnswerStore::Answer answer;
        answer.candidate = candidate.value_or(QString());
        answer.length = length;
        answer.correct = correct;
        answer.artifactKey = m_artifactKey;
        answer.answeredOn = m_artifactName;
        m_store->commit(m_lessonId, answer); // syncFromStore shows it
    }
    if (m_answer != candidate || m_lengthAnswer != length || !m_store || !m_refusal.isEmpty())
        showAnswer(candidate, length);
    emit answered(correct);
    bringVerdictIntoView();
}

void PredictionPanel::bringVerdictIntoView()
{
    // Inside a scroll area (the artifact view's diagram tab), bring the verdict and the reading
    // into view once the layout has made room for them.
    QTimer::singleShot(0, this, [this] {
        for (QWidget *widget = parentWidget(); widget; widget = widget->parentWidget()) {
            if (auto *area = qobject_cast<QScrollArea *>(widget)) {
                area->ensureWidgetVisible(m_readingFrame, 0, 0);
                area->ensureWidgetVisible(m_verdictFrame, 0, 0);
                break;
            }
        }
    });
}

void PredictionPanel::answerWithLength(double multiple)
{
    const TimelineVerdict verdict = m_model->lengthVerdict(multiple, m_timeline->callIndex());
    commit(std::nullopt, multiple, verdict.correct);
}

void PredictionPanel::tryAgain()
{
    // On an artifact that counts, the lesson is open again everywhere; on one that does not, the
    // answer shown here is put aside here only.
    if (m_store && m_refusal.isEmpty())
        m_store->reopen(m_lessonId);
    showAnswer(std::nullopt);
    m_timeline->setFocus();
}

void PredictionPanel::syncFromStore(const QString &lessonId)
{
    if (!m_store || lessonId != m_lessonId || m_lessonId.isEmpty())
        return;
    const auto current = m_store->record(lessonId).current();
    const std::optional<double> length = current ? current->length : std::nullopt;
    const std::optional<QString> candidate = current && !length ? std::optional(current->candidate) : std::nullopt;
    if (candidate != m_answer || length != m_lengthAnswer)
        showAnswer(candidate, length);
    else
        updateAnswerNote();
}

void PredictionPanel::updateAnswerNote()
{
    QStringList lines;
    const AnswerStore::LessonRecord record = m_store ? m_store->record(m_lessonId) : AnswerStore::LessonRecord();
    const auto current = record.current();
    if (hasAnswer() && current && current->artifactKey != m_artifactKey)
        lines << tr("Your answer to this lesson, given on %1; here is what it reads on %2.")
                     .arg(current->answeredOn.isEmpty() ? tr("another artifact") : current->answeredOn, m_artifactName);
    if (hasAnswer() && record.first && !record.retries.isEmpty())
        lines << (record.retries.size() == 1 ? tr("For the course your first answer counts: %1 (1 retry since).")
                                             : tr("For the course your first answer counts: %1 (%2 retries since).")
                                                   .arg(QStringLiteral("%1"), QString::number(record.retries.size())))
                     .arg(record.first->correct ? tr("right ✓") : tr("wrong ✗"));
    if (!m_refusal.isEmpty() && hasAnswer())
        lines << tr("%1 This answer is not recorded.").arg(m_refusal);
    else if (!m_refusal.isEmpty() && !record.predicted() && !m_static)
        lines << tr("%1 Predict on the recorded run (or a run that counts) first; then your answer is shown here "
                    "too, with what it reads on this run.")
                     .arg(m_refusal);
    m_answerNote->setText(lines.join(QLatin1Char('\n')));
    m_answerNote->setVisible(!lines.isEmpty());
}

QString PredictionPanel::answerNoteText() const { return m_answerNote->isHidden() ? QString() : m_answerNote->text(); }

int PredictionPanel::answerIndex() const
{
    return m_answer ? m_timeline->currentCall().candidateIndex(m_answer->toStdString()) : -1;
}

void PredictionPanel::showAnswer(std::optional<QString> candidate, std::optional<double> length)
{
    // An answer this timeline has no candidate for (a stored key from another version) is none,
    // and so is a length for a timeline that asks none, or a candidate for one that asks a length.
    const bool asksLength = m_timeline->currentCall().marker == MarkerKind::Length;
    m_answer = asksLength ? std::nullopt : candidate;
    if (answerIndex() < 0)
        m_answer.reset();
    m_lengthAnswer = asksLength ? length : std::nullopt;
    m_timeline->setAnswer(m_answer ? std::optional(answerIndex()) : std::nullopt);
    m_timeline->setLengthAnswer(m_lengthAnswer);
    // Before the answer the description says what to do, not the explanation (the answer).
    m_timeline->setAccessibleDescription(hasAnswer() ? m_readingText
                                                     : m_prompt->text() + QLatin1Char(' ') + m_hint->text());
    updateVerdict(); // the text first, so that showing the frames lays them out at their height
    updateAnswerNote();
    m_verdictFrame->setVisible(hasAnswer());
    m_readingFrame->setVisible(hasAnswer());
}

TimelineVerdict PredictionPanel::currentVerdict() const
{
    return m_lengthAnswer ? m_model->lengthVerdict(*m_lengthAnswer, m_timeline->callIndex())
                          : m_model->verdict(m_answer.value_or(QString()).toStdString(), m_timeline->callIndex());
}

void PredictionPanel::updateVerdict()
{
    if (!hasAnswer()) {
        m_verdict->clear();
        m_verdictHeadline->clear();
        m_verdictMark->clear();
        return;
    }
    const TimelineVerdict verdict = currentVerdict();
    QPalette markPalette = m_verdictMark->palette();
    markPalette.setColor(QPalette::WindowText, TimelinePainter::verdictColour(palette(), verdict.correct));
    m_verdictMark->setPalette(markPalette);
    m_verdictMark->setText(verdict.correct ? QStringLiteral("✓") : QStringLiteral("✗"));
    m_verdictHeadline->setText(q(verdict.headline));
    // A number and its unit stay on one line.
    static const QRegularExpression unit(QStringLiteral("(\\d) (ns|µs|ms|s)\\b"));
    const QString numbers = q(verdict.numbers).toHtmlEscaped().replace(unit, QStringLiteral("\\1&nbsp;\\2"));
    m_verdict->setText(QStringLiteral("%1<br><br>%2").arg(q(verdict.why).toHtmlEscaped(), numbers));
    // New text changes the labels' height for their width. Each layout caches that per width,
    // and a label's own updateGeometry() clears only its parent's cache: clear every ancestor's,
    // or an owner's layout (DiagramView's) keeps the old height and squeezes the timeline.
    for (QWidget *widget = m_verdict; widget && !widget->isWindow(); widget = widget->parentWidget())
        widget->updateGeometry();
}

bool PredictionPanel::isReadingShown() const { return !m_readingFrame->isHidden(); }

void PredictionPanel::setReadingShown(bool shown) { m_readingFrame->setVisible(shown); }

QString PredictionPanel::verdictText() const
{
    if (!hasAnswer())
        return {};
    const TimelineVerdict verdict = currentVerdict();
    return QStringLiteral("%1 %2\n%3\n%4")
        .arg(verdict.correct ? QStringLiteral("✓") : QStringLiteral("✗"), q(verdict.headline), q(verdict.why),
             q(verdict.numbers));
}

void PredictionPanel::exportTrace()
{
    const QString suggested = m_tracePath.isEmpty() ? QStringLiteral("trace.json") : m_tracePath;
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Export trace"), suggested, tr("Chrome Trace Event JSON (*.json)"));
    if (path.isEmpty())
        return;
    // The lesson's own lanes: the export writes the device's clock on a track of its own.
    const ChromeTrace trace = exportChromeTrace(m_artifact, *timelineOf(m_artifact));
    QString error;
    if (!writeFileAtomically(path, trace.json, &error))
        showPlainMessage(this, QMessageBox::Warning, tr("Export trace"), tr("Could not write %1: %2").arg(path, error));
    else if (trace.schematic)
        QMessageBox::information(this, tr("Export trace"),
                                 tr("This artifact has no measured trace: the file holds the schematic order of "
                                    "events only, not measured durations."));
}
