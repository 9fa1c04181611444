#pragma once

// The CPU's own speed at a moment, read as the time of three fixed pieces of work:
// - a chain of dependent multiply-adds, which runs at the core's latency and so at its clock
//   speed alone (on this guest: levels 1.00, 1.08, 1.18, 1.25, 1.33× the fastest, each holding
//   from a few hundred milliseconds to minutes);
// - the course's own small product (Eigen, float32, from L1-resident data) in the variant a run
//   takes unasked, whatever the run asks for: it runs at the core's throughput, and so also slows
//   when the physical core's other hardware thread (another tenant) takes its units — a state here
//   in which a product and a clock read take 1.3–1.9× as long while the chain does not.
// - a sweep through a buffer larger than a core's L2 (4 MiB; 2 MiB a core here): it runs at the
//   shared cache's and memory's pace, which other tenants' traffic and the core's other hardware
//   thread slow — a 512×512 product (3 MiB of operands) here took 1.4–6.5 ms over 90 quiet seconds,
//   its time moving with the sweep's (correlation 0.85), with the chain's hardly at all.
// Every product, clock read and burst of a lesson moves with one or another, and so do two runs
// of the same code compared (docs/performance.md, "The CPU's own speed").
// And the link between two CPUs: a cache line's round trip between threads held on two of them,
// which every call on the stream pays (the dispatch crosses to the worker's CPU, readiness comes
// back). Where the CPUs are virtual, where the host machine places them sets it: on this guest
// 80–140 ns while the two sit beside each other and 550–580 ns while they sit apart, chosen again
// each time they wake from idle (docs/performance.md, "The link between CPUs").

#include <cstddef>

namespace lessonscope {

// Steps of the chain in one timing: ~16 µs at 1 ns a step, long against the clock's ~20 ns read
// and short against a time slice.
inline constexpr int kReferenceLoopSteps = 16'384;
// The product's shape (the course's first lesson's) and how many in a timing (~5 µs here).
inline constexpr int kReferenceProductRows = 64, kReferenceProductDepth = 32, kReferenceProductColumns = 16;
inline constexpr int kReferenceProductsPerTiming = 8;
// The sweep's buffer, read whole in each timing (~0.2–0.4 ms here).
inline constexpr std::size_t kReferenceSweepBytes = std::size_t{4} << 20;
// Timings per reading; the reading is their median, so that a preemption in one is left out.
inline constexpr int kReferenceTimings = 7;
// CPUs read at most (each ~0.2 ms, with its own thread).
inline constexpr int kMostReferenceCpus = 64;
// Round trips of the link in one timing (~10–40 µs here).
inline constexpr int kReferenceLinkRoundTrips = 64;

// One reading of each, in ns: the median of kReferenceTimings timings, on each CPU the calling
// thread may use (a thread held on each in turn), the slowest CPU's; the link's, one round trip
// between the first two of them (0 when the thread may use one CPU). Untimed work for a lesson:
// taken after a round's last timed unit, never inside a timed region.
struct ReferenceReading {
    double loopNs = 0;
    double productNs = 0;
    double sweepNs = 0;
    double linkNs = 0;
};
ReferenceReading readReference();

} // namespace lessonscope
