#include "core/lessons/performance-05/performance05contract.h"

#include "core/lessons/performance-05/performance05neighbour.h"
#include "core/lessons/shared/matrixlesson.h"
#include "core/lessons/shared/timedproduct.h"
#include "core/lesson/roundloop.h"
#include "core/lesson/timedstream.h"

#include <nlohmann/json.hpp>

#include <array>

#include <memory>

namespace lessonscope::performance05 {

namespace {

constexpr const char *kReading
    = "Consecutive calls of the same product, one of them interrupted: the host dispatches and waits, the device "
      "works, and now and then something else takes the core. Lengths illustrate ordering only and are not measured "
      "durations. A single timing is one sample of a noisy process: report the median of many calls with its 95% "
      "interval; the mean follows the interrupted calls.";

constexpr const char *kMeasuredReading
    = "Consecutive calls of the same product, around the slowest one of the run, to scale: this machine's measured "
      "durations. Most calls take about the median; a few are interrupted — the scheduler, an interrupt, a "
      "neighbour on the core — and each of those pulls the mean up by its whole delay divided by the number of "
      "calls, while the median moves by at most one rank. Report the median of many calls with its 95% interval "
      "(here the order-statistic interval), and how many samples it took to narrow.";

// One round's timed calls, until the samples reach upTo (every call is a sample here) or a cancel.
void timeRound(TimedProduct &product, int round, std::size_t upTo, LessonRun &run, Measurements &m,
               RunObserver &observer)
{
    // Counted where the work runs: every sample timed a product.
    const std::int64_t productsBefore = product.productsComputed();
    product.startRegion();
    while (m.samples.size() < upTo) {
        if (cancelledBetweenUnits(run, observer))
            break;
        const TimedStream::Timed call = product.call();
        m.samples.add(matrixlesson::recordCall(run, call, round, observer).synchronizedSeconds(), call.evidence, round);
        observer.progress(static_cast<int>(m.samples.size()), static_cast<int>(run.measuring.wanted));
    }
    m.productsTimed += product.productsComputed() - productsBefore; // after the last wait
}

LessonInfo makeInfo()
{
    LessonInfo info;
    info.summary = "Time thousands of warm calls of a small product: the median and its 95% interval hold "
                   "while the mean moves with every interrupted call.";
    info.texts = matrixlesson::timelineTexts(
        "Enough samples",
        "The timer starts at this call's dispatch. A benchmark reports one duration for the "
        "call: where does that typical call end?",
        kReading, kMeasuredReading, "input already placed; call plus output synchronization");
    // At most 20,000 samples: each adds its sample, its trace and three panel points to the
    // artifact, and a run of the defaults takes well under a second per thousand.
    info.parameters = {
        integerParameterSpec(param::kSamples, "Warm samples",
                             "How many warm calls are timed, after untimed ones until the calls are steady.", 2000, 10,
                             20'000),
        choiceParameterSpec(kNeighbourParameter, "Noisy neighbour",
                            "on: a thread competes for the worker's core in bursts while the calls are timed.",
                            {"off", "on"}),
    };
    matrixlesson::addProductParameters(info, 64, 32, 16, matrixlesson::WithDtype::Yes);
    return info;
}

LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer)
{
    const auto samples = static_cast<std::size_t>(integerParameter(values, param::kSamples));
    const ProductProblem problem = matrixlesson::productProblem(values);
    LessonRun run = begunRun(kId, values, {.rounds = measuring::kRounds, .wanted = samples, .keepsInterrupted = true});
    run.calls.reserve(samples); // no reallocation between calls
    Measurements m;
    m.neighbour = choiceParameter(values, kNeighbourParameter);
    // This lesson's samples are every call, interrupted or not: the whole distribution is what it
    // shows (the others replace interrupted calls, measuring.h). Each round takes its share.
    const SampleQuota share(samples);
    const auto cancelled = [&observer] { return observer.isCancelled(); };
    std::unique_ptr<NoisyNeighbour> neighbour;
    forEachRound(run, observer, measuring::kRounds, [&](int round) {
        // A stream holds the host where it runs, and between rounds the host may have woken on
        // the core the worker is kept on: there, host and worker would take turns on one CPU for
        // the whole round (1,200–1,600 of 2,000 calls beside a busy process did).
        if (m.workerCpu)
            stepCallingThreadOff(*m.workerCpu);
        // "Input already placed": the inputs are made (and placed on a device) before any clock
        // reads, afresh each round.
        const std::unique_ptr<TimedProduct> product = matrixlesson::openProduct(context, problem, run);
        // The worker stays on one core through the run, neighbour or not (a call on the stream,
        // before any clock reads: the first round's worker pins itself where it runs, the later
        // ones there too), so that a run with the neighbour differs from one without by the
        // neighbour alone; refused, it runs wherever the scheduler puts it.
        if (TimedStream *stream = product->stream()) {
            stream->stream()
                .dispatch([&m] {
                    m.workerCpu
                        = m.workerCpu && pinCallingThreadTo(*m.workerCpu) ? m.workerCpu : pinCallingThreadToItsCpu();
                })
                .wait();
        }
        run.measuring.warmUps.push_back(product->warmUp(cancelled));
        m.warmupCalls += run.measuring.warmUps.back().calls;
        // Once the calls are steady, the neighbour starts competing (it runs to the last round).
        if (m.neighbour == "on" && !neighbour) {
            neighbour = std::make_unique<NoisyNeighbour>(m.workerCpu);
            neighbour->waitUntilBusy();
        }
        timeRound(*product, round, share.cleanByEndOfRound(round), run, m, observer);
        m.maxAbsError = product->checkAgainstReference(m.maxAbsError, cancelled); // after the clock stopped
    });
    if (neighbour) {
        neighbour->stop();
        const NoisyNeighbour::Report report = neighbour->report();
        m.neighbourCpu = report.pinnedCpu;
        m.neighbourBursts = report.bursts;
        m.neighbourBusyNs = report.busyNs;
    }
    run.measuring.count(m.samples);
    run.output = std::make_shared<const Json>(output(run, m));
    return run;
}

std::optional<std::string> workProblem(const ParameterValues &values)
{
    // Each sample is one call.
    return matrixlesson::workProblem(values, static_cast<double>(integerParameter(values, param::kSamples)));
}

// The run in a few words (describeParameters): the product, then these of its parameters.
constexpr std::array<matrixlesson::DescribedParameter, 3> kDescribed{
    {{param::kSamples, "{} warm samples"}, {kNeighbourParameter, "neighbour {}"}, {param::kSeed, "seed {}"}}};
constexpr auto &describeParameters = matrixlesson::describedProduct<kDescribed>;

} // namespace

const LessonDeclaration kLesson{kId, makeInfo, kContract, runOn, describeParameters, workProblem};

} // namespace lessonscope::performance05
