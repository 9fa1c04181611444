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
    Samples perRead;                    // each block's time ÷ its reads
    std::int64_t smallestStepNs = 0;    // the smallest positive difference of two back-to-back reads
    double reportedResolutionSeconds = 0; // clock_getres(CLOCK_MONOTONIC)
    std::optional<double> tscReadSeconds; // one rdtsc, where the TSC is invariant; else none
};

// The readings of one operation in batches: readings[b] holds kBatchSizes[b]'s.
struct BatchReadings {
    std::vector<Samples> readings = std::vector<Samples>(kBatchSizes.size());
    double maxAbsError = 0; // the operation's last result against a double reference
};

// blocks blocks of kReadsPerBlock steady_clock reads (and of rdtsc), each with its evidence.
ClockCost measureClockCost(int blocks, const RunObserver &observer);
// rounds rounds of one reading per batch size, interleaved so that every size meets the same
// machine; each reading is a call of run (its trace) and reported to observer as it is taken.
BatchReadings measureBatches(int rounds, LessonRun &run, RunObserver &observer);

} // namespace lessonscope::performance08
