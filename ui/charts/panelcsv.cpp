#include "ui/charts/panelcsv.h"

#include "ui/charts/plotpanel.h"
#include "ui/charts/valuescale.h"

namespace {

QString field(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n'))
        && !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

} // namespace

QString panelToCsv(const PlotPanel &panel)
{
    const QString eol = QStringLiteral("\r\n");
    QString csv;
    if (panel.isBar()) {
        csv += field(QStringLiteral("label"));
        for (const PlotSeries &series : panel.series)
            csv += QLatin1Char(',') + field(series.label);
        csv += eol;
        for (qsizetype row = 0; row < panel.labels.size(); ++row) {
            csv += field(panel.labels[row]);
            for (const PlotSeries &series : panel.series) {
                csv += QLatin1Char(',');
                if (static_cast<std::size_t>(row) < series.y.size())
                    csv += roundTripNumber(series.y[static_cast<std::size_t>(row)]);
            }
            csv += eol;
        }
        return csv;
    }

    csv += QStringLiteral("series,%1,%2")
               .arg(field(panel.xlabel.isEmpty() ? QStringLiteral("x") : panel.xlabel),
                    field(panel.ylabel.isEmpty() ? QStringLiteral("y") : panel.ylabel))
        + eol;
    for (const PlotSeries &series : panel.series) {
        const std::size_t n = std::min(series.x.size(), series.y.size());
        for (std::size_t i = 0; i < n; ++i)
            csv += field(series.label) + QLatin1Char(',') + roundTripNumber(series.x[i]) + QLatin1Char(',')
                + roundTripNumber(series.y[i]) + eol;
    }
    return csv;
}
