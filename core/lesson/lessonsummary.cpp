#include "core/lesson/lessonsummary.h"

#include "core/base/units.h"
#include "core/timing/statistics.h"


namespace lessonscope {

std::string formatFigure(const Figure &figure)
{
    if (!figure.value)
        return {};
    if (!figure.isDuration)
        return formatNumber(*figure.value);
    std::string text = formatDuration(*figure.value);
    if (figure.samples.size() > 1) {
        const Statistics stats = summarize(figure.samples);
        text += "  (" + std::to_string(stats.count) + " samples; min " + formatDuration(stats.min) + ", max " +
                formatDuration(stats.max) + ", MAD " + formatDuration(stats.mad) + ")";
    }
    return text;
}

} // namespace lessonscope
