#include "ui/timeline/timelinepainter.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <cstdint>

using namespace lessonscope;
using namespace lessonscope::timeline;

namespace {

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                            static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                            static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

QColor withAlpha(QColor colour, int alpha)
{
    colour.setAlpha(alpha);
    return colour;
}

} // namespace

TimelinePainter::TimelinePainter(QPainter &painter, const TimelineLayout &layout, const CallTimeline &call,
                                 const QPalette &palette, const QFont &font, const QFont &smallFont)
    : m_painter(painter), m_layout(layout), m_call(call), m_palette(palette), m_font(font), m_small(smallFont)
{ }

QColor TimelinePainter::laneColour(const QPalette &palette, int hueTurn)
{
    // Turned from the highlight: with a blue highlight the stream's lanes read blue (host),
    // orange (device), green (readiness) and purple (measurement).
    const QColor highlight = palette.color(QPalette::Active, QPalette::Highlight).toHsv();
    const int hue = highlight.hsvHue() < 0 ? 210 : highlight.hsvHue();
    const int saturation = std::max(highlight.hsvSaturation(), 140);
    const int value = std::clamp(highlight.value(), 150, 215);
    return QColor::fromHsv(((hue + hueTurn) % 360 + 360) % 360, saturation, value);
}

QColor TimelinePainter::laneFill(const QPalette &palette, int hueTurn)
{
    return mix(laneColour(palette, hueTurn), palette.color(QPalette::Base), 0.55);
}

QColor TimelinePainter::verdictColour(const QPalette &palette, bool correct)
{
    return laneColour(palette, correct ? 287 : 187);
}

QColor TimelinePainter::colourOf(int lane) const
{
    return laneColour(m_palette, m_call.lanes.at(static_cast<std::size_t>(lane)).hueTurn);
}

QColor TimelinePainter::fillOf(int lane) const
{
    return laneFill(m_palette, m_call.lanes.at(static_cast<std::size_t>(lane)).hueTurn);
}

void TimelinePainter::paint(const State &state)
{
    m_painter.setRenderHint(QPainter::Antialiasing, true);
    paintFrame(state);
    paintOutside();
    paintEvents();
    paintMeasurement(state);
    paintCandidates(state);
    if (m_call.marker == MarkerKind::Length)
        paintMultiples();
    paintAxis();
    paintMarker(state);
}

void TimelinePainter::paintFrame(const State &state)
{
    const TimelineLayout &l = m_layout;
    const QColor text = m_palette.color(QPalette::Text);

    // Caption: what mode this is, and how to interact.
    QFont bold = m_font;
    bold.setBold(true);
    m_painter.setFont(bold);
    m_painter.setPen(text);
    const QRectF caption = l.caption.adjusted(l.labels.width() * 0 + 4, 0, -4, 0);
    m_painter.drawText(caption, Qt::AlignLeft | Qt::AlignVCenter, state.caption);
    const double captionWidth = QFontMetricsF(bold).horizontalAdvance(state.caption);
    m_painter.setFont(m_small);
    const bool interrupted = !state.interruption.isEmpty();
    // An interrupted call says so where the hint goes, in the colour the header's warnings use.
    m_painter.setPen(interrupted ? QColor(0xb0, 0x3a, 0x2e) : m_palette.color(QPalette::PlaceholderText));
    const QRectF hintRect = caption.adjusted(captionWidth + 16, 0, 0, 0);
    m_painter.drawText(hintRect, Qt::AlignRight | Qt::AlignVCenter,
                       QFontMetricsF(m_small).elidedText(interrupted ? state.interruption : state.hint, Qt::ElideRight,
                                                         hintRect.width()));

    // Lane bands across names, gutter and plot.
    const int laneCount = static_cast<int>(m_call.lanes.size());
    for (int lane = 0; lane < laneCount; ++lane) {
        const QRectF band = l.laneRect(lane);
        m_painter.fillRect(band, m_palette.color(lane % 2 ? QPalette::AlternateBase : QPalette::Base));
    }
    m_painter.fillRect(l.gutter, withAlpha(m_palette.color(QPalette::Mid), 40));

    // Lane names with a swatch of the lane's colour (the name carries the meaning).
    m_painter.setFont(m_font);
    for (int lane = 0; lane < laneCount; ++lane) {
        const QRectF band = l.laneRect(lane);
        const QRectF swatch(l.labels.left() + 4, band.center().y() - 5, 4, 10);
        m_painter.fillRect(swatch, colourOf(lane));
        m_painter.setPen(text);
        m_painter.drawText(QRectF(swatch.right() + 6, band.top(), l.labels.width() - 14, band.height()),
                           Qt::AlignLeft | Qt::AlignVCenter,
                           QString::fromStdString(m_call.lanes[static_cast<std::size_t>(lane)].name));
    }

    // Grid lines at the axis ticks, under everything drawn later.
    m_painter.setPen(QPen(withAlpha(m_palette.color(QPalette::Mid), 70), 1));
    for (const TimelineLayout::Tick &tick : l.ticks)
        m_painter.drawLine(QPointF(tick.x, l.plot.top()), QPointF(tick.x, l.plot.bottom()));

    // The timer's fixed end: for a stop marker its start, the boundary between the gutter's work
    // and the timed call; for a start marker its stop.
    QPen dashed(withAlpha(text, 150), 1, Qt::DashLine);
    m_painter.setPen(dashed);
    m_painter.drawLine(QPointF(l.anchorX, l.header.top() + 2), QPointF(l.anchorX, l.plot.bottom()));
    m_painter.setFont(m_small);
    m_painter.setPen(m_palette.color(QPalette::Text));
    // A stop or a length grows to the right of the anchor, so its name goes left of it.
    const bool stopMarker = m_call.marker != MarkerKind::Start;
    const QRectF anchorLabel = stopMarker
        ? QRectF(l.labels.left(), l.header.top(), l.anchorX - 5 - l.labels.left(), l.header.height())
        : QRectF(l.anchorX + 5, l.header.top(), std::max(0.0, l.plot.right() - l.anchorX - 5), l.header.height());
    m_painter.drawText(anchorLabel, (stopMarker ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter, state.anchorText);

    // The frame of the lanes.
    m_painter.setPen(QPen(m_palette.color(QPalette::Mid), 1));
    m_painter.setBrush(Qt::NoBrush);
    m_painter.drawRect(QRectF(l.labels.left(), l.plot.top(), l.plot.right() - l.labels.left(), l.plot.height()));
    if (state.focused) {
        m_painter.setPen(QPen(m_palette.color(QPalette::Highlight), 2));
        m_painter.drawRect(QRectF(l.labels.left(), l.plot.top(), l.plot.right() - l.labels.left(), l.plot.height())
                               .adjusted(-2, -2, 2, 2));
    }
}

void TimelinePainter::paintOutside()
{
    // Greyed, yet legible: the text colour washed halfway towards the base.
    const QColor grey = mix(m_palette.color(QPalette::Text), m_palette.color(QPalette::Base), 0.45);
    m_painter.setFont(m_small);
    for (const TimelineLayout::OutsideItem &item : m_layout.outside) {
        m_painter.setPen(QPen(grey, 1, Qt::DashLine));
        m_painter.setBrush(withAlpha(m_palette.color(QPalette::Mid), 60));
        m_painter.drawRoundedRect(item.box, 3, 3);
        m_painter.setPen(grey);
        m_painter.drawText(item.box, Qt::AlignCenter, item.text);
    }
    if (m_layout.outside.empty())
        return;
    // Say what the gutter is, in its otherwise empty measurement row.
    const QRectF note = m_layout.laneRect(m_layout.timerLane).intersected(m_layout.gutter).adjusted(4, 2, -4, -2);
    QFont italic = m_small;
    italic.setItalic(true);
    m_painter.setFont(italic);
    m_painter.setPen(grey);
    m_painter.drawText(note, Qt::AlignCenter | Qt::TextWordWrap, QStringLiteral("outside the boundary, not timed"));
}

void TimelinePainter::barText(const QRectF &bar, const QString &text, bool bold)
{
    QFont font = m_font;
    font.setBold(bold);
    const QFontMetricsF fm(font);
    const double w = fm.horizontalAdvance(text);
    QRectF rect = bar;
    Qt::Alignment align = Qt::AlignCenter;
    if (w + 10 > bar.width()) {
        // Beside the bar: right of it when there is room, else left of it.
        if (bar.right() + 6 + w <= m_layout.plot.right())
            rect = QRectF(bar.right() + 6, bar.top(), w + 2, bar.height());
        else
            rect = QRectF(bar.left() - 6 - w - 2, bar.top(), w + 2, bar.height());
        align = Qt::AlignLeft | Qt::AlignVCenter;
    }
    m_painter.setFont(font);
    m_painter.setPen(m_palette.color(QPalette::Text));
    m_painter.drawText(rect, align, text);
}

void TimelinePainter::paintEvents()
{
    const QColor text = m_palette.color(QPalette::Text);
    // Spans first, then instants over them.
    std::vector<const TimelineLayout::EventItem *> order;
    for (const TimelineLayout::EventItem &item : m_layout.events)
        order.push_back(&item);
    std::stable_partition(order.begin(), order.end(), [this](const TimelineLayout::EventItem *item) {
        return m_call.events[static_cast<std::size_t>(item->event)].shape == TimelineEvent::Shape::Span;
    });
    for (const TimelineLayout::EventItem *itemPointer : order) {
        const TimelineLayout::EventItem &item = *itemPointer;
        const TimelineEvent &event = m_call.events[static_cast<std::size_t>(item.event)];
        if (event.lane == m_layout.timerLane)
            continue; // drawn by paintMeasurement, once answered
        const QColor colour = colourOf(event.lane);
        if (event.shape == TimelineEvent::Shape::Instant) {
            QPainterPath diamond;
            const QRectF b = item.box;
            diamond.moveTo(b.center().x(), b.top());
            diamond.lineTo(b.right(), b.center().y());
            diamond.lineTo(b.center().x(), b.bottom());
            diamond.lineTo(b.left(), b.center().y());
            diamond.closeSubpath();
            m_painter.setPen(QPen(text, 1));
            m_painter.setBrush(colour);
            m_painter.drawPath(diamond);
        } else {
            m_painter.setPen(QPen(colour, 1.2));
            m_painter.setBrush(fillOf(event.lane));
            m_painter.drawRoundedRect(item.box, 3, 3);
            if (event.waiting) {
                m_painter.setPen(Qt::NoPen);
                m_painter.setBrush(QBrush(withAlpha(colour, 110), Qt::BDiagPattern));
                m_painter.drawRoundedRect(item.box, 3, 3);
            }
        }
        if (item.text.isEmpty())
            continue;
        m_painter.setPen(text);
        if (item.textInside) {
            m_painter.setFont(m_font);
            // A plate under the text keeps it legible over the hatching.
            const double w = QFontMetricsF(m_font).horizontalAdvance(item.text) + 8;
            const QRectF plate(item.box.center().x() - w / 2, item.box.top() + 3, w, item.box.height() - 6);
            if (event.waiting) {
                m_painter.setPen(Qt::NoPen);
                m_painter.setBrush(withAlpha(m_palette.color(QPalette::Base), 215));
                m_painter.drawRoundedRect(plate, 3, 3);
                m_painter.setPen(text);
            }
            m_painter.drawText(item.box, Qt::AlignCenter, item.text);
        } else {
            m_painter.setFont(m_small);
            m_painter.drawText(item.textRect, Qt::AlignLeft | Qt::AlignVCenter, item.text);
        }
    }
}

void TimelinePainter::paintMeasurement(const State &state)
{
    const TimelineLayout &l = m_layout;
    const double top = rowTop(l.rows, l.timerLane);
    const QColor colour = colourOf(l.timerLane);

    // The timer as placed: from the timer start to the marker.
    const QRectF bar = l.timerBar(state.markerX);
    const double left = bar.left();
    if (bar.width() > 0.5) {
        m_painter.setPen(QPen(colour, 1.2));
        m_painter.setBrush(fillOf(l.timerLane));
        m_painter.drawRoundedRect(bar, 3, 3);
        barText(bar, state.timerText, state.answered);
    } else if (!state.answered) {
        // Nothing placed yet: say what this lane is for, on the side where the marker goes.
        QFont italic = m_font;
        italic.setItalic(true);
        m_painter.setFont(italic);
        m_painter.setPen(m_palette.color(QPalette::PlaceholderText));
        const bool stop = m_call.marker != MarkerKind::Start;
        const QRectF room = stop ? QRectF(left + 8, top, l.plot.right() - left - 16, l.rows.rowHeight)
                                 : QRectF(l.plot.left() + 8, top, left - l.plot.left() - 16, l.rows.rowHeight);
        m_painter.drawText(room, (stop ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter,
                           stop ? QStringLiteral("the timer starts here; where must it stop?")
                                : QStringLiteral("where must the timer start? it stops here"));
    }

    if (!state.answered)
        return;
    // The completed result, revealed with the answer: dashed when the answer missed it. Where the
    // lane also holds what the timer read (a reading beside the length the answer asks),
    // that is drawn under the answer with its own name, not the answer's.
    const auto eventOf = [this](const TimelineLayout::EventItem &item) -> const TimelineEvent & {
        return m_call.events[static_cast<std::size_t>(item.event)];
    };
    const bool answerDrawn = std::any_of(l.events.begin(), l.events.end(), [&](const TimelineLayout::EventItem &item) {
        return eventOf(item).lane == m_layout.timerLane && eventOf(item).answer;
    });
    for (const TimelineLayout::EventItem &item : l.events) {
        const TimelineEvent &event = eventOf(item);
        if (event.lane != m_layout.timerLane)
            continue;
        if (answerDrawn && !event.answer) {
            m_painter.setPen(QPen(withAlpha(colour, 150), 1));
            m_painter.setBrush(withAlpha(fillOf(m_layout.timerLane), 90));
            m_painter.drawRoundedRect(item.box, 3, 3);
            barText(item.box, QString::fromStdString(event.label), false);
            continue;
        }
        m_painter.setPen(QPen(colour, 1.4, state.answerCorrect ? Qt::SolidLine : Qt::DashLine));
        m_painter.setBrush(state.answerCorrect ? QBrush(fillOf(m_layout.timerLane)) : QBrush());
        m_painter.drawRoundedRect(item.box, 3, 3);
        barText(item.box, state.completedText, false);
    }
}

void TimelinePainter::paintCandidates(const State &state)
{
    const TimelineLayout &l = m_layout;
    const QColor text = m_palette.color(QPalette::Text);
    QFont bold = m_small;
    bold.setBold(true);
    for (std::size_t i = 0; i < l.candidates.size(); ++i) {
        const TimelineLayout::CandidateItem &item = l.candidates[i];
        const bool chosen = static_cast<int>(i) == state.stop;
        const bool near = static_cast<int>(i) == state.nearest;
        if (state.focused || state.dragging || chosen) {
            m_painter.setPen(QPen(withAlpha(text, chosen ? 120 : 70), 1, Qt::DotLine));
            m_painter.drawLine(QPointF(item.x, l.plot.top()), QPointF(item.x, l.plot.bottom()));
        }
        // A tick pointing up at the candidate, and its name under it.
        QPainterPath tick;
        tick.moveTo(item.x, l.strip.top() + 1);
        tick.lineTo(item.x + 4, l.strip.top() + 7);
        tick.lineTo(item.x - 4, l.strip.top() + 7);
        tick.closeSubpath();
        m_painter.setPen(Qt::NoPen);
        m_painter.setBrush(chosen || near ? m_palette.color(QPalette::Highlight) : text);
        m_painter.drawPath(tick);
        if (std::abs(item.labelRect.center().x() - item.x) > 3) {
            // The label had to slide aside: a leader line says whose it is.
            m_painter.setPen(QPen(withAlpha(text, 140), 1));
            m_painter.drawLine(QPointF(item.x, l.strip.top() + 7),
                               QPointF(std::clamp(item.x, item.labelRect.left() + 3, item.labelRect.right() - 3),
                                       item.labelRect.top()));
            m_painter.setPen(Qt::NoPen);
        }
        if (chosen || near) {
            m_painter.setBrush(m_palette.color(QPalette::Highlight));
            m_painter.drawRoundedRect(item.labelRect.adjusted(-2, -1, 2, 1), 3, 3);
            m_painter.setPen(m_palette.color(QPalette::HighlightedText));
            m_painter.setFont(bold);
        } else {
            m_painter.setPen(text);
            m_painter.setFont(m_small);
        }
        m_painter.drawText(item.labelRect, Qt::AlignCenter, item.text);
    }
}

void TimelinePainter::paintMarker(const State &state)
{
    const TimelineLayout &l = m_layout;
    const double x = std::clamp(state.markerX, l.plot.left(), l.plot.right());
    const QColor colour = state.answered ? colourOf(m_layout.timerLane) : m_palette.color(QPalette::Highlight);
    m_painter.setPen(QPen(colour, 2));
    m_painter.drawLine(QPointF(x, l.header.top() + 3), QPointF(x, l.plot.bottom()));

    // The flag points the way the marker goes: right of the line for a stop, left of it for a
    // start (so that it never hides the anchor's name), flipped where the plot ends.
    QFont bold = m_small;
    bold.setBold(true);
    const QFontMetricsF fm(bold);
    const double w = fm.horizontalAdvance(state.markerText) + 12;
    const bool flip = m_call.marker != MarkerKind::Start ? x + w > l.plot.right() + 10 : x - w >= l.labels.left();
    const QRectF flag(flip ? x - w : x, l.header.top() + 3, w, l.header.height() - 5);
    m_flag = flag;
    m_painter.setPen(Qt::NoPen);
    m_painter.setBrush(colour);
    m_painter.drawRoundedRect(flag, 3, 3);
    m_painter.setPen(m_palette.color(QPalette::HighlightedText));
    m_painter.setFont(bold);
    m_painter.drawText(flag, Qt::AlignCenter, state.markerText);
}

void TimelinePainter::paintMultiples()
{
    const TimelineLayout &l = m_layout;
    const LengthQuestion &question = m_call.length;
    if (!(question.reference > 0))
        return;
    const QColor text = m_palette.color(QPalette::Text);
    m_painter.setFont(m_small);
    const QFontMetricsF fm(m_small);
    const double pixelsPerMultiple
        = std::fabs(pixelOfMultiple(l.scale, m_call.anchor, question.reference, 1) - l.anchorX);
    // Every multiple when they have room, else every 2nd, 5th, 10th, 20th, 50th, 100th, …: as many
    // as the widest label leaves room for (a reading of 10,000 operations has thousands in view).
    const auto largest = static_cast<std::int64_t>(std::floor(question.maximum));
    const double room = fm.horizontalAdvance(QStringLiteral("%1×").arg(largest)) + 12;
    std::int64_t every = 1;
    for (std::int64_t decade = 1; pixelsPerMultiple * static_cast<double>(every) < room && decade <= 1'000'000'000;
         decade *= 10) {
        for (const int nice : {1, 2, 5}) {
            every = nice * decade;
            if (pixelsPerMultiple * static_cast<double>(every) >= room)
                break;
        }
    }
    for (std::int64_t k = 0; k <= largest; k += every) {
        const double x = pixelOfMultiple(l.scale, m_call.anchor, question.reference, k);
        if (x < l.plot.left() - 0.5 || x > l.plot.right() + 0.5)
            continue;
        m_painter.setPen(QPen(withAlpha(text, k == 1 ? 150 : 60), 1, Qt::DotLine));
        m_painter.drawLine(QPointF(x, rowTop(l.rows, l.timerLane)), QPointF(x, l.strip.top() + 4));
        m_painter.setPen(text);
        m_painter.drawText(QRectF(x - 30, l.strip.top() + 6, 60, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                           QStringLiteral("%1×").arg(k));
    }
    m_painter.setPen(m_palette.color(QPalette::PlaceholderText));
    m_painter.drawText(QRectF(l.strip.left(), l.strip.top() + 8 + fm.height(), l.strip.width(), fm.height()),
                       Qt::AlignHCenter | Qt::AlignTop,
                       QStringLiteral("multiples of the %1").arg(QString::fromStdString(question.referenceName)));
}

void TimelinePainter::paintAxis()
{
    const TimelineLayout &l = m_layout;
    const QColor text = m_palette.color(QPalette::Text);
    m_painter.setPen(QPen(text, 1));
    m_painter.setFont(m_small);
    const double y = l.axis.top() + 2;
    if (!m_call.measured) {
        // No time scale to draw: an arrow for the direction of time, and what the lengths mean.
        m_painter.drawLine(QPointF(l.plot.left(), y + 4), QPointF(l.plot.right(), y + 4));
        m_painter.drawLine(QPointF(l.plot.right(), y + 4), QPointF(l.plot.right() - 7, y));
        m_painter.drawLine(QPointF(l.plot.right(), y + 4), QPointF(l.plot.right() - 7, y + 8));
        m_painter.drawText(QRectF(l.plot.left(), y + 6, l.plot.width(), l.axis.height() - 6), Qt::AlignCenter,
                           QStringLiteral("time →   ordering only: lengths are not to scale"));
        return;
    }
    m_painter.drawLine(QPointF(l.plot.left(), y), QPointF(l.plot.right(), y));
    for (const TimelineLayout::Tick &tick : l.ticks) {
        m_painter.drawLine(QPointF(tick.x, y), QPointF(tick.x, y + 4));
        if (!tick.label.isEmpty())
            m_painter.drawText(QRectF(tick.x - 60, y + 5, 120, l.axis.height() - 5), Qt::AlignHCenter | Qt::AlignTop,
                               tick.label);
    }
}
