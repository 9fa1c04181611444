#pragma once

#include <QString>
#include <QStringList>

#include "ui/charts/sharedvalues.h"

#include <vector>

namespace lessonscope {
struct Panel;
}

// What a chart draws, independent of where it came from: a panel of one artifact, the overlay of
// two artifacts' panels (each series with its own x), or a run still measuring.
struct PlotSeries {
    QString label;
    SharedValues x; // line: the abscissae, one per y (shared with the series that have the same); bar: unused
    std::vector<double> y;
    // -1: coloured by its place in the panel. 0, 1, ...: a fixed colour, the one its place in its
    // own artifact's panel gives it (a comparison keeps each series' colour from the single view).
    int colorSlot = -1;
    // With a colorSlot: 0 is the slot's colour, 1, 2, … other tones of it.
    int shade = 0;
    // Which artifact of a comparison it comes from: 0 none (one artifact), 1 A, 2 B. A side is
    // told by the drawing, never by colour: A solid, B hatched (bars) or dashed (lines).
    int side = 0;
};

struct PlotPanel {
    QString kind; // "bar" or "line"
    QString title;
    QStringList labels; // bar: the categories
    QString xlabel;
    QString ylabel;
    std::vector<PlotSeries> series;
    bool logScale = false; // the lesson asks for a logarithmic value axis ("yscale": "log")
    bool logX = false;     // line: the lesson asks for a logarithmic x axis ("xscale": "log")

    bool isBar() const { return kind == QLatin1String("bar"); }
    bool isLine() const { return kind == QLatin1String("line"); }
    std::size_t pointCount() const;
    // A comparison's panel of one series each side: the legend outside the charts (A solid, B
    // hatched) names them. Any other panel names its series in a legend of its own.
    bool hasSharedLegend() const;
};

// A panel of an artifact as a plot: every series of a line panel gets the panel's x. Taken by
// value: a caller done with the panel moves it in, and its series are moved, not copied (10⁷
// points are 160 MB).
PlotPanel plotPanelFrom(lessonscope::Panel panel);
