#pragma once

// The CPU's own speed at a moment, read as the time of a fixed piece of work that depends on
// nothing but the core: a chain of dependent multiply-adds, no memory, no clock but the timer's.
// A virtual CPU here runs at several levels (1.00, 1.08, 1.18, 1.25, 1.33× the fastest) that
// change every few hundred milliseconds or hold for seconds: every product, clock read and burst
// of a lesson moves with them, and so do two runs of the same code compared (docs/performance.md,
// "The CPU's own speed").

#include <cstdint>

namespace lessonscope {

// Steps of the chain in one timing: ~16 µs at 1 ns a step, long against the clock's ~20 ns read
// and short against a time slice.
inline constexpr int kReferenceLoopSteps = 16'384;
// Timings per reading; the reading is their median, so that a preemption in one is left out.
inline constexpr int kReferenceLoopTimings = 7;

// One reading: the median time of kReferenceLoopTimings chains, in ns. Untimed work for a lesson:
// taken before a round, never inside a timed region.
double readReferenceLoopNs();

} // namespace lessonscope
