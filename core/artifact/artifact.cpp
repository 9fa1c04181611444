#include "core/artifact/artifact.h"

#include "core/artifact/documentrelease.h"
#include "core/artifact/jsonreader.h"
#include "core/artifact/lenientjson.h"
#include "core/artifact/jsonwriter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string_view>

#include <limits>
#include <mutex>
#include <span>

namespace lessonscope {

using namespace lenient;

namespace {

// Text shown for raw JSON: the artifact writer's layout; a string that is not UTF-8 (possible
// only in a document built in memory) is shown with replacement characters rather than failing.
std::string rawText(const Json &value)
{
    try {
        JsonWriteOptions options;
        options.indent = 2;
        return writeJson(value, options);
    } catch (const std::exception &) {
        return value.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    }
}

Panel panelOf(const Json &json)
{
    Panel panel;
    panel.kind = stringMember(json, "kind");
    panel.title = stringMember(json, "title");
    if (const Json *labels = member(json, "labels"); labels && labels->is_array()) {
        for (const Json &label : *labels)
            panel.labels.push_back(stringOf(&label));
    }
    panel.x = numbersOf(member(json, "x"));
    panel.xlabel = stringMember(json, "xlabel");
    panel.ylabel = stringMember(json, "ylabel");
    if (const Json *series = member(json, "series"); series && series->is_array()) {
        for (const Json &entry : *series)
            panel.series.push_back(Series{stringMember(entry, "label"), numbersOf(member(entry, "y"))});
    }
    panel.logScale = stringMember(json, "yscale") == "log";
    panel.logX = stringMember(json, "xscale") == "log";
    return panel;
}

} // namespace

struct Artifact::Memo {
    std::once_flag stdoutRead;
    std::shared_ptr<const Json> stdoutJson;
};

Artifact::Artifact() : m_document(std::make_shared<const Json>(Json::object())), m_memo(std::make_shared<Memo>()) { }

Artifact::Artifact(Json document) : m_document(shareDocument(std::move(document))), m_memo(std::make_shared<Memo>()) { }

Artifact::Artifact(std::shared_ptr<const Json> document)
    : m_document(document ? std::move(document) : std::make_shared<const Json>(Json::object())),
      m_memo(std::make_shared<Memo>())
{ }

std::optional<std::int64_t> Artifact::schemaVersion() const { return integerOf(member(json(), "schemaVersion")); }

std::string Artifact::lessonId() const { return stringMember(json(), "lessonId"); }
std::string Artifact::contentHash() const { return stringMember(json(), "contentHash"); }
std::string Artifact::rendererHash() const { return stringMember(json(), "rendererHash"); }
std::string Artifact::kind() const { return stringMember(json(), "kind"); }
std::string Artifact::generatedAt() const { return stringMember(json(), "generatedAt"); }
std::string Artifact::provenance() const { return stringMember(json(), "provenance"); }

std::vector<std::pair<std::string, std::string>> Artifact::environment() const
{
    std::vector<std::pair<std::string, std::string>> entries;
    const Json *environment = member(json(), "environment");
    if (!environment || !environment->is_object())
        return entries;
    for (auto it = environment->begin(); it != environment->end(); ++it) {
        const Json &value = it.value();
        entries.emplace_back(it.key(), value.is_string() ? value.get<std::string>() : rawText(value));
    }
    return entries;
}

std::string Artifact::backend() const
{
    const Json *environment = member(json(), "environment");
    return environment ? stringMember(*environment, "backend") : std::string();
}

std::vector<std::pair<std::string, std::string>> Artifact::libraryVersions() const
{
    static constexpr std::string_view kMachineKeys[]
        = {"backend", "deviceCount", "device", "cpu", "os", "compiler", "lessonscope", "isa", "waitStrategy"};
    std::vector<std::pair<std::string, std::string>> libraries;
    const Json *environment = member(json(), "environment");
    if (!environment || !environment->is_object())
        return libraries;
    // A version is a string or a number; objects (lessonscope's interference evidence) are not.
    for (auto it = environment->begin(); it != environment->end(); ++it) {
        const Json &value = it.value();
        if (value.is_structured()
            || std::find(std::begin(kMachineKeys), std::end(kMachineKeys), it.key()) != std::end(kMachineKeys))
            continue;
        libraries.emplace_back(it.key(), value.is_string() ? value.get<std::string>() : rawText(value));
    }
    return libraries;
}

std::string Artifact::stdoutText() const { return stringMember(json(), "stdout"); }

std::shared_ptr<const Json> Artifact::stdoutJson() const
{
    std::call_once(m_memo->stdoutRead, [this] { m_memo->stdoutJson = parseStdout(); });
    return m_memo->stdoutJson;
}

std::shared_ptr<const Json> Artifact::parseStdout() const
{
    const Json *text = member(json(), "stdout");
    if (!text || !text->is_string())
        return nullptr;
    // The same reader and limits as for files: stdout is foreign text too.
    JsonParseResult parsed = parseJson(text->get_ref<const std::string &>());
    if (!parsed.document || !parsed.document->is_object())
        return nullptr;
    return parsed.document;
}

std::string Artifact::dataKind() const
{
    const Json *data = member(json(), "data");
    return data ? stringMember(*data, "kind") : std::string();
}

std::vector<Panel> Artifact::panels() const
{
    std::vector<Panel> panels;
    const Json *data = member(json(), "data");
    const Json *list = data ? member(*data, "panels") : nullptr;
    if (!list || !list->is_array())
        return panels;
    // One Panel per element, even for an element that is not an object (its kind is then empty
    // and panelText shows it), so that panels()[i] is always /data/panels/i.
    for (const Json &element : *list)
        panels.push_back(panelOf(element));
    return panels;
}

std::string Artifact::panelText(std::size_t index, std::size_t maxBytes) const
{
    const Json *data = member(json(), "data");
    const Json *list = data ? member(*data, "panels") : nullptr;
    if (!list || !list->is_array() || index >= list->size())
        return {};
    // Written through a sink that keeps the first maxBytes (and a few more, to see where the last
    // whole character ends) and counts the rest: the whole text is never held.
    const std::size_t held = maxBytes + 4;
    std::string text;
    std::size_t more = 0;
    const auto keep = [&](std::string_view piece) {
        const std::size_t room = held - std::min(held, text.size());
        text.append(piece.substr(0, room));
        more += piece.size() - std::min(room, piece.size());
    };
    const Json &panel = (*list)[index];
    try {
        JsonWriteOptions options;
        options.indent = 2;
        writeJson(panel, options, keep);
    } catch (const std::exception &) {
        text.clear();
        more = 0;
        keep(rawText(panel)); // not UTF-8: the replacement characters' text, as rawText makes it
    }
    if (more == 0 && text.size() <= maxBytes)
        return text;
    std::size_t cut = maxBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut; // text[cut], the first byte left out, must begin a character
    more += text.size() - cut;
    text.resize(cut);
    return text + "\n… " + std::to_string(more) + " more bytes not shown";
}

Diagram Artifact::diagram() const
{
    Diagram diagram;
    const Json *object = member(json(), "diagram");
    if (!object)
        return diagram;
    diagram.title = stringMember(*object, "title");
    diagram.prediction = stringMember(*object, "prediction");
    diagram.reading = stringMember(*object, "reading");
    diagram.alt = stringMember(*object, "alt");
    diagram.scope = stringMember(*object, "scope");
    diagram.height = numberOf(member(*object, "height"));
    if (const Json *panel = member(*object, "panel")) {
        diagram.panelKind = stringMember(*panel, "kind");
        diagram.rawPanelJson = rawText(*panel);
    }
    return diagram;
}

namespace {

// The evidence columns of a trace with `calls` calls; none unless every column is a list of
// integers of that length (validation says what is wrong).
// The columns named, each of `calls` integers, or none.
std::vector<std::vector<std::int64_t>> integerColumns(const Json *object, std::span<const char *const> names,
                                                      std::size_t calls)
{
    std::vector<std::vector<std::int64_t>> columns;
    for (const char *name : names) {
        const Json *column = object ? member(*object, name) : nullptr;
        if (!column || !column->is_array() || column->size() != calls)
            return {};
        std::vector<std::int64_t> values = integersOf(column);
        if (values.size() != calls)
            return {};
        columns.push_back(std::move(values));
    }
    return columns;
}

std::vector<TracedEvidence> traceEvidenceOf(const Json &trace, std::size_t calls)
{
    const Json *object = member(trace, "evidence");
    const auto columns = integerColumns(object && object->is_object() ? object : nullptr, kTraceEvidenceColumns, calls);
    if (columns.empty())
        return {};
    std::vector<TracedEvidence> evidence(calls);
    for (std::size_t i = 0; i < calls; ++i) {
        evidence[i]
            = TracedEvidence{columns[0][i] != 0, columns[1][i], columns[2][i], columns[3][i], columns[4][i],
                             columns[5][i],      columns[6][i], columns[7][i], columns[8][i], columns[9][i] != 0};
    }
    return evidence;
}

std::vector<DeviceClockTimes> traceDeviceOf(const Json &trace, std::size_t calls)
{
    const Json *device = member(trace, "device");
    const Json *object = device && device->is_object() ? member(*device, "calls") : nullptr;
    const auto columns = integerColumns(object && object->is_object() ? object : nullptr, kTraceDeviceColumns, calls);
    if (columns.empty())
        return {};
    std::vector<DeviceClockTimes> times(calls);
    for (std::size_t i = 0; i < calls; ++i)
        times[i] = DeviceClockTimes{true, columns[0][i], columns[1][i], columns[2][i], columns[3][i], columns[4][i]};
    return times;
}

} // namespace

std::optional<Trace> Artifact::trace() const
{
    const Json *object = member(json(), "trace");
    if (!object || !object->is_object())
        return std::nullopt;
    Trace trace;
    trace.clock = stringMember(*object, "clock");
    trace.waitStrategy = stringMember(*object, "waitStrategy");
    const Json *calls = member(*object, "calls");
    static constexpr const char *kColumns[] = {"dispatchBegin", "dispatchEnd", "workBegin", "workEnd", "readyObserved"};
    std::vector<std::vector<std::int64_t>> columns;
    for (const char *name : kColumns) {
        const Json *column = calls ? member(*calls, name) : nullptr;
        if (!column || !column->is_array())
            return trace; // a malformed trace has no calls; validation says why
        std::vector<std::int64_t> values;
        for (const Json &element : *column) {
            const auto value = integerOf(&element);
            if (!value)
                return trace;
            values.push_back(*value);
        }
        if (!columns.empty() && values.size() != columns.front().size())
            return trace;
        columns.push_back(std::move(values));
    }
    for (std::size_t i = 0; i < columns.front().size(); ++i) {
        trace.calls.push_back(TracedCall{columns[0][i], columns[1][i], columns[2][i], columns[3][i], columns[4][i]});
    }
    trace.evidence = traceEvidenceOf(*object, trace.calls.size());
    trace.device = traceDeviceOf(*object, trace.calls.size());
    if (const Json *device = member(*object, "device"); device && device->is_object()) {
        if (const Json *clock = member(*device, "clock"); clock && clock->is_object())
            trace.deviceClock = stringMember(*clock, "deviceClock");
    }
    return trace;
}

} // namespace lessonscope
