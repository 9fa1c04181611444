// performance-09's own checks (docs/artifact-format.md, "performance-09"): warnings, never errors —
// the numbers are still the numbers.

#include "core/lessons/performance-09/performance09contract.h"

#include "core/lesson/samplefields.h"
#include "core/lesson/stdoutchecks.h"

#include <nlohmann/json.hpp>

#include <string>

namespace lessonscope::performance09 {

using namespace stdoutchecks;

namespace {

// Lists that are readings of the same calls must be as long as the calls' samples.
void checkSameLength(const Json &out, const char *key, std::size_t expected, const char *of, Checker &checker)
{
    const auto values = durationsOf(out, key, checker);
    if (values && values->size() != expected)
        checker.warning("/stdout",
                        "stdout's " + std::string(key) + " has " + std::to_string(values->size()) + " values for "
                            + std::to_string(expected) + " " + of);
}

// The device's work lies inside the call the host timed: START → END no longer than the host's
// enqueue → readiness, up to the clock relation's uncertainty (1 µs is far above it).
void checkWorkInsideCalls(const Figures &f, Checker &checker)
{
    for (std::size_t i = 0; i < f.work.size() && i < f.warm.seconds.size(); ++i) {
        if (f.work[i] > f.warm.seconds[i] + 1e-6) {
            checker.warning("/stdout/" + std::string(key::kWorkSamples) + "/" + std::to_string(i),
                            "warm call " + std::to_string(i + 1)
                                + "'s device work is longer than the call the host "
                                  "timed around it: the two clocks cannot both be right");
            return;
        }
    }
    if (f.firstCall && f.firstCallWork && *f.firstCallWork > *f.firstCall + 1e-6)
        checker.warning("/stdout/" + std::string(key::kFirstCallWork),
                        "the first call's device work is longer than the call the host timed around it");
}

void checkStillCopying(const Figures &f, Checker &checker)
{
    if (f.stillCopying
        && (*f.stillCopying < 0 || static_cast<std::size_t>(*f.stillCopying) > f.unawaited.seconds.size()))
        checker.warning("/stdout/" + std::string(key::kStillCopying),
                        "stdout's unawaited_still_copying is not a count of the writes not awaited");
}

} // namespace

void check(const Json &document, const Json &out, Checker &checker)
{
    (void)document;
    const Figures f = readFigures(out);
    durationOf(out, key::kFirstCall, checker);
    durationOf(out, key::kFirstCallQueue, checker);
    durationOf(out, key::kFirstCallWork, checker);
    const std::size_t warm = f.warm.seconds.size();
    checkSameLength(out, key::kQueueSamples, warm, "warm calls", checker);
    checkSameLength(out, key::kWorkSamples, warm, "warm calls", checker);
    const std::size_t twins = f.unawaited.seconds.size();
    checkSameLength(out, key::kPlacedCallSamples, twins, "writes not awaited", checker);
    checkSameLength(out, key::kCopySamples, twins, "writes not awaited", checker);
    checkSampleEvidence(out, key::kWarmSamples, checker);
    checkSampleEvidence(out, key::kUnawaitedSamples, checker);
    // The medians are of the clean calls' readings, on either clock, as the run made them.
    Figures expected = f;
    deriveMedians(expected);
    checkBoundFigures(f, expected, kFields, "the clean samples", checker);
    checkWorkInsideCalls(f, checker);
    checkStillCopying(f, checker);
    nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    if (f.computedBeforeFirstCall && *f.computedBeforeFirstCall != 0)
        checker.warning("/stdout/" + std::string(key::kComputedBefore),
                        "the device had computed " + std::to_string(*f.computedBeforeFirstCall)
                            + " products before the first call: it is not the kernel's first enqueue");
}

} // namespace lessonscope::performance09
