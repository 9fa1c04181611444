#pragma once

// Private to the chart adapter (panelchart.cpp, panelchartinteraction.cpp): the only header in
// lessonscope that includes Qt Charts.

#include "ui/charts/panelchart.h"

#include <QBarSeries>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QLineSeries>

#include <optional>
#include <QLogValueAxis>

#include <algorithm>
#include <cmath>
#include <vector>

struct PanelChart::Impl {
    static constexpr int kMarkerLimit = 200; // beyond this many points, markers would hide the line
    static constexpr double kBarWidth = 0.7;
    static constexpr double kHoverRadius = 16; // px
    // What one chart draws at most (docs/security.md, "Limits"): Qt Charts' cost grows with
    // series and categories (10,000 series took 484 s, mostly tearing the chart down; 100,000
    // bar labels 96 s and 1.8 GB), and no reader can tell that many apart. The rest stay in the
    // panel (exports have them) and a note under the chart says what was left out.
    static constexpr std::size_t kMaxSeries = 64;
    static constexpr qsizetype kMaxCategories = 500;
    static constexpr qsizetype kMaxBarLabels = 256; // value labels over the bars, beyond: none
    // What a logarithmic axis is given, in the units drawn: Qt Charts 6.4 recursed between
    // QLogValueAxis::setRange and XLogYDomain::setRange until the stack overflowed for a value of
    // 1.8 × 10³⁰⁸ (or x from 5 × 10⁻³²⁴), whose decade's power of ten is infinite. Values beyond are
    // drawn at the edge, and the note under the chart says how many.
    static constexpr double kLogAxisLow = 1e-250;
    static constexpr double kLogAxisHigh = 1e250;
    static double onLogAxis(double v) { return std::clamp(v, kLogAxisLow, kLogAxisHigh); }
    // Decades between a log axis's lines: 1, or as many as keep them to about twelve.
    static int decadeStep(double low, double high)
    {
        if (!(low > 0) || !(high > low))
            return 1;
        const double decades = std::ceil(std::log10(high) - std::log10(low) - 1e-9); // high / low overflows
        return std::max(1, static_cast<int>((decades + 11) / 12));
    }

    QChartView *view = nullptr;
    QLabel *note = nullptr; // what the caps left out; hidden when nothing
    // The series named under the chart, wrapped to its width and never cut short (Qt Charts'
    // own legend elides names to "p…" in a narrow chart). Hidden for one series, and for a
    // comparison, whose one legend outside the charts names the sides.
    QLabel *legend = nullptr;
    void updateLegend();
    QColor seriesColour(std::size_t s) const; // as drawn
    PlotPanel panel;
    // While a distribution is shown instead: the panel as given (its samples in order).
    std::optional<PlotPanel> inOrder;
    ValueScale scale;
    bool log = false;
    QList<QLineSeries *> lines;
    // A one-series line panel of durations: its median as a dashed line, labelled at its right
    // end ("median 8.50 µs"): the figure a benchmark reports, drawn where the samples are.
    QLineSeries *medianLine = nullptr;
    QGraphicsSimpleTextItem *medianLabel = nullptr; // owned by the chart
    double medianValue = 0;
    QBarSeries *bars = nullptr;
    QString lastHover;
    int keyPoint = -1;                          // the point ← → last stepped to, counted over all series
    std::vector<std::vector<std::size_t>> kept; // per series: the indices drawn, after thinning
    // Line panels: the x range zoomed to (all the data when !zoomed), and the pixel columns the
    // series were last thinned for (re-thinned when the plot's width changes).
    bool zoomed = false;
    double viewFrom = 0, viewTo = 0;
    int thinnedFor = 0;
    bool rethinQueued = false;
    QPoint dragFrom; // viewport position of a pan in progress; null when none
    double dragViewFrom = 0, dragViewTo = 0;
    struct BarLabel {
        QGraphicsSimpleTextItem *item;
        std::size_t series;
        qsizetype category;
    };
    std::vector<BarLabel> barLabels; // owned by the chart
    // A log value axis's ticks as powers of ten ("10⁻⁵"): drawn over Qt's own labels, which
    // stay for the layout but transparent (Qt would print "1e-05"). Owned by the chart.
    struct DecadeLabel {
        QGraphicsSimpleTextItem *item;
        int exponent;
    };
    std::vector<DecadeLabel> decadeLabels;
    int decadeFrom = 0, decadeTo = 0; // the log axis's range, in exponents
    QStringList categoryNames;        // a bar panel's categories as given; the axis may show some only
    int categoryStep = 0;             // every categoryStep-th is named (0: not fitted yet)

    QChart *chart() const { return view->chart(); }
    // On a log axis (the viewer's toggle or the panel's own yscale) only positive values have a place.
    bool drawable(double y) const { return std::isfinite(y) && (!logY() || y > 0); }
    // The value axis is logarithmic: the viewer's switch, the panel's own yscale, or a geometric
    // sweep whose values span two decades (each size's time would otherwise sit on the floor).
    bool logY() const { return log || panel.logScale || geometricY; }
    bool geometricY = false;
    static bool spansDecades(const PlotPanel &panel);
    // A line panel's logarithmic x axis ("xscale": "log"): zoom, pan and thinning work in
    // log10(x), where the axis is linear; x <= 0 has no place on it and is left out.
    // Read per point while thinning: set by rebuild() with geometricX, not asked of the kind's text.
    bool logX() const { return lineOnLogX; }
    bool lineOnLogX = false;
    // A value in the axis's units as the value axis is given it (clamped on a log axis).
    double displayed(double y) const { return logY() ? onLogAxis(scale.toDisplay(y)) : scale.toDisplay(y); }
    // A sweep in geometric steps across two decades (sizes 16, 64, 256, 1024) is drawn on a log
    // x axis whether or not the panel asks: on a linear one its first points crowd at 0.
    bool geometricX = false;
    static bool isGeometricSweep(const PlotPanel &panel);
    bool drawableX(double x) const { return std::isfinite(x) && (!logX() || x > 0); }
    double toAxis(double x) const { return logX() ? std::log10(x) : x; }
    double fromAxis(double a) const { return logX() ? std::pow(10.0, a) : a; }
    std::size_t drawnSeries() const { return std::min(panel.series.size(), kMaxSeries); }
    qsizetype drawnCategories() const { return std::min(panel.labels.size(), kMaxCategories); }
    QString limitText() const; // "and 36 more series not drawn", or empty

    int columns() const;                          // the plot's width in pixels (kThinColumns before it has one)
    bool xExtent(double *from, double *to) const; // of every series' finite x; false when none
    void computeKept(std::size_t s);
    QList<QPointF> linePoints(std::size_t s) const;
    double barValue(std::size_t s, qsizetype category) const;
    void placeBarLabels();
    void fitCategoryLabels();                      // every k-th category named, upright, when they do not all fit
    void setDecadeLabels(double low, double high); // none when high <= low
    void placeDecadeLabels();
    void addMedianLine(QAbstractAxis *xAxis);
    void placeMedianLabel();
    void updateLogXRange(QLogValueAxis *axis, double low, double high);
    // The span of the values drawn, from which the axes take their ranges.
    struct DrawnExtent {
        double low = 0, high = 0, xLow = 0, xHigh = 0;
        bool any = false, anyX = false, integral = true;
        int linePoints = 0;
    };
    DrawnExtent drawnExtent() const;
    void updateXRange(DrawnExtent extent);
    void updateYRange(const DrawnExtent &extent);

    // Chart item coordinates <-> the PanelChart's own.
    QPointF toChart(const QWidget *owner, const QPoint &position) const;
    QPoint fromChart(const QWidget *owner, const QPointF &position) const;
};
