#pragma once

#include "core/lesson/lesson.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace lessonscope::performance08 {

// The operations one reading holds, in the order each round of readings takes them.
inline constexpr std::array<std::int64_t, 5> kBatchSizes = {1, 10, 100, 1'000, 10'000};
// Back-to-back reads in one block of the clock's cost: enough that the block's own two ends
// weigh a quarter of a percent.
inline constexpr int kReadsPerBlock = 256;

// What the clock costs, read by itself.
struct ClockCost {
    Samples perRead;                      // each block's time ÷ its reads
    std::int64_t smallestStepNs = 0;      // the smallest positive difference of two back-to-back reads
    double reportedResolutionSeconds = 0; // clock_getres(CLOCK_MONOTONIC)
    Samples tscReads;                     // each block of rdtsc ÷ its reads, where the TSC is invariant
    std::optional<double> tscReadSeconds; // one rdtsc (the clean blocks' median); else none
};

// The readings of one operation in batches: readings[b] holds kBatchSizes[b]'s.
struct BatchReadings {
    std::vector<Samples> readings = std::vector<Samples>(kBatchSizes.size());
    double maxAbsError = 0; // the operation's last result against a double reference
};

// One round of the clock's cost: blocks blocks of kReadsPerBlock steady_clock reads (and of
// rdtsc), each with its evidence, added to cost as round `round`.
void measureClockCost(int blocks, int round, ClockCost &cost, const RunObserver &observer);
// One round of readings: `readings` readings per batch size, the sizes interleaved so that every
// size meets the same machine; each reading is a call of run (its trace) and reported to observer
// as it is taken.
void measureBatches(int readings, int round, LessonRun &run, RunObserver &observer, BatchReadings &batches);

} // namespace lessonscope::performance08
