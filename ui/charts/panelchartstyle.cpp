// The chart adapter, continued: palette, colours and value labels (see panelchart.h).
#include "ui/charts/panelchart_p.h"
#include "ui/common/plaintext.h"

#include "core/base/units.h"
#include "core/timing/statistics.h"

#include <QLogValueAxis>

#include <cmath>

#include <QBarSet>
#include <QEvent>
#include <QHash>
#include <QPainter>

void PanelChart::Impl::setDecadeLabels(double low, double high)
{
    for (const DecadeLabel &label : decadeLabels)
        delete label.item;
    decadeLabels.clear();
    if (!(low > 0) || !(high > low))
        return;
    decadeFrom = static_cast<int>(std::lround(std::log10(low)));
    decadeTo = static_cast<int>(std::lround(std::log10(high)));
    // A tick every decade, or every few when they are many: at the multiples of the step, where
    // the axis draws its lines (its base is 10^step).
    const int step = decadeStep(low, high);
    const int first = static_cast<int>(std::ceil(static_cast<double>(decadeFrom) / step)) * step;
    for (int exponent = first; exponent <= decadeTo; exponent += step) {
        auto *item = new QGraphicsSimpleTextItem(powerOfTenText(exponent), chart());
        item->setZValue(11);
        item->setFont(view->font());
        item->setBrush(view->palette().text());
        decadeLabels.push_back({item, exponent});
    }
    placeDecadeLabels();
}

// A logarithmic x axis: base 2 when the abscissae span ten doublings or fewer (depths 1, 2, 4 …
// each get a tick), else base 10; a little room beyond the ends, the same in log units, so the
// end points' markers are not cut. Zoomed, the view itself.
void PanelChart::Impl::updateLogXRange(QLogValueAxis *axis, double low, double high)
{
    if (zoomed) {
        low = viewFrom;
        high = viewTo;
    }
    if (!(low > 0) || !(high >= low))
        low = high = 1;
    low = onLogAxis(low);
    high = onLogAxis(high);
    const bool doublings = high / low <= 1024;
    // Across many decades a tick every few (as the value axis labels them): a tick and 8 minor
    // lines for each of 500 decades made a render of two such panels 10× slower (docs/security.md).
    const int step = decadeStep(low, high);
    axis->setBase(doublings ? 2 : std::pow(10.0, step));
    const double pad = zoomed ? 1.0 : std::pow(doublings ? 2.0 : 10.0, 0.25);
    axis->setRange(low / pad, high > low ? high * pad : low * (doublings ? 2 : 10));
    axis->setMinorTickCount(doublings || step > 1 ? 0 : 8);
}

void PanelChart::Impl::placeDecadeLabels()
{
    if (decadeLabels.empty() || decadeTo <= decadeFrom)
        return;
    const QRectF plot = chart()->plotArea();
    for (const DecadeLabel &label : decadeLabels) {
        const double share = static_cast<double>(label.exponent - decadeFrom) / (decadeTo - decadeFrom);
        const QRectF box = label.item->boundingRect();
        label.item->setPos(plot.left() - box.width() - 6, plot.bottom() - share * plot.height() - box.height() / 2);
    }
}

void PanelChart::Impl::addMedianLine(QAbstractAxis *xAxis)
{
    double from = 0, to = 0;
    if (panel.series.size() != 1 || !scale.isDuration || logX() || !xExtent(&from, &to) || !(to > from))
        return;
    std::vector<double> values;
    for (double y : panel.series.front().y) {
        if (std::isfinite(y))
            values.push_back(y);
    }
    if (values.size() < 5)
        return; // a median of a handful says little the points do not
    medianValue = lessonscope::median(values);
    medianLine = new QLineSeries;
    medianLine->setName(QObject::tr("median"));
    medianLine->append(from, displayed(medianValue));
    medianLine->append(to, displayed(medianValue));
    chart()->addSeries(medianLine);
    medianLine->attachAxis(xAxis);
    // Of the points drawn, every one: a lesson's figure may be of its clean calls alone, so the
    // label says which median it is rather than read as the header's.
    medianLabel
        = new QGraphicsSimpleTextItem(QObject::tr("median of the %1 shown: %2")
                                          .arg(values.size())
                                          .arg(QString::fromStdString(lessonscope::formatDuration(medianValue))),
                                      chart());
    medianLabel->setZValue(11);
}

void PanelChart::applyPalette()
{
    const QPalette pal = palette();
    QChart *chart = d->chart();
    const bool dark = pal.color(QPalette::Window).lightness() < 128;
    const QChart::ChartTheme theme = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (chart->theme() != theme)
        chart->setTheme(theme);
    chart->setBackgroundBrush(pal.base());
    chart->setBackgroundPen(Qt::NoPen);
    chart->setTitleBrush(pal.text());
    QFont titleFont = font();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsBrush(pal.text());
        axis->setTitleBrush(pal.text());
        axis->setLabelsFont(font());
        axis->setTitleFont(font());
        axis->setGridLineColor(pal.color(QPalette::Midlight));
        axis->setMinorGridLineColor(pal.color(QPalette::Midlight));
        axis->setLinePenColor(pal.color(QPalette::Mid));
    }
    chart->legend()->setLabelColor(pal.color(QPalette::Text));
    chart->legend()->setFont(font());
    // Fixed colours after the theme's, which setTheme() resets.
    for (std::size_t s = 0; s < d->panel.series.size(); ++s) {
        const int slot = d->panel.series[s].colorSlot;
        if (slot < 0)
            continue;
        const QColor colour = shadeOf(slotColor(slot, pal), d->panel.series[s].shade);
        // B of a comparison: the same colour, hatched or dashed (a side is not a colour).
        const bool sideB = d->panel.series[s].side == 2;
        if (d->bars && static_cast<qsizetype>(s) < d->bars->count()) {
            QBarSet *set = d->bars->barSets().at(static_cast<qsizetype>(s));
            set->setColor(colour);
            set->setBorderColor(colour);
            if (sideB) {
                set->setBrush(QBrush(colour, Qt::BDiagPattern));
                set->setPen(QPen(colour, 1.5));
            }
        } else if (static_cast<qsizetype>(s) < d->lines.size()) {
            QLineSeries *line = d->lines.at(static_cast<qsizetype>(s));
            line->setColor(colour);
            if (sideB) {
                line->setPen(QPen(colour, 2, Qt::DashLine));
                line->setBrush(pal.base()); // hollow markers
            }
        }
    }
    for (const Impl::BarLabel &label : d->barLabels) {
        label.item->setBrush(pal.text());
        label.item->setFont(font());
    }
    for (const Impl::DecadeLabel &label : d->decadeLabels) {
        label.item->setBrush(pal.text());
        label.item->setFont(font());
    }
    // A log value axis keeps Qt's labels for the layout, unseen: the decade labels are drawn instead.
    for (QAbstractAxis *axis : chart->axes(Qt::Vertical)) {
        if (qobject_cast<QLogValueAxis *>(axis))
            axis->setLabelsBrush(Qt::transparent);
    }
    d->placeDecadeLabels();
    d->placeBarLabels();
    d->updateLegend();
    if (d->medianLine) {
        QPen dashed(pal.color(QPalette::Text));
        dashed.setStyle(Qt::DashLine);
        dashed.setWidthF(1.2);
        d->medianLine->setPen(dashed);
        d->medianLine->setPointsVisible(false);
    }
    if (d->medianLabel) {
        d->medianLabel->setBrush(pal.text());
        d->medianLabel->setFont(font());
    }
    d->placeMedianLabel();
}

QColor PanelChart::Impl::seriesColour(std::size_t s) const
{
    if (bars && static_cast<qsizetype>(s) < bars->count())
        return bars->barSets().at(static_cast<qsizetype>(s))->color();
    if (static_cast<qsizetype>(s) < lines.size())
        return lines.at(static_cast<qsizetype>(s))->color();
    return {};
}

void PanelChart::Impl::updateLegend()
{
    const bool shown = drawnSeries() > 1 && !panel.hasSharedLegend();
    QStringList entries;
    for (std::size_t s = 0; shown && s < drawnSeries(); ++s) {
        // The artifact's names as text, never markup (docs/security.md); a non-breaking space
        // keeps each swatch with its name, ordinary spaces let the entries wrap.
        const bool sideB = panel.series[s].side == 2; // drawn hatched or dashed: its swatch too
        const QString swatch = bars ? (sideB ? QStringLiteral("▨") : QStringLiteral("■"))
                                    : (sideB ? QStringLiteral("┅") : QStringLiteral("━"));
        entries << QStringLiteral("<span style=\"color:%1\">%2</span>&nbsp;%3")
                       .arg(seriesColour(s).name(), swatch,
                            lessonscope::chartText(panel.series[s].label)); // elided at its bound, escaped
    }
    legend->setText(entries.join(QStringLiteral(" &nbsp; ")));
    legend->setVisible(shown);
}

// Tones of one colour, told apart by lightness: the colour itself, then darker, lighter, …
QColor PanelChart::shadeOf(const QColor &colour, int shade)
{
    static constexpr int kFactors[] = {100, 160, 60, 220, 40};
    const int factor = kFactors[static_cast<std::size_t>(shade) % std::size(kFactors)];
    return factor > 100 ? colour.darker(factor) : factor < 100 ? colour.lighter(100 * 100 / factor) : colour;
}

QPixmap PanelChart::sideSwatch(int side, const QPalette &palette, int size)
{
    QPixmap swatch(size, size);
    swatch.fill(palette.color(QPalette::Base));
    QPainter painter(&swatch);
    const QColor ink = palette.color(QPalette::Text);
    painter.setPen(QPen(ink, 1));
    painter.setBrush(side == 0 ? QBrush(ink) : QBrush(ink, Qt::BDiagPattern));
    painter.drawRect(QRectF(0.5, 0.5, size - 1, size - 1));
    return swatch;
}

QColor PanelChart::slotColor(int slot, const QPalette &palette)
{
    // The theme's own series colours, read once per theme from a chart that is never shown.
    static QHash<int, QList<QColor>> cache;
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    const QChart::ChartTheme theme = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    QList<QColor> &colours = cache[int(theme)];
    if (colours.isEmpty()) {
        QChart probe;
        probe.setTheme(theme);
        for (int i = 0; i < 5; ++i) {
            auto *series = new QLineSeries;
            probe.addSeries(series);
            colours << series->color();
        }
    }
    return colours.at(std::max(slot, 0) % colours.size());
}

void PanelChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyPalette();
    QWidget::changeEvent(event);
}
