// The chart adapter, continued: what the chart holds, hover, and export (see panelchart.h).
#include "ui/charts/panelchart_p.h"
#include "ui/common/pngfile.h"

#include <QBarCategoryAxis>
#include "ui/common/plaintext.h"

#include "core/base/atomicfile.h"

#include <QAbstractAxis>
#include <QBarSet>
#include <QBuffer>
#include <QContextMenuEvent>
#include <QEvent>
#include <QFile>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QSvgGenerator>
#include <QToolTip>

#include <algorithm>

QPointF PanelChart::Impl::toChart(const QWidget *owner, const QPoint &position) const
{
    const QPoint inViewport = view->viewport()->mapFrom(owner, position);
    return chart()->mapFromScene(view->mapToScene(inViewport));
}

QPoint PanelChart::Impl::fromChart(const QWidget *owner, const QPointF &position) const
{
    const QPoint inViewport = view->mapFromScene(chart()->mapToScene(position));
    return view->viewport()->mapTo(owner, inViewport);
}

int PanelChart::chartSeriesCount() const
{
    return d->bars ? static_cast<int>(d->bars->count()) : static_cast<int>(d->lines.size());
}

QString PanelChart::chartSeriesName(int index) const
{
    // The panel's own label: the chart holds it escaped (lessonscope::chartText()).
    if (index < 0 || index >= chartSeriesCount() || static_cast<std::size_t>(index) >= d->panel.series.size())
        return QString();
    return d->panel.series[static_cast<std::size_t>(index)].label;
}

QList<QPointF> PanelChart::chartPoints(int index) const
{
    QList<QPointF> points;
    if (d->bars) {
        if (index < 0 || index >= d->bars->count())
            return points;
        const QBarSet *set = d->bars->barSets().at(index);
        for (qsizetype c = 0; c < set->count(); ++c)
            points.append(QPointF(static_cast<double>(c), set->at(c)));
        return points;
    }
    return index >= 0 && index < d->lines.size() ? d->lines.at(index)->points() : points;
}

QString PanelChart::valueAxisTitle() const
{
    const QList<QAbstractAxis *> axes = d->chart()->axes(Qt::Vertical);
    return axes.isEmpty() ? QString() : axes.constFirst()->titleText();
}

QColor PanelChart::chartSeriesColor(int index) const
{
    return index >= 0 ? d->seriesColour(static_cast<std::size_t>(index)) : QColor();
}

QStringList PanelChart::shownCategoryLabels() const
{
    auto *axis = qobject_cast<QBarCategoryAxis *>(d->chart()->axes(Qt::Horizontal).value(0));
    QStringList shown;
    for (const QString &name : axis ? axis->categories() : QStringList())
        shown << (name.count(QChar(0x200B)) == name.size() ? QString() : name);
    return shown;
}

bool PanelChart::categoryLabelsUpright() const
{
    const QAbstractAxis *axis = d->chart()->axes(Qt::Horizontal).value(0);
    return !axis || axis->labelsAngle() == 0;
}

bool PanelChart::legendVisible() const { return !d->legend->isHidden(); }

QStringList PanelChart::legendEntries() const
{
    QStringList entries;
    for (std::size_t s = 0; legendVisible() && s < d->drawnSeries(); ++s)
        entries << lessonscope::elidedChartText(d->panel.series[s].label);
    return entries;
}

QString PanelChart::hoverTextAt(const QPoint &position) const
{
    const QPointF at = d->toChart(this, position);
    if (!d->chart()
             ->plotArea()
             .adjusted(-Impl::kHoverRadius, -Impl::kHoverRadius, Impl::kHoverRadius, Impl::kHoverRadius)
             .contains(at))
        return {};

    if (d->bars) {
        const qsizetype sets = d->bars->count();
        if (sets == 0)
            return {};
        const QPointF value = d->chart()->mapToValue(at, d->bars);
        const qsizetype category = qRound(value.x());
        const double offset = value.x() - static_cast<double>(category) + Impl::kBarWidth / 2;
        if (category < 0 || category >= d->drawnCategories() || offset < 0 || offset > Impl::kBarWidth)
            return {};
        const auto s
            = std::min<std::size_t>(static_cast<std::size_t>(offset / (Impl::kBarWidth / static_cast<double>(sets))),
                                    static_cast<std::size_t>(sets - 1));
        const std::vector<double> &y = d->panel.series[s].y;
        const auto c = static_cast<std::size_t>(category);
        return QStringLiteral("%1 · %2: %3")
            .arg(d->panel.series[s].label, d->panel.labels[category],
                 c < y.size() ? exactValueText(y[c], d->scale.isDuration) : tr("no value"));
    }

    double best = Impl::kHoverRadius * Impl::kHoverRadius;
    QString text;
    for (qsizetype s = 0; s < d->lines.size(); ++s) {
        const auto si = static_cast<std::size_t>(s);
        const PlotSeries &series = d->panel.series[si];
        for (std::size_t i : d->kept[si]) {
            const QPointF drawn(series.x[i], d->scale.toDisplay(series.y[i]));
            const QPointF delta = d->chart()->mapToPosition(drawn, d->lines[s]) - at;
            const double distance = delta.x() * delta.x() + delta.y() * delta.y();
            if (distance > best)
                continue;
            best = distance;
            const QString xName = d->panel.xlabel.isEmpty() ? QStringLiteral("x") : d->panel.xlabel;
            text = QStringLiteral("%1 · %2 %3: %4")
                       .arg(series.label, xName, roundTripNumber(series.x[i]),
                            exactValueText(series.y[i], d->scale.isDuration));
        }
    }
    return text;
}

QPoint PanelChart::positionOf(int series, int pointIndex) const
{
    if (d->bars) {
        const qsizetype sets = d->bars->count();
        if (series < 0 || series >= sets || pointIndex < 0 || pointIndex >= d->drawnCategories())
            return {};
        const double width = Impl::kBarWidth / static_cast<double>(sets);
        const double x = pointIndex - Impl::kBarWidth / 2 + (series + 0.5) * width;
        const double top = d->barValue(static_cast<std::size_t>(series), pointIndex);
        const double y = d->log ? top / 1.5 : top / 2;
        return d->fromChart(this, d->chart()->mapToPosition(QPointF(x, y), d->bars));
    }
    const QList<QPointF> points = chartPoints(series);
    if (pointIndex < 0 || pointIndex >= points.size())
        return {};
    return d->fromChart(this, d->chart()->mapToPosition(points.at(pointIndex), d->lines.at(series)));
}

bool PanelChart::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == d->view->viewport()) {
        if (event->type() == QEvent::MouseButtonPress)
            emit activated();
        if (zoomEvent(event))
            return true;
        if (event->type() == QEvent::ContextMenu) {
            emit activated();
            emit contextMenuRequested(static_cast<QContextMenuEvent *>(event)->globalPos());
            return true;
        }
        QString text;
        if (event->type() == QEvent::MouseMove) {
            const auto *mouse = static_cast<QMouseEvent *>(event);
            text = hoverTextAt(d->view->viewport()->mapTo(this, mouse->position().toPoint()));
            if (!text.isEmpty())
                QToolTip::showText(mouse->globalPosition().toPoint(), lessonscope::plainToolTip(text), d->view);
        }
        if (event->type() == QEvent::MouseMove || event->type() == QEvent::Leave) {
            if (text.isEmpty() && !d->lastHover.isEmpty())
                QToolTip::hideText();
            if (text != d->lastHover) {
                d->lastHover = text;
                emit hovered(text);
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

void PanelChart::keyPressEvent(QKeyEvent *event)
{
    // Every drawn point, series by series: (series, point index).
    QList<QPair<int, int>> points;
    for (int s = 0; s < chartSeriesCount(); ++s) {
        const qsizetype count = chartPoints(s).size();
        for (int i = 0; i < count; ++i)
            points.append({s, i});
    }
    int next = d->keyPoint;
    switch (event->key()) {
    case Qt::Key_Right:
        next = d->keyPoint + 1;
        break;
    case Qt::Key_Left:
        next = d->keyPoint < 0 ? 0 : d->keyPoint - 1;
        break;
    case Qt::Key_Home:
        next = 0;
        break;
    case Qt::Key_End:
        next = static_cast<int>(points.size()) - 1;
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    if (points.isEmpty())
        return;
    d->keyPoint = std::clamp(next, 0, static_cast<int>(points.size()) - 1);
    const QPoint at = positionOf(points[d->keyPoint].first, points[d->keyPoint].second);
    const QString text = hoverTextAt(at);
    QToolTip::showText(mapToGlobal(at), lessonscope::plainToolTip(text), this);
    d->lastHover = text;
    emit hovered(text);
}

void PanelChart::paintEvent(QPaintEvent *event)
{
    QWidget::paintEvent(event);
    if (!hasFocus())
        return;
    QPainter painter(this);
    painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
    painter.drawRect(rect().adjusted(1, 1, -1, -1));
}

void PanelChart::focusInEvent(QFocusEvent *event)
{
    update();
    emit activated();
    QWidget::focusInEvent(event);
}

void PanelChart::focusOutEvent(QFocusEvent *event)
{
    update();
    QWidget::focusOutEvent(event);
}

QSize PanelChart::imageSize() const
{
    QRect area = d->view->geometry();
    if (legendVisible())
        area = area.united(d->legend->geometry());
    return area.size();
}

QImage PanelChart::toImage(double scale) const
{
    QRect area = d->view->geometry();
    if (legendVisible())
        area = area.united(d->legend->geometry());
    QImage image((QSizeF(area.size()) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(palette().color(QPalette::Window));
    QPainter painter(&image);
    // The widgets as drawn (QWidget::render), not QGraphicsView::render(QPainter *)'s scene.
    static_cast<QWidget *>(d->view)->render(&painter, d->view->geometry().topLeft() - area.topLeft());
    if (legendVisible())
        d->legend->render(&painter, d->legend->geometry().topLeft() - area.topLeft());
    return image;
}

bool PanelChart::savePng(const QString &path, QString *error, double scale) const
{
    return writePngFile(toImage(scale), path, error);
}

bool PanelChart::saveSvg(const QString &path, QString *error) const
{
    QSvgGenerator generator;
    QByteArray svg;
    QBuffer buffer(&svg);
    generator.setOutputDevice(&buffer);
    generator.setSize(d->view->size());
    generator.setViewBox(QRect(QPoint(0, 0), d->view->size()));
    generator.setTitle(d->panel.title);
    generator.setDescription(tr("A lessonscope panel"));
    QPainter painter;
    if (!painter.begin(&generator)) {
        if (error)
            *error = tr("cannot write %1").arg(path);
        return false;
    }
    d->view->render(&painter);
    painter.end();
    return lessonscope::writeFileAtomically(
        path, std::string_view(svg.constData(), static_cast<std::size_t>(svg.size())), error);
}
