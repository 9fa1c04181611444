#include "ui/charts/plotpanel.h"

#include "core/artifact/artifact.h"

#include <algorithm>

std::size_t PlotPanel::pointCount() const
{
    std::size_t count = 0;
    for (const PlotSeries &s : series)
        count += s.y.size();
    return count;
}

bool PlotPanel::hasSharedLegend() const
{
    const auto sides = [this](int side) {
        return std::count_if(series.begin(), series.end(), [side](const PlotSeries &s) { return s.side == side; });
    };
    return !series.empty() && sides(0) == 0 && sides(1) <= 1 && sides(2) <= 1;
}

PlotPanel plotPanelFrom(lessonscope::Panel panel)
{
    PlotPanel plot;
    plot.kind = QString::fromStdString(panel.kind);
    plot.title = QString::fromStdString(panel.title);
    for (const std::string &label : panel.labels)
        plot.labels << QString::fromStdString(label);
    plot.xlabel = QString::fromStdString(panel.xlabel);
    plot.ylabel = QString::fromStdString(panel.ylabel);
    plot.logScale = panel.logScale;
    plot.logX = panel.logX && plot.isLine();
    const SharedValues x = plot.isLine() ? SharedValues(std::move(panel.x)) : SharedValues();
    for (lessonscope::Series &series : panel.series) {
        PlotSeries s;
        s.label = QString::fromStdString(series.label);
        s.y = std::move(series.y);
        s.x = x; // every series of the panel holds the one x
        plot.series.push_back(std::move(s));
    }
    return plot;
}
