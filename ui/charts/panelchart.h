#pragma once

#include "ui/charts/plotpanel.h"
#include "ui/charts/valuescale.h"

#include <QList>
#include <QPair>
#include <QPixmap>
#include <QPointF>
#include <QWidget>

#include <memory>

// The one adapter between lessonscope and Qt Charts: every Qt Charts type is used in the
// adapter's own files (panelchart_p.h, panelchart*.cpp) and nowhere else. Qt Charts is deprecated
// from Qt 6.10 in favour of Qt Graphs; switching means rewriting those files, not their users.
// Draws one bar or line panel:
//  - bar: grouped bars over the categories, one set per series; line: lines with point markers;
//  - durations on the value axis in one readable unit, a logarithmic value axis on request;
//  - hover: the exact value and its series, as a tooltip and through hovered();
//  - series longer than the plot is wide are thinned (min/max per pixel column of the plot, for
//    the x range in view) before drawing;
//  - line panels zoom and pan along x: the wheel zooms about the pointer, dragging pans,
//    double-click shows everything again. Each view is thinned anew, so zooming in shows every
//    sample there is: detail is never lost.
class PanelChart : public QWidget
{
    Q_OBJECT

public:
    explicit PanelChart(QWidget *parent = nullptr);
    ~PanelChart() override;

    void setPanel(PlotPanel panel);
    const PlotPanel &panel() const; // as drawn: the distribution while it is shown

    // A long line of durations (100 samples or more in its first series) can be shown as its
    // distribution instead: a histogram of that series (lessonscope::histogramOf), where 100,000
    // samples in order draw a solid band. Undone by showing it in order again, or by setPanel.
    bool canShowDistribution() const;
    void setDistributionShown(bool shown);
    bool isDistributionShown() const;
    // Replaces one series' points (a run still measuring); pushed with replace(), axes follow.
    void setSeriesData(int series, std::vector<double> x, std::vector<double> y);

    // The x range a line panel shows: setXView zooms to it (clamped to the data), resetXView
    // shows all the data. Both thin the series anew for the plot's width.
    void setXView(double from, double to);
    // The values as a screen reader says them (also the widget's accessible description):
    // "Bar chart. float32: 1.31 ms; float64: 3.03 ms."
    QString valuesDescription() const;
    void resetXView();
    bool isZoomed() const;
    QPair<double, double> xView() const; // the x axis' range
    // Zooms about x by factor (< 1 zooms in), as the wheel does.
    void zoomAt(double x, double factor);

    void setLogScale(bool logScale);
    bool logScale() const;
    // The x axis of a line panel is logarithmic: the panel asks for it ("xscale": "log").
    bool xLogScale() const;
    const ValueScale &valueScale() const;

    // What the chart holds, for tests and exports: the drawn series, their names, and their
    // points in display units (value / valueScale().perUnit); bars as (category, value).
    int chartSeriesCount() const;
    QString chartSeriesName(int index) const;
    QColor chartSeriesColor(int index) const; // as drawn
    QList<QPointF> chartPoints(int index) const;
    QString valueAxisTitle() const;
    bool legendVisible() const;
    // A bar panel's category names as the axis shows them: "" for those left out where they
    // would not fit; and whether they are upright (never turned).
    QStringList shownCategoryLabels() const;
    bool categoryLabelsUpright() const;

    // The hover text for a point of this widget: "series · category: value", or empty.
    QString hoverTextAt(const QPoint &position) const;
    // The position in this widget where a data point is drawn (for tests and keyboard hover).
    QPoint positionOf(int series, int pointIndex) const;

    // The chart and its legend as drawn, at scale times their size on screen (drawn again, not
    // enlarged: text and lines stay sharp); imageSize() is that size at 1×.
    QImage toImage(double scale = 1.0) const;
    QSize imageSize() const;
    bool savePng(const QString &path, QString *error = nullptr, double scale = 1.0) const;
    // The legend under the chart as shown, one "name" a series; empty when it has none.
    QStringList legendEntries() const;
    bool saveSvg(const QString &path, QString *error = nullptr) const;

    static constexpr int kThinColumns = 600; // until the plot has a width
    // The colour of a fixed colour slot (PlotSeries::colorSlot) in the chart theme that suits
    // this palette: for legends drawn outside the charts.
    static QColor slotColor(int slot, const QPalette &palette);
    // The legend's mark of a comparison's side (0: A, 1: B), size pixels square: a side is drawn,
    // not coloured — A solid, B hatched, as its series are in every chart — so that series keep
    // their own colours across views.
    static QPixmap sideSwatch(int side, const QPalette &palette, int size);
    static QColor shadeOf(const QColor &colour, int shade);

signals:
    void hovered(const QString &text);
    // Clicked or focused: the chart the exports act on.
    void activated();
    void contextMenuRequested(const QPoint &globalPosition);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    // Keyboard access to the values: ← → step through the points (series by series), Home/End.
    void keyPressEvent(QKeyEvent *event) override;
    // A frame in the highlight colour while the chart has the keyboard focus.
    void paintEvent(QPaintEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QString valueText(double value) const;
    struct Impl;
    void rebuild();
    void rebuildBars();
    void rebuildLines();
    void rebuildValueAxis();       // series and axes anew: a new panel, unit or scale type
    void updateRanges();           // axes fitted to the points drawn
    void rethin();                 // line series thinned anew for the view and the plot's width
    bool zoomEvent(QEvent *event); // wheel, drag and double-click on the plot (panelchartzoom.cpp)
    void applyPalette();
    std::unique_ptr<Impl> d;
};
