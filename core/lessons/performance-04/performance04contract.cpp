#include "core/lessons/performance-04/performance04contract.h"
#include "core/lessons/performance-04/performance04timeline.h"

#include "core/lessons/shared/matrixlesson.h"

#include "core/artifact/lenientjson.h"
#include "core/base/units.h"
#include "core/lesson/environmentinfo.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

namespace lessonscope::performance04 {

using namespace lenient;

namespace {

// The panels' fixed parts, shared by the panels and by the renderer identity.
constexpr const char *kMedianTitle = "Warm median by type";
constexpr const char *kErrorTitle = "Largest error by type";
constexpr const char *kGflopsTitle = "GFLOP/s by type";

Json dtypeLabels() { return Json::array({kDtypes[kFloat32], kDtypes[kFloat64]}); }

Json barPanel(const char *title, const char *ylabel, const char *series, Json y)
{
    Json panel = Json::object();
    panel["kind"] = "bar";
    panel["title"] = title;
    panel["labels"] = dtypeLabels();
    panel["ylabel"] = ylabel;
    panel["series"] = Json::array({panelSeries(series, std::move(y))});
    return panel;
}

Json errorPanel(Json y)
{
    // float32's error is about nine orders of magnitude above float64's: on a linear axis float64's
    // bar would be invisible.
    Json panel = barPanel(kErrorTitle, "absolute error", kErrorSeries, std::move(y));
    panel["yscale"] = "log";
    return panel;
}

// An array member's elements as they are: a value of another type stays in the array (as NaN,
// for the checks to report), so that each keeps its dtype's position.
Json copyOf(const Json &out, const char *name)
{
    const Json *value = member(out, name);
    return value && value->is_array() ? *value : Json::array();
}

} // namespace

double flopsOf(std::int64_t m, std::int64_t k, std::int64_t n)
{
    return 2.0 * static_cast<double>(m) * static_cast<double>(k) * static_cast<double>(n);
}

std::optional<double> Figures::medianRatio() const
{
    if (median.size() != 2 || !(median[kFloat32] > 0) || !(median[kFloat64] > 0))
        return std::nullopt;
    return median[kFloat64] / median[kFloat32];
}

Json output(const LessonRun &run, const Measurements &m, const std::string &boundary)
{
    const ParameterValues &params = run.parameters;
    const double flops = flopsOf(integerParameter(params, param::kM), integerParameter(params, param::kK),
                                 integerParameter(params, param::kN));
    Json out = Json::object();
    matrixlesson::writeVersionsAndProduct(out, run, matrixlesson::WithDtype::No);
    out[key::kBoundary] = boundary;
    out[key::kDtypes] = dtypeLabels();
    out[key::kFlops] = flops;
    out[key::kUntimedCalls] = m.untimedCalls;
    // Every number computed once here; the panels are made from these very doubles.
    Json medians = Json::array(), gflops = Json::array(), errors = Json::array();
    for (std::size_t d = 0; d < kDtypes.size(); ++d) {
        const std::vector<double> clean = m.warm[d].clean();       // the medians are the clean calls'
        const double middle = clean.empty() ? 0.0 : median(clean); // a run measures at least one pair
        medians.push_back(middle);
        gflops.push_back(middle > 0 ? flops / middle / 1e9 : 0.0);
        errors.push_back(m.maxAbsError[d]);
    }
    writeSampleLists(out, key::kWarmSamples, {m.warm[0], m.warm[1]});
    out[key::kMedian] = std::move(medians);
    out[key::kGflops] = std::move(gflops);
    out[key::kMaxAbsError] = std::move(errors);
    out[key::kSeed] = parameterJson(params, param::kSeed);
    out[key::kSamplesRequested] = parameterJson(params, param::kSamples);
    out[key::kCancelled] = run.cancelled;
    return out;
}

static Json panels(const Json &out)
{
    return Json::array({barPanel(kMedianTitle, "seconds", kMedianSeries, copyOf(out, key::kMedian)),
                        errorPanel(copyOf(out, key::kMaxAbsError)),
                        barPanel(kGflopsTitle, "GFLOP/s", kGflopsSeries, copyOf(out, key::kGflops))});
}

static Json panelLayout()
{
    Json list = panels(Json::object());
    for (Json &panel : list)
        panel["series"] = Json::array({panel["series"][0]["label"]});
    return list;
}

Figures readFigures(const Json &out)
{
    Figures f;
    if (const Json *dtypes = member(out, key::kDtypes); dtypes && dtypes->is_array()) {
        for (const Json &dtype : *dtypes)
            f.dtypes.push_back(stringOf(&dtype));
    }
    f.inputShape = integersOf(member(out, key::kInputShape));
    f.weightShape = integersOf(member(out, key::kWeightShape));
    f.flops = numberOf(member(out, key::kFlops));
    f.warm = readSampleLists(out, key::kWarmSamples);
    for (const SampleColumns &perDtype : f.warm)
        f.warmSamples.push_back(perDtype.seconds);
    f.median = numbersOf(member(out, key::kMedian));
    f.gflops = numbersOf(member(out, key::kGflops));
    f.maxAbsError = numbersOf(member(out, key::kMaxAbsError));
    f.samplesRequested = integerOf(member(out, key::kSamplesRequested));
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
