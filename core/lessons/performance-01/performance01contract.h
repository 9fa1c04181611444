#pragma once

// performance-01, declared (kLesson), and its stdout contract: the keys it prints, each bound to
// its typed figure, and the panels made from them (docs/artifact-format.md, "performance-01").

#include "core/lessons/shared/lessonheader.h"

namespace lessonscope::performance01 {

inline constexpr const char *kId = "performance-01";

// performance-01 "Time the completed result": X (m×k) · W (k×n) with Eigen on a DeviceStream, or
// as a kernel on an OpenCL device (runOn "opencl:N", core/lessons/shared/timedproduct.h).
// Inputs are made from the seed and placed before the clock starts; one measured call is the
// dispatch plus the wait for readiness; the first call (first use of the product for this shape and
// type) is timed apart from the warm calls; the result is checked against a long-double reference.
// Its declaration is at the end of performance01.cpp.
extern const LessonDeclaration kLesson;

// The stdout keys: those the matrix lessons share (productkeys.h), then the lesson's own, in the
// order they are printed.
namespace key {
using namespace productkey; // backend, eigen, compiler, lessonscope, shapes, dtype, seed, max_abs_error, cancelled
inline constexpr const char *kBoundary = "boundary";
inline constexpr const char *kFirstCall = "first_call_seconds";
inline constexpr const char *kFirstCallWaited = "first_call_waited_ns"; // other work's wait in the first call
inline constexpr const char *kWarmSamples = "warm_samples_seconds";
inline constexpr const char *kWarmMedian = "warm_median_seconds";
inline constexpr const char *kDispatchFirstCall = "dispatch_only_first_call_seconds";
inline constexpr const char *kDispatchWarmSamples = "dispatch_only_warm_samples_seconds";
inline constexpr const char *kDispatchWarmMedian = "dispatch_only_warm_median_seconds";
} // namespace key

// The panels' series.
inline constexpr const char *kSynchronized = "synchronized call";
inline constexpr const char *kDispatchOnly = "dispatch only";

// The numbers performance-01 prints on stdout after the versions and the product, each bound to
// its key below; read back, a missing or malformed one is empty.
struct Figures {
    std::string backend, dtype; // read with the product's keys (matrixlesson.h)
    std::vector<std::int64_t> inputShape, weightShape;
    std::string boundary;
    std::optional<double> firstCallSeconds;
    std::optional<std::int64_t> firstCallWaitedNs;
    SampleColumns warm; // every warm call, clean and interrupted, with its evidence (empty when recorded elsewhere)
    std::optional<double> warmMedianSeconds;
    std::optional<double> maxAbsError;
    std::optional<double> dispatchOnlyFirstCallSeconds;
    std::vector<double> dispatchOnlyWarmSamplesSeconds;
    std::optional<double> dispatchOnlyWarmMedianSeconds;
    std::optional<std::int64_t> seed, samplesRequested;
    bool cancelled = false;
};

// Every key a run prints after the versions and the product, in order, and the figure it holds
// (core/lesson/boundfigures.h); docs/artifact-format.md, "performance-01", says more of each.
inline constexpr std::array kFields{
    bound::text(key::kBoundary, "what the timer holds: \"input already placed; call plus output synchronization\"",
                &Figures::boundary),
    bound::number(key::kFirstCall, "s",
                  "the first call, dispatch to observed readiness: the product's first use for this shape and type",
                  &Figures::firstCallSeconds),
    bound::integer(key::kFirstCallWaited, "ns",
                   "how long other work kept a timed thread from a CPU during the first call",
                   &Figures::firstCallWaitedNs),
    bound::samples(key::kWarmSamples, "each warm call, dispatch to observed readiness", &Figures::warm),
    bound::number(key::kWarmMedian, "s", "numpy's median of the clean warm samples", &Figures::warmMedianSeconds)
        .onSomeRuns(),
    bound::number(key::kMaxAbsError, "", "the last output against a higher-precision reference", &Figures::maxAbsError)
        .onSomeRuns(),
    bound::number(key::kDispatchFirstCall, "s", "what a timer stopped when the first dispatch returned would have read",
                  &Figures::dispatchOnlyFirstCallSeconds),
    bound::list(key::kDispatchWarmSamples, "s", "the same for each warm call",
                &Figures::dispatchOnlyWarmSamplesSeconds),
    bound::number(key::kDispatchWarmMedian, "s", "their median over the clean calls",
                  &Figures::dispatchOnlyWarmMedianSeconds)
        .onSomeRuns(),
    bound::as(productfield::kSeed, &Figures::seed),
    bound::as(productfield::kSamplesRequested, &Figures::samplesRequested),
    bound::as(productfield::kCancelled, &Figures::cancelled),
};

// The medians a run states, from its samples: the clean warm calls', and the dispatch-only
// timer's over the same calls; none without a clean warm call.
void deriveMedians(Figures &figures);

Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

// The stdout object of a run: its calls (the first apart, the warm ones after it) and the
// error of the last output against the reference.
Json output(const LessonRun &run, const Samples &warm, double maxAbsError, const std::string &boundary);

// The lesson's contract: its stdout fields, panels, checks, summary, timeline and the parameters
// its stdout states (performance01contract.cpp).
extern const LessonContract kContract;

} // namespace lessonscope::performance01
