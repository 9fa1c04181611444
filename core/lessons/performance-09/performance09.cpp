#include "core/lessons/performance-09/performance09contract.h"

#include "core/lessons/performance-03/placedsampler.h"
#include "core/lessons/shared/matrixlesson.h"
#include "core/lessons/shared/timedproduct.h"
#include "core/opencl/opencldevices.h"

#include <nlohmann/json.hpp>

#include <array>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lessonscope::performance09 {

namespace {

constexpr const char *kReading
    = "The host enqueues the kernel and waits; the device's own clock stamps when the command was queued, "
      "submitted, started and ended. Lengths illustrate ordering only and are not measured durations. The host's "
      "timer holds the driver's hand-off, the work and the hand-back; the device's START to END is the work alone.";

constexpr const char *kMeasuredReading
    = "The host enqueues the kernel and waits; the device's own clock stamps when the command was queued, "
      "submitted, started and ended. Lengths are this machine's measured durations, to scale: the host's timer "
      "holds the driver's hand-off before START and the hand-back after END, and the device's START to END is the "
      "work alone, in the device's clock and at its resolution. The first call shows the kernel's first enqueue, "
      "whose compilation an explicit build does not remove.";

// Clean twins wanted over the run (each a write awaited and the call, then a write not awaited and
// the call), spread over the rounds; an interrupted one is replaced as a warm call is.
constexpr std::size_t kTwins = 15;

// The smallest positive step between two stamps of one command: how fine the clock looked.
void noteSteps(const DeviceClockTimes &d, std::int64_t &smallest)
{
    for (const std::int64_t step : {d.submit - d.queued, d.start - d.submit, d.end - d.start}) {
        if (step > 0 && (smallest == 0 || step < smallest))
            smallest = step;
    }
}

// The first OpenCL device for "stream", whose worker has no clock of its own.
std::string deviceFor(const std::string &device)
{
    if (device != kStreamDevice)
        return device;
    const OpenClDeviceList list = listOpenClDevices();
    if (list.devices.empty())
        throw std::invalid_argument(
            "performance-09 times work on an OpenCL device's own clock, and this machine has no OpenCL device "
            "(lessonscope devices"
            + (list.problem.empty() ? std::string() : ": " + list.problem)
            + "). Its recording, made on PoCL, shows what it measures; install an OpenCL driver (pocl-opencl-icd "
              "on Debian) to run it here.");
    return "opencl:0";
}

class Experiment
{
public:
    Experiment(const std::string &onDevice, const ParameterValues &values, LessonRun &intoRun, RunObserver &toObserver)
        : context(onDevice),
          problem(matrixlesson::productProblem(values)),
          run(intoRun),
          observer(toObserver),
          samples(static_cast<std::size_t>(integerParameter(values, param::kSamples))),
          placeSize(static_cast<int>(integerParameter(values, kPlaceSizeParameter)))
    { }

    void round(int r, const SampleQuota &quota);
    void twins(int r, const SampleQuota &quota);

    const RunContext context; // on the device alone: a kernel the driver compiles has no variant
    const ProductProblem problem;
    LessonRun &run;
    RunObserver &observer;
    const std::size_t samples;
    const int placeSize;
    Measurements m;
    std::uint64_t prepared = 0;

private:
    void record(const TimedProduct::Timed &timed, int r);
    bool cancelled() const { return observer.isCancelled(); }
};

void Experiment::record(const TimedProduct::Timed &timed, int r)
{
    noteSteps(timed.device, m.smallestStepNs);
    matrixlesson::recordCall(run, timed, r, observer);
}

void Experiment::round(int r, const SampleQuota &quota)
{
    // openProduct builds the program explicitly (clBuildProgram) and places the inputs before
    // any clock reads.
    const std::unique_ptr<TimedProduct> product = matrixlesson::openProduct(context, problem, run);
    if (!product->deviceEnvironment())
        throw std::invalid_argument("performance-09 needs a device with its own clock; the stream has none");
    if (r == 0) {
        // The kernel's first enqueue: nothing warms it up, since what the driver still does
        // there (PoCL compiles for the work-group size) is what it shows.
        // What the device had computed before it, counted by the device: 0 for a first enqueue.
        m.computedBeforeFirstCall = product->productsComputed();
        product->startRegion();
        record(product->call(), r);
    }
    run.measuring.warmUps.push_back(product->warmUp([this] { return cancelled(); }));
    product->startRegion();
    while (m.warm.cleanCount() < quota.cleanByEndOfRound(r) && quota.wantsMore(m.warm)) {
        if (cancelled()) {
            run.cancelled = true;
            break;
        }
        const TimedProduct::Timed call = product->call();
        m.warm.add(call.seconds(), call.evidence, r);
        m.queue.push_back(static_cast<double>(call.device.start - call.device.queued) * 1e-9);
        m.work.push_back(static_cast<double>(call.device.end - call.device.start) * 1e-9);
        record(call, r);
        observer.progress(static_cast<int>(std::min(m.warm.cleanCount(), samples)), static_cast<int>(samples));
    }
    m.maxAbsError = product->checkAgainstReference(m.maxAbsError, [this] { return cancelled(); });
}

// performance-03's placed samples with their twins, on this round's device: the call after a
// blocking write, then the same after a write not awaited.
void Experiment::twins(int r, const SampleQuota &quota)
{
    const std::unique_ptr<performance03::PlacedRound> placed = performance03::openPlacedRound(context);
    const std::unique_ptr<performance03::PlacedSampler> sampler = placed->open(problem.dtype, placeSize);
    while (m.unawaited.cleanCount() < quota.cleanByEndOfRound(r) && quota.wantsMore(m.unawaited) && !cancelled()) {
        const std::uint64_t preparation = prepared++;
        const performance03::SampleTimes t = sampler->sample(problem.seed, preparation, prepared++);
        const performance03::UnawaitedTwin &u = *t.unawaited;
        const double reading = static_cast<double>(u.call.readyObserved - u.place.dispatchEnd) * 1e-9;
        m.unawaited.add(reading, t.evidence, r);
        m.placedCall.push_back(static_cast<double>(t.call.readyObserved - t.call.dispatchBegin) * 1e-9);
        m.copy.push_back(static_cast<double>(u.placeDevice.end - u.placeDevice.start) * 1e-9);
        m.stillCopying += u.call.dispatchBegin < u.place.workEnd ? 1 : 0;
    }
}

LessonInfo makeInfo()
{
    LessonInfo info;
    info.firstCallApart = true; // the kernel's first enqueue is shown apart
    info.contentVersion = 1;
    info.summary = "Time the same kernel calls with the host's clock and with the OpenCL device's own profiling "
                   "timestamps; see what the first enqueue and a write not awaited add, and how fine the device's "
                   "clock is.";
    info.texts = matrixlesson::timelineTexts(
        "Time on the device's clock",
        "The device's own clock stamped when this call's work began (START). Where does a timer "
        "on that clock stop to time the work alone?",
        kReading, kMeasuredReading,
        "input already placed; the device's START to END, beside the host's enqueue to readiness");
    info.parameters = {integerParameterSpec(param::kSamples, "Warm samples",
                                            "How many warm calls are timed on both clocks after the first enqueue.", 25,
                                            1, 10'000)};
    matrixlesson::addProductParameters(info, 64, 32, 16, matrixlesson::WithDtype::Yes);
    info.parameters.push_back(integerParameterSpec(kPlaceSizeParameter, "Placement size",
                                                   "The square inputs (n×n · n×n) written awaited and not awaited.",
                                                   128, 16, 512));
    return info;
}

LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer)
{
    LessonRun run = begunRun(kId, values);
    Experiment experiment(deviceFor(context.device), values, run, observer);
    run.calls.reserve(experiment.samples * measuring::kMostSamplesFactor + 1);
    run.measuring.rounds = measuring::kRounds;
    experiment.m.maxAbsError = std::nan("");
    const SampleQuota quota(experiment.samples);
    const SampleQuota twinQuota(kTwins);
    RoundPacer pacer(run.measuring);
    for (int round = 0; round < measuring::kRounds && !run.cancelled; ++round) {
        if (!pacer.beginRound(round, [&observer] { return observer.isCancelled(); })) {
            run.cancelled = true;
            break;
        }
        experiment.round(round, quota);
        if (!run.cancelled)
            experiment.twins(round, twinQuota);
    }
    pacer.roundsEnded();
    run.measuring.budgetSpent = quota.exhausted(experiment.m.warm) || twinQuota.exhausted(experiment.m.unawaited);
    run.measuring.count(experiment.m.warm);
    run.measuring.count(experiment.m.unawaited);
    run.measuring.wanted = experiment.samples + kTwins;
    run.output = std::make_shared<const Json>(output(run, experiment.m));
    return run;
}

std::optional<std::string> workProblem(const ParameterValues &values)
{
    return matrixlesson::workProblem(values, static_cast<double>(integerParameter(values, param::kSamples)));
}

// The run in a few words (describeParameters): the product, then these of its parameters.
constexpr std::array<matrixlesson::DescribedParameter, 3> kDescribed{
    {{param::kSamples, "{} warm samples"}, {kPlaceSizeParameter, "writes of {}²"}, {param::kSeed, "seed {}"}}};
constexpr auto &describeParameters = matrixlesson::describedProduct<kDescribed>;

} // namespace

const LessonDeclaration kLesson{
    kId, makeInfo, kContract, runOn, describeParameters, workProblem, LessonDevices::RealDeviceOnly};

} // namespace lessonscope::performance09
