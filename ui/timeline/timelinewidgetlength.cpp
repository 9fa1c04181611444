// TimelineWidget with a Length marker (MarkerKind::Length): the learner sets the length of the
// asked span by the end of a bar that begins at the anchor, by mouse or keyboard; the answer is
// that length as a multiple of the question's reference. Nothing here tells the asked span's
// length before the answer: not the drawing, the tooltips nor the accessible name.
#include "ui/timeline/timelinewidget.h"

#include "core/base/units.h"

#include <QKeyEvent>

#include <algorithm>
#include <cmath>

using namespace lessonscope;
using namespace lessonscope::timeline;

namespace {

QString q(const std::string &text) { return QString::fromStdString(text); }

constexpr int kBigStep = 5; // Shift + ← →: this many steps at once

} // namespace

void TimelineWidget::setLengthGuess(double multiple)
{
    const LengthQuestion &question = m_call.length;
    multiple = std::clamp(std::isfinite(multiple) ? multiple : question.initial, question.minimum,
                          std::max(question.minimum, question.maximum));
    if (isAnswered() || multiple == m_length)
        return;
    m_length = multiple;
    sayWhereTheMarkerIs();
    update();
    emit lengthGuessChanged(multiple);
}

void TimelineWidget::setLengthAnswer(std::optional<double> multiple)
{
    m_lengthAnswer = multiple;
    m_drag = Drag::None;
    if (multiple)
        m_length = *multiple;
    sayWhereTheMarkerIs();
    // The learner's zoom stays; the view only grows, at its end, when the asked span (revealed
    // now) would not be seen whole.
    const int asked = m_call.length.event;
    if (multiple && asked >= 0 && asked < static_cast<int>(m_call.events.size())) {
        const double end = m_call.events[static_cast<std::size_t>(asked)].end;
        if (end > m_viewEnd)
            setView(m_viewBegin, end + 0.05 * (end - m_viewBegin));
    }
    update();
}

double TimelineWidget::lengthX() const
{
    const TimelineLayout &l = cachedLayout();
    return pixelOfMultiple(l.scale, m_call.anchor, m_call.length.reference, m_lengthAnswer.value_or(m_length));
}

double TimelineWidget::lengthAtX(double x) const
{
    const TimelineLayout &l = cachedLayout();
    return multipleAtPixel(l.scale, m_call.anchor, m_call.length.reference, x, m_call.length.minimum,
                           m_call.length.maximum);
}

QString TimelineWidget::multipleText(double multiple) const { return q(formatRatio(multiple)); }

bool TimelineWidget::lengthKey(QKeyEvent *event)
{
    const LengthQuestion &question = m_call.length;
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right: {
        const int steps
            = (event->key() == Qt::Key_Left ? -1 : 1) * (event->modifiers() & Qt::ShiftModifier ? kBigStep : 1);
        setLengthGuess(steppedMultiple(m_length, steps, question.step, question.minimum, question.maximum));
        return true;
    }
    case Qt::Key_Home:
    case Qt::Key_End:
        setLengthGuess(event->key() == Qt::Key_Home ? question.minimum : question.maximum);
        return true;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (!isAnswered())
            emit lengthAnswerRequested(m_length);
        return true;
    default:
        return false;
    }
}

void TimelineWidget::fillLengthState(TimelinePainter::State &state) const
{
    const LengthQuestion &question = m_call.length;
    const double shown = m_drag == Drag::Marker ? lengthAtX(m_dragX) : m_lengthAnswer.value_or(m_length);
    state.anchorText = tr("both start");
    state.markerText = m_lengthAnswer        ? multipleText(shown)
        : m_drag == Drag::Marker || m_static ? multipleText(shown)
                                             : tr("%1 ⇢ drag me").arg(multipleText(shown));
    state.timerText = tr("%1? %2").arg(q(question.guessName), multipleText(shown));
    if (!m_lengthAnswer)
        return;
    const TimelineVerdict verdict = m_timeline->lengthVerdict(*m_lengthAnswer, m_callIndex);
    state.answered = true;
    state.answerCorrect = verdict.correct;
    state.timerText = tr("your guess: %1").arg(multipleText(*m_lengthAnswer));
    state.completedText = q(question.guessName);
    const int asked = question.event;
    if (asked >= 0 && asked < static_cast<int>(m_call.events.size()) && question.reference > 0) {
        const TimelineEvent &event = m_call.events[static_cast<std::size_t>(asked)];
        state.completedText
            = tr("%1: %2").arg(q(question.guessName), multipleText((event.end - event.begin) / question.reference));
        if (m_call.measured)
            state.completedText += QStringLiteral(", ") + q(formatDuration((event.end - event.begin) * 1e-9));
    }
}

QString TimelineWidget::lengthToolTip(const QPointF &pos) const
{
    if (!cachedLayout().timerBar(markerX()).contains(pos))
        return {};
    const LengthQuestion &question = m_call.length;
    const double multiple = m_lengthAnswer.value_or(m_length);
    QString text = tr("<b>%1</b>, %2 the %3")
                       .arg(q(question.guessName).toHtmlEscaped(), multipleText(multiple),
                            q(question.referenceName).toHtmlEscaped());
    if (m_call.measured)
        text += QStringLiteral(": %1").arg(q(formatDuration(multiple * question.reference * 1e-9)));
    return text
        + (m_lengthAnswer ? tr("<br>your answer") : tr("<br>drag its end, or press ← →, then release or press Enter"));
}
