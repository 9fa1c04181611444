#include "core/lessons/performance-08/performance08contract.h"

#include "core/artifact/lenientjson.h"
#include "core/lesson/environmentinfo.h"
#include "core/lessons/shared/matrixlesson.h"
#include "core/timing/monotonicclock.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope::performance08 {

using namespace lenient;

namespace {

constexpr const char *kSeconds = "seconds";
constexpr const char *kBatchLabel = "operations per reading";

Json perBatchPanel(const char *title, Json x, const char *ylabel, const char *series, Json y)
{
    // Batches of 1 to 10,000 and readings from nanoseconds to a tenth of a millisecond: only
    // logarithmic axes show every size.
    return makeLinePanel(title, std::move(x), {kBatchLabel, ylabel, true, true},
                         Json::array({panelSeries(series, std::move(y))}));
}

Json clockPanel(Json seriesList, const char *fixedCost = "one read")
{
    return makeBarPanel("The clock itself", Json::array({fixedCost, "smallest step"}), {nullptr, kSeconds},
                        std::move(seriesList));
}

constexpr const char *kPerOperationTitle = "Per operation, by batch size";
constexpr const char *kShareTitle = "The clock's share of a reading";
constexpr const char *kShareLabel = "fraction of the reading";

} // namespace

Json output(const LessonRun &run, const ClockCost &clock, const BatchReadings &batches)
{
    Json out = Json::object();
    out[key::kEigen] = eigenVersion();
    out[key::kCompiler] = compilerVersion();
    out[key::kLessonscope] = lessonscopeVersion();
    // A device run says what ran it and names the device's clock: every figure below is of it.
    const bool device = run.deviceEnvironment != nullptr;
    if (device)
        out[key::kBackend] = run.device;
    out[key::kClock] = device ? kDeviceClock : MonotonicClock::name();
    out[key::kOperation] = device ? "a 32-term float32 dot product (an OpenCL kernel on one work-item)"
                                  : "a 32-term float32 dot product (Eigen)";
    writeSamples(out, key::kClockRead, clock.perRead);
    const std::vector<double> cleanReads = clock.perRead.clean();
    // No clean block (every one interrupted): no cost of a read to state, and no share.
    const bool hasRead = !cleanReads.empty();
    const double read = hasRead ? median(cleanReads) : 0;
    if (hasRead)
        out[key::kClockReadMedian] = read;
    out[key::kClockStep] = static_cast<double>(clock.smallestStepNs) * 1e-9;
    if (device) {
        out[key::kTimerResolution] = clock.reportedResolutionSeconds; // CL_DEVICE_PROFILING_TIMER_RESOLUTION
    } else {
        out[key::kClockGetres] = clock.reportedResolutionSeconds;
        out[key::kTscRead] = clock.tscReadSeconds ? Json(*clock.tscReadSeconds) : Json(nullptr);
    }
    // The batch sizes whose clean readings read more than nothing: a median of zero is below the
    // clock's step, and neither a time per operation nor a share.
    std::vector<Samples> kept;
    Json sizes = Json::array(), medians = Json::array(), perOperation = Json::array(), share = Json::array();
    for (std::size_t b = 0; b < kBatchSizes.size(); ++b) {
        const std::vector<double> clean = batches.readings[b].clean();
        const double middle = clean.empty() ? 0 : median(clean);
        if (!(middle > 0))
            continue;
        kept.push_back(batches.readings[b]);
        sizes.push_back(kBatchSizes[b]);
        medians.push_back(middle);
        perOperation.push_back(middle / static_cast<double>(kBatchSizes[b]));
        if (hasRead)
            share.push_back(read / middle);
    }
    out[key::kBatchSizes] = sizes;
    writeSampleLists(out, key::kReadings, kept);
    out[key::kReadingMedian] = medians;
    out[key::kPerOperation] = perOperation;
    if (hasRead)
        out[key::kClockShare] = share;
    // A reading is one clock read plus its batch: the largest batch, less the read, is the
    // operations' own time; a share under 1% takes more than 99 reads' worth of them.
    if (hasRead && !kept.empty()) {
        const double largest = static_cast<double>(sizes.back().get<std::int64_t>());
        const double operation = (medians.back().get<double>() - read) / largest;
        if (operation > 0) {
            out[key::kOperationSeconds] = operation;
            const double needed = (1 - kAskedShare) / kAskedShare * read / operation;
            out[key::kForOnePercent] = static_cast<std::int64_t>(std::floor(needed)) + 1;
        }
    }
    if (!run.calls.empty())
        out[key::kMaxAbsError] = batches.maxAbsError;
    out[key::kSamplesRequested] = parameterJson(run.parameters, param::kSamples);
    out[key::kCancelled] = run.cancelled;
    return out;
}

const char *clockSeries(bool onDevice)
{
    return onDevice ? kDeviceClockSeries : kClockSeries;
}

const char *shareSeries(bool onDevice)
{
    return onDevice ? kDeviceShareSeries : kShareSeries;
}

Json panels(const Json &out)
{
    const bool device = out.contains(key::kBackend);
    Json list = Json::array();
    list.push_back(perBatchPanel(kPerOperationTitle, out.at(key::kBatchSizes), kSeconds, kPerOperationSeries,
                                 out.at(key::kPerOperation)));
    // The clock's own cost, and its share of each reading, exist where a block ran clean.
    if (out.contains(key::kClockReadMedian)) {
        const Json bars = Json::array({out.at(key::kClockReadMedian), out.at(key::kClockStep)});
        list.push_back(clockPanel(Json::array({panelSeries(clockSeries(device), bars)}),
                                  device ? "empty kernel" : "one read"));
        list.push_back(perBatchPanel(kShareTitle, out.at(key::kBatchSizes), kShareLabel, shareSeries(device),
                                     out.at(key::kClockShare)));
    }
    return list;
}

Json panelLayout()
{
    Json perOperation = perBatchPanel(kPerOperationTitle, Json::array(), kSeconds, kPerOperationSeries, Json::array());
    Json share = perBatchPanel(kShareTitle, Json::array(), kShareLabel, kShareSeries, Json::array());
    for (Json *panel : {&perOperation, &share}) {
        panel->erase("x");
        (*panel)["series"] = Json::array({(*panel)["series"][0]["label"]});
    }
    return Json::array({perOperation, clockPanel(Json::array({kClockSeries})), share});
}

Figures readFigures(const Json &out)
{
    Figures f;
    f.clockRead = numberOf(member(out, key::kClockReadMedian));
    f.clockReads = readSamples(out, key::kClockRead);
    f.clockStep = numberOf(member(out, key::kClockStep));
    f.clockGetres = numberOf(member(out, key::kClockGetres));
    f.tscRead = numberOf(member(out, key::kTscRead));
    f.timerResolution = numberOf(member(out, key::kTimerResolution));
    if (const Json *backend = member(out, key::kBackend); backend && backend->is_string())
        f.backend = backend->get<std::string>();
    f.batchSizes = integersOf(member(out, key::kBatchSizes));
    f.readings = readSampleLists(out, key::kReadings);
    f.readingMedian = numbersOf(member(out, key::kReadingMedian));
    f.perOperation = numbersOf(member(out, key::kPerOperation));
    f.clockShare = numbersOf(member(out, key::kClockShare));
    f.operation = numberOf(member(out, key::kOperationSeconds));
    f.forOnePercent = integerOf(member(out, key::kForOnePercent));
    f.maxAbsError = numberOf(member(out, key::kMaxAbsError));
    f.samplesRequested = integerOf(member(out, key::kSamplesRequested));
    return f;
}

Figures readFigures(const Artifact &artifact)
{
    const auto out = artifact.stdoutJson();
    return out ? readFigures(*out) : Figures{};
}

LessonSummary summarize(const Artifact &artifact)
{
    const Figures f = readFigures(artifact);
    LessonSummary summary;
    summary.setup = f.onDevice() ? "a 32-term float32 dot product, 1 to 10,000 per kernel, on the device's profiling timer"
                                 : "a 32-term float32 dot product, 1 to 10,000 per steady_clock reading";
    summary.settings = {{"readings per batch size", std::to_string(f.samplesRequested.value_or(0))}};
    Figure read = f.onDevice() ? makeFigure(key::kClockReadMedian, "one empty kernel", f.clockRead, true,
                                            f.clockReads.clean(), "clean empty kernels", true)
                               : makeFigure(key::kClockReadMedian, "one clock read", f.clockRead, true,
                                            f.clockReads.clean(), "clean blocks of reads", true);
    read.interrupted = f.clockReads.interruptedCount();
    // The operation from each clean reading of the largest batch, for the comparison's interval.
    std::vector<double> operations;
    if (f.clockRead && !f.readings.empty() && f.readings.size() == f.batchSizes.size()) {
        for (const double reading : f.readings.back().clean())
            operations.push_back((reading - *f.clockRead) / static_cast<double>(f.batchSizes.back()));
    }
    summary.figures = {
        read,
        makeFigure(key::kClockStep, "smallest clock step", f.clockStep, true, {}, {}, false),
        makeFigure(key::kTscRead, "one TSC read", f.tscRead, true, {}, {}, false),
        makeFigure(key::kOperationSeconds, "one operation", f.operation, true, operations, "clean readings of the largest batch", true),
        makeFigure(key::kForOnePercent, "operations for a 1% clock share",
                   f.forOnePercent ? std::optional(static_cast<double>(*f.forOnePercent)) : std::nullopt, false, {}, {}, true),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    if (f.onDevice()) // what the device states of its clock, beside the smallest step seen
        summary.figures.insert(summary.figures.begin() + 2, makeFigure(key::kTimerResolution, "profiling timer resolution",
                                                                       f.timerResolution, true, {}, {}, false));
    summary.headlineKey = key::kClockReadMedian;
    return summary;
}

std::optional<ParameterValues> parametersOf(const Json &out)
{
    ParameterValues values;
    if (!matrixlesson::readIntegerParameter(out, key::kSamplesRequested, param::kSamples, values))
        return std::nullopt;
    return values;
}

} // namespace lessonscope::performance08
