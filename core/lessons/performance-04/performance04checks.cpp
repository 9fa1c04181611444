// performance-04's own checks: its stdout against itself, its panels (by position) and its trace
// (docs/artifact-format.md, "performance-04").

#include "core/lesson/stdoutchecks.h"
#include "core/lessons/performance-04/performance04contract.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope::performance04 {

using namespace stdoutchecks;

namespace {

bool nearlyEqual(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b)); }

std::string at(const char *name, std::size_t d)
{
    return std::string("stdout's ") + name + "[" + std::to_string(d) + "] (" + kDtypes[d] + ")";
}

// dtypes names the two types in order, and every per-dtype list has one value for each.
bool checkShapeOfLists(const Json &out, const Figures &f, Checker &checker)
{
    if (f.dtypes != std::vector<std::string>{kDtypes[kFloat32], kDtypes[kFloat64]}) {
        checker.warning("/stdout",
                        std::string("stdout's ") + key::kDtypes
                            + " must be [\"float32\", \"float64\"]: "
                              "every per-type list is in that order");
        return false;
    }
    bool ok = true;
    for (const char *name : {key::kWarmSamples, key::kMedian, key::kGflops, key::kMaxAbsError}) {
        const Json *value = Checker::member(out, name);
        if (value && (!value->is_array() || value->size() != kDtypes.size())) {
            checker.warning("/stdout",
                            std::string("stdout's ") + name + " must hold one value per dtype (2): it is "
                                + describeValue(*value));
            ok = false;
        }
    }
    return ok;
}

// Every median is its clean samples', every GFLOP/s the flops over it and the flops 2·m·k·n of
// the shapes (what deriveFigures makes of them); every sample a duration, every error a
// non-negative number.
void checkFigures(const Json &out, const Figures &f, Checker &checker)
{
    Figures expected = f;
    deriveFigures(expected);
    checkBoundFigures(f, expected, kFields, "the clean warm samples and the shapes", checker);
    checkSampleEvidence(out, key::kWarmSamples, checker);
    const Json *samples = Checker::member(out, key::kWarmSamples);
    for (std::size_t d = 0; samples && samples->is_array() && d < samples->size() && d < kDtypes.size(); ++d) {
        if ((*samples)[d].is_array())
            durationsOf(Json{{kDtypes[d], (*samples)[d]}}, kDtypes[d], checker);
    }
    for (std::size_t d = 0; d < f.maxAbsError.size(); ++d) {
        if (!(f.maxAbsError[d] >= 0))
            checker.warning("/stdout", at(key::kMaxAbsError, d) + " is not a non-negative number");
    }
}

// The trace holds the timed calls, alternating float32 and float64, and each warm sample is its
// call's completed result: the same timestamps, so the same numbers.
void checkTrace(const Json &document, const Figures &f, Checker &checker)
{
    const auto traced = tracedCallSeconds(document);
    if (!traced || f.warmSamples.size() != kDtypes.size())
        return;
    const std::size_t expected = f.warmSamples[kFloat32].size() + f.warmSamples[kFloat64].size();
    if (traced->size() != expected || f.warmSamples[kFloat32].size() != f.warmSamples[kFloat64].size()) {
        checker.warning("/trace/calls",
                        "the trace has " + std::to_string(traced->size()) + " calls but stdout reports "
                            + std::to_string(f.warmSamples[kFloat32].size()) + " float32 and "
                            + std::to_string(f.warmSamples[kFloat64].size())
                            + " float64 samples, one call each, in pairs");
        return;
    }
    for (std::size_t i = 0; i < expected; ++i) {
        if (!nearlyEqual((*traced)[i], f.warmSamples[i % 2][i / 2])) {
            checker.warning("/stdout",
                            at(key::kWarmSamples, i % 2) + "[" + std::to_string(i / 2)
                                + "] is not the completed result of trace call " + std::to_string(i));
            return;
        }
    }
}

} // namespace

void check(const Json &document, const Json &out, Checker &checker)
{
    const Figures f = readFigures(out);
    if (!checkShapeOfLists(out, f, checker))
        return;
    checkFigures(out, f, checker);
    checkPanels(document, out, checker);
    checkTrace(document, f, checker);
}

} // namespace lessonscope::performance04
