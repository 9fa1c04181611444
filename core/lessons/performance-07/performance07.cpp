#include "core/lessons/performance-07/performance07contract.h"

#include "core/lesson/roundloop.h"

#include "core/lessons/shared/matrixlesson.h"

#include <nlohmann/json.hpp>

#include <array>

#include <cmath>

namespace lessonscope::performance07 {

namespace {

constexpr const char *kReading
    = "One run's calls give its median and a 95% interval from that run's own samples; the band below is where the "
      "medians of all the runs fall. Lengths illustrate ordering only and are not measured durations.";

constexpr const char *kMeasuredReading
    = "One run's median and its 95% interval, from its own samples, and where the medians of the other runs fell: "
      "this machine's measured durations, to scale. A run's interval says how well its samples pin its own median; "
      "what changes between runs — the buffers' addresses, the cores, the machine's moment — it cannot see.";

LessonInfo makeInfo()
{
    LessonInfo info;
    info.summary = "Time the same product in several runs: each run's 95% interval is narrow, and the runs' "
                   "medians spread far wider than it.";
    info.texts = matrixlesson::timelineTexts(
        "Repeat the run, not only the call",
        "Every run of the same product states its median with a 95% interval. How wide is the band that holds "
        "the medians of all the runs, in widths of one run's interval?",
        kReading, kMeasuredReading, "input already placed; call plus output synchronization");
    info.parameters = {
        integerParameterSpec(kRunsParameter, "Runs",
                             "How many runs, each on a fresh stream with fresh buffers, spread over time.", 10, 3, 40),
        integerParameterSpec(param::kSamples, "Warm samples per run",
                             "How many clean warm calls each run times, after untimed ones until the calls are steady.",
                             201, 10, 20'000),
    };
    matrixlesson::addProductParameters(info, 64, 32, 16, matrixlesson::WithDtype::Yes);
    return info;
}

LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer)
{
    const int runs = static_cast<int>(integerParameter(values, kRunsParameter));
    const auto samples = static_cast<std::size_t>(integerParameter(values, param::kSamples));
    const ProductProblem problem = matrixlesson::productProblem(values);
    LessonRun run = begunRun(kId, values, {.rounds = runs, .wanted = samples * static_cast<std::size_t>(runs)});
    run.calls.reserve(static_cast<std::size_t>(runs) * samples * measuring::kMostSamplesFactor); // none between calls
    Samples warm;
    double maxAbsError = std::nan("");
    ReplacementBudget budget; // one for the whole run: a busy machine costs its 5 s once, not per run
    const auto cancelled = [&observer] { return observer.isCancelled(); };
    forEachRound(run, observer, runs, [&](int r) {
        // Each run afresh: a new stream (or device context) and new buffers, placed before any
        // clock reads, then warmed up until steady.
        const std::unique_ptr<TimedProduct> product = matrixlesson::openProduct(context, problem, run);
        run.measuring.warmUps.push_back(product->warmUp(cancelled));
        const SampleQuota quota(samples, &budget);
        Samples thisRun;
        product->startRegion();
        while (quota.wantsMore(thisRun) && !run.cancelled) {
            if (cancelledBetweenUnits(run, observer))
                break;
            const TimedStream::Timed call = product->call();
            matrixlesson::recordCall(run, call, r, observer);
            thisRun.add(call.seconds(), call.evidence, r);
            warm.add(call.seconds(), call.evidence, r);
            observer.progress(r * static_cast<int>(samples) + static_cast<int>(std::min(thisRun.cleanCount(), samples)),
                              runs * static_cast<int>(samples));
        }
        run.measuring.budgetSpent = run.measuring.budgetSpent || quota.exhausted(thisRun);
        maxAbsError = product->checkAgainstReference(maxAbsError, cancelled); // after the clock stopped
    });
    run.measuring.count(warm);
    run.output = std::make_shared<const Json>(output(run, warm, maxAbsError));
    return run;
}

std::optional<std::string> workProblem(const ParameterValues &values)
{
    return matrixlesson::workProblem(
        values,
        static_cast<double>(integerParameter(values, param::kSamples) * integerParameter(values, kRunsParameter)));
}

// The run in a few words (describeParameters): the product, then these of its parameters.
constexpr std::array<matrixlesson::DescribedParameter, 3> kDescribed{
    {{kRunsParameter, "{} runs"}, {param::kSamples, "{} warm samples each"}, {param::kSeed, "seed {}"}}};
constexpr auto &describeParameters = matrixlesson::describedProduct<kDescribed>;

} // namespace

const LessonDeclaration kLesson{kId, makeInfo, kContract, runOn, describeParameters, workProblem};

} // namespace lessonscope::performance07
