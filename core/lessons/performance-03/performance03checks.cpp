// performance-03's own checks: its stdout against itself, its panels (by position) and its trace
// (docs/artifact-format.md, "performance-03").

#include "core/lesson/stdoutchecks.h"
#include "core/lessons/performance-03/performance03contract.h"
#include "core/lessons/performance-03/performance03phases.h"

#include <nlohmann/json.hpp>

#include "core/timing/statistics.h"

#include <cmath>

namespace lessonscope::performance03 {

using namespace stdoutchecks;

namespace {

using Series = std::optional<std::vector<double>>;

struct PerSize {
    Series prepare, place, call, withPlacement, withPreparation;
};

std::string sizeName(std::int64_t n) { return std::to_string(n) + "×" + std::to_string(n); }

// Each per-size list as long as sizes.
void checkLengths(const Json &out, std::size_t sizeCount, Checker &checker)
{
    for (const char *name : {key::kSamplesMeasured, key::kPrepareMedian, key::kPlaceMedian, key::kCallMedian,
                             key::kWithPlacementMedian, key::kWithPreparationMedian, key::kMaxAbsError}) {
        const Json *value = Checker::member(out, name);
        if (value && value->is_array() && value->size() != sizeCount)
            checker.warning("/stdout",
                            "stdout's " + std::string(name) + " has " + std::to_string(value->size())
                                + " values but sizes has " + std::to_string(sizeCount) + ": one per size");
    }
}

// Only what must hold: every sample of a wider boundary contains its narrower one and its
// parts, and a median keeps that order (if a_i ≥ b_i for every i, median(a) ≥ median(b)). A
// median of sums is not the sum of the medians, so the whole is not checked against that.
void checkOrder(const std::vector<std::int64_t> &sizes, const PerSize &m, Checker &checker)
{
    const auto atLeast = [&](const Series &wide, const char *wideKey, const Series &narrow, const char *narrowKey) {
        if (!wide || !narrow)
            return;
        for (std::size_t i = 0; i < sizes.size() && i < wide->size() && i < narrow->size(); ++i) {
            if ((*wide)[i] < (*narrow)[i])
                checker.warning("/stdout",
                                "stdout's " + std::string(wideKey) + " at " + sizeName(sizes[i]) + " is less than its "
                                    + narrowKey + ", which it contains");
        }
    };
    atLeast(m.withPreparation, key::kWithPreparationMedian, m.withPlacement, key::kWithPlacementMedian);
    atLeast(m.withPreparation, key::kWithPreparationMedian, m.prepare, key::kPrepareMedian);
    atLeast(m.withPlacement, key::kWithPlacementMedian, m.call, key::kCallMedian);
    atLeast(m.withPlacement, key::kWithPlacementMedian, m.place, key::kPlaceMedian);
}

void checkSizes(const Figures &f, const Json &out, Checker &checker)
{
    const Json *sizes = Checker::member(out, key::kSizes);
    if (sizes && f.sizes.size() != sizes->size()) {
        checker.warning("/stdout", "stdout's sizes are not all integers");
        return;
    }
    for (std::size_t i = 0; i < f.sizes.size(); ++i) {
        if (f.sizes[i] < 1 || (i > 0 && f.sizes[i] <= f.sizes[i - 1])) {
            checker.warning("/stdout",
                            "stdout's sizes must be positive and ascending; " + std::to_string(f.sizes[i])
                                + " at position " + std::to_string(i) + " is not");
            return;
        }
    }
    if (!f.sizes.empty() && !f.defaultIndex())
        checker.warning("/stdout", "stdout's default_size is not one of its sizes");
}

void checkPanels(const Json &document, const Figures &f, Checker &checker)
{
    if (const auto at = f.defaultIndex()) {
        const std::pair<const char *, const std::vector<double> *> bars[]
            = {{kWhole, &f.withPreparationMedian}, {kPlaceAndCall, &f.withPlacementMedian}, {kCallOnly, &f.callMedian}};
        const char *keys[] = {key::kWithPreparationMedian, key::kWithPlacementMedian, key::kCallMedian};
        for (std::size_t b = 0; b < 3; ++b) {
            if (*at < bars[b].second->size())
                compareBar(document, kDefaultSizePanel, bars[b].first, (*bars[b].second)[*at], keys[b], checker);
        }
    }
    compareLine(document, kBySizePanel, kWhole, f.withPreparationMedian, key::kWithPreparationMedian, checker);
    compareLine(document, kBySizePanel, kPlaceAndCall, f.withPlacementMedian, key::kWithPlacementMedian, checker);
    compareLine(document, kBySizePanel, kCallOnly, f.callMedian, key::kCallMedian, checker);
    std::vector<double> share;
    for (std::size_t i = 0; i < f.placeMedian.size() && i < f.withPreparationMedian.size(); ++i)
        share.push_back(f.withPreparationMedian[i] > 0 ? f.placeMedian[i] / f.withPreparationMedian[i] : 0.0);
    if (share.size() == f.sizes.size())
        compareLine(document, kSharePanel, kShare, share, "place_median_seconds ÷ with_preparation_median_seconds",
                    checker);
}

// The default size's medians again, from the traced calls and their phases: the same
// timestamps, so the same numbers.
void checkAgainstTrace(const Json &document, const Figures &f, Checker &checker)
{
    const auto traced = tracedSamples(document, f.phases);
    const auto at = f.defaultIndex();
    if (!traced || !at)
        return;
    if (traced->traced != f.phases.size() || f.phases.empty()) {
        checker.warning("/stdout",
                        "stdout's default_size_phases has " + std::to_string(f.phases.size())
                            + " calls but the trace has another number");
        return;
    }
    const std::pair<const std::vector<double> *, const std::vector<double> *> pairs[]
        = {{&traced->prepare, &f.prepareMedian},
           {&traced->place, &f.placeMedian},
           {&traced->call, &f.callMedian},
           {&traced->withPlacement, &f.withPlacementMedian},
           {&traced->withPreparation, &f.withPreparationMedian}};
    const char *keys[] = {key::kPrepareMedian, key::kPlaceMedian, key::kCallMedian, key::kWithPlacementMedian,
                          key::kWithPreparationMedian};
    for (std::size_t k = 0; k < 5; ++k) {
        const auto &[samples, stated] = pairs[k];
        if (*at >= stated->size() || samples->empty())
            continue;
        const double recomputed = median(*samples);
        const double value = (*stated)[*at];
        if (std::abs(recomputed - value) > 1e-12 * std::max(std::abs(recomputed), std::abs(value)))
            checker.warning("/stdout",
                            "stdout's " + std::string(keys[k])
                                + " at the default size is not the median "
                                  "of the traced calls and their phases");
    }
}

// Each un-awaited twin in the order one in-order queue allows: the placement dispatched and
// returned, then the call dispatched; on the device the copy, then the call's work; the host
// observing the call's readiness last. The first call out of order is warned at, once.
void checkTwins(const Figures &f, Checker &checker)
{
    for (std::size_t i = 0; i < f.phases.size(); ++i) {
        if (!f.phases[i].unawaited)
            continue;
        const UnawaitedPhase &u = *f.phases[i].unawaited;
        const bool hostInOrder = u.placeDispatchBegin <= u.placeDispatchEnd && u.placeDispatchEnd <= u.callDispatchBegin
            && u.callDispatchBegin <= u.readyObserved;
        const bool deviceInOrder = u.placeWorkBegin <= u.placeWorkEnd && u.placeWorkEnd <= u.callWorkBegin
            && u.callWorkBegin <= u.callWorkEnd && u.callWorkEnd <= u.readyObserved
            && u.placeDispatchBegin <= u.placeWorkBegin;
        if (!hostInOrder || !deviceInOrder) {
            checker.warning("/stdout/" + std::string(key::kPhases),
                            "the un-awaited twin of traced call " + std::to_string(i + 1) + " is out of order: "
                                + (hostInOrder ? "its call's work did not follow its copy on the device"
                                               : "the host's placement, call and readiness are not in sequence"));
            return;
        }
    }
}

} // namespace

void check(const Json &document, const Json &out, Checker &checker)
{
    const Figures f = readFigures(out);
    checkSizes(f, out, checker);
    checkLengths(out, f.sizes.size(), checker);
    const PerSize m{durationsOf(out, key::kPrepareMedian, checker), durationsOf(out, key::kPlaceMedian, checker),
                    durationsOf(out, key::kCallMedian, checker), durationsOf(out, key::kWithPlacementMedian, checker),
                    durationsOf(out, key::kWithPreparationMedian, checker)};
    for (std::size_t i = 0; i < f.maxAbsError.size(); ++i) {
        if (!(f.maxAbsError[i] >= 0))
            checker.warning("/stdout", "stdout's max_abs_error at position " + std::to_string(i) + " is negative");
    }
    checkOrder(f.sizes, m, checker);
    checkPanels(document, f, checker);
    checkAgainstTrace(document, f, checker);
    checkTwins(f, checker);
}

} // namespace lessonscope::performance03
