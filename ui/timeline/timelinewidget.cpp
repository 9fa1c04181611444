#include "ui/timeline/timelinewidget.h"

#include "core/trace/streamtimeline.h"
#include "ui/timeline/timelinepainter.h"
#include "core/base/units.h"

#include <QEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace lessonscope;
using namespace lessonscope::timeline;

namespace {

// The least distance between neighbouring candidates in the view the timeline opens on: each
// can be hit with the mouse, and its label read.
constexpr double kCandidateSpacing = 16; // twice the marker's grab distance

QFont smallFontOf(const QFont &font)
{
    QFont small = font;
    if (font.pointSizeF() > 0)
        small.setPointSizeF(font.pointSizeF() * 0.9);
    return small;
}

QString q(const std::string &text) { return QString::fromStdString(text); }

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent) : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    // As tall as the lanes need and no taller; as wide as the owner gives.
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    setTimeline(nullptr);
}

void TimelineWidget::setTimeline(std::shared_ptr<const LessonTimeline> timeline)
{
    m_timeline = timeline ? std::move(timeline) : std::make_shared<StreamTimeline>();
    m_callIndex = -2; // force the call to be laid out
    setCallIndex(m_timeline->representativeCall());
    m_lengthAnswer.reset();
    m_length = std::clamp(m_call.length.initial, m_call.length.minimum,
                          std::max(m_call.length.minimum, m_call.length.maximum));
    m_marker = -2; // and the accessible name to be said
    setMarkerCandidate(-1);
}

void TimelineWidget::setCallIndex(int index)
{
    if (index == m_callIndex)
        return;
    m_callIndex = index;
    const std::size_t lanes = m_call.lanes.size();
    m_call = m_timeline->call(index);
    // The size hints follow the lanes, which differ between lessons. A widget's updateGeometry()
    // clears only its parent's layout cache: every ancestor's is cleared, or an owner's layout
    // (DiagramView's, in a render) keeps the old height and clips the axis.
    if (m_call.lanes.size() != lanes) {
        for (QWidget *widget = this; widget && !widget->isWindow(); widget = widget->parentWidget())
            widget->updateGeometry();
    }
    m_interruption = QString::fromStdString(m_timeline->callInterruption(index));
    m_drag = Drag::None;
    resetView();
    emit callIndexChanged(index);
}

QString TimelineWidget::interruptionText() const
{
    if (m_interruption.isEmpty())
        return {};
    return m_timeline->keepsInterruptedCalls()
        ? tr("%1 — kept in the figures: the lesson shows interruptions").arg(m_interruption)
        : tr("%1 — left out of the figures").arg(m_interruption);
}

void TimelineWidget::setMarkerCandidate(int candidate)
{
    candidate = std::clamp(candidate, -1, static_cast<int>(m_call.candidates.size()) - 1);
    if (candidate == m_marker)
        return;
    m_marker = candidate;
    sayWhereTheMarkerIs();
    update();
    emit markerCandidateChanged(candidate);
}

void TimelineWidget::sayWhereTheMarkerIs()
{
    // Screen readers hear where the marker is, not only see it (never where the answer is).
    if (isLength()) {
        setAccessibleName(tr("Timeline of one call; the %1 is set to %2 the %3")
                              .arg(q(m_call.length.guessName), multipleText(m_lengthAnswer.value_or(m_length)),
                                   q(m_call.length.referenceName)));
        return;
    }
    const bool stop = m_call.marker == MarkerKind::Stop;
    if (m_marker < 0)
        setAccessibleName(stop ? tr("Timeline of one call: where does the timer stop?")
                               : tr("Timeline of one call: where must the timer start?"));
    else
        setAccessibleName(
            (stop ? tr("Timeline of one call; the timer stops %1") : tr("Timeline of one call; the timer starts %1"))
                .arg(q(m_call.candidates[static_cast<std::size_t>(m_marker)].label)));
}

void TimelineWidget::setAnswer(std::optional<int> candidate)
{
    m_answer = candidate;
    m_drag = Drag::None;
    setMarkerCandidate(candidate.value_or(-1));
    update();
}

QString TimelineWidget::markerWord() const { return m_call.marker == MarkerKind::Stop ? tr("stop") : tr("start"); }

int TimelineWidget::correctCandidate() const
{
    for (std::size_t i = 0; i < m_call.candidates.size(); ++i) {
        if (m_call.candidates[i].correct)
            return static_cast<int>(i);
    }
    return -1;
}

void TimelineWidget::setStatic(bool isStatic)
{
    m_static = isStatic;
    invalidateLayout();
    update();
}

void TimelineWidget::resetView()
{
    m_viewChosen = false;
    double begin = m_call.viewBegin;
    double end = m_call.viewEnd;
    if (m_call.measured && !isLength() && width() > 0) {
        // Opens where each candidate can be hit: those that crowd at the lesson's suggested view
        // (a median and a mean 0.05 µs apart beside a 35 µs call) are spread, the far ones pinned
        // at the edge until the learner zooms out.
        std::vector<double> times;
        for (const TimelineCandidate &candidate : m_call.candidates)
            times.push_back(candidate.time);
        const ViewRange view
            = viewSeparating(times, m_call.anchor, {begin, end}, cachedLayout().plot.width(), kCandidateSpacing);
        begin = view.begin;
        end = view.end;
    }
    // A length once answered: the asked span is shown whole, however long it turned out.
    const int asked = m_call.length.event;
    if (isLength() && m_lengthAnswer && asked >= 0 && asked < static_cast<int>(m_call.events.size()))
        end = std::max(end, m_call.events[static_cast<std::size_t>(asked)].end + 0.05 * (end - m_call.viewBegin));
    setView(begin, end);
}

void TimelineWidget::setView(double begin, double end)
{
    if (!(end > begin))
        return;
    m_viewBegin = begin;
    m_viewEnd = end;
    invalidateLayout();
    emit viewChanged();
}

void TimelineWidget::zoomAt(double x, double factor)
{
    if (!m_call.measured)
        return;
    const double full = m_call.viewEnd - m_call.viewBegin;
    const TimeScale scale = zoomedAt(cachedLayout().scale, x, factor, std::max(full / 1000, 5.0), full * 4);
    setView(scale.timeBegin, scale.timeEnd);
    m_viewChosen = true;
}

void TimelineWidget::invalidateLayout()
{
    m_layoutValid = false;
    update();
}

const TimelineLayout &TimelineWidget::cachedLayout() const
{
    if (!m_layoutValid) {
        m_layout = TimelineLayout::build(m_call, m_viewBegin, m_viewEnd, QRectF(rect()).adjusted(6, 4, -6, -4), font(),
                                         smallFontOf(font()));
        m_layoutValid = true;
    }
    return m_layout;
}

double TimelineWidget::markerX() const
{
    if (m_drag == Drag::Marker)
        return m_dragX;
    if (isLength())
        return lengthX();
    if (m_marker >= 0)
        return cachedLayout().candidates.at(static_cast<std::size_t>(m_marker)).x;
    return cachedLayout().anchorX;
}

QPointF TimelineWidget::candidatePosition(int candidate) const
{
    const TimelineLayout &l = cachedLayout();
    return {l.candidates.at(static_cast<std::size_t>(candidate)).x, l.laneCenterY(m_call.timerLane())};
}

double TimelineWidget::timeAtPixel(double x) const { return pixelToTime(cachedLayout().scale, x); }

QPointF TimelineWidget::markerPosition() const { return {markerX(), cachedLayout().laneCenterY(m_call.timerLane())}; }

QRectF TimelineWidget::eventRect(int event) const
{
    for (const TimelineLayout::EventItem &item : cachedLayout().events) {
        if (item.event == event)
            return item.box;
    }
    return {};
}

QString TimelineWidget::readingText(int candidate) const
{
    if (candidate < 0 || candidate >= static_cast<int>(m_call.candidates.size()))
        return {};
    const auto seconds
        = m_timeline->readingSeconds(m_call.candidates[static_cast<std::size_t>(candidate)].key, m_callIndex);
    return seconds ? q(formatDuration(*seconds)) : QString();
}

QSize TimelineWidget::sizeHint() const
{
    // The margins of cachedLayout()'s area, 8 pixels, come on top.
    return {820,
            static_cast<int>(std::ceil(
                TimelineLayout::preferredHeight(static_cast<int>(m_call.lanes.size()), font(), smallFontOf(font()))))
                + 8};
}

QSize TimelineWidget::minimumSizeHint() const
{
    return {520,
            static_cast<int>(std::ceil(
                TimelineLayout::minimumHeight(static_cast<int>(m_call.lanes.size()), font(), smallFontOf(font()))))
                + 8};
}

bool TimelineWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const TimelineLayout &l = cachedLayout();

    TimelinePainter::State state;
    state.markerX = markerX();
    state.stop = m_drag == Drag::Marker ? -1 : m_marker;
    state.nearest = m_drag == Drag::Marker ? nearestCandidate(m_dragX) : -1;
    state.answered = m_answer.has_value();
    state.answerCorrect = m_answer && m_call.candidates.at(static_cast<std::size_t>(*m_answer)).correct;
    state.dragging = m_drag == Drag::Marker;
    state.focused = hasFocus();
    state.anchorText = m_call.marker == MarkerKind::Start ? tr("timer stop") : tr("timer start");
    if (isLength()) {
        fillLengthState(state);
    } else if (m_answer) {
        const QString reading = readingText(*m_answer);
        state.markerText = QStringLiteral("%1: %2").arg(
            markerWord(), q(m_call.candidates.at(static_cast<std::size_t>(*m_answer)).shortLabel));
        state.timerText = reading.isEmpty() ? tr("your timer") : tr("your timer: %1").arg(reading);
        const QString completed = readingText(correctCandidate());
        state.completedText = completed.isEmpty() ? tr("completed result") : tr("completed result: %1").arg(completed);
    } else {
        const bool resting = m_marker < 0 && m_drag == Drag::None;
        if (!resting || m_static)
            state.markerText = markerWord();
        else // the arrow points the way the marker goes
            state.markerText = m_call.marker == MarkerKind::Stop ? tr("stop ⇢ drag me") : tr("drag me ⇠ start");
        state.timerText = tr("timer");
    }
    if (m_call.measured) {
        state.caption = tr("Measured: %1, to scale").arg(q(m_call.title));
        if (!m_interruption.isEmpty()) {
            state.caption = tr("Measured: %1, to scale · ⚠ interrupted").arg(q(m_call.title));
            state.interruption = interruptionText();
        }
        state.hint = tr("Ctrl+wheel or + − zoom · drag to pan · 0 resets");
    } else {
        state.caption = tr("Schematic: ordering only, not to scale");
        state.hint = isLength() ? tr("drag the bar's end, or ← → and Enter")
                                : tr("drag the %1 marker, or ← → and Enter").arg(markerWord());
    }
    if (m_static)
        state.hint.clear();
    TimelinePainter timelinePainter(painter, l, m_call, palette(), font(), smallFontOf(font()));
    timelinePainter.paint(state);
    m_flag = timelinePainter.flagRect();
}

void TimelineWidget::resizeEvent(QResizeEvent *event)
{
    invalidateLayout();
    if (!m_viewChosen)
        resetView(); // the view that separates the candidates depends on the width
    QWidget::resizeEvent(event);
}

void TimelineWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange
        || event->type() == QEvent::StyleChange)
        invalidateLayout();
    QWidget::changeEvent(event);
}
