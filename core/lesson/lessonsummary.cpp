#include "core/lesson/lessonsummary.h"

#include "core/base/units.h"
#include "core/lesson/disturbance.h"
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
        text += "  (median of "
            + formatCount(static_cast<std::int64_t>(stats.count + (figure.keepsInterrupted ? 0 : 0))) + " "
            + (figure.samplesLabel.empty() ? std::string("samples") : figure.samplesLabel);
        if (figure.interrupted > 0) {
            text += ", " + formatCount(static_cast<std::int64_t>(figure.interrupted))
                + (figure.keepsInterrupted ? " of them interrupted" : " interrupted left out");
        }
        text += "; min " + formatDuration(stats.min) + ", max " + formatDuration(stats.max) + ", MAD "
            + formatDuration(stats.mad) + ")";
    } else if (figure.interrupted > 0) {
        text += "  (interrupted: other work kept a timed thread from a CPU during it)";
    }
    return text;
}

std::string readableFigure(const Figure &figure, const Disturbance &disturbance)
{
    // A run's one-off numbers (an error against the reference) stay true whatever the machine did.
    if (disturbance.refused && figure.isDuration && figure.value)
        return "— (could not measure)";
    return formatFigure(figure);
}

Figure makeFigure(std::string key, std::string label, std::optional<double> value, bool isDuration,
                  std::vector<double> samples, std::string samplesLabel, bool compared)
{
    Figure figure;
    figure.key = std::move(key);
    figure.label = std::move(label);
    figure.value = value;
    figure.isDuration = isDuration;
    figure.samples = std::move(samples);
    figure.samplesLabel = std::move(samplesLabel);
    figure.compared = compared;
    return figure;
}

std::vector<double> roundMedians(const std::vector<std::vector<double>> &byRound)
{
    std::vector<double> medians;
    for (const std::vector<double> &round : byRound) {
        if (!round.empty())
            medians.push_back(median(round));
    }
    return medians;
}

} // namespace lessonscope
