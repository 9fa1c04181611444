#include "core/lessons/performance-04/performance04contract.h"
#include "core/lessons/performance-04/performance04timeline.h"

#include "core/lessons/shared/matrixlesson.h"

#include "core/artifact/lenientjson.h"
#include "core/lesson/declaredpanels.h"
#include "core/base/units.h"
#include "core/lesson/environmentinfo.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

namespace lessonscope::performance04 {

using namespace lenient;

namespace {

// The panels, one bar per type, each drawing one of stdout's per-type lists.
constexpr std::array<const char *, 4> kTypeBars{kDtypes[kFloat32], kDtypes[kFloat64]};
constexpr std::array kPanels{
    DeclaredPanel::bar("Warm median by type", {nullptr, "seconds"}, kTypeBars, {{{"warm median", {key::kMedian}}}}),
    // float32's error is about nine orders of magnitude above float64's: on a linear axis float64's
    // bar would be invisible.
    DeclaredPanel::bar("Largest error by type", {nullptr, "absolute error", true}, kTypeBars,
                       {{{"largest |error| against long double", {key::kMaxAbsError}}}}),
    DeclaredPanel::bar("GFLOP/s by type", {nullptr, "GFLOP/s"}, kTypeBars, {{{"at the warm median", {key::kGflops}}}}),
};

} // namespace

std::optional<double> Figures::medianRatio() const
{
    if (median.size() != 2 || !(median[kFloat32] > 0) || !(median[kFloat64] > 0))
        return std::nullopt;
    return median[kFloat64] / median[kFloat32];
}

void deriveFigures(Figures &f)
{
    if (f.inputShape.size() == 2 && f.weightShape.size() == 2)
        f.flops = 2.0 * static_cast<double>(f.inputShape[0]) * static_cast<double>(f.inputShape[1])
            * static_cast<double>(f.weightShape[1]);
    f.median.clear();
    f.gflops.clear();
    for (const SampleColumns &type : f.warm) {
        const std::vector<double> clean = type.clean();            // the medians are the clean calls'
        const double middle = clean.empty() ? 0.0 : median(clean); // a run measures at least one pair
        f.median.push_back(middle);
        f.gflops.push_back(middle > 0 && f.flops ? *f.flops / middle / 1e9 : 0.0);
    }
}

Json output(const LessonRun &run, const Measurements &m, const std::string &boundary)
{
    // Every number computed once here; the panels are made from these very doubles.
    Figures f;
    f.inputShape = {integerParameter(run.parameters, param::kM), integerParameter(run.parameters, param::kK)};
    f.weightShape = {integerParameter(run.parameters, param::kK), integerParameter(run.parameters, param::kN)};
    f.boundary = boundary;
    f.dtypes.assign(kDtypes.begin(), kDtypes.end());
    f.untimedCalls = kUntimedCallsPerType;
    for (std::size_t d = 0; d < kDtypes.size(); ++d) {
        f.warm.push_back(SampleColumns{m.warm[d].seconds, m.warm[d].waitedNs, m.warm[d].round});
        f.maxAbsError.push_back(m.maxAbsError[d]);
    }
    deriveFigures(f);
    matrixlesson::setRunEnd(f, run);
    return matrixlesson::productStdout(run, matrixlesson::WithDtype::No, f, kFields);
}

// Every key a run prints, in order; docs/artifact-format.md, "performance-04", says more of each.
static StdoutFields stdoutFields()
{
    static constexpr auto fields
        = joinFields(productfield::kVersions,
                     std::to_array<StdoutField>({
                         field::list(key::kInputShape, "", "[m, k] and [k, n]").stating(param::kM, param::kK),
                         field::list(key::kWeightShape, "", "[m, k] and [k, n]").stating(param::kK, param::kN),
                     }),
                     fieldsOf(kFields));
    return fields;
}

// The error panel's scale after its series, where the recordings have it: the renderer identity
// is the layout's bytes.
static Json withScaleLast(Json panels)
{
    for (Json &panel : panels) {
        if (Json scale = panel.value("yscale", Json()); !scale.is_null()) {
            panel.erase("yscale");
            panel["yscale"] = std::move(scale);
        }
    }
    return panels;
}

static Json panels(const Json &out) { return withScaleLast(declaredPanels(kPanels, out)); }

static Json panelLayout() { return withScaleLast(declaredLayout(kPanels)); }

void checkPanels(const Json &document, const Json &out, Checker &checker)
{
    checkDeclaredPanels(document, out, kPanels, checker);
}

Figures readFigures(const Json &out)
{
    Figures f;
    readBoundFigures(out, f, kFields);
    f.inputShape = integersOf(member(out, key::kInputShape));
    f.weightShape = integersOf(member(out, key::kWeightShape));
    for (const SampleColumns &perDtype : f.warm)
        f.warmSamples.push_back(perDtype.seconds);
    return f;
}

static LessonSummary summarize(const Artifact &artifact)
{
    const Figures f = readFigures(artifact);
    LessonSummary summary;
    if (!f.inputShape.empty())
        summary.setup = formatShape(f.inputShape) + " · " + formatShape(f.weightShape) + ", float32 and float64";
    if (!f.inputShape.empty())
        summary.settings.emplace_back("shape", formatShape(f.inputShape) + " · " + formatShape(f.weightShape));
    summary.settings.emplace_back("dtypes", "float32, float64");
    // The samples asked for: a run that replaced interrupted calls measured more of them, and is
    // still the same experiment.
    if (f.samplesRequested)
        summary.settings.emplace_back("warm samples", std::to_string(*f.samplesRequested));
    else if (!f.warmSamples.empty())
        summary.settings.emplace_back("warm samples", std::to_string(f.warmSamples.front().size()));
    const auto at = [](const std::vector<double> &values, std::size_t d) {
        return d < values.size() ? std::optional(values[d]) : std::nullopt;
    };
    const auto medianOf = [&f, &at](std::size_t d, const char *key, const char *label, const char *samplesLabel) {
        Figure figure = makeFigure(key, label, at(f.median, d), true, {}, samplesLabel, true);
        if (d < f.warm.size()) {
            figure.samples = f.warm[d].clean();
            figure.interrupted = f.warm[d].interruptedCount();
            figure.rounds = roundMedians(f.warm[d].cleanByRound());
        }
        return figure;
    };
    summary.figures = {
        medianOf(kFloat32, "median_seconds.float32", "float32 warm median", "clean float32 calls"),
        medianOf(kFloat64, "median_seconds.float64", "float64 warm median", "clean float64 calls"),
        makeFigure("median_ratio", "float64 ÷ float32", f.medianRatio(), false, {}, {}, false),
        makeFigure("gflops.float32", "float32 GFLOP/s", at(f.gflops, kFloat32), false, {}, {}, false),
        makeFigure("gflops.float64", "float64 GFLOP/s", at(f.gflops, kFloat64), false, {}, {}, false),
        makeFigure("max_abs_error.float32", "float32 max_abs_error", at(f.maxAbsError, kFloat32), false, {}, {}, true),
        makeFigure("max_abs_error.float64", "float64 max_abs_error", at(f.maxAbsError, kFloat64), false, {}, {}, true),
    };
    summary.headlineKey = "median_seconds.float64";
    return summary;
}

const LessonContract kContract{stdoutFields, panels,    panelLayout,
                               check,        summarize, timelineFrom<Performance04Timeline>};

} // namespace lessonscope::performance04
