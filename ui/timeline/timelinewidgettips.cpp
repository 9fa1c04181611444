// TimelineWidget's tooltips: what is under the pointer, in words and exact numbers; nothing of
// the answer before it is given.
#include "ui/timeline/timelinewidget.h"

#include "core/base/units.h"

#include <QLocale>

#include <cmath>

using namespace lessonscope;
using namespace lessonscope::timeline;

namespace {

QString q(const std::string &text) { return QString::fromStdString(text); }

QString exactNs(double ns)
{
    return QStringLiteral("%1 ns").arg(QLocale().toString(static_cast<qlonglong>(std::llround(ns))));
}

} // namespace

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
            const int candidate = static_cast<int>(i);
            QString text = (m_call.marker == MarkerKind::Stop ? QStringLiteral("Stop the timer %1")
                                                              : QStringLiteral("Start the timer %1"))
                               .arg(q(m_call.candidates[i].label));
            if (m_answer && !readingText(candidate).isEmpty())
                text += QStringLiteral(": reads %1").arg(readingText(candidate));
            return text;
        }
    }
    if (isLength()) {
        const QString text = lengthToolTip(pos);
        if (!text.isEmpty())
            return text;
    } else if (m_answer && l.timerBar(markerX()).contains(pos)) {
        const TimelineCandidate &answer = m_call.candidates.at(static_cast<std::size_t>(*m_answer));
        const auto seconds = m_timeline->readingSeconds(answer.key, m_callIndex);
        QString text = (m_call.marker == MarkerKind::Stop ? QStringLiteral("<b>your timer</b>, stopped %1")
                                                          : QStringLiteral("<b>your timer</b>, started %1"))
                           .arg(q(answer.label).toHtmlEscaped());
        if (seconds)
            text += QStringLiteral(": %1 (%2)").arg(q(formatDuration(*seconds)), exactNs(*seconds * 1e9));
        return text;
    }
    const int index = boxAt(l.eventBoxes, pos.x(), pos.y(), 2);
    if (index < 0)
        return {};
    const TimelineEvent &event
        = m_call.events[static_cast<std::size_t>(l.events[static_cast<std::size_t>(index)].event)];
    if (event.lane == m_call.timerLane() && !isAnswered())
        return {}; // the timer's lane holds the answer: not before it is given
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
