// performance-08's own checks: its stdout against itself, its panels and its trace
// (docs/artifact-format.md, "Validation").

#include "core/lesson/stdoutchecks.h"
#include "core/lessons/performance-08/performance08contract.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope::performance08 {

using namespace stdoutchecks;

namespace {

// A per-batch list that is not what its definition makes of the medians.
void checkDerived(const std::vector<double> &stated, const std::vector<double> &expected, const char *listKey,
                  const char *definition, Checker &checker)
{
    if (stated.size() != expected.size()) {
        checker.warning(std::string("/stdout/") + listKey, std::string(listKey) + " has " + std::to_string(stated.size())
                            + " values for " + std::to_string(expected.size()) + " batch sizes");
        return;
    }
    for (std::size_t i = 0; i < stated.size(); ++i) {
        if (std::fabs(stated[i] - expected[i]) > 1e-12 * std::fabs(expected[i])) {
            checker.warning(std::string("/stdout/") + listKey + "/" + std::to_string(i),
                            std::string(listKey) + " is not " + definition);
            return;
        }
    }
}

void checkBatches(const Figures &f, Checker &checker)
{
    if (f.readings.size() != f.batchSizes.size() || f.readingMedian.size() != f.batchSizes.size()) {
        checker.warning("/stdout/" + std::string(key::kBatchSizes), "stdout's per-batch lists are not one per batch size");
        return;
    }
    std::vector<double> perOperation, share;
    for (std::size_t b = 0; b < f.batchSizes.size(); ++b) {
        const std::vector<double> clean = f.readings[b].clean();
        if (clean.empty() || median(clean) != f.readingMedian[b] || f.batchSizes[b] <= 0) {
            checker.warning("/stdout/" + std::string(key::kReadingMedian) + "/" + std::to_string(b),
                            "the median reading is not the median of that batch size's clean readings");
            return;
        }
        perOperation.push_back(f.readingMedian[b] / static_cast<double>(f.batchSizes[b]));
        if (f.clockRead)
            share.push_back(*f.clockRead / f.readingMedian[b]);
    }
    checkDerived(f.perOperation, perOperation, key::kPerOperation, "each median reading ÷ its batch size", checker);
    if (f.clockRead)
        checkDerived(f.clockShare, share, key::kClockShare, "one clock read ÷ each median reading", checker);
}

// The trace holds every reading, the interrupted ones and those of a batch left out too.
void checkTraceLength(const Json &document, const Figures &f, Checker &checker)
{
    const Json *trace = Checker::member(document, "trace");
    const Json *calls = trace && trace->is_object() ? Checker::member(*trace, "calls") : nullptr;
    const Json *column = calls && calls->is_object() ? Checker::member(*calls, "dispatchBegin") : nullptr;
    std::size_t readings = 0;
    for (const SampleColumns &batch : f.readings)
        readings += batch.seconds.size();
    if (column && column->is_array() && column->size() < readings)
        checker.warning("/trace/calls", "the trace has " + std::to_string(column->size()) + " readings but stdout "
                                            + std::to_string(readings));
}

} // namespace

void check(const Json &document, const Json &out, Checker &checker)
{
    const Figures f = readFigures(out);
    checkSampleEvidence(out, key::kClockRead, checker);
    checkSampleEvidence(out, key::kReadings, checker);
    const auto reads = durationsOf(out, key::kClockRead, checker);
    checkMedian(reads ? std::optional(f.clockReads.clean()) : std::nullopt, durationOf(out, key::kClockReadMedian, checker),
                key::kClockReadMedian, std::string("the clean ") + key::kClockRead, checker);
    for (const char *duration : {key::kClockStep, key::kClockGetres, key::kTimerResolution, key::kOperationSeconds})
        durationOf(out, duration, checker);
    if (const Json *tsc = Checker::member(out, key::kTscRead); tsc && !tsc->is_null())
        durationOf(out, key::kTscRead, checker); // null: no invariant TSC
    nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    checkBatches(f, checker);
    if (f.clockRead && f.operation && f.forOnePercent
        && *f.forOnePercent != static_cast<std::int64_t>(std::floor((1 - kAskedShare) / kAskedShare * *f.clockRead / *f.operation)) + 1)
        checker.warning("/stdout/" + std::string(key::kForOnePercent), "it is not the fewest operations that make one clock read under 1% of a reading");
    compareLine(document, kPerOperationPanel, kPerOperationSeries, f.perOperation, key::kPerOperation, checker);
    if (f.clockRead) {
        compareBar(document, kClockPanel, clockSeries(f.onDevice()), *f.clockRead, key::kClockReadMedian, checker);
        compareLine(document, kSharePanel, shareSeries(f.onDevice()), f.clockShare, key::kClockShare, checker);
    }
    checkTraceLength(document, f, checker);
}

} // namespace lessonscope::performance08
