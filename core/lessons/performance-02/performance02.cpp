#include "core/lessons/performance-02/performance02contract.h"

#include "core/lessons/shared/matrixlesson.h"

#include "core/lesson/childprocess.h"
#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-02/performance02child.h"
#include "core/timing/matmulvariants.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>

#include <cstdio>
#include <stdexcept>

namespace lessonscope::performance02 {

namespace {

// What the timer holds, in the info's texts and on stdout.
constexpr const char *kBoundary
    = "input already placed; first call timed apart in fresh processes; warm call plus output "
      "synchronization";

constexpr const char *kReading
    = "The first call of a process pays once for what later calls reuse: choosing the product's "
      "instruction-set variant, first-touching the output, the library's first use and cold caches. A timer "
      "started before it measures those, not the call. Lengths illustrate "
      "ordering only and are not measured durations. Keep the first call apart: start the timer at a warm "
      "call's dispatch, and report the first call as a figure of its own.";

constexpr const char *kMeasuredReading
    = "The first call of a process pays once for what later calls reuse: choosing the product's "
      "instruction-set variant, first-touching the output, the library's first use and cold caches. Lengths are this "
      "machine's measured durations in the traced process, to scale: the "
      "parts before the first dispatch take far longer than a warm call, and the first call's own work is "
      "longer too (the library's code and data still cold), which is why a timer started before them "
      "measures the set-up, not the call. Keep the first call apart: start the timer at "
      "a warm call's dispatch, and report the first call, measured in fresh processes, as a figure of its own.";

// One fresh process measured; throws std::runtime_error when it failed (a run that kept going
// without it would report fewer processes than it claims).
std::optional<ProcessMeasurement> measureOneProcess(const ChildRequest &request, int number, RunObserver &observer)
{
    ChildLimits limits;
    limits.timeoutSeconds = childTimeoutSeconds(1);
    const ChildResult child = runMeasuringChild(kId, childArguments(request), observer, limits);
    if (child.cancelled)
        return std::nullopt;
    const std::string which = std::string(kId) + ": measuring process " + std::to_string(number);
    if (!child.output)
        throw std::runtime_error(which + " failed: " + child.error);
    auto process = readProcess(*child.output);
    if (!process || process->calls.size() != static_cast<std::size_t>(request.samples) + 1
        || process->evidence.size() != process->calls.size())
        throw std::runtime_error(which + " printed a measurement lessonscope cannot read");
    if (process->instructionSet != request.isa) // the artifact names one variant for every process
        throw std::runtime_error(which + " ran the " + process->instructionSet + " variant, not " + request.isa);
    if ((process->backend == kDeviceBackend) != (request.device != kStreamDevice))
        throw std::runtime_error(which + " ran on " + process->backend + ", not on " + request.device);
    return process;
}

LessonInfo makeInfo()
{
    LessonInfo info;
    info.firstCallApart = true; // the lesson is about the first call: shown apart as it runs
    info.contentVersion = 2;    // 2: the stream starts before the first call's timer
    info.summary = "Time the first call of an m×k · k×n product apart from the warm calls, in fresh processes, "
                   "split into what it pays once: the variant's choice, the output's first touch and the work.";
    info.texts = matrixlesson::timelineTexts("Keep the first call apart",
                                             "Where should the timer start to measure a warm call?", kReading,
                                             kMeasuredReading, kBoundary);

    info.parameters = {
        // Each process is a fresh start of lessonscope, one after another: 20 keeps a run short.
        integerParameterSpec(kProcessesParameter, "Fresh processes",
                             "How many fresh processes each time their first call.", 5, 1, 20),
        integerParameterSpec(param::kSamples, "Warm calls per process",
                             "How many warm calls each process times after its first.", 10, 1, 10'000),
    };
    matrixlesson::addProductParameters(info, 64, 32, 16, matrixlesson::WithDtype::Yes);
    return info;
}

LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer)
{
    const std::string &device = context.device;
    if (device != kStreamDevice && !openClDeviceIndex(device))
        throw unknownDevice(device);
    // The variant is resolved here, so that the context's (or LESSONSCOPE_ISA's) reaches every
    // child alike; each child still makes the choice itself, timed (kernel_select). A device's
    // driver compiles the kernel itself: no variant.
    ChildRequest request = requestOf(values, device == kStreamDevice ? resolvedMatmulIsa(context.isa) : std::string());
    request.device = device;
    const int processes = static_cast<int>(integerParameter(values, kProcessesParameter));
    LessonRun run = begunRun(kId, values);
    run.device = device == kStreamDevice ? "eigen-stream-worker" : kDeviceBackend;
    run.instructionSet = request.isa;

    // One process after another, never side by side: two at once would share the cores and
    // disturb each other's first call. A process whose first call other work interrupted is kept
    // (every sample is) and another is started in its place, within the budget (measuring.h).
    const int perProcess = 1 + request.samples;
    run.measuring.rounds = processes;
    run.measuring.wanted = static_cast<std::size_t>(processes);
    const SampleQuota quota(static_cast<std::size_t>(processes));
    Samples firsts;
    std::vector<ProcessMeasurement> measured;
    int warmReported = 0;
    RoundPacer pacer(run.measuring);
    while (quota.wantsMore(firsts) && static_cast<int>(measured.size()) < measuring::kMostRounds) {
        if (!measured.empty() && observer.isCancelled()) {
            run.cancelled = true;
            break;
        }
        // Each process is a round, and rounds are spread over time (measuring.h).
        if (!pacer.beginRound(static_cast<int>(measured.size()), [&observer] { return observer.isCancelled(); })) {
            run.cancelled = true;
            break;
        }
        const auto process = measureOneProcess(request, static_cast<int>(measured.size()) + 1, observer);
        if (!process) {
            run.cancelled = true;
            break;
        }
        const auto firstNs = static_cast<std::int64_t>(process->firstCallSeconds * 1e9);
        observer.callMeasured(0, MeasuredCall::of(process->calls.front(), process->evidence.front(), 0, firstNs));
        for (std::size_t i = 1; i < process->calls.size(); ++i)
            observer.callMeasured(++warmReported, MeasuredCall::of(process->calls[i], process->evidence[i], 0));
        firsts.add(process->firstCallSeconds, process->evidence.front(), static_cast<int>(measured.size()));
        const int clean
            = static_cast<int>(std::min<std::size_t>(firsts.cleanCount(), static_cast<std::size_t>(processes)));
        observer.progress(clean * perProcess, processes * perProcess);
        measured.push_back(*process);
    }
    pacer.roundsEnded();
    // A process started in place of an interrupted one is a round more, with its own reading.
    run.measuring.rounds = std::max(processes, pacer.begun());
    if (measured.empty()) // cancelled before any process finished: nothing to report
        return run;

    run.measuring.count(firsts);
    run.measuring.budgetSpent = quota.exhausted(firsts);
    const std::size_t traced = medianProcess(measured);
    const ProcessMeasurement &shown = measured[traced];
    for (std::size_t i = 0; i < shown.calls.size(); ++i) {
        // The first call's unit is the whole first call, from before the product's first use.
        const std::int64_t unitNs = i == 0 ? static_cast<std::int64_t>(shown.firstCallSeconds * 1e9)
                                           : shown.calls[i].readyObserved - shown.calls[i].dispatchBegin;
        run.calls.push_back(MeasuredCall::of(shown.calls[i], shown.evidence[i], static_cast<int>(traced), unitNs));
        if (i < shown.deviceCalls.size())
            run.calls.back().device = shown.deviceCalls[i]; // a real device's own clock
    }
    run.waitStrategy = shown.waitStrategy;
    run.deviceEnvironment = shown.deviceEnvironment;
    run.output = std::make_shared<const Json>(output(run, measured, traced, kBoundary));
    return run;
}

int measureInChild(const QStringList &arguments)
{
    std::string error;
    const auto request = readChildArguments(arguments, *findLesson(kId), &error);
    if (!request) {
        std::fprintf(stderr, "lessonscope measure-child %s: %s\n", kId, error.c_str());
        return 2;
    }
    try {
        const std::string text = measureThisProcess(*request).dump() + "\n";
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fflush(stdout);
        return 0;
    } catch (const std::exception &failure) {
        std::fprintf(stderr, "lessonscope measure-child %s: %s\n", kId, failure.what());
        return 1;
    }
}

std::optional<std::string> workProblem(const ParameterValues &values)
{
    // Every fresh process times its first call and its warm calls.
    return matrixlesson::workProblem(values,
                                     static_cast<double>(integerParameter(values, kProcessesParameter)
                                                         * (1 + integerParameter(values, param::kSamples))));
}

// The run in a few words (describeParameters): the product, then these of its parameters.
constexpr std::array<matrixlesson::DescribedParameter, 3> kDescribed{
    {{kProcessesParameter, "{} fresh processes"}, {param::kSamples, "{} warm calls each"}, {param::kSeed, "seed {}"}}};
constexpr auto &describeParameters = matrixlesson::describedProduct<kDescribed>;

} // namespace

const LessonDeclaration kLesson{
    kId, makeInfo, kContract, runOn, describeParameters, workProblem, LessonDevices::StreamOrDevice, measureInChild};

} // namespace lessonscope::performance02
