#include "core/lessons/performance-01/performance01contract.h"
#include "core/lessons/performance-01/performance01timeline.h"

#include "core/lessons/shared/matrixlesson.h"

#include "core/artifact/lenientjson.h"
#include "core/lesson/declaredpanels.h"
#include "core/lesson/stdoutchecks.h"
#include "core/base/units.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/samplefields.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope::performance01 {

using namespace lenient;

namespace {

// Each warm sample by number: the warm panel's abscissae.
Json sampleNumbers(const Json &out)
{
    Json x = Json::array();
    const Json *samples = member(out, key::kWarmSamples);
    for (std::size_t i = 1; samples && samples->is_array() && i <= samples->size(); ++i)
        x.push_back(static_cast<std::int64_t>(i));
    return x;
}

constexpr std::array kPanels{
    DeclaredPanel::bar("First call", {nullptr, "seconds"}, {"first"}, {{{kSynchronized, {key::kFirstCall}}}}),
    DeclaredPanel::line("Warm calls", {"warm sample", "seconds"}, sampleNumbers,
                        {{{kSynchronized, {key::kWarmSamples}}}}),
    // The timer-boundary comparison needs the medians, so it exists only when they do.
    DeclaredPanel::bar("Where the timer stops", {nullptr, "seconds"}, {"warm median"},
                       {{{kDispatchOnly, {key::kDispatchWarmMedian}}, {kSynchronized, {key::kWarmMedian}}}})
        .drawnWith(key::kWarmMedian),
};

} // namespace

void deriveMedians(Figures &f)
{
    // The medians are the clean calls' (measuring.h); the dispatch-only timer read the same calls.
    const std::vector<double> clean = f.warm.clean();
    const std::vector<double> dispatchClean
        = cleanReadingsOf(f.dispatchOnlyWarmSamplesSeconds, f.warm.seconds, f.warm.waitedNs);
    f.warmMedianSeconds = clean.empty() ? std::nullopt : std::optional(median(clean));
    f.dispatchOnlyWarmMedianSeconds
        = clean.empty() || dispatchClean.empty() ? std::nullopt : std::optional(median(dispatchClean));
}

Json output(const LessonRun &run, const Samples &warm, double maxAbsError, const std::string &boundary)
{
    // Every number is computed once and written to stdout; the panels are made from these very
    // doubles, so that the two agree bit for bit once read back.
    const MeasuredCall &firstCall = run.calls.front();
    Figures f;
    f.boundary = boundary;
    f.firstCallSeconds = firstCall.synchronizedSeconds();
    f.firstCallWaitedNs = firstCall.evidence.known ? firstCall.evidence.otherWaitNs : 0;
    f.warm = SampleColumns{warm.seconds, warm.waitedNs, warm.round};
    // A run cancelled during its only check of a large product has no error to state: the key
    // is left out, never written as 0, which would say the result was checked and exact.
    if (!std::isnan(maxAbsError))
        f.maxAbsError = maxAbsError;
    f.dispatchOnlyFirstCallSeconds = firstCall.dispatchOnlySeconds();
    for (std::size_t i = 1; i < run.calls.size(); ++i)
        f.dispatchOnlyWarmSamplesSeconds.push_back(run.calls[i].dispatchOnlySeconds());
    // A run cancelled before its first warm call has no median: the key is left out rather than
    // written as null or NaN, which would not be a duration.
    deriveMedians(f);
    matrixlesson::setRunEnd(f, run);
    return matrixlesson::productStdout(run, matrixlesson::WithDtype::Yes, f, kFields);
}

// Every key a run prints, in order; docs/artifact-format.md, "performance-01", says more of each.
static StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(productfield::kVersions, productfield::kProduct, fieldsOf(kFields));
    return fields;
}

static Json panels(const Json &out) { return declaredPanels(kPanels, out); }

static Json panelLayout()
{
    // The panels without their data: what the code lays out, not what a run measured.
    return declaredLayout(kPanels);
}

Figures readFigures(const Json &out)
{
    Figures f;
    readBoundFigures(out, f, kFields);
    f.backend = stringOf(member(out, key::kBackend));
    f.dtype = stringOf(member(out, key::kDtype));
    f.inputShape = integersOf(member(out, key::kInputShape));
    f.weightShape = integersOf(member(out, key::kWeightShape));
    return f;
}

static void check(const Json &document, const Json &out, Checker &checker)
{
    using namespace stdoutchecks;
    durationOf(out, key::kFirstCall, checker);
    const auto warm = durationsOf(out, key::kWarmSamples, checker);
    checkSampleEvidence(out, key::kWarmSamples, checker);
    durationOf(out, key::kWarmMedian, checker);
    durationOf(out, key::kDispatchFirstCall, checker); // checked; no panel shows it
    const auto dispatchWarm = durationsOf(out, key::kDispatchWarmSamples, checker);
    durationOf(out, key::kDispatchWarmMedian, checker);
    nonNegativeOf(out, key::kMaxAbsError, "an absolute error", checker);
    if (warm && dispatchWarm && warm->size() != dispatchWarm->size()) {
        checker.warning("/stdout",
                        "stdout has " + std::to_string(warm->size()) + " " + key::kWarmSamples + " but "
                            + std::to_string(dispatchWarm->size()) + " " + key::kDispatchWarmSamples
                            + "; both time the same calls");
    }
    // The medians are of the clean calls: the samples whose evidence says no other work kept a
    // timed thread from a CPU (all of them when the artifact has no evidence).
    const Figures stated = readFigures(out);
    Figures expected = stated;
    deriveMedians(expected);
    checkBoundFigures(stated, expected, kFields, "the clean samples", checker);
    checkDeclaredPanels(document, out, kPanels, checker);
    if (warm) // the trace holds the first call and every warm call
        checkTracedCallCount(document, 1 + warm->size(),
                             "1 first call and " + std::to_string(warm->size()) + " warm calls", checker);
}

static LessonSummary summarize(const Artifact &artifact)
{
    const Figures f = readFigures(artifact);
    LessonSummary summary = matrixlesson::matrixSummary(f.inputShape, f.weightShape, f.dtype);
    const std::vector<double> clean = f.warm.clean();
    summary.settings.emplace_back("warm samples",
                                  std::to_string(f.samplesRequested.value_or(static_cast<std::int64_t>(clean.size()))));
    // The median the artifact states, else the median of its clean samples.
    std::optional<double> warmMedian = f.warmMedianSeconds;
    if (!warmMedian && !clean.empty())
        warmMedian = median(clean);
    Figure warmFigure = makeFigure(key::kWarmMedian, "warm median", warmMedian, true, clean, "clean warm calls", true);
    warmFigure.interrupted = f.warm.seconds.size() - clean.size();
    warmFigure.rounds = roundMedians(f.warm.cleanByRound());
    summary.figures = {
        makeFigure(key::kFirstCall, "first call", f.firstCallSeconds, true, {}, {}, true),
        warmFigure,
        makeFigure(key::kDispatchWarmMedian, "dispatch only", f.dispatchOnlyWarmMedianSeconds, true,
                   cleanReadingsOf(f.dispatchOnlyWarmSamplesSeconds, f.warm.seconds, f.warm.waitedNs),
                   "clean warm calls, dispatch only", false),
        makeFigure(key::kMaxAbsError, "max_abs_error", f.maxAbsError, false, {}, {}, true),
    };
    if (f.firstCallWaitedNs && *f.firstCallWaitedNs > kInterruptedAboveNs)
        summary.figures.front().interrupted = 1;
    summary.headlineKey = key::kWarmMedian;
    return summary;
}

const LessonContract kContract{stdoutFields, panels,    panelLayout,
                               check,        summarize, timelineFrom<Performance01Timeline>};

} // namespace lessonscope::performance01
