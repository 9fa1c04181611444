#include "ui/charts/valuescale.h"

#include "ui/charts/plotpanel.h"
#include "core/base/units.h"

#include <algorithm>
#include <charconv>
#include <cmath>

bool meansSeconds(const QString &label)
{
    const QString l = label.trimmed().toLower();
    return l == QLatin1String("seconds") || l == QLatin1String("second") || l == QLatin1String("s")
        || l == QLatin1String("time (s)") || l == QLatin1String("seconds (s)")
        || l == QLatin1String("duration (s)");
}

ValueScale valueScaleFor(const PlotPanel &panel)
{
    ValueScale scale;
    scale.axisTitle = panel.ylabel;
    if (!meansSeconds(panel.ylabel))
        return scale;

    double largest = 0;
    for (const PlotSeries &series : panel.series) {
        for (double y : series.y) {
            if (std::isfinite(y))
                largest = std::max(largest, std::fabs(y));
        }
    }
    const lessonscope::DurationUnit unit = lessonscope::durationUnitFor(largest > 0 ? largest : 1.0);
    scale.isDuration = true;
    scale.secondsPerUnit = unit.secondsPerUnit;
    scale.unit = QString::fromUtf8(unit.symbol);
    scale.axisTitle = QStringLiteral("time (%1)").arg(scale.unit);
    return scale;
}

QString roundTripNumber(double value)
{
    char buffer[64];
    const auto result = std::to_chars(std::begin(buffer), std::end(buffer), value);
    return QString::fromLatin1(buffer, static_cast<qsizetype>(result.ptr - buffer));
}

QString exactValueText(double value, bool isDuration)
{
    if (!isDuration)
        return roundTripNumber(value);
    return QStringLiteral("%1 (%2 s)")
        .arg(QString::fromStdString(lessonscope::formatDuration(value)), roundTripNumber(value));
}
