// performance-05's own checks: its stdout against itself (every figure recomputed from the
// samples), its panels (by position) and its trace (docs/artifact-format.md, "performance-05").

#include "core/lesson/samplefields.h"
#include "core/lesson/stdoutchecks.h"
#include "core/lessons/performance-05/performance05contract.h"
#include "core/lessons/performance-05/performance05statistics.h"

#include <cmath>

namespace lessonscope::performance05 {

using namespace stdoutchecks;

namespace {

using SampleList = std::optional<std::vector<double>>;

// The most samples whose figures the checks recompute: five times the most a run takes (20,000).
constexpr std::size_t kMaxRecomputedSamples = 100'000;

bool near(double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b)); }

void checkStated(const std::optional<double> &stated, double expected, const char *key, const char *what,
                 Checker &checker)
{
    if (stated && !near(*stated, expected))
        checker.warning("/stdout",
                        "stdout's " + std::string(key) + " (" + describeNumber(*stated) + ") is not the " + what
                            + " of " + key::kWarmSamples + " (" + describeNumber(expected) + ")");
}

// An integer or null on stdout; nothing (and a warning) for anything else.
std::optional<std::optional<std::int64_t>> countOrNull(const Json &out, const char *key, bool nullable,
                                                       Checker &checker)
{
    const Json *value = Checker::member(out, key);
    if (!value)
        return std::nullopt;
    if (nullable && value->is_null())
        return std::optional<std::int64_t>();
    if (!value->is_number_integer() || value->get<std::int64_t>() < 0) {
        checker.warning("/stdout", "stdout's " + std::string(key) + " is not a count: it is " + describeValue(*value));
        return std::nullopt;
    }
    return std::optional(value->get<std::int64_t>());
}

// The median's interval: two durations, low ≤ median ≤ high, the order statistics of the samples.
void checkInterval(const Json &out, const SampleList &samples, const std::optional<double> &median, Checker &checker)
{
    const Json *interval = Checker::member(out, key::kMedianCi95);
    if (!interval)
        return;
    const auto ends = durationsOf(out, key::kMedianCi95, checker);
    if (!ends || ends->size() != 2) {
        checker.warning("/stdout", std::string("stdout's ") + key::kMedianCi95 + " is not a pair [low, high]");
        return;
    }
    const double low = (*ends)[0], high = (*ends)[1];
    if (!(low <= high))
        checker.warning("/stdout", std::string("stdout's ") + key::kMedianCi95 + " has its low end above its high end");
    if (median && !(low <= *median && *median <= high))
        checker.warning("/stdout",
                        std::string("stdout's ") + key::kWarmMedian + " (" + describeNumber(*median)
                            + ") lies outside its own 95% interval " + key::kMedianCi95);
    if (samples && !samples->empty()) {
        const MedianInterval expected = medianInterval(*samples, kZ95);
        if (low != expected.low || high != expected.high)
            checker.warning("/stdout",
                            std::string("stdout's ") + key::kMedianCi95
                                + " is not the order-statistic "
                                  "interval of "
                                + key::kWarmSamples + " ([" + describeNumber(expected.low) + ", "
                                + describeNumber(expected.high) + "])");
    }
}

void checkCounts(const Json &out, const SampleList &samples, Checker &checker)
{
    if (const auto products = countOrNull(out, key::kProductsTimed, false, checker);
        products && *products && samples && static_cast<std::size_t>(**products) != samples->size())
        checker.warning("/stdout",
                        "stdout's " + std::string(key::kProductsTimed) + " (" + std::to_string(**products)
                            + ") is not one product per sample (" + std::to_string(samples->size()) + ")");
    const auto outliers = countOrNull(out, key::kOutliers, false, checker);
    const auto needed = countOrNull(out, key::kSamplesFor2Percent, true, checker);
    if (!samples || samples->empty())
        return;
    const SampleFigures f = figuresOf(*samples);
    if (outliers && *outliers && static_cast<std::size_t>(**outliers) != f.outliers)
        checker.warning("/stdout",
                        "stdout's " + std::string(key::kOutliers) + " (" + std::to_string(**outliers)
                            + ") is not the count of samples above median + 5 × MAD (" + std::to_string(f.outliers)
                            + ")");
    const auto expected = f.samplesFor2Percent;
    if (needed
        && (needed->has_value() != expected.has_value()
            || (expected && static_cast<std::size_t>(**needed) != *expected)))
        checker.warning("/stdout",
                        "stdout's " + std::string(key::kSamplesFor2Percent)
                            + " is not what its rule gives "
                              "for "
                            + key::kWarmSamples + " (" + (expected ? std::to_string(*expected) : std::string("null"))
                            + ")");
}

// The neighbour ran exactly when it was asked for.
void checkNeighbour(const Json &out, Checker &checker)
{
    const Figures f = readFigures(out);
    durationOf(out, key::kNeighbourBusy, checker);
    if (f.neighbour != "off" && f.neighbour != "on") {
        checker.warning("/stdout", std::string("stdout's ") + key::kNeighbour + " is neither \"off\" nor \"on\"");
        return;
    }
    if (f.neighbour == "on" && !(f.neighbourBursts && *f.neighbourBursts >= 1))
        checker.warning("/stdout",
                        std::string("stdout says the neighbour was on, but ") + key::kNeighbourBursts
                            + " counts no burst: it never ran");
    if (f.neighbourCpu && f.neighbourCpu != f.workerCpu)
        checker.warning("/stdout",
                        std::string("stdout's ") + key::kNeighbourCpu + " is not " + key::kWorkerCpu
                            + ": the neighbour is pinned to the worker's core or to none");
    if (f.neighbour == "off" && f.neighbourBursts && *f.neighbourBursts != 0)
        checker.warning("/stdout",
                        std::string("stdout says the neighbour was off, but ") + key::kNeighbourBursts + " counts "
                            + std::to_string(*f.neighbourBursts) + " bursts");
}

void checkPanels(const Json &document, const std::vector<double> &samples, Checker &checker)
{
    const PanelValues v = panelValues(samples);
    std::string pointer;
    const Json *bars = panelAt(document, kDistributionPanel, "bar", &pointer);
    if (bars) {
        const Json *labels = Checker::member(*bars, "labels");
        if (!labels || *labels != Json(v.binLabels))
            checker.warning(pointer,
                            "the distribution's bins are not those of stdout's " + std::string(key::kWarmSamples));
        const Json *counts = seriesValues(*bars, kCallsSeries, &pointer);
        if (counts && counts->size() != v.binCounts.size())
            checker.warning(pointer,
                            "the distribution has " + std::to_string(counts->size()) + " bars but "
                                + std::to_string(v.binCounts.size()) + " bins");
        for (std::size_t i = 0; counts && counts->size() == v.binCounts.size() && i < v.binCounts.size(); ++i)
            compareValue(*counts, i, pointer, static_cast<double>(v.binCounts[i]), "bin's count of samples", checker);
    }
    compareLine(document, kSamplesPanel, kSampleSeries, samples, key::kWarmSamples, checker);
    compareLine(document, kSamplesPanel, kRunningMedianSeries, v.runningMedian, "running median", checker);
    compareLine(document, kSamplesPanel, kRunningMeanSeries, v.runningMean, "running mean", checker);
    compareLine(document, kWidthPanel, kWidthSeries, v.width, "interval width", checker);
    compareLine(document, kWidthPanel, kTargetSeries, v.target, "4% of the running median", checker);
}

// Each sample is its traced call's dispatch to observed readiness.
void checkTrace(const Json &document, const std::vector<double> &samples, Checker &checker)
{
    const Json *trace = Checker::member(document, "trace");
    const Json *calls = trace && trace->is_object() ? Checker::member(*trace, "calls") : nullptr;
    const Json *begin = calls && calls->is_object() ? Checker::member(*calls, "dispatchBegin") : nullptr;
    const Json *ready = calls && calls->is_object() ? Checker::member(*calls, "readyObserved") : nullptr;
    if (!begin || !ready || !begin->is_array() || !ready->is_array())
        return; // the format's checks report a malformed trace
    if (begin->size() != samples.size() || ready->size() != samples.size()) {
        checker.warning("/trace/calls",
                        "the trace has " + std::to_string(begin->size()) + " calls but stdout has "
                            + std::to_string(samples.size()) + " " + key::kWarmSamples);
        return;
    }
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const Json &b = (*begin)[i], &r = (*ready)[i];
        std::int64_t span = 0;
        if (!b.is_number_integer() || !r.is_number_integer()
            || __builtin_sub_overflow(r.get<std::int64_t>(), b.get<std::int64_t>(), &span))
            continue; // the format's checks report it
        if (static_cast<double>(span) / 1e9 != samples[i]) {
            checker.warning("/stdout",
                            "stdout's " + std::string(key::kWarmSamples) + "[" + std::to_string(i)
                                + "] is not its traced call's dispatch to observed readiness");
            return; // one is enough: the rest would say the same
        }
    }
}

} // namespace

void check(const Json &document, const Json &out, Checker &checker)
{
    SampleList samples = durationsOf(out, key::kWarmSamples, checker);
    checkSampleEvidence(out, key::kWarmSamples, checker);
    const auto median = durationOf(out, key::kWarmMedian, checker);
    const auto mean = durationOf(out, key::kMean, checker);
    const auto mad = durationOf(out, key::kMad, checker);
    nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    if (samples && samples->size() > kMaxRecomputedSamples) {
        // Recomputing costs some 100 bytes a sample, twice: a hostile file's millions are refused.
        checker.warning("/stdout",
                        "stdout's " + std::string(key::kWarmSamples) + " has " + std::to_string(samples->size())
                            + " samples, more than a run takes (" + std::to_string(kMaxRecomputedSamples)
                            + "): its figures are not recomputed");
        samples.reset();
    }
    checkMedian(samples, median, key::kWarmMedian, key::kWarmSamples, checker);
    if (samples && !samples->empty()) {
        const Statistics statistics = lessonscope::summarize(*samples);
        checkStated(mean, statistics.mean, key::kMean, "mean", checker);
        checkStated(mad, statistics.mad, key::kMad, "median absolute deviation", checker);
    }
    checkInterval(out, samples, median, checker);
    checkCounts(out, samples, checker);
    checkNeighbour(out, checker);
    if (samples) {
        checkPanels(document, *samples, checker);
        checkTrace(document, *samples, checker);
    }
}

} // namespace lessonscope::performance05
