#include "core/lessons/performance-05/performance05.h"

#include "core/lessons/performance-05/performance05contract.h"
#include "core/lessons/performance-05/performance05neighbour.h"
#include "core/lessons/performance-05/performance05timeline.h"
#include "core/lessons/shared/matrixlesson.h"
#include "core/timing/devicestream.h"
#include "core/timing/matmulkernel.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace lessonscope {

namespace {

constexpr const char *kReading =
    "Consecutive calls of the same product, one of them interrupted: the host dispatches and waits, the device "
    "works, and now and then something else takes the core. Lengths illustrate ordering only and are not measured "
    "durations. A single timing is one sample of a noisy process: report the median of many calls with its 95% "
    "interval; the mean follows the interrupted calls.";

constexpr const char *kMeasuredReading =
    "Consecutive calls of the same product, around the slowest one of the run, to scale: this machine's measured "
    "durations. Most calls take about the median; a few are interrupted — the scheduler, an interrupt, a "
    "neighbour on the core — and each of those pulls the mean up by its whole delay divided by the number of "
    "calls, while the median moves by at most one rank. Report the median of many calls with its 95% interval "
    "(here the order-statistic interval), and how many samples it took to narrow.";

// Untimed calls before the samples: first-use costs are performance-02's subject, not this
// lesson's; the samples are warm calls only.
constexpr int kWarmupCalls = 10;

LessonInfo makeInfo()
{
    LessonInfo info;
    info.id = Performance05::kId;
    info.summary = "Time thousands of warm calls of a small product: the median and its 95% interval hold "
                   "while the mean moves with every interrupted call.";
    info.texts.title = "Enough samples";
    info.texts.prediction = "The timer starts at this call's dispatch. A benchmark reports one duration for the "
                            "call: where does that typical call end?";
    info.texts.reading = kReading;
    info.texts.measuredReading = kMeasuredReading;
    info.texts.alt = kReading;
    info.texts.scope = "Architecture and dataflow mechanism diagram.";
    info.texts.height = 3.8;
    info.texts.diagramKind = "timeline";
    info.texts.boundary = "input already placed; call plus output synchronization";
    // At most 20,000 samples: each adds its sample, its trace and three panel points to the
    // artifact, and a run of the defaults takes well under a second per thousand.
    info.parameters = {
        integerParameterSpec("samples", "Warm samples", "How many warm calls are timed, after 10 untimed ones.",
                             2000, 10, 20'000),
        choiceParameterSpec("neighbour", "Noisy neighbour",
                            "on: a thread competes for the worker's core in bursts while the calls are timed.",
                            {"off", "on"}),
    };
    for (ParameterSpec &spec : matrixlesson::shapeParameters(64, 32, 16))
        info.parameters.push_back(std::move(spec));
    info.parameters.push_back(matrixlesson::dtypeParameter());
    info.parameters.push_back(matrixlesson::seedParameter());
    info.shorthands.push_back(matrixlesson::shapeShorthand());
    return info;
}

// Starts the neighbour on the worker's core (pinned there when it could be, else wherever the
// scheduler puts it); returns once its first burst has begun.
std::unique_ptr<NoisyNeighbour> startNeighbour(std::optional<int> workerCpu)
{
    auto neighbour = std::make_unique<NoisyNeighbour>(workerCpu);
    neighbour->waitUntilBusy();
    return neighbour;
}

} // namespace

Performance05::Performance05()
    : ContractLesson({&performance05::panels, &performance05::panelLayout, &performance05::check,
                      &performance05::summarize, &timelineFrom<Performance05Timeline>, &performance05::parametersOf})
{
}

const LessonInfo &Performance05::info() const
{
    static const LessonInfo info = makeInfo();
    return info;
}

LessonRun Performance05::run(const ParameterValues &values, RunObserver &observer) const
{
    const auto samples = static_cast<int>(integerParameter(values, "samples"));
    const auto dtype = choiceParameter(values, "dtype") == "float64" ? MatmulKernel::Dtype::Float64
                                                                     : MatmulKernel::Dtype::Float32;
    LessonRun run;
    run.lessonId = kId;
    run.parameters = values;
    run.device = "eigen-stream-worker";
    run.calls.reserve(static_cast<std::size_t>(samples)); // no reallocation between calls

    // "Input already placed": the inputs are made before any clock reads.
    MatmulKernel kernel(dtype, static_cast<int>(integerParameter(values, "m")),
                        static_cast<int>(integerParameter(values, "k")), static_cast<int>(integerParameter(values, "n")),
                        static_cast<std::uint64_t>(integerParameter(values, "seed")));
    run.instructionSet = kernel.isa();
    DeviceStream stream;
    run.waitStrategy = waitStrategyName(stream.effectiveStrategy());
    performance05::Measurements m;
    // The worker stays on the core it runs on, neighbour or not (a call on the stream, before any
    // clock reads), so that a run with the neighbour differs from one without by the neighbour
    // alone; refused, it runs wherever the scheduler puts it.
    stream.dispatch([&m] { m.workerCpu = pinCallingThreadToItsCpu(); }).wait();
    for (int i = 0; i < kWarmupCalls; ++i)
        stream.dispatch([&kernel] { kernel.multiply(); }).wait();
    m.warmupCalls = kWarmupCalls;
    m.neighbour = choiceParameter(values, "neighbour");
    // Destroyed before the stream on every path out (declared after it): stopped and joined.
    std::unique_ptr<NoisyNeighbour> neighbour = m.neighbour == "on" ? startNeighbour(m.workerCpu) : nullptr;

    // Counted on the worker, inside the timed work: every sample timed a product.
    std::int64_t products = 0;
    const auto work = [&kernel, &products] {
        kernel.multiply();
        ++products;
    };
    for (int index = 0; index < samples; ++index) {
        // Checked between calls only; the first call is always measured, so that a run, even a
        // cancelled one, has something to report.
        if (index > 0 && observer.isCancelled()) {
            run.cancelled = true;
            break;
        }
        CallHandle call = stream.dispatch(work);
        call.wait();
        const CallTimestamps absolute = call.timestamps();
        if (index == 0)
            run.startedAtNs = absolute.dispatchBegin;
        run.calls.push_back(MeasuredCall{absolute.since(run.startedAtNs)});
        observer.callMeasured(index, run.calls.back());
        observer.progress(index + 1, samples);
    }
    if (neighbour) {
        neighbour->stop();
        const NoisyNeighbour::Report report = neighbour->report();
        m.neighbourCpu = report.pinnedCpu;
        m.neighbourBursts = report.bursts;
        m.neighbourBusyNs = report.busyNs;
    }

    // After the clock stopped: the samples, and the last output against the reference.
    for (const MeasuredCall &call : run.calls)
        m.samples.push_back(call.synchronizedSeconds());
    m.maxAbsError = kernel.maxAbsErrorAgainstReference();
    m.productsTimed = products; // read after the last wait: the worker is done with it
    run.output = std::make_shared<const Json>(performance05::output(run, m));
    return run;
}

std::string Performance05::describeParameters(const ParameterValues &values) const
{
    std::string text = matrixlesson::describeProduct(values);
    if (values.count("samples"))
        text += ", " + parameterText(values, "samples") + " warm samples";
    if (values.count("neighbour"))
        text += ", neighbour " + parameterText(values, "neighbour");
    if (values.count("seed"))
        text += ", seed " + parameterText(values, "seed");
    return text;
}

} // namespace lessonscope

namespace lessonscope::course {

// The course's handle on this lesson (core/lessons/course.cpp); made on first use.
const Lesson &performance05()
{
    static const Performance05 lesson;
    return lesson;
}

} // namespace lessonscope::course
