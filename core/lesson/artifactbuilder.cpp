#include "core/lesson/artifactbuilder.h"

#include "core/artifact/canonicaljson.h"
#include "core/lesson/environmentinfo.h"
#include "core/artifact/jsonwriter.h"
#include "core/timing/monotonicclock.h"
#include "core/timing/statistics.h"
#include "core/artifact/validation.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace lessonscope {

namespace {

// The panels' fixed parts, shared by the panels and by the renderer identity, so that the hash
// cannot drift from what is drawn.
constexpr const char *kSeconds = "seconds";
constexpr const char *kSynchronized = "synchronized call";
constexpr const char *kDispatchOnly = "dispatch only";
constexpr const char *kFirstTitle = "First call";
constexpr const char *kFirstLabel = "first";
constexpr const char *kWarmTitle = "Warm calls";
constexpr const char *kWarmXLabel = "warm sample";
constexpr const char *kBoundaryTitle = "Where the timer stops";
constexpr const char *kBoundaryLabel = "warm median";

Json series(const char *label, Json y)
{
    Json s = Json::object();
    s["label"] = label;
    s["y"] = std::move(y);
    return s;
}

Json barPanel(const char *title, const char *label, Json seriesList)
{
    Json panel = Json::object();
    panel["kind"] = "bar";
    panel["title"] = title;
    panel["labels"] = Json::array({label});
    panel["ylabel"] = kSeconds;
    panel["series"] = std::move(seriesList);
    return panel;
}

Json warmPanel(const std::vector<double> &samples)
{
    Json x = Json::array();
    for (std::size_t i = 1; i <= samples.size(); ++i)
        x.push_back(static_cast<std::int64_t>(i));
    Json panel = Json::object();
    panel["kind"] = "line";
    panel["title"] = kWarmTitle;
    panel["x"] = std::move(x);
    panel["xlabel"] = kWarmXLabel;
    panel["ylabel"] = kSeconds;
    panel["series"] = Json::array({series(kSynchronized, samples)});
    return panel;
}

Json parameterDeclaration(const ParameterSpec &spec)
{
    Json p = Json::object();
    p["name"] = spec.name;
    p["label"] = spec.label;
    p["description"] = spec.description;
    if (spec.type == ParameterSpec::Type::Integer) {
        p["type"] = "integer";
        p["default"] = spec.defaultInteger;
        p["minimum"] = spec.minimum;
        p["maximum"] = spec.maximum;
    } else {
        p["type"] = "choice";
        p["choices"] = spec.choices;
    }
    return p;
}

Json traceOf(const LessonRun &run)
{
    Json dispatchBegin = Json::array(), dispatchEnd = Json::array(), workBegin = Json::array(),
         workEnd = Json::array(), readyObserved = Json::array();
    auto add = [&](const MeasuredCall &call) {
        dispatchBegin.push_back(call.timestamps.dispatchBegin);
        dispatchEnd.push_back(call.timestamps.dispatchEnd);
        workBegin.push_back(call.timestamps.workBegin);
        workEnd.push_back(call.timestamps.workEnd);
        readyObserved.push_back(call.timestamps.readyObserved);
    };
    add(*run.firstCall);
    for (const MeasuredCall &call : run.warmCalls)
        add(call);

    Json calls = Json::object();
    calls["dispatchBegin"] = std::move(dispatchBegin);
    calls["dispatchEnd"] = std::move(dispatchEnd);
    calls["workBegin"] = std::move(workBegin);
    calls["workEnd"] = std::move(workEnd);
    calls["readyObserved"] = std::move(readyObserved);
    Json trace = Json::object();
    trace["clock"] = MonotonicClock::name();
    trace["unit"] = "ns";
    trace["waitStrategy"] = run.waitStrategy;
    trace["calls"] = std::move(calls);
    return trace;
}

Json integerOr(const ParameterValues &values, const std::string &name, Json fallback)
{
    const auto it = values.find(name);
    if (it == values.end() || !std::holds_alternative<std::int64_t>(it->second))
        return fallback;
    return std::get<std::int64_t>(it->second);
}

} // namespace

std::string lessonContentHash(const Lesson &lesson, const ParameterValues &values)
{
    const LessonInfo &info = lesson.info();
    const LessonTexts &t = info.texts;
    Json texts = Json::object();
    texts["title"] = t.title;
    texts["prediction"] = t.prediction;
    texts["reading"] = t.reading;
    texts["alt"] = t.alt;
    texts["scope"] = t.scope;
    texts["height"] = t.height;
    texts["diagramKind"] = t.diagramKind;
    texts["boundary"] = t.boundary;
    Json declarations = Json::array();
    for (const ParameterSpec &spec : info.parameters)
        declarations.push_back(parameterDeclaration(spec));

    Json content = Json::object();
    content["id"] = info.id;
    content["contentVersion"] = info.contentVersion;
    content["summary"] = info.summary;
    content["texts"] = std::move(texts);
    content["parameters"] = std::move(declarations);
    Json hashed = Json::object();
    hashed["lesson"] = std::move(content);
    hashed["parameters"] = parametersToJson(values);
    return canonicalHash(hashed);
}

std::string lessonscopeRendererHash()
{
    // The panels without their data: what the code lays out, not what a run measured.
    Json first = barPanel(kFirstTitle, kFirstLabel, Json::array({kSynchronized}));
    Json warm = warmPanel({});
    warm.erase("x");
    warm["series"] = Json::array({kSynchronized});
    Json boundary =
        barPanel(kBoundaryTitle, kBoundaryLabel, Json::array({kDispatchOnly, kSynchronized}));

    Json identity = Json::object();
    identity["renderer"] = "lessonscope";
    identity["version"] = kRendererVersion;
    identity["panels"] = Json::array({first, warm, boundary});
    identity["diagram"] = "timeline";
    return canonicalHash(identity);
}

Artifact buildArtifact(const Lesson &lesson, const LessonRun &run, const std::string &generatedAt)
{
    if (!run.firstCall)
        throw std::invalid_argument("a run without a measured first call cannot become an artifact");
    const LessonInfo &info = lesson.info();
    const ParameterValues &params = run.parameters;

    // Every number below is computed once and written to stdout and to the panels from the same
    // double, so that the two agree bit for bit once read back.
    const double first = run.firstCall->synchronizedSeconds();
    const double dispatchFirst = run.firstCall->dispatchOnlySeconds();
    std::vector<double> warm, dispatchWarm;
    for (const MeasuredCall &call : run.warmCalls) {
        warm.push_back(call.synchronizedSeconds());
        dispatchWarm.push_back(call.dispatchOnlySeconds());
    }
    const bool hasWarm = !warm.empty();
    const double warmMedian = median(warm);
    const double dispatchMedian = median(dispatchWarm);

    Json out = Json::object();
    out["backend"] = run.device;
    out["eigen"] = eigenVersion();
    out["compiler"] = compilerVersion();
    out["lessonscope"] = lessonscopeVersion();
    out["input_shape"] = Json::array({integerOr(params, "m", nullptr), integerOr(params, "k", nullptr)});
    out["weight_shape"] = Json::array({integerOr(params, "k", nullptr), integerOr(params, "n", nullptr)});
    const auto dtype = params.find("dtype");
    out["dtype"] = dtype != params.end() && std::holds_alternative<std::string>(dtype->second)
        ? Json(std::get<std::string>(dtype->second)) : Json(nullptr);
    out["boundary"] = info.texts.boundary;
    out["first_call_seconds"] = first;
    out["warm_samples_seconds"] = warm;
    // A run cancelled before its first warm call has no median: the key is left out rather than
    // written as null or NaN, which would not be a duration.
    if (hasWarm)
        out["warm_median_seconds"] = warmMedian;
    out["max_abs_error"] = run.maxAbsError;
    out["dispatch_only_first_call_seconds"] = dispatchFirst;
    out["dispatch_only_warm_samples_seconds"] = dispatchWarm;
    if (hasWarm)
        out["dispatch_only_warm_median_seconds"] = dispatchMedian;
    out["seed"] = integerOr(params, "seed", nullptr);
    out["samples_requested"] = integerOr(params, "samples", nullptr);
    out["cancelled"] = run.cancelled;

    Json environment = Json::object();
    environment["backend"] = "cpu";
    environment["deviceCount"] = 1;
    environment["eigen"] = eigenVersion();
    environment["compiler"] = compilerVersion();
    environment["lessonscope"] = lessonscopeVersion();
    environment["cpu"] = cpuModel();
    environment["isa"] = run.instructionSet;
    environment["waitStrategy"] = run.waitStrategy;

    Json panels = Json::array();
    panels.push_back(barPanel(kFirstTitle, kFirstLabel, Json::array({series(kSynchronized, Json::array({first}))})));
    panels.push_back(warmPanel(warm));
    // The timer-boundary comparison needs the medians, so it exists only when they do.
    if (hasWarm) {
        panels.push_back(barPanel(kBoundaryTitle, kBoundaryLabel,
                                  Json::array({series(kDispatchOnly, Json::array({dispatchMedian})),
                                               series(kSynchronized, Json::array({warmMedian}))})));
    }
    Json data = Json::object();
    data["kind"] = "panels";
    data["panels"] = std::move(panels);

    Json diagram = Json::object();
    diagram["title"] = info.texts.title;
    diagram["prediction"] = info.texts.prediction;
    diagram["reading"] = info.texts.reading;
    diagram["alt"] = info.texts.alt;
    diagram["scope"] = info.texts.scope;
    diagram["height"] = info.texts.height;
    diagram["panel"] = Json::object({{"kind", info.texts.diagramKind}});

    JsonWriteOptions indented;
    indented.indent = 2;
    Json doc = Json::object();
    doc["schemaVersion"] = kSchemaVersion;
    doc["lessonId"] = run.lessonId;
    doc["contentHash"] = lessonContentHash(lesson, params);
    doc["rendererHash"] = lessonscopeRendererHash();
    doc["kind"] = "executed";
    doc["generatedAt"] = generatedAt;
    doc["provenance"] = "measured_cpu_computation";
    doc["environment"] = std::move(environment);
    // Printed as the recorded pipeline prints it: Python's json.dumps(indent=2) and a newline.
    doc["stdout"] = writeJson(out, indented) + "\n";
    doc["data"] = std::move(data);
    doc["diagram"] = std::move(diagram);
    doc["trace"] = traceOf(run);
    return Artifact(std::move(doc));
}

} // namespace lessonscope
