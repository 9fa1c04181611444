#include "core/lessons/performance-06/performance06contract.h"

#include "core/lesson/roundloop.h"
#include "core/lessons/performance-06/performance06callalone.h"
#include "core/lessons/shared/matrixlesson.h"
#include "core/lessons/shared/timedproduct.h"

#include <nlohmann/json.hpp>

#include <array>

#include <algorithm>

namespace lessonscope::performance06 {

namespace {

constexpr const char *kReading
    = "One call at a time, the host dispatches, waits for the readiness and only then dispatches the next: "
      "the device idles while the host waits, wakes and hands over. Kept busy, the host dispatches K calls "
      "back to back while the device works through them, and waits once, for the last. Lengths illustrate "
      "ordering only and are not measured durations. The throughput of the K calls is timed from the first "
      "dispatch to the last call's observed readiness, divided by K.";

constexpr const char *kMeasuredReading
    = "The host dispatches K calls back to back while the device works through them in order, and waits "
      "once, for the last. Lengths are this machine's measured durations, to scale: the host's dispatches "
      "overlap the device's work, and the hand-over and the host's wake-up after a wait are paid once per K "
      "calls instead of once per call. The time per call of a busy stream is its throughput's inverse; it "
      "is shorter than a call's latency, which still includes them. The timer stops at the last call's "
      "observed readiness: before it, calls are still queued.";

// 1, 2, 4 … 64: the stream holds 64 calls in flight (core/timing/devicestream.h); beyond, a
// dispatch would wait for the device, which is another lesson.
constexpr std::int64_t kMaxDepth = 64;
constexpr int kWarmupRounds = 1;

// The run in progress: the product on its device, what was measured.
struct Experiment {
    RunObserver &observer;
    LessonRun &run;
    TimedProduct &product;
    Measurements &measurements;
    std::vector<TimedProduct::Timed> calls{}; // a burst's, reserved once: no allocation between bursts

    double burst(int depth, bool traced, int round, CallEvidence &evidence);
    bool repetition(bool timed, int round); // true when every timed unit of it was clean
};

// depth calls dispatched back to back, one wait at the end (TimedProduct::burst): that one wait
// observed them all, and the trace records its moment as every call's readyObserved. The
// evidence is the whole burst's.
double Experiment::burst(int depth, bool traced, int round, CallEvidence &evidence)
{
    evidence = product.burst(depth, calls);
    const std::int64_t observed = calls.back().timestamps.readyObserved;
    const std::int64_t first = calls.front().timestamps.dispatchBegin;
    if (traced) {
        if (run.calls.empty())
            run.startedAtNs = first; // the trace's origin: the first traced burst's first dispatch
        for (const TimedProduct::Timed &call : calls) {
            run.calls.push_back(
                MeasuredCall::of(call.timestamps.since(run.startedAtNs), evidence, round, observed - first));
            run.calls.back().device = call.device.since(run.startedAtNs); // a real device's own clock
            observer.callMeasured(static_cast<int>(run.calls.size()) - 1, run.calls.back());
        }
    }
    product.startRegion(); // the bookkeeping above is no call's
    return perCallSeconds(first, observed, depth);
}

// One repetition: a call alone, then a burst of every depth, so that both ways of timing share
// whatever the machine did meanwhile.
bool Experiment::repetition(bool timedRepetition, int round)
{
    // The call alone first, on a stream as ready for it as a burst's calls find it: after the
    // previous repetition's bookkeeping (its traced burst written out) the first calls are
    // slower, which would flatter the bursts.
    const TimedProduct::Timed latency = callAlone(product);
    std::vector<std::pair<double, CallEvidence>> perCall;
    for (int depth : measurements.depths) {
        CallEvidence evidence;
        const double seconds = burst(depth, timedRepetition && depth == measurements.depths.back(), round, evidence);
        perCall.emplace_back(seconds, evidence);
    }
    if (!timedRepetition)
        return false;
    bool clean = !latency.interrupted();
    measurements.latency.add(latency.seconds(), latency.evidence, round);
    measurements.perCall.resize(perCall.size());
    for (std::size_t d = 0; d < perCall.size(); ++d) {
        measurements.perCall[d].callsPerSample = measurements.depths[d]; // judged as its burst
        measurements.perCall[d].add(perCall[d].first, perCall[d].second, round);
        clean = clean && !measurements.perCall[d].isInterrupted(measurements.perCall[d].size() - 1);
    }
    return clean;
}

} // namespace

TimedProduct::Timed callAlone(TimedProduct &product)
{
    warmUpUntilSteady(
        [&product] {
            const TimedProduct::Timed t = product.call();
            return std::pair{t.timestamps.readyObserved - t.timestamps.dispatchBegin, !t.interrupted()};
        },
        [] { return false; }, kLoneCallWarmUp);
    return product.call();
}

std::vector<int> depthsUpTo(int largest)
{
    std::vector<int> depths;
    for (int depth = 1; depth < largest; depth *= 2)
        depths.push_back(depth);
    depths.push_back(std::max(largest, 1));
    return depths;
}

namespace {

LessonInfo makeInfo()
{
    LessonInfo info;
    info.summary = "Time one call at a time against K calls kept in flight with one wait at the end, for K = 1, "
                   "2, 4 … 64: the time per call of a busy stream is below a call's latency.";
    info.texts = matrixlesson::timelineTexts(
        "Latency is not throughput",
        "K calls are dispatched back to back and the host waits once. Where must the timer "
        "stop to measure the throughput of the K calls?",
        kReading, kMeasuredReading,
        "input already placed; K calls dispatched back to back plus one synchronization at the end");
    // The default product is small, about as long as a dispatch (16×16·16×16 float32: per call
    // 260 ns alone, 157 ns kept busy on a quiet 2-core machine; 32×32·32×32: 551 against 470 ns):
    // what a busy stream saves (the hand-over and the host's wake-up) is then a large part of a
    // call. On a loaded machine the wake-ups grow to milliseconds and the difference with them.
    info.parameters = {
        integerParameterSpec(kRepetitionsParameter, "Repetitions",
                             "How many timed rounds: each times one call alone and one K-deep burst per depth.", 21, 1,
                             1000),
        integerParameterSpec(kDepthParameter, "Largest depth (K)",
                             "Bursts of 1, 2, 4 … calls up to this many in flight; the bursts of this many are traced.",
                             kMaxDepth, 2, kMaxDepth),
    };
    matrixlesson::addProductParameters(info, 16, 16, 16, matrixlesson::WithDtype::Yes);
    return info;
}

LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer)
{
    const auto repetitions = static_cast<std::size_t>(integerParameter(values, kRepetitionsParameter));
    const ProductProblem problem = matrixlesson::productProblem(values);
    LessonRun run = begunRun(kId, values, {.rounds = measuring::kRounds, .wanted = repetitions});
    Measurements m;
    m.depths = depthsUpTo(static_cast<int>(integerParameter(values, kDepthParameter)));
    m.warmupRounds = kWarmupRounds;
    run.calls.reserve(repetitions * measuring::kMostSamplesFactor * static_cast<std::size_t>(m.depths.back()));

    const SampleQuota quota(repetitions);
    Samples clean; // one per repetition: clean when its call alone and every burst were
    const auto cancelled = [&observer] { return observer.isCancelled(); };
    forEachRound(run, observer, measuring::kRounds, [&](int round) {
        // "Input already placed": the inputs are made (and placed on a device) before any clock
        // reads, afresh each round.
        const std::unique_ptr<TimedProduct> product = matrixlesson::openProduct(context, problem, run);
        Experiment experiment{observer, run, *product, m};
        experiment.calls.reserve(static_cast<std::size_t>(m.depths.back()));
        // Untimed until steady (first use is performance-02's subject), then one untimed repetition.
        run.measuring.warmUps.push_back(product->warmUp(cancelled));
        for (int r = 0; r < kWarmupRounds; ++r)
            experiment.repetition(false, round);
        while (clean.cleanCount() < quota.cleanByEndOfRound(round) && quota.wantsMore(clean)) {
            if (cancelledBetweenUnits(run, observer))
                break;
            // A unit of no length, clean when the repetition was: any wait above 10 µs interrupts it.
            const std::int64_t waited = experiment.repetition(true, round) ? 0 : kInterruptedAboveNs + 1;
            clean.add(0, CallEvidence{.known = true, .otherWaitNs = waited}, round);
            // Counted in the calls reported (each repetition's traced burst), as the run in
            // progress draws them and a cancel reports them.
            const int perRepetition = m.depths.back();
            observer.progress(static_cast<int>(std::min(clean.cleanCount(), repetitions)) * perRepetition,
                              static_cast<int>(repetitions) * perRepetition);
        }
        // After the clock stopped: the last output (every call recomputes the same one).
        m.maxAbsError = product->checkAgainstReference(m.maxAbsError, cancelled);
    });
    run.measuring.budgetSpent = quota.exhausted(clean);
    run.measuring.count(m.latency);
    for (const Samples &depth : m.perCall)
        run.measuring.count(depth);
    run.measuring.wanted = repetitions * (1 + m.depths.size());
    run.output = std::make_shared<const Json>(output(run, m));
    return run;
}

std::optional<std::string> workProblem(const ParameterValues &values)
{
    // Each repetition: untimed calls (at most kLoneCallWarmUp.mostCalls), one call alone, then
    // bursts of 1, 2, 4 … up to depth calls (fewer than 2 × depth).
    const std::int64_t perRepetition = kLoneCallWarmUp.mostCalls + 1 + 2 * integerParameter(values, kDepthParameter);
    return matrixlesson::workProblem(
        values, static_cast<double>(integerParameter(values, kRepetitionsParameter) * perRepetition));
}

// The run in a few words (describeParameters): the product, then these of its parameters.
constexpr std::array<matrixlesson::DescribedParameter, 3> kDescribed{
    {{kDepthParameter, "K up to {}"}, {kRepetitionsParameter, "{} repetitions"}, {param::kSeed, "seed {}"}}};
constexpr auto &describeParameters = matrixlesson::describedProduct<kDescribed>;

} // namespace

const LessonDeclaration kLesson{kId, makeInfo, kContract, runOn, describeParameters, workProblem};

} // namespace lessonscope::performance06
