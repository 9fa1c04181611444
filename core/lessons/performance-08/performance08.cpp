#include "core/lessons/performance-08/performance08contract.h"

#include "core/lesson/environmentinfo.h"
#include "core/lessons/performance-08/performance08device.h"
#include "core/lessons/performance-08/performance08experiment.h"
#include "core/lessons/shared/matrixlesson.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace lessonscope::performance08 {

namespace {

constexpr const char *kReading
    = "The clock lane reads the time twice; between the reads the operations lane runs the batch. The "
      "measurement lane is what the timer reads: the batch plus one read's cost. Lengths illustrate ordering "
      "only and are not measured durations.";

constexpr const char *kMeasuredReading
    = "The clock lane reads the time twice; between the reads the operations lane runs the batch. The "
      "measurement lane is what the timer reads: the batch plus one read's cost. Lengths are this machine's "
      "measured durations, to scale: one operation per reading times mostly the clock, which only a batch of "
      "many operations per reading makes small.";

LessonInfo makeInfo()
{
    LessonInfo info;
    info.summary = "Measure what a clock read costs and how finely it ticks, then time a short operation "
                   "1 to 10,000 to a reading: the clock's share of a reading falls as the batch grows.";
    info.texts = matrixlesson::timelineTexts(
        "Time more than the clock",
        "How many operations must one reading hold before the clock's own cost is under 1% of it?", kReading,
        kMeasuredReading, "steady_clock read before and after a batch of the operation");
    info.parameters = {integerParameterSpec(param::kSamples, "Readings per batch size",
                                            "How many readings each batch size gets, taken in turn.", 201, 5, 20'000)};
    return info;
}

LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer)
{
    const std::optional<int> index = openClDeviceIndex(context.device);
    if (context.device != kStreamDevice && !index)
        throw std::invalid_argument("no device \"" + context.device + "\": " + kId
                                    + " runs on the host (\"stream\") or on \"opencl:N\"");
    const auto samples = static_cast<int>(integerParameter(values, param::kSamples));
    LessonRun run = begunRun(kId, values, {.wanted = static_cast<std::size_t>(samples)});
    run.device = "host";
    run.waitStrategy = kNoWaitStrategy; // the host reads its own clock around its own work
    run.calls.reserve(static_cast<std::size_t>(samples) * kBatchSizes.size());
    ClockCost clock;
    BatchReadings batches;
    if (index) {
        // The device's profiling timer: an empty kernel and each batch's kernel in every round.
        run.measuring.rounds = 1;
        DeviceMeasurement measured = measureOnDevice(*index, samples, run, observer);
        clock = std::move(measured.clock);
        batches = std::move(measured.batches);
    } else {
        // Rounds spread over time (measuring.h), each the clock by itself and then the readings,
        // which a cancel may cut short: a run's rounds see the machine change as runs do, and a
        // comparison weighs their spread.
        run.measuring.rounds = measuring::kRounds;
        const auto cancelled = [&observer] { return observer.isCancelled(); };
        RoundPacer pacer(run.measuring);
        for (int round = 0; round < measuring::kRounds && !run.cancelled; ++round) {
            if (!pacer.beginRound(round, cancelled)) {
                run.cancelled = true;
                break;
            }
            const int share = samples * (round + 1) / measuring::kRounds - samples * round / measuring::kRounds;
            measureClockCost(share, round, clock, observer);
            measureBatches(share, round, run, observer, batches);
        }
        pacer.roundsEnded();
    }
    run.cancelled = run.cancelled || observer.isCancelled();
    for (const Samples &batch : batches.readings)
        run.measuring.count(batch);
    run.output = std::make_shared<const Json>(output(run, clock, batches));
    return run;
}

std::string describeParameters(const ParameterValues &values)
{
    return "a 32-term float32 dot product, " + parameterText(values, param::kSamples) + " readings per batch size";
}

} // namespace

const LessonDeclaration kLesson{kId, makeInfo, kContract, runOn, describeParameters};

} // namespace lessonscope::performance08
