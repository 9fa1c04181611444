#include "core/lessons/performance-02/performance02contract.h"
#include "core/lessons/performance-02/performance02timeline.h"

#include "core/lessons/shared/matrixlesson.h"

#include "core/artifact/lenientjson.h"
#include "core/base/units.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/samplefields.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace lessonscope::performance02 {

using namespace lenient;

namespace {

// The panels' fixed parts, shared by the panels and the renderer identity.
constexpr const char *kSeconds = "seconds";
constexpr const char *kFirstTitle = "First call";
constexpr const char *kPartsTitle = "Where the first call goes";
constexpr const char *kCallsTitle = "Calls in order";
constexpr const char *kCallsXLabel = "call in one process";
constexpr const char *kCallsSeries = "completed call";

Json barPanel(const char *title, Json labels, Json seriesList)
{
    return Json{{"kind", "bar"},
                {"title", title},
                {"labels", std::move(labels)},
                {"ylabel", kSeconds},
                {"series", std::move(seriesList)}};
}

// The numbers of a list, anything else left out (a hostile file's text is no duration).
std::vector<double> numbersIn(const Json &object, const char *name)
{
    std::vector<double> numbers = numbersOf(member(object, name));
    std::erase_if(numbers, [](double v) { return std::isnan(v); });
    return numbers;
}

// What a child may print, bounded before any arithmetic on it (the parent subtracts, sums and
// converts its numbers): a duration of at most a day, a clock reading of at most 2⁶², and a call
// whose moments come in their order and span at most 1,000 s.
constexpr double kMostSeconds = 86'400;
constexpr std::int64_t kMostClockNs = std::int64_t{1} << 62;
constexpr std::int64_t kMostCallNs = 1'000'000'000'000;

bool isDuration(double seconds) { return std::isfinite(seconds) && seconds >= 0 && seconds <= kMostSeconds; }

// On a device the work is the device's START and END placed on the host's clock, within the
// relation's uncertainty of the host's reads around it: its order is its own.
// Every moment is a clock reading first (0 … 2⁶²), so that no difference below can overflow.
bool isClockReading(std::int64_t ns) { return 0 <= ns && ns <= kMostClockNs; }

bool isCall(const CallTimestamps &t, bool onDevice)
{
    if (!isClockReading(t.dispatchBegin) || !isClockReading(t.dispatchEnd) || !isClockReading(t.workBegin)
        || !isClockReading(t.workEnd) || !isClockReading(t.readyObserved))
        return false;
    const bool workInside = onDevice ? std::abs(t.workBegin - t.dispatchBegin) <= kMostCallNs
                                     : t.dispatchBegin <= t.workBegin && t.workEnd <= t.readyObserved;
    return t.dispatchBegin <= t.dispatchEnd && t.dispatchEnd <= t.readyObserved && workInside
        && t.workBegin <= t.workEnd && t.readyObserved - t.dispatchBegin <= kMostCallNs;
}

// A device child's own: each call's device clock, the device, the kernel cache's state.
bool readDeviceParts(const Json &child, ProcessMeasurement &process)
{
    const Json *device = member(child, "device_calls");
    const Json *environment = member(child, "device");
    const Json *cache = member(child, "kernel_cache");
    if (!device || !device->is_array() || device->size() != process.calls.size() || !environment
        || !environment->is_object() || !cache)
        return false;
    for (const Json &d : *device) {
        if (!d.is_array() || d.size() != 5
            || !std::all_of(d.begin(), d.end(), [](const Json &v) { return v.is_number_integer(); }))
            return false;
        const auto at = [&d](std::size_t i) { return d[i].get<std::int64_t>(); };
        // The device's moments are its own clock's readings, in order; the offset that places
        // them on the host's clock is a difference of two readings, so of either sign.
        if (!isClockReading(at(0)) || at(0) > at(1) || at(1) > at(2) || at(2) > at(3) || !isClockReading(at(3))
            || at(4) < -kMostClockNs || at(4) > kMostClockNs)
            return false;
        process.deviceCalls.push_back({true, at(0), at(1), at(2), at(3), at(4)});
    }
    process.deviceEnvironment = std::make_shared<const Json>(*environment);
    process.kernelCache = kernelCacheOf(*cache);
    process.kernelCacheDirectory = stringMember(child, key::kKernelCacheDirectory);
    return process.kernelCache.has_value();
}

} // namespace

std::optional<ProcessMeasurement> readProcess(const Json &child)
{
    ProcessMeasurement process;
    const Json *pidValue = member(child, "pid");
    if (!pidValue || !pidValue->is_number_integer())
        return std::nullopt;
    process.processId = pidValue->get<std::int64_t>();
    const Json *isa = member(child, "instruction_set");
    const Json *wait = member(child, "wait_strategy");
    process.instructionSet = isa && isa->is_string() ? isa->get<std::string>() : std::string();
    process.waitStrategy = wait && wait->is_string() ? wait->get<std::string>() : std::string();
    if (const Json *backend = member(child, key::kBackend); backend && backend->is_string())
        process.backend = backend->get<std::string>();
    const bool onDevice = process.backend == kDeviceBackend;
    const auto first = numberOf(member(child, key::kFirstCall));
    const auto error = numberOf(member(child, key::kMaxAbsError));
    process.parts = partsOf(member(child, key::kFirstCallParts), process.backend);
    if (!first || !isDuration(*first) || !error || process.parts.size() != partNames(process.backend).size())
        return std::nullopt;
    process.firstCallSeconds = *first;
    process.maxAbsError = *error;
    const Json *preempted = member(child, key::kPreemptions);
    if (!preempted || !preempted->is_number_integer() || preempted->get<std::int64_t>() < 0)
        return std::nullopt;
    process.preemptions = preempted->get<std::int64_t>();
    const Json *calls = member(child, "calls");
    if (!calls || !calls->is_array() || calls->empty())
        return std::nullopt;
    for (const Json &call : *calls) {
        if (!call.is_array() || call.size() != 5
            || !std::all_of(call.begin(), call.end(), [](const Json &t) { return t.is_number_integer(); }))
            return std::nullopt;
        const CallTimestamps timestamps{call[0].get<std::int64_t>(), call[1].get<std::int64_t>(),
                                        call[2].get<std::int64_t>(), call[3].get<std::int64_t>(),
                                        call[4].get<std::int64_t>()};
        if (!isCall(timestamps, onDevice))
            return std::nullopt;
        process.calls.push_back(timestamps);
    }
    // Each call's evidence: other work's wait, the host's and the device's waits, involuntary
    // switches and CPUs, and whether they shared one.
    const Json *evidence = member(child, "evidence");
    if (!evidence || !evidence->is_array() || evidence->size() != process.calls.size())
        return std::nullopt;
    for (const Json &e : *evidence) {
        if (!e.is_array() || e.size() != 8
            || !std::all_of(e.begin(), e.end(), [](const Json &v) { return v.is_number_integer(); }))
            return std::nullopt;
        const auto at = [&e](std::size_t i) { return e[i].get<std::int64_t>(); };
        CallEvidence call;
        call.known = true;
        call.otherWaitNs = at(0);
        call.host.runDelayNs = at(1);
        call.device.runDelayNs = at(2);
        call.host.involuntary = at(3);
        call.device.involuntary = at(4);
        call.host.cpu = static_cast<int>(at(5));
        call.device.cpu = static_cast<int>(at(6));
        call.sharedCpu = at(7) != 0;
        const auto inRange = [](std::int64_t ns) { return ns >= 0 && ns <= kMostCallNs; };
        if (!inRange(call.otherWaitNs) || !inRange(call.host.runDelayNs) || !inRange(call.device.runDelayNs)
            || !inRange(call.host.involuntary) || !inRange(call.device.involuntary) || at(5) < -1 || at(5) > (1 << 20)
            || at(6) < -1 || at(6) > (1 << 20))
            return std::nullopt;
        process.evidence.push_back(call);
    }
    if (onDevice && !readDeviceParts(child, process))
        return std::nullopt;
    return process;
}

Json processJson(const ProcessMeasurement &process)
{
    Json calls = Json::array();
    for (const CallTimestamps &t : process.calls)
        calls.push_back(Json::array({t.dispatchBegin, t.dispatchEnd, t.workBegin, t.workEnd, t.readyObserved}));
    Json evidence = Json::array();
    for (const CallEvidence &e : process.evidence) {
        evidence.push_back(Json::array({e.otherWaitNs, e.host.runDelayNs, e.device.runDelayNs, e.host.involuntary,
                                        e.device.involuntary, e.host.cpu, e.device.cpu, e.sharedCpu ? 1 : 0}));
    }
    Json child{{"pid", process.processId},
               {key::kBackend, process.backend},
               {"instruction_set", process.instructionSet},
               {"wait_strategy", process.waitStrategy},
               {key::kFirstCall, process.firstCallSeconds},
               {key::kFirstCallParts, partsJson(process.parts, process.backend)},
               {key::kMaxAbsError, process.maxAbsError},
               {key::kPreemptions, process.preemptions},
               {"calls", std::move(calls)},
               {"evidence", std::move(evidence)}};
    if (process.backend == kDeviceBackend) {
        Json device = Json::array();
        for (const DeviceClockTimes &d : process.deviceCalls)
            device.push_back(Json::array({d.queued, d.submit, d.start, d.end, d.offsetNs}));
        child["device_calls"] = std::move(device);
        child["device"] = process.deviceEnvironment ? *process.deviceEnvironment : Json::object();
        child["kernel_cache"] = kernelCacheJson(process.kernelCache.value_or(KernelCacheState{}));
        child[key::kKernelCacheDirectory] = process.kernelCacheDirectory;
    }
    return child;
}

std::size_t medianProcess(const std::vector<ProcessMeasurement> &processes)
{
    // Among the processes whose first call was clean, when there are any (the median is theirs).
    const auto clean = [](const ProcessMeasurement &p) {
        return p.evidence.empty()
            || !isInterrupted(p.evidence.front(), static_cast<std::int64_t>(p.firstCallSeconds * 1e9));
    };
    const bool anyClean = std::any_of(processes.begin(), processes.end(), clean);
    std::vector<double> firsts;
    for (const ProcessMeasurement &process : processes) {
        if (!anyClean || clean(process))
            firsts.push_back(process.firstCallSeconds);
    }
    if (firsts.empty())
        return 0;
    const double middle = median(firsts);
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < processes.size(); ++i) {
        if (anyClean && !clean(processes[i]))
            continue;
        if (!best
            || std::abs(processes[i].firstCallSeconds - middle) < std::abs(processes[*best].firstCallSeconds - middle))
            best = i;
    }
    return best.value_or(0);
}

Json output(const LessonRun &run, const std::vector<ProcessMeasurement> &processes, std::size_t traced,
            const std::string &boundary)
{
    const ParameterValues &params = run.parameters;
    Samples firsts, warm; // each process is a round of its own
    std::vector<std::int64_t> pids, preemptions;
    Json partsSamples = Json::array();
    Json cacheSamples = Json::array();
    double maxError = 0;
    for (std::size_t p = 0; p < processes.size(); ++p) {
        const ProcessMeasurement &process = processes[p];
        const auto evidenceOf
            = [&process](std::size_t i) { return i < process.evidence.size() ? process.evidence[i] : CallEvidence{}; };
        firsts.add(process.firstCallSeconds, evidenceOf(0), static_cast<int>(p));
        pids.push_back(process.processId);
        preemptions.push_back(process.preemptions);
        partsSamples.push_back(partsJson(process.parts, process.backend));
        if (process.kernelCache)
            cacheSamples.push_back(kernelCacheJson(*process.kernelCache));
        maxError = std::max(maxError, process.maxAbsError);
        for (std::size_t i = 1; i < process.calls.size(); ++i)
            warm.add(MeasuredCall::of(process.calls[i], {}, 0).synchronizedSeconds(), evidenceOf(i),
                     static_cast<int>(p));
    }
    // Call 1 is the traced process's whole first call, as first_call_seconds is of each process
    // (its work alone is first_call_parts.work): the line starts where the "First call" bar is.
    std::vector<double> inOrder;
    for (const CallTimestamps &call : processes.at(traced).calls)
        inOrder.push_back(inOrder.empty() ? processes.at(traced).firstCallSeconds
                                          : MeasuredCall::of(call, {}, 0).synchronizedSeconds());

    Json out = Json::object();
    out[key::kBackend] = run.device;
    out[key::kEigen] = eigenVersion();
    out[key::kCompiler] = compilerVersion();
    out[key::kLessonscope] = lessonscopeVersion();
    out[key::kInstructionSet] = run.instructionSet;
    out[key::kInputShape] = Json::array({parameterJson(params, param::kM), parameterJson(params, param::kK)});
    out[key::kWeightShape] = Json::array({parameterJson(params, param::kK), parameterJson(params, param::kN)});
    out[key::kDtype] = parameterJson(params, param::kDtype);
    out[key::kBoundary] = boundary;
    out[key::kProcesses] = parameterJson(params, kProcessesParameter);
    out[key::kProcessIds] = pids;
    out[key::kPreemptions] = preemptions;
    // The medians are the clean calls' (measuring.h): a first call that other work interrupted
    // is a process's, but not the first call's cost.
    out[key::kFirstCall] = median(firsts.cleanCount() > 0 ? firsts.clean() : firsts.seconds);
    writeSamples(out, key::kFirstCallSamples, firsts);
    out[key::kTracedProcess] = static_cast<std::int64_t>(traced);
    out[key::kFirstCallParts] = partsJson(processes.at(traced).parts, run.device);
    out[key::kFirstCallPartsSamples] = std::move(partsSamples);
    if (run.device == kDeviceBackend) {
        out[key::kKernelCacheSamples] = std::move(cacheSamples);
        out[key::kKernelCacheDirectory] = processes.at(traced).kernelCacheDirectory;
    }
    out[key::kCallsInOrder] = inOrder;
    writeSamples(out, key::kWarmSamples, warm);
    if (const std::vector<double> clean = warm.clean();
        !clean.empty()) // no median of nothing: left out rather than null
        out[key::kWarmMedian] = median(clean);
    out[key::kMaxAbsError] = maxError;
    out[key::kSeed] = parameterJson(params, param::kSeed);
    out[key::kSamplesRequested] = parameterJson(params, param::kSamples);
    out[key::kCancelled] = run.cancelled;
    return out;
}

static Json panels(const Json &out)
{
    Json list = Json::array();
    Json firstLabels = Json::array({kFirstLabel});
    Json firstValues = Json::array({out.at(key::kFirstCall)});
    if (out.contains(key::kWarmMedian)) {
        firstLabels.push_back(kWarmLabel);
        firstValues.push_back(out.at(key::kWarmMedian));
    }
    Json first = barPanel(kFirstTitle, std::move(firstLabels), Json::array({panelSeries(kSeriesLabel, firstValues)}));
    first["yscale"] = "log"; // first and warm differ by orders of magnitude
    list.push_back(std::move(first));

    const std::string layout = partsLayoutOf(out);
    Json partLabels = partDisplayLabels(layout), partValues = Json::array();
    for (const std::string &name : partNames(layout))
        partValues.push_back(out.at(key::kFirstCallParts).at(name));
    list.push_back(barPanel(kPartsTitle, std::move(partLabels), Json::array({panelSeries(kSeriesLabel, partValues)})));

    Json x = Json::array();
    for (std::size_t i = 1; i <= out.at(key::kCallsInOrder).size(); ++i)
        x.push_back(static_cast<std::int64_t>(i));
    list.push_back(Json{{"kind", "line"},
                        {"title", kCallsTitle},
                        {"x", std::move(x)},
                        {"xlabel", kCallsXLabel},
                        {"ylabel", kSeconds},
                        {"series", Json::array({panelSeries(kCallsSeries, out.at(key::kCallsInOrder))})}});
    return list;
}

static Json panelLayout()
{
    Json first = barPanel(kFirstTitle, Json::array({kFirstLabel, kWarmLabel}), Json::array({kSeriesLabel}));
    first["yscale"] = "log";
    Json parts = barPanel(kPartsTitle, partDisplayLabels({}), Json::array({kSeriesLabel}));
    Json calls{{"kind", "line"},
               {"title", kCallsTitle},
               {"xlabel", kCallsXLabel},
               {"ylabel", kSeconds},
               {"series", Json::array({kCallsSeries})}};
    return Json::array({first, parts, calls});
}

Figures readFigures(const Json &out)
{
    Figures f;
    f.firstCallSeconds = numberOf(member(out, key::kFirstCall));
    f.firstCalls = readSamples(out, key::kFirstCallSamples);
    f.firstCallSamplesSeconds = f.firstCalls.seconds;
    f.warm = readSamples(out, key::kWarmSamples);
    f.backend = stringMember(out, key::kBackend);
    f.partsLayout = partsLayoutOf(out);
    f.parts = partsOf(member(out, key::kFirstCallParts), f.partsLayout);
    if (const Json *caches = member(out, key::kKernelCacheSamples); caches && caches->is_array()) {
        for (const Json &cache : *caches) {
            if (const auto state = kernelCacheOf(cache))
                f.kernelCache.push_back(*state);
        }
    }
    if (const Json *traced = member(out, key::kTracedProcess); traced && traced->is_number_integer())
        f.tracedProcess = traced->get<std::int64_t>();
    f.callsInOrderSeconds = numbersIn(out, key::kCallsInOrder);
    f.warmSamplesSeconds = numbersIn(out, key::kWarmSamples);
    f.warmMedianSeconds = numberOf(member(out, key::kWarmMedian));
    f.maxAbsError = numberOf(member(out, key::kMaxAbsError));
    f.processIds = integersOf(member(out, key::kProcessIds));
    f.preemptions = integersOf(member(out, key::kPreemptions));
    f.inputShape = integersOf(member(out, key::kInputShape));
    f.weightShape = integersOf(member(out, key::kWeightShape));
    const Json *dtype = member(out, key::kDtype);
    f.dtype = dtype && dtype->is_string() ? dtype->get<std::string>() : std::string();
    return f;
}

static LessonSummary summarize(const Artifact &artifact)
{
    const Figures f = readFigures(artifact);
    LessonSummary summary;
    if (!f.inputShape.empty() || !f.dtype.empty())
        summary.setup = formatShape(f.inputShape) + " · " + formatShape(f.weightShape) + " " + f.dtype + ", "
            + std::to_string(f.firstCallSamplesSeconds.size()) + " fresh processes";
    // A cold and a cached first call on a device differ ~2,000× on PoCL: runs that met the
    // kernel cache differently are different experiments.
    if (!f.kernelCache.empty()) {
        const auto compiled = std::count_if(f.kernelCache.begin(), f.kernelCache.end(), [](const KernelCacheState &s) {
            return s.program == "miss" || s.kernelBinary == "miss";
        });
        const auto total = static_cast<std::ptrdiff_t>(f.kernelCache.size());
        summary.settings.emplace_back("kernel cache",
                                      compiled == 0           ? "every process found its kernel cached"
                                          : compiled == total ? "every process compiled its kernel"
                                                              : std::to_string(compiled) + " of "
                                              + std::to_string(total) + " processes compiled their kernel");
    }
    std::optional<double> warmMedian = f.warmMedianSeconds;
    if (!warmMedian && !f.warmSamplesSeconds.empty())
        warmMedian = median(f.warm.clean());
    // Each process is a round: the first calls' own spread is the between-round one.
    Figure first = makeFigure(key::kFirstCall, "first call", f.firstCallSeconds, true, f.firstCalls.clean(),
                              "clean first calls", true);
    first.interrupted = f.firstCalls.interruptedCount();
    first.rounds = first.samples;
    Figure warm
        = makeFigure(key::kWarmMedian, "warm median", warmMedian, true, f.warm.clean(), "clean warm calls", true);
    warm.interrupted = f.warm.interruptedCount();
    warm.rounds = roundMedians(f.warm.cleanByRound());
    summary.figures = {
        first,
        warm,
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    summary.headlineKey = key::kFirstCall;
    return summary;
}

const LessonContract kContract{stdoutFields, panels,    panelLayout,
                               check,        summarize, timelineFrom<Performance02Timeline>};

} // namespace lessonscope::performance02
