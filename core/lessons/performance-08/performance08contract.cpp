#include "core/lessons/performance-08/performance08contract.h"
#include "core/lessons/performance-08/performance08timeline.h"

#include "core/artifact/lenientjson.h"
#include "core/lesson/declaredpanels.h"
#include "core/lesson/stdoutchecks.h"
#include "core/lesson/environmentinfo.h"
#include "core/lessons/shared/matrixlesson.h"
#include "core/timing/monotonicclock.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope::performance08 {

using namespace lenient;

namespace {

constexpr const char *kBatchLabel = "operations per reading";

// Batches of 1 to 10,000 and readings from nanoseconds to a tenth of a millisecond: only
// logarithmic axes show every size. The clock's panels exist where a block of reads ran clean.
constexpr std::array<DeclaredPanel, 3> panelsNaming(const char *clockSeries, const char *fixedCost,
                                                    const char *shareSeries)
{
    return {{
        DeclaredPanel::line("Per operation, by batch size", {kBatchLabel, "seconds", true, true}, key::kBatchSizes,
                            {{{"median reading ÷ batch size", {key::kPerOperation}}}}),
        DeclaredPanel::bar("The clock itself", {nullptr, "seconds"}, {fixedCost, "smallest step"},
                           {{{clockSeries, {key::kClockReadMedian, key::kClockStep}}}})
            .drawnWith(key::kClockReadMedian),
        DeclaredPanel::line("The clock's share of a reading", {kBatchLabel, "fraction of the reading", true, true},
                            key::kBatchSizes, {{{shareSeries, {key::kClockShare}}}})
            .drawnWith(key::kClockReadMedian),
    }};
}
constexpr auto kHostPanels = panelsNaming("steady_clock", "one read", "one clock read ÷ median reading");
constexpr auto kDevicePanels
    = panelsNaming("the device's profiling timer", "empty kernel", "empty kernel ÷ median reading");

const std::array<DeclaredPanel, 3> &panelsOf(const Json &out)
{
    return out.contains(key::kBackend) ? kDevicePanels : kHostPanels;
}

SampleColumns columnsOf(const Samples &samples) { return {samples.seconds, samples.waitedNs, samples.round}; }

// The trace holds every reading, the interrupted ones and those of a batch left out too.
void checkTraceLength(const Json &document, const Figures &f, Checker &checker)
{
    const auto calls = stdoutchecks::tracedColumn(document, "dispatchBegin");
    std::size_t readings = 0;
    for (const SampleColumns &batch : f.readings)
        readings += batch.seconds.size();
    if (calls && calls->size() < readings)
        checker.warning("/trace/calls",
                        "the trace has " + std::to_string(calls->size()) + " readings but stdout "
                            + std::to_string(readings));
}

} // namespace

void deriveFigures(Figures &f)
{
    const std::vector<double> cleanReads = f.clockReads.clean();
    f.clockRead = cleanReads.empty() ? std::nullopt : std::optional(median(cleanReads));
    std::vector<std::int64_t> sizes;
    std::vector<SampleColumns> kept;
    f.readingMedian.clear();
    f.perOperation.clear();
    f.clockShare.clear();
    for (std::size_t b = 0; b < f.readings.size() && b < f.batchSizes.size(); ++b) {
        const std::vector<double> clean = f.readings[b].clean();
        const double middle = clean.empty() ? 0 : median(clean);
        if (!(middle > 0) || f.batchSizes[b] <= 0) // below the clock's step: neither a time per operation nor a share
            continue;
        sizes.push_back(f.batchSizes[b]);
        kept.push_back(f.readings[b]);
        f.readingMedian.push_back(middle);
        f.perOperation.push_back(middle / static_cast<double>(f.batchSizes[b]));
        if (f.clockRead)
            f.clockShare.push_back(*f.clockRead / middle);
    }
    f.batchSizes = std::move(sizes);
    f.readings = std::move(kept);
    // A reading is one clock read plus its batch: the largest batch, less the read, is the
    // operations' own time; a share under 1% takes more than 99 reads' worth of them.
    f.operation.reset();
    f.forOnePercent.reset();
    if (f.clockRead && !f.batchSizes.empty()) {
        const double operation = (f.readingMedian.back() - *f.clockRead) / static_cast<double>(f.batchSizes.back());
        if (operation > 0) {
            f.operation = operation;
            f.forOnePercent
                = static_cast<std::int64_t>(std::floor((1 - kAskedShare) / kAskedShare * *f.clockRead / operation)) + 1;
        }
    }
}

Json output(const LessonRun &run, const ClockCost &clock, const BatchReadings &batches)
{
    // A device run says what ran it and names the device's clock: every figure below is of it.
    const bool device = run.deviceEnvironment != nullptr;
    Figures f;
    f.eigen = eigenVersion();
    f.compiler = compilerVersion();
    f.lessonscope = lessonscopeVersion();
    f.backend = device ? run.device : std::string();
    f.clock = device ? kDeviceClock : MonotonicClock::name();
    f.operationName = device ? "a 32-term float32 dot product (an OpenCL kernel on one work-item)"
                             : "a 32-term float32 dot product (Eigen)";
    f.clockReads = columnsOf(clock.perRead);
    f.clockStep = static_cast<double>(clock.smallestStepNs) * 1e-9;
    if (device) {
        f.timerResolution = clock.reportedResolutionSeconds; // CL_DEVICE_PROFILING_TIMER_RESOLUTION
    } else {
        f.clockGetres = clock.reportedResolutionSeconds;
        f.tscRead = clock.tscReadSeconds;
    }
    f.batchSizes.assign(kBatchSizes.begin(), kBatchSizes.end());
    for (const Samples &batch : batches.readings)
        f.readings.push_back(columnsOf(batch));
    deriveFigures(f);
    if (!run.calls.empty())
        f.maxAbsError = batches.maxAbsError;
    if (const Json samples = parameterJson(run.parameters, param::kSamples); samples.is_number_integer())
        f.samplesRequested = samples.get<std::int64_t>();
    f.cancelled = run.cancelled;
    Json out = Json::object();
    writeBoundFigures(out, f, kFields);
    if (device)
        out.erase(key::kTscRead); // a device has no TSC to state, not even as null
    return out;
}

static StdoutFields stdoutFields()
{
    static constexpr auto fields = fieldsOf(kFields);
    return fields;
}

static Json panels(const Json &out) { return declaredPanels(panelsOf(out), out); }

static Json panelLayout() { return declaredLayout(kHostPanels); }

Figures readFigures(const Json &out)
{
    Figures f;
    readBoundFigures(out, f, kFields);
    return f;
}

static void check(const Json &document, const Json &out, Checker &checker)
{
    using namespace stdoutchecks;
    checkSampleEvidence(out, key::kClockRead, checker);
    checkSampleEvidence(out, key::kReadings, checker);
    durationsOf(out, key::kClockRead, checker);
    for (const char *duration :
         {key::kClockReadMedian, key::kClockStep, key::kClockGetres, key::kTimerResolution, key::kOperationSeconds})
        durationOf(out, duration, checker);
    if (const Json *tsc = Checker::member(out, key::kTscRead); tsc && !tsc->is_null())
        durationOf(out, key::kTscRead, checker); // null: no invariant TSC
    nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    const Figures stated = readFigures(out);
    Figures expected = stated;
    deriveFigures(expected);
    checkBoundFigures(stated, expected, kFields, "the clean samples", checker);
    checkDeclaredPanels(document, out, panelsOf(out), checker);
    checkTraceLength(document, stated, checker);
}

static LessonSummary summarize(const Artifact &artifact)
{
    const Figures f = readFigures(artifact);
    LessonSummary summary;
    summary.setup = f.onDevice()
        ? "a 32-term float32 dot product, 1 to 10,000 per kernel, on the device's profiling timer"
        : "a 32-term float32 dot product, 1 to 10,000 per steady_clock reading";
    summary.settings = {{"readings per batch size", std::to_string(f.samplesRequested.value_or(0))}};
    Figure read = f.onDevice() ? makeFigure(key::kClockReadMedian, "one empty kernel", f.clockRead, true,
                                            f.clockReads.clean(), "clean empty kernels", true)
                               : makeFigure(key::kClockReadMedian, "one clock read", f.clockRead, true,
                                            f.clockReads.clean(), "clean blocks of reads", true);
    read.interrupted = f.clockReads.interruptedCount();
    read.rounds = roundMedians(f.clockReads.cleanByRound()); // the comparison's interval is between rounds
    // The operation from each clean reading of the largest batch, and from each round's median
    // of them, for the comparison's interval.
    std::vector<double> operations, operationRounds;
    if (f.clockRead && !f.readings.empty() && f.readings.size() == f.batchSizes.size()) {
        const auto operationOf
            = [&f](double reading) { return (reading - *f.clockRead) / static_cast<double>(f.batchSizes.back()); };
        for (const double reading : f.readings.back().clean())
            operations.push_back(operationOf(reading));
        for (const double roundMedian : roundMedians(f.readings.back().cleanByRound()))
            operationRounds.push_back(operationOf(roundMedian));
    }
    Figure operationFigure = makeFigure(key::kOperationSeconds, "one operation", f.operation, true, operations,
                                        "clean readings of the largest batch", true);
    operationFigure.rounds = operationRounds;
    summary.figures = {
        read,
        makeFigure(key::kClockStep, "smallest clock step", f.clockStep, true, {}, {}, false),
        makeFigure(key::kTscRead, "one TSC read", f.tscRead, true, {}, {}, false),
        operationFigure,
        makeFigure(key::kForOnePercent, "operations for a 1% clock share",
                   f.forOnePercent ? std::optional(static_cast<double>(*f.forOnePercent)) : std::nullopt, false, {}, {},
                   true),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    if (f.onDevice()) // what the device states of its clock, beside the smallest step seen
        summary.figures.insert(
            summary.figures.begin() + 2,
            makeFigure(key::kTimerResolution, "profiling timer resolution", f.timerResolution, true, {}, {}, false));
    summary.headlineKey = key::kClockReadMedian;
    return summary;
}

const LessonContract kContract{stdoutFields, panels,    panelLayout,
                               check,        summarize, timelineFrom<Performance08Timeline>};

} // namespace lessonscope::performance08
