// performance-05's own checks: its stdout against itself (every figure recomputed from the
// samples), its panels (by position) and its trace (docs/artifact-format.md, "performance-05").

#include "core/lesson/samplefields.h"
#include "core/lesson/stdoutchecks.h"
#include "core/lessons/performance-05/performance05contract.h"

namespace lessonscope::performance05 {

using namespace stdoutchecks;

namespace {

// The most samples whose figures the checks recompute: five times the most a run takes (20,000).
constexpr std::size_t kMaxRecomputedSamples = 100'000;

// One product per sample, counted on the worker.
void checkProductsTimed(const Figures &f, Checker &checker)
{
    if (static_cast<std::size_t>(f.productsTimed) != f.samples.size())
        checker.warning("/stdout",
                        "stdout's " + std::string(key::kProductsTimed) + " (" + std::to_string(f.productsTimed)
                            + ") is not one product per sample (" + std::to_string(f.samples.size()) + ")");
}

// The neighbour ran exactly when it was asked for.
void checkNeighbour(const Json &out, const Figures &f, Checker &checker)
{
    durationOf(out, key::kNeighbourBusy, checker);
    if (f.neighbour != "off" && f.neighbour != "on") {
        checker.warning("/stdout", std::string("stdout's ") + key::kNeighbour + " is neither \"off\" nor \"on\"");
        return;
    }
    if (f.neighbour == "on" && f.neighbourBursts < 1)
        checker.warning("/stdout",
                        std::string("stdout says the neighbour was on, but ") + key::kNeighbourBursts
                            + " counts no burst: it never ran");
    if (f.neighbourCpu && f.neighbourCpu != f.workerCpu)
        checker.warning("/stdout",
                        std::string("stdout's ") + key::kNeighbourCpu + " is not " + key::kWorkerCpu
                            + ": the neighbour is pinned to the worker's core or to none");
    if (f.neighbour == "off" && f.neighbourBursts != 0)
        checker.warning("/stdout",
                        std::string("stdout says the neighbour was off, but ") + key::kNeighbourBursts + " counts "
                            + std::to_string(f.neighbourBursts) + " bursts");
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
    checkTracedCallCount(document, samples.size(), std::to_string(samples.size()) + " " + key::kWarmSamples, checker);
    const auto traced = tracedCallSeconds(document);
    if (!traced || traced->size() != samples.size())
        return;
    const auto differs = std::mismatch(samples.begin(), samples.end(), traced->begin()).first;
    if (differs != samples.end())
        checker.warning("/stdout",
                        "stdout's " + std::string(key::kWarmSamples) + "[" + std::to_string(differs - samples.begin())
                            + "] is not its traced call's dispatch to observed readiness");
}

} // namespace

void check(const Json &document, const Json &out, Checker &checker)
{
    const auto samples = durationsOf(out, key::kWarmSamples, checker);
    checkSampleEvidence(out, key::kWarmSamples, checker);
    for (const char *duration : {key::kWarmMedian, key::kMean, key::kMad})
        durationOf(out, duration, checker);
    durationsOf(out, key::kMedianCi95, checker);
    nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    const Figures f = readFigures(out);
    checkNeighbour(out, f, checker);
    if (f.median && f.interval.size() == 2 && !(f.interval[0] <= *f.median && *f.median <= f.interval[1]))
        checker.warning("/stdout",
                        std::string("stdout's ") + key::kWarmMedian + " lies outside its own 95% interval "
                            + key::kMedianCi95);
    if (!samples)
        return;
    if (samples->size() > kMaxRecomputedSamples) {
        // Recomputing costs some 100 bytes a sample, twice: a hostile file's millions are refused.
        checker.warning("/stdout",
                        "stdout's " + std::string(key::kWarmSamples) + " has " + std::to_string(samples->size())
                            + " samples, more than a run takes (" + std::to_string(kMaxRecomputedSamples)
                            + "): its figures are not recomputed");
        return;
    }
    Figures expected = f;
    deriveFigures(expected);
    checkBoundFigures(f, expected, kFields, key::kWarmSamples, checker);
    checkProductsTimed(f, checker);
    checkPanels(document, *samples, checker);
    checkTrace(document, *samples, checker);
}

} // namespace lessonscope::performance05
