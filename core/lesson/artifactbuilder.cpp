#include "core/lesson/artifactbuilder.h"

#include "core/artifact/canonicaljson.h"
#include "core/artifact/jsonwriter.h"
#include "core/artifact/validation.h"
#include "core/lesson/disturbance.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/lessonartifacts.h"
#include "core/timing/monotonicclock.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <stdexcept>

namespace lessonscope {

namespace {

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

// Columns of integers, one per call: names[c] holds valuesOf(call)[c] of every call, in order
// (the trace's columns, docs/artifact-format.md).
template<std::size_t N, typename ValuesOf>
Json integerColumns(const LessonRun &run, const char *const (&names)[N], ValuesOf valuesOf)
{
    std::array<std::vector<std::int64_t>, N> columns;
    for (const MeasuredCall &call : run.calls) {
        const std::array<std::int64_t, N> values = valuesOf(call);
        for (std::size_t c = 0; c < N; ++c)
            columns[c].push_back(values[c]);
    }
    Json object = Json::object();
    for (std::size_t c = 0; c < N; ++c)
        object[names[c]] = std::move(columns[c]);
    return object;
}

constexpr const char *kTraceCallColumns[] = {"dispatchBegin", "dispatchEnd", "workBegin", "workEnd", "readyObserved"};

// The scheduler's evidence of every traced call, a column per kTraceEvidenceColumns entry.
Json evidenceColumnsOf(const LessonRun &run)
{
    return integerColumns(run, kTraceEvidenceColumns, [](const MeasuredCall &call) {
        const CallEvidence &e = call.evidence;
        return std::array<std::int64_t, std::size(kTraceEvidenceColumns)>{
            call.interrupted ? 1 : 0, call.round,           e.otherWaitNs, e.host.runDelayNs, e.device.runDelayNs,
            e.host.involuntary,       e.device.involuntary, e.host.cpu,    e.device.cpu,      e.sharedCpu ? 1 : 0};
    });
}

// A real device's own view of every call (trace.device, docs/artifact-format.md): the four
// moments as its clock stamped them and each call's offset to the trace's time.
Json deviceColumnsOf(const LessonRun &run)
{
    Json device = Json::object();
    const Json *environment = run.deviceEnvironment.get();
    device["clock"] = environment && environment->contains("clock") ? environment->at("clock") : Json::object();
    device["unit"] = "ns";
    device["calls"] = integerColumns(run, kTraceDeviceColumns, [](const MeasuredCall &call) {
        const DeviceClockTimes &d = call.device;
        return std::array<std::int64_t, std::size(kTraceDeviceColumns)>{d.queued, d.submit, d.start, d.end, d.offsetNs};
    });
    return device;
}

Json traceOf(const LessonRun &run)
{
    Json calls = integerColumns(run, kTraceCallColumns, [](const MeasuredCall &call) {
        const CallTimestamps &t = call.timestamps;
        return std::array<std::int64_t, 5>{t.dispatchBegin, t.dispatchEnd, t.workBegin, t.workEnd, t.readyObserved};
    });
    Json trace = Json::object();
    trace["clock"] = MonotonicClock::name();
    trace["unit"] = "ns";
    trace["waitStrategy"] = run.waitStrategy;
    trace["calls"] = std::move(calls);
    const bool hasEvidence
        = std::all_of(run.calls.begin(), run.calls.end(), [](const MeasuredCall &call) { return call.evidence.known; });
    if (hasEvidence && !run.calls.empty()) {
        trace["interruptedRule"] = Json::object({{"aboveNs", kInterruptedAboveNs}, {"aboveShare", kInterruptedShare}});
        trace["evidence"] = evidenceColumnsOf(run);
    }
    const bool onDevice
        = std::all_of(run.calls.begin(), run.calls.end(), [](const MeasuredCall &call) { return call.device.known; });
    if (onDevice && !run.calls.empty())
        trace["device"] = deviceColumnsOf(run);
    return trace;
}

Json environmentOf(const LessonRun &run)
{
    Json environment = Json::object();
    // The stream runs on this machine's processor; a real device is named exactly.
    environment["backend"] = run.deviceEnvironment ? "opencl" : "cpu";
    environment["deviceCount"] = 1;
    if (run.deviceEnvironment)
        environment["device"] = *run.deviceEnvironment;
    environment["eigen"] = eigenVersion();
    environment["compiler"] = compilerVersion();
    environment["lessonscope"] = lessonscopeVersion();
    environment["cpu"] = cpuModel();
    if (!run.instructionSet.empty())
        environment["isa"] = run.instructionSet;
    environment["waitStrategy"] = run.waitStrategy;
    if (run.interference)
        environment["interference"] = interferenceToJson(*run.interference, &run.measuring);
    return environment;
}

Json diagramOf(const LessonTexts &texts)
{
    Json diagram = Json::object();
    diagram["title"] = texts.title;
    diagram["prediction"] = texts.prediction;
    // Made here, the artifact has a measured trace, so its timeline is drawn to scale.
    diagram["reading"] = texts.measuredReading.empty() ? texts.reading : texts.measuredReading;
    // The alt text says what the reading says: a lesson whose alt is its schematic reading
    // ("lengths illustrate ordering only") gets the measured one here, as the reading does.
    diagram["alt"] = texts.alt == texts.reading ? diagram["reading"] : Json(texts.alt);
    diagram["scope"] = texts.scope;
    diagram["height"] = texts.height;
    diagram["panel"] = Json::object({{"kind", texts.diagramKind}});
    return diagram;
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
    texts["measuredReading"] = t.measuredReading;
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

std::string provenanceOf(const LessonRun &run, Provenance provenance)
{
    std::string computed = "cpu";
    if (run.deviceEnvironment) {
        const auto type = run.deviceEnvironment->find("type");
        const std::string name
            = type != run.deviceEnvironment->end() && type->is_string() ? type->get<std::string>() : "";
        computed = name == "CPU" ? "cpu" : name == "GPU" ? "gpu" : "device";
    }
    return (provenance == Provenance::Recorded ? "recorded_" : "measured_") + computed + "_computation";
}

bool isMeasuredProvenance(const std::string &provenance)
{
    return provenance.rfind("measured_", 0) == 0 && provenance.size() > 21
        && provenance.compare(provenance.size() - 12, 12, "_computation") == 0;
}

Artifact buildArtifact(const Lesson &lesson, const LessonRun &run, const std::string &generatedAt,
                       Provenance provenance)
{
    if (!run.output || run.calls.empty())
        throw std::invalid_argument("a run without a measured call cannot become an artifact");

    JsonWriteOptions indented;
    indented.indent = 2;
    Json data = Json::object();
    data["kind"] = "panels";
    data["panels"] = lesson.panels(*run.output);

    Json doc = Json::object();
    doc["schemaVersion"] = kSchemaVersion;
    doc["lessonId"] = run.lessonId;
    doc["contentHash"] = lessonContentHash(lesson, run.parameters);
    doc["rendererHash"] = rendererHashOf(lesson);
    doc["kind"] = "executed";
    doc["generatedAt"] = generatedAt;
    doc["provenance"] = provenanceOf(run, provenance);
    doc["environment"] = environmentOf(run);
    // Printed as the recorded pipeline prints it: Python's json.dumps(indent=2) and a newline.
    doc["stdout"] = writeJson(*run.output, indented) + "\n";
    doc["data"] = std::move(data);
    doc["diagram"] = diagramOf(lesson.info().texts);
    doc["trace"] = traceOf(run);
    return Artifact(std::move(doc));
}

} // namespace lessonscope
