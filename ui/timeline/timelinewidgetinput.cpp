// TimelineWidget's interaction: the mouse (drag the marker, pan elsewhere, Ctrl + wheel zooms)
// and the keys (← → to the neighbouring candidate, Enter answers, + − 0 zoom). Only the marker
// itself, dragged, or Enter commits an answer.
#include "ui/timeline/timelinewidget.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace lessonscope;
using namespace lessonscope::timeline;

namespace {

constexpr double kGrabDistance = 8; // pixels either side of the marker line that grab it

} // namespace

bool TimelineWidget::grabsMarker(const QPointF &pos) const
{
    if (isAnswered())
        return false;
    const TimelineLayout &l = cachedLayout();
    const bool inLanes = pos.y() >= l.header.top() && pos.y() <= l.strip.bottom()
        && pos.x() >= l.plot.left() - kGrabDistance && pos.x() <= l.plot.right() + kGrabDistance;
    // Only the marker itself: its line or its flag. A press anywhere else pans (a measured call)
    // or does nothing; it never moves the marker, let alone answers.
    return inLanes && (std::fabs(pos.x() - markerX()) <= kGrabDistance || m_flag.contains(pos));
}

void TimelineWidget::showCandidate(int candidate)
{
    // A candidate the opening view leaves out (pinned at its edge) comes into view when the keys
    // move the marker to it: the view widens just enough.
    if (candidate < 0 || candidate >= static_cast<int>(m_call.candidates.size()))
        return;
    const double time = m_call.candidates[static_cast<std::size_t>(candidate)].time;
    const double margin = 0.05 * (m_viewEnd - m_viewBegin);
    if (time < m_viewBegin || time > m_viewEnd)
        setView(std::min(m_viewBegin, time - margin), std::max(m_viewEnd, time + margin));
}

int TimelineWidget::neighbourCandidate(int direction) const
{
    // The candidates are in time order, so a neighbour is one index away; from its rest at the
    // anchor the marker goes to the nearest candidate on that side (a start marker rests at the
    // right: ← goes to the latest start before the stop, not to the first of all).
    const int count = static_cast<int>(m_call.candidates.size());
    if (m_marker >= 0)
        return std::clamp(m_marker + direction, 0, count - 1);
    int found = -1;
    for (int i = 0; i < count; ++i) {
        const double time = m_call.candidates[static_cast<std::size_t>(i)].time;
        if (direction > 0 && time >= m_call.anchor && found < 0)
            found = i;
        if (direction < 0 && time <= m_call.anchor)
            found = i;
    }
    return found;
}

int TimelineWidget::nearestCandidate(double x) const
{
    std::vector<double> xs;
    for (const TimelineLayout::CandidateItem &item : cachedLayout().candidates)
        xs.push_back(item.x);
    return nearestIndex(xs, x, std::numeric_limits<double>::infinity());
}

void TimelineWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const QPointF pos = event->position();
    if (grabsMarker(pos)) {
        m_drag = Drag::Marker;
        m_dragX = std::clamp(pos.x(), cachedLayout().plot.left(), cachedLayout().plot.right());
        setCursor(Qt::SizeHorCursor);
        update();
    } else if (m_call.measured && cachedLayout().plot.contains(pos)) {
        m_drag = Drag::Pan;
        m_lastPanX = pos.x();
        setCursor(Qt::ClosedHandCursor);
    }
    event->accept();
}

void TimelineWidget::mouseMoveEvent(QMouseEvent *event)
{
    const QPointF pos = event->position();
    if (m_drag == Drag::Marker) {
        m_dragX = std::clamp(pos.x(), cachedLayout().plot.left(), cachedLayout().plot.right());
        update();
    } else if (m_drag == Drag::Pan) {
        const TimeScale scale = pannedBy(cachedLayout().scale, pos.x() - m_lastPanX);
        m_lastPanX = pos.x();
        setView(scale.timeBegin, scale.timeEnd);
        m_viewChosen = true;
    } else if (grabsMarker(pos)) {
        setCursor(Qt::SizeHorCursor);
    } else if (m_call.measured && cachedLayout().plot.contains(pos)) {
        setCursor(Qt::OpenHandCursor);
    } else {
        unsetCursor();
    }
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mouseReleaseEvent(event);
    const Drag drag = m_drag;
    m_drag = Drag::None;
    unsetCursor();
    if (drag == Drag::Marker && isLength()) {
        // Released: the bar's length is the answer.
        setLengthGuess(lengthAtX(event->position().x()));
        emit lengthAnswerRequested(m_length);
    } else if (drag == Drag::Marker) {
        // Released: snap to the nearest candidate and answer with it.
        const int candidate = nearestCandidate(
            std::clamp(event->position().x(), cachedLayout().plot.left(), cachedLayout().plot.right()));
        setMarkerCandidate(candidate);
        update();
        if (candidate >= 0)
            emit answerRequested(candidate);
    }
}

void TimelineWidget::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (m_call.measured && cachedLayout().plot.contains(event->position()) && !grabsMarker(event->position()))
        resetView();
}

void TimelineWidget::wheelEvent(QWheelEvent *event)
{
    // Ctrl + wheel zooms; the wheel alone scrolls the page the timeline sits in, as it does
    // everywhere else on it.
    if (!m_call.measured || !(event->modifiers() & Qt::ControlModifier))
        return QWidget::wheelEvent(event);
    zoomAt(event->position().x(), std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void TimelineWidget::keyPressEvent(QKeyEvent *event)
{
    const bool pan = event->modifiers() & Qt::ControlModifier;
    const double centre = cachedLayout().plot.center().x();
    if (isLength() && !pan && lengthKey(event))
        return event->accept();
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right: {
        const int direction = event->key() == Qt::Key_Left ? -1 : 1;
        if (pan && m_call.measured) {
            const TimeScale scale = pannedBy(cachedLayout().scale, -direction * cachedLayout().plot.width() / 8);
            setView(scale.timeBegin, scale.timeEnd);
            m_viewChosen = true;
        } else if (!m_answer) {
            setMarkerCandidate(neighbourCandidate(direction));
            showCandidate(m_marker);
        }
        break;
    }
    case Qt::Key_Home:
    case Qt::Key_End:
        if (!m_answer)
            setMarkerCandidate(event->key() == Qt::Key_Home ? 0 : static_cast<int>(m_call.candidates.size()) - 1);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (!m_answer && m_marker >= 0)
            emit answerRequested(m_marker);
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomAt(centre, 1.5);
        break;
    case Qt::Key_Minus:
        zoomAt(centre, 1 / 1.5);
        break;
    case Qt::Key_0:
        resetView();
        break;
    default:
        return QWidget::keyPressEvent(event);
    }
    event->accept();
}
