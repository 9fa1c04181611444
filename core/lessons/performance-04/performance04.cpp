#include "core/lessons/performance-04/performance04contract.h"

#include "core/lessons/shared/matrixlesson.h"
#include "core/lessons/shared/timedproduct.h"
#include "core/lesson/roundloop.h"
#include "core/lesson/timedstream.h"
#include "core/timing/matmulkernel.h"

#include <nlohmann/json.hpp>

#include <array>

#include <memory>
#include <vector>

namespace lessonscope::performance04 {

namespace {

// What the timer holds, in the info's texts and on stdout.
constexpr const char *kBoundary
    = "input already placed; call plus output synchronization, float32 and float64 alternating";

constexpr const char *kReading
    = "The same product runs in float32 and in float64 from the same inputs. A float64 number takes twice the "
      "bytes: a vector register holds half as many, so each instruction does half the arithmetic, and twice the "
      "memory moves. Lengths illustrate ordering only and are not measured durations; the float64 bar is drawn "
      "from the recorded medians. Its error against a long-double reference is far smaller. A float64 run and a "
      "float32 run are different experiments: compare like with like, and say which type each one is.";

constexpr const char *kMeasuredReading
    = "The same product runs in float32 and in float64 from the same inputs. Lengths are this machine's measured "
      "durations, to scale: the float64 work takes longer because a vector register holds half as many float64 "
      "numbers, so each instruction does half the arithmetic, and twice the bytes move through the caches. Its "
      "error against a long-double reference is far smaller. A float64 run and a float32 run are different "
      "experiments: compare like with like, and say which type each one is (JAX computes in float32 by default, "
      "NumPy in float64).";

LessonInfo makeInfo()
{
    LessonInfo info;
    info.summary = "Time the same matrix product in float32 and in float64, from the same inputs, and check each "
                   "against a long-double reference: two types, two experiments.";
    info.texts = matrixlesson::timelineTexts(
        "Compare like with like",
        "The float32 product's device work is drawn: how long will the same product take in "
        "float64, as a multiple of it?",
        kReading, kMeasuredReading, kBoundary);
    info.parameters = {integerParameterSpec(param::kSamples, "Warm pairs",
                                            "How many timed pairs of calls (float32, then float64) after one untimed "
                                            "call of each.",
                                            41, 1, 10'000)};
    matrixlesson::addProductParameters(info, 512, 512, 512, matrixlesson::WithDtype::No);
    return info;
}

// One pair: float32's call then float64's, each kept as a call and a sample of its type. Returns
// the pair's seconds and its evidence (clean when both calls are).
std::pair<double, CallEvidence> timePair(const std::vector<std::unique_ptr<TimedProduct>> &products, int round,
                                         LessonRun &run, Measurements &measurements, RunObserver &observer)
{
    CallEvidence pair;
    double pairSeconds = 0;
    for (std::size_t d = 0; d < products.size(); ++d) {
        const TimedStream::Timed call = products[d]->call();
        const MeasuredCall &traced = matrixlesson::recordCall(run, call, round, observer);
        measurements.warm[d].add(traced.synchronizedSeconds(), call.evidence, round);
        pair = d == 0 ? call.evidence : combined(pair, call.evidence);
        pairSeconds += call.seconds();
    }
    return {pairSeconds, pair};
}

LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer)
{
    const auto samples = static_cast<std::size_t>(integerParameter(values, param::kSamples));
    const ProductProblem problem = matrixlesson::productProblem(values); // float32
    ProductProblem float64 = problem;
    float64.dtype = MatmulKernel::Dtype::Float64;

    LessonRun run = begunRun(kId, values, {.rounds = measuring::kRounds, .wanted = samples});
    run.calls.reserve(2 * samples * measuring::kMostSamplesFactor); // no reallocation between calls

    Measurements measurements;
    const SampleQuota quota(samples);
    Samples pairs; // a pair is clean when both its calls are
    const auto cancelled = [&observer] { return observer.isCancelled(); };
    forEachRound(run, observer, measuring::kRounds, [&](int round) {
        if (cancelledBetweenUnits(run, observer)) // before a round's set-up, which is not measured
            return;
        // The same seed makes the same values: float32's inputs are float64's rounded to float32.
        // Made (and placed on a device) before any clock reads ("input already placed"), both on
        // one stream or one device's queue, both in the same instruction-set variant, afresh each
        // round (measuring.h). A device without float64 refuses here, before anything is timed.
        const std::vector<std::unique_ptr<TimedProduct>> products
            = matrixlesson::openProducts(context, {problem, float64}, run);
        // Untimed until steady: first use (the output's pages, cold caches, on a device the
        // driver's compilation at the first enqueue) is performance-02's subject.
        for (const std::unique_ptr<TimedProduct> &product : products)
            run.measuring.warmUps.push_back(product->warmUp(cancelled));
        products.front()->startRegion(); // the region is the stream's (or the device's), shared
        const std::size_t pairsBefore = pairs.size();
        // Pairs, float32 then float64: drift on the machine (frequency, a neighbour's load) meets
        // both types alike, which blocks of one type then the other would not.
        while (pairs.cleanCount() < quota.cleanByEndOfRound(round) && quota.wantsMore(pairs)) {
            // Between pairs only, so that every type has as many samples.
            if (cancelledBetweenUnits(run, observer))
                break;
            const auto [pairSeconds, pair] = timePair(products, round, run, measurements, observer);
            pairs.add(pairSeconds, pair, round);
            // Counted in calls, as the run in progress draws them and a cancel reports them: the
            // clean pairs' two each, of the pairs asked for.
            const int perPair = static_cast<int>(products.size());
            observer.progress(static_cast<int>(std::min(pairs.cleanCount(), samples)) * perPair,
                              static_cast<int>(samples) * perPair);
        }
        // After the clock stopped: each type's last output against its long-double reference
        // (a round cancelled in its warm-up has none of its own).
        for (std::size_t d = 0; d < products.size() && pairs.size() > pairsBefore; ++d)
            measurements.maxAbsError[d] = products[d]->checkAgainstReference(measurements.maxAbsError[d], cancelled);
    });
    run.measuring.budgetSpent = quota.exhausted(pairs);
    run.measuring.count(pairs);
    run.output = std::make_shared<const Json>(output(run, measurements, kBoundary));
    return run;
}

std::optional<std::string> workProblem(const ParameterValues &values)
{
    // A pair is one float32 call and one float64 call.
    return matrixlesson::workProblem(values, static_cast<double>(2 * integerParameter(values, param::kSamples)));
}

// The run in a few words (describeParameters): the product, then these of its parameters.
constexpr std::array<matrixlesson::DescribedParameter, 3> kDescribed{
    {{nullptr, "float32 and float64"}, {param::kSamples, "{} warm pairs"}, {param::kSeed, "seed {}"}}};
constexpr auto &describeParameters = matrixlesson::describedProduct<kDescribed>;

} // namespace

const LessonDeclaration kLesson{kId, makeInfo, kContract, runOn, describeParameters, workProblem};

} // namespace lessonscope::performance04
