#include "ui/timeline/timelinewidget.h"

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

constexpr double kGrabDistance = 8; // pixels either side of the marker line that grab it

QFont smallFontOf(const QFont &font)
{
    QFont small = font;
    if (font.pointSizeF() > 0)
        small.setPointSizeF(font.pointSizeF() * 0.9);
    return small;
}

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

QString exactNs(double ns)
{
    return QStringLiteral("%1 ns").arg(QLocale().toString(static_cast<qlonglong>(std::llround(ns))));
}

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent) : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    // As tall as the lanes need and no taller; as wide as the owner gives.
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    setAccessibleName(tr("Timeline of one call: where does the timer stop?"));
    setModel(TimelineModel());
}

void TimelineWidget::setModel(const TimelineModel &model)
{
    m_model = model;
    m_callIndex = -2; // force the call to be laid out
    setCallIndex(model.medianCallIndex());
}

void TimelineWidget::setCallIndex(int index)
{
    if (index == m_callIndex)
        return;
    m_callIndex = index;
    m_call = m_model.call(index);
    m_drag = Drag::None;
    resetView();
    emit callIndexChanged(index);
}

void TimelineWidget::setStopCandidate(int stop)
{
    stop = std::clamp(stop, -1, kStopPointCount - 1);
    if (stop == m_stop)
        return;
    m_stop = stop;
    // Screen readers hear where the stop is, not only see it.
    setAccessibleName(stop < 0 ? tr("Timeline of one call: where does the timer stop?")
                               : tr("Timeline of one call; the timer stops %1")
                                     .arg(QString::fromUtf8(stopPointLabel(static_cast<StopPoint>(stop)))));
    update();
    emit stopCandidateChanged(stop);
}

void TimelineWidget::setAnswer(std::optional<StopPoint> answer)
{
    m_answer = answer;
    m_drag = Drag::None;
    setStopCandidate(answer ? static_cast<int>(*answer) : -1);
    update();
}

void TimelineWidget::resetView()
{
    setView(m_call.viewBegin, m_call.viewEnd);
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
    if (m_stop >= 0)
        return cachedLayout().candidates.at(static_cast<std::size_t>(m_stop)).x;
    return cachedLayout().startX;
}

QPointF TimelineWidget::candidatePosition(StopPoint point) const
{
    const TimelineLayout &l = cachedLayout();
    return {l.candidates.at(static_cast<std::size_t>(point)).x, l.laneCenterY(TimelineLane::Measurement)};
}

QPointF TimelineWidget::markerPosition() const
{
    return {markerX(), cachedLayout().laneCenterY(TimelineLane::Measurement)};
}

bool TimelineWidget::grabsMarker(const QPointF &pos) const
{
    if (m_answer)
        return false;
    const TimelineLayout &l = cachedLayout();
    const bool inLanes = pos.y() >= l.header.top() && pos.y() <= l.strip.bottom() &&
                         pos.x() >= l.plot.left() - kGrabDistance && pos.x() <= l.plot.right() + kGrabDistance;
    if (!inLanes)
        return false;
    if (!m_call.measured || std::fabs(pos.x() - markerX()) <= kGrabDistance)
        return true; // the schematic cannot pan, so a press anywhere places the stop
    const int row = rowAt(l.rows, pos.y());
    return row == static_cast<int>(TimelineLane::Measurement) || pos.y() >= l.strip.top() || pos.y() < l.plot.top();
}

int TimelineWidget::nearestCandidate(double x) const
{
    std::vector<double> xs;
    for (const TimelineLayout::CandidateItem &item : cachedLayout().candidates)
        xs.push_back(item.x);
    return nearestIndex(xs, x, std::numeric_limits<double>::infinity());
}

QString TimelineWidget::readingText(StopPoint point) const
{
    const StopReading reading = m_model.reading(point, m_callIndex);
    return reading.callSeconds ? q(formatDuration(*reading.callSeconds)) : QString();
}

QSize TimelineWidget::sizeHint() const
{
    // The margins of cachedLayout()'s area, 8 pixels, come on top.
    return {820, static_cast<int>(std::ceil(TimelineLayout::preferredHeight(font(), smallFontOf(font())))) + 8};
}

QSize TimelineWidget::minimumSizeHint() const
{
    return {520, static_cast<int>(std::ceil(TimelineLayout::minimumHeight(font(), smallFontOf(font())))) + 8};
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

QString TimelineWidget::toolTipAt(const QPointF &pos) const
{
    const TimelineLayout &l = cachedLayout();
    for (const TimelineLayout::OutsideItem &item : l.outside) {
        if (item.box.contains(pos)) {
            const OutsideActivity &activity = m_call.outside[static_cast<std::size_t>(item.activity)];
            return QStringLiteral("<b>%1</b> (outside the boundary, not timed)<br>%2")
                .arg(q(activity.label).toHtmlEscaped(), q(activity.note).toHtmlEscaped());
        }
    }
    for (std::size_t i = 0; i < l.candidates.size(); ++i) {
        if (l.candidates[i].labelRect.adjusted(-2, -8, 2, 2).contains(pos)) {
            const auto point = static_cast<StopPoint>(i);
            QString text = QStringLiteral("Stop the timer %1").arg(QString::fromUtf8(stopPointLabel(point)));
            if (m_answer && !readingText(point).isEmpty())
                text += QStringLiteral(": reads %1").arg(readingText(point));
            return text;
        }
    }
    if (m_answer && l.timerBar(markerX()).contains(pos)) {
        const StopReading reading = m_model.reading(*m_answer, m_callIndex);
        QString text =
            QStringLiteral("<b>your timer</b>, stopped %1").arg(QString::fromUtf8(stopPointLabel(*m_answer)));
        if (reading.callSeconds)
            text += QStringLiteral(": %1 (%2)")
                        .arg(q(formatDuration(*reading.callSeconds)), exactNs(*reading.callSeconds * 1e9));
        return text;
    }
    const int index = boxAt(l.eventBoxes, pos.x(), pos.y(), 2);
    if (index < 0)
        return {};
    const TimelineEvent &event =
        m_call.events[static_cast<std::size_t>(l.events[static_cast<std::size_t>(index)].event)];
    if (event.lane == TimelineLane::Measurement && !m_answer)
        return {}; // the completed result is the answer: not before it is given
    QString text = QStringLiteral("<b>%1</b>").arg(q(event.label).toHtmlEscaped());
    if (!m_call.measured) {
        text += QStringLiteral("<br><i>schematic: ordering only, not a measured duration</i>");
    } else if (event.shape == TimelineEvent::Shape::Instant) {
        text += QStringLiteral("<br>at +%1 after the dispatch (%2)")
                    .arg(q(formatDuration(event.begin * 1e-9)), exactNs(event.begin));
    } else {
        const double ns = event.end - event.begin;
        text += QStringLiteral(": %1 (%2)<br>from +%3 to +%4 after the dispatch")
                    .arg(q(formatDuration(ns * 1e-9)), exactNs(ns), q(formatDuration(event.begin * 1e-9)),
                         q(formatDuration(event.end * 1e-9)));
    }
    return text + QStringLiteral("<br>") + q(event.note).toHtmlEscaped();
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const TimelineLayout &l = cachedLayout();

    TimelinePainter::State state;
    state.markerX = markerX();
    state.stop = m_drag == Drag::Marker ? -1 : m_stop;
    state.nearest = m_drag == Drag::Marker ? nearestCandidate(m_dragX) : -1;
    state.answered = m_answer.has_value();
    state.answerCorrect = m_answer && isCorrectStop(*m_answer);
    state.dragging = m_drag == Drag::Marker;
    state.focused = hasFocus();
    if (m_answer) {
        const QString reading = readingText(*m_answer);
        state.markerText = tr("stop: %1").arg(QString::fromUtf8(stopPointShortLabel(*m_answer)));
        state.timerText = reading.isEmpty() ? tr("your timer") : tr("your timer: %1").arg(reading);
        const QString completed = readingText(StopPoint::AfterSynchronization);
        state.completedText = completed.isEmpty() ? tr("completed result") : tr("completed result: %1").arg(completed);
    } else {
        state.markerText = m_stop < 0 && m_drag == Drag::None ? tr("stop ⇢ drag me") : tr("stop");
        state.timerText = tr("timer");
    }
    if (m_call.measured) {
        state.caption = tr("Measured: %1, to scale").arg(q(m_call.title));
        state.hint = tr("wheel or + − zoom · drag to pan · 0 resets");
    } else {
        state.caption = tr("Schematic: ordering only, not to scale");
        state.hint = tr("drag the stop marker, or ← → and Enter");
    }
    TimelinePainter(painter, l, m_call, palette(), font(), smallFontOf(font())).paint(state);
}

void TimelineWidget::resizeEvent(QResizeEvent *event)
{
    invalidateLayout();
    QWidget::resizeEvent(event);
}

void TimelineWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange ||
        event->type() == QEvent::StyleChange)
        invalidateLayout();
    QWidget::changeEvent(event);
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
    if (drag == Drag::Marker) {
        // Released: snap to the nearest candidate and answer with it.
        const int stop = nearestCandidate(
            std::clamp(event->position().x(), cachedLayout().plot.left(), cachedLayout().plot.right()));
        setStopCandidate(stop);
        update();
        if (stop >= 0)
            emit answerRequested(stop);
    }
}

void TimelineWidget::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (m_call.measured && cachedLayout().plot.contains(event->position()) && !grabsMarker(event->position()))
        resetView();
}

void TimelineWidget::wheelEvent(QWheelEvent *event)
{
    if (!m_call.measured)
        return QWidget::wheelEvent(event);
    zoomAt(event->position().x(), std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void TimelineWidget::keyPressEvent(QKeyEvent *event)
{
    const bool pan = event->modifiers() & Qt::ControlModifier;
    const double centre = cachedLayout().plot.center().x();
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right: {
        const int direction = event->key() == Qt::Key_Left ? -1 : 1;
        if (pan && m_call.measured) {
            const TimeScale scale = pannedBy(cachedLayout().scale, -direction * cachedLayout().plot.width() / 8);
            setView(scale.timeBegin, scale.timeEnd);
        } else if (!m_answer) {
            setStopCandidate(m_stop < 0 ? 0 : std::clamp(m_stop + direction, 0, kStopPointCount - 1));
        }
        break;
    }
    case Qt::Key_Home:
    case Qt::Key_End:
        if (!m_answer)
            setStopCandidate(event->key() == Qt::Key_Home ? 0 : kStopPointCount - 1);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (!m_answer && m_stop >= 0)
            emit answerRequested(m_stop);
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
