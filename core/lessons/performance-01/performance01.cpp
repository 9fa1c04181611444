#include "core/lessons/performance-01/performance01contract.h"

#include "core/lessons/shared/matrixlesson.h"
#include "core/lessons/shared/timedproduct.h"
#include "core/lesson/roundloop.h"
#include "core/lesson/timedstream.h"
#include "core/timing/matmulkernel.h"

#include <nlohmann/json.hpp>

#include <array>

#include <cmath>

namespace lessonscope::performance01 {

namespace {

// What the timer holds, in the info's texts and on stdout.
constexpr const char *kBoundary = "input already placed; call plus output synchronization";

// The recorded lesson's texts, word for word: artifacts made here must read like the recorded one.
constexpr const char *kReading
    = "The host dispatches and waits while device work proceeds. The measurement lane includes "
      "readiness. Lengths illustrate ordering only and are not measured durations. Compilation and "
      "data preparation need separately chosen boundaries when included in a benchmark.";

// Under a measured timeline the lengths are durations, so the reading says what they show.
constexpr const char *kMeasuredReading
    = "The host dispatches and waits while device work proceeds. The measurement lane includes "
      "readiness. Lengths are this machine's measured durations, to scale: a timer stopped when "
      "dispatch returns reads only the hand-over, while the completed result includes the work and "
      "the synchronization. Compilation and data preparation need separately chosen boundaries when "
      "included in a benchmark.";

LessonInfo makeInfo()
{
    LessonInfo info;
    info.firstCallApart = true; // the lesson is about the first call: shown apart as it runs
    info.contentVersion = 2;    // 2: the measured reading
    info.summary = "Time an m×k · k×n matrix product on an asynchronous stream: the timer starts at "
                   "dispatch and stops when the host has observed the completed result.";
    info.texts = matrixlesson::timelineTexts(
        "Time the completed result", "Where should synchronization occur in completed-result latency measurement?",
        kReading, kMeasuredReading, kBoundary);

    // At most 100,000 samples: each warm call adds its sample and its trace to the artifact, and a
    // million of them would make a file bigger than lessonscope reads (64 MiB).
    info.parameters = {integerParameterSpec(param::kSamples, "Warm samples",
                                            "How many warm calls are timed after the first call.", 7, 1, 100'000)};
    matrixlesson::addProductParameters(info, 64, 32, 16, matrixlesson::WithDtype::Yes);
    return info;
}

LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer)
{
    const auto samples = static_cast<std::size_t>(integerParameter(values, param::kSamples));
    const ProductProblem problem = matrixlesson::productProblem(values);

    LessonRun run = begunRun(kId, values, {.rounds = measuring::kRounds, .wanted = samples});
    run.calls.reserve(samples * measuring::kMostSamplesFactor + 1); // no reallocation between calls

    const SampleQuota quota(samples);
    Samples warm;
    double maxAbsError = std::nan(""); // until a check is whole: a run cancelled before states none
    const auto cancelled = [&observer] { return observer.isCancelled(); };
    // The samples in rounds, each on a fresh stream (or device context) with fresh buffers
    // (measuring.h): a run's rounds differ as runs do, which the comparison's interval needs to know.
    forEachRound(run, observer, measuring::kRounds, [&](int round) {
        // "Input already placed": the inputs are made (and placed on a device) before any clock
        // reads, outside the boundary. On the stream the product's instruction-set variant is
        // chosen here (--isa, LESSONSCOPE_ISA, or the widest this CPU runs up to AVX2), and the artifact names
        // the one that ran.
        const std::unique_ptr<TimedProduct> product = matrixlesson::openProduct(context, problem, run);
        if (round == 0) {
            // The first call is the first use of the product for this shape and type on this
            // stream: the output's first touch, cold caches, the library's first use (on a device,
            // the driver's compilation at the first enqueue). Nothing warms it up beforehand,
            // since those one-time costs are what it is there to show; the stream's worker
            // already runs (its start is performance-02's stream_start).
            product->startRegion();
            matrixlesson::recordCall(run, product->call(), round, observer);
            observer.progress(1, static_cast<int>(samples) + 1);
        }
        if (cancelled()) {
            run.cancelled = true;
            // What was measured is checked, the first call's output too (unless the cancel ends
            // the check of a large product as well).
            maxAbsError = product->checkAgainstReference(maxAbsError, cancelled);
            return;
        }
        run.measuring.warmUps.push_back(product->warmUp(cancelled));
        product->startRegion();
        while (warm.cleanCount() < quota.cleanByEndOfRound(round) && quota.wantsMore(warm)) {
            if (cancelledBetweenUnits(run, observer))
                break;
            const TimedStream::Timed call = product->call();
            warm.add(call.seconds(), call.evidence, round);
            matrixlesson::recordCall(run, call, round, observer);
            observer.progress(1 + static_cast<int>(std::min(warm.cleanCount(), samples)),
                              static_cast<int>(samples) + 1);
        }
        // Checked after the clock stopped, on the last output (every call recomputes the same one).
        maxAbsError = product->checkAgainstReference(maxAbsError, cancelled);
    });
    run.measuring.budgetSpent = quota.exhausted(warm);
    run.measuring.count(warm);
    run.output = std::make_shared<const Json>(output(run, warm, maxAbsError, kBoundary));
    return run;
}

std::optional<std::string> workProblem(const ParameterValues &values)
{
    // Each warm sample is one call; the first call and the warm-ups are a handful more.
    return matrixlesson::workProblem(values, static_cast<double>(integerParameter(values, param::kSamples)));
}

// The run in a few words (describeParameters): the product, then these of its parameters.
constexpr std::array<matrixlesson::DescribedParameter, 2> kDescribed{
    {{param::kSamples, "{} warm samples"}, {param::kSeed, "seed {}"}}};
constexpr auto &describeParameters = matrixlesson::describedProduct<kDescribed>;

} // namespace

const LessonDeclaration kLesson{kId, makeInfo, kContract, runOn, describeParameters, workProblem};

} // namespace lessonscope::performance01
