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
        || l == QLatin1String("time (s)") || l == QLatin1String("seconds (s)") || l == QLatin1String("duration (s)");
}

QString powerOfTenText(int exponent)
{
    // Near 1 as plain numbers ("0.01", "1,000"); beyond, as powers.
    static const char *const kPlain[] = {"0.001", "0.01", "0.1", "1", "10", "100", "1,000"};
    if (exponent >= -3 && exponent <= 3)
        return QString::fromLatin1(kPlain[exponent + 3]);
    static const char16_t kSuperscript[] = u"⁰¹²³⁴⁵⁶⁷⁸⁹";
    QString text = QStringLiteral("10");
    if (exponent < 0)
        text += QChar(u'⁻');
    for (const QChar digit : QString::number(std::abs(exponent)))
        text += QChar(kSuperscript[digit.digitValue()]);
    return text;
}

namespace {

// Plain values in a power of ten named in the axis title, when their ticks would need exponents.
void scalePlainValues(ValueScale &scale, double largest)
{
    if (!(largest > 0) || (largest < 1e4 && largest >= 1e-2))
        return;
    int exponent = static_cast<int>(std::floor(std::log10(largest)));
    if (exponent > 0)
        exponent -= exponent % 3; // thousands, millions, billions: groups people name
    scale.perUnit = std::pow(10.0, exponent);
    const QString power = exponent == 3 ? QStringLiteral("thousands")
        : exponent == 6                 ? QStringLiteral("millions")
        : exponent == 9                 ? QStringLiteral("billions")
                                        : QStringLiteral("× %1").arg(powerOfTenText(exponent));
    scale.axisTitle = scale.axisTitle.isEmpty() ? power : QStringLiteral("%1 (%2)").arg(scale.axisTitle, power);
}

} // namespace

ValueScale valueScaleFor(const PlotPanel &panel)
{
    ValueScale scale;
    scale.axisTitle = panel.ylabel;
    double largest = 0;
    for (const PlotSeries &series : panel.series) {
        for (double y : series.y) {
            if (std::isfinite(y))
                largest = std::max(largest, std::fabs(y));
        }
    }
    if (!meansSeconds(panel.ylabel)) {
        if (!panel.logScale) // a log axis spans decades: its ticks are powers of ten already
            scalePlainValues(scale, largest);
        return scale;
    }

    const lessonscope::DurationUnit unit = lessonscope::durationUnitFor(largest > 0 ? largest : 1.0);
    scale.isDuration = true;
    scale.perUnit = unit.secondsPerUnit;
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
