// performance-07's own checks: its run figures against its samples, and its panels against its
// stdout (docs/artifact-format.md, "Validation").

#include "core/lesson/stdoutchecks.h"
#include "core/lessons/performance-07/performance07contract.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope::performance07 {

using namespace stdoutchecks;

namespace {

bool same(const std::optional<double> &stated, const std::optional<double> &expected)
{
    if (!stated || !expected)
        return stated.has_value() == expected.has_value();
    return std::fabs(*stated - *expected) <= 1e-12 * std::fabs(*expected);
}

void warnAt(const char *key, const std::string &message, Checker &checker)
{
    checker.warning(std::string("/stdout/") + key, message);
}

// Each stated figure is what its definition makes of the runs' clean samples.
void checkAgainstSamples(const RunFigures &stated, const RunFigures &expected, Checker &checker)
{
    const std::pair<const char *, bool> lists[] = {
        {key::kRunMedians, stated.medians == expected.medians},
        {key::kRunLows, stated.lows == expected.lows},
        {key::kRunHighs, stated.highs == expected.highs},
    };
    for (const auto &[listKey, ok] : lists) {
        if (!ok)
            warnAt(listKey, std::string(listKey) + " is not what each run's clean samples give", checker);
    }
    const std::pair<const char *, bool> numbers[] = {
        {key::kMedianOfRuns, same(stated.medianOfRuns, expected.medianOfRuns)},
        {key::kWithinWidth, same(stated.withinWidth, expected.withinWidth)},
        {key::kBetweenWidth, same(stated.betweenWidth, expected.betweenWidth)},
        {key::kWidthRatio, same(stated.ratio, expected.ratio)},
        {key::kPairs, stated.pairs == expected.pairs},
        {key::kPairsDifferent, stated.pairsDifferent == expected.pairsDifferent},
    };
    for (const auto &[numberKey, ok] : numbers) {
        if (!ok)
            warnAt(numberKey, std::string(numberKey) + " is not what the runs' clean samples give", checker);
    }
}

} // namespace

void check(const Json &document, const Json &out, Checker &checker)
{
    const Figures f = readFigures(out);
    checkSampleEvidence(out, key::kWarmSamples, checker);
    if (!durationsOf(out, key::kWarmSamples, checker))
        return;
    nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    checkAgainstSamples(f.stated, runFiguresOf(f.warm.cleanByRound()), checker);
    compareLine(document, kRunsPanel, kMedianSeries, f.stated.medians, key::kRunMedians, checker);
    compareLine(document, kRunsPanel, kLowSeries, f.stated.lows, key::kRunLows, checker);
    compareLine(document, kRunsPanel, kHighSeries, f.stated.highs, key::kRunHighs, checker);
    if (f.stated.withinWidth && f.stated.betweenWidth) {
        compareBar(document, kWidthsPanel, kWidthSeries, *f.stated.withinWidth, key::kWithinWidth, checker);
        compareBar(document, kPairsPanel, kPairsSeries, static_cast<double>(f.stated.pairs), key::kPairs, checker);
    }
}

} // namespace lessonscope::performance07
