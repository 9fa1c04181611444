#pragma once

#include "core/base/deviceclocktimes.h"
#include "core/base/jsonfwd.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lessonscope {

// Typed views of the parts of an artifact (see docs/artifact-format.md). They are read leniently:
// a field of the wrong type reads as empty, and validation says what is wrong and where.

struct Series {
    std::string label;
    std::vector<double> y;
};

struct Panel {
    std::string kind; // "bar", "line", or a kind this version does not know
    std::string title;
    std::vector<std::string> labels; // bar: one category per bar
    std::vector<double> x;           // line: the abscissae
    std::string xlabel;
    std::string ylabel;
    std::vector<Series> series;
    bool logScale = false; // "yscale": "log": values orders of magnitude apart
    bool logX = false;     // line: "xscale": "log": abscissae that double or grow tenfold

    bool isKnownKind() const { return kind == "bar" || kind == "line"; }
};

struct Diagram {
    std::string title;
    std::string prediction;
    std::string reading;
    std::string alt;
    std::string scope;
    std::optional<double> height;
    std::string panelKind;    // "timeline": a lesson's timeline (core/trace/timeline.h)
    std::string rawPanelJson; // diagram.panel as written
};

// The measured timestamps of one call of a run (lessonscope's optional "trace" key), in
// nanoseconds since the run's first dispatch. Index 0 is the first call, 1.. the warm calls.
struct TracedCall {
    std::int64_t dispatchBegin = 0; // host: timer starts, dispatch begins
    std::int64_t dispatchEnd = 0;   // host: dispatch returned (a dispatch-only timer stops here)
    std::int64_t workBegin = 0;     // device: the work starts
    std::int64_t workEnd = 0;       // device: the work ends, readiness is signalled
    std::int64_t readyObserved = 0; // host: the wait returned (a synchronized timer stops here)
};

// What the scheduler did to one traced call's threads (docs/artifact-format.md, "trace.evidence"):
// whether the rule called its timed unit interrupted, other work's wait in it, the waits of the
// host and of the device, their involuntary switches and CPUs, and the call's round.
struct TracedEvidence {
    bool interrupted = false;
    std::int64_t round = 0;
    std::int64_t waitedNs = 0;
    std::int64_t hostRunDelayNs = 0;
    std::int64_t deviceRunDelayNs = 0;
    std::int64_t hostInvoluntary = 0;
    std::int64_t deviceInvoluntary = 0;
    std::int64_t hostCpu = -1;
    std::int64_t deviceCpu = -1;
    bool sharedCpu = false;
};

// trace.device's columns (docs/artifact-format.md), in DeviceClockTimes' order.
inline constexpr const char *kTraceDeviceColumns[] = {"queued", "submit", "start", "end", "offsetNs"};

struct Trace {
    std::string clock;
    std::string waitStrategy;
    std::vector<TracedCall> calls;
    // One per call, or none (a trace made elsewhere or by an older lessonscope, or malformed).
    std::vector<TracedEvidence> evidence;
    // On a real device, its own clock's view: one per call, offsets to the trace's time, or none
    // (the stream; a malformed block).
    std::vector<DeviceClockTimes> device;
    std::string deviceClock; // the device clock's name, e.g. "CLOCK_MONOTONIC_RAW" (trace.device.clock)

    // Whether call i's timed unit waited for a CPU beyond the rule (false without evidence).
    bool interrupted(std::size_t i) const { return i < evidence.size() && evidence[i].interrupted; }
};

// The trace's evidence columns, in the order lessonscope writes them.
inline constexpr const char *kTraceEvidenceColumns[]
    = {"interrupted",       "round",   "waitedNs",  "hostRunDelayNs", "deviceRunDelayNs", "hostInvoluntary",
       "deviceInvoluntary", "hostCpu", "deviceCpu", "sharedCpu"};

// A lesson artifact: the whole JSON document, kept as read so that keys this version does not
// know survive a save, plus typed access to every field of schemaVersion 1.
// A value type: copies share the immutable document.
class Artifact
{
public:
    Artifact(); // an empty object
    explicit Artifact(Json document);
    // Shares a parsed document (never null): a 10⁷-number document is 320 MB, and a copy of it
    // took a second and doubled the peak of reading it.
    explicit Artifact(std::shared_ptr<const Json> document);

    const Json &json() const { return *m_document; }

    std::optional<std::int64_t> schemaVersion() const;
    std::string lessonId() const;
    std::string contentHash() const;
    std::string rendererHash() const;
    std::string kind() const;
    std::string generatedAt() const;
    std::string provenance() const;

    // Every key of "environment" in document order, values rendered as text.
    std::vector<std::pair<std::string, std::string>> environment() const;
    std::string backend() const;
    // The environment entries that name a library and its version ("jax 0.9.2", "eigen 3.4.0"),
    // in document order: every entry but those that describe the machine or the run (backend,
    // deviceCount, cpu, os, compiler, lessonscope, isa, waitStrategy) and objects (interference).
    std::vector<std::pair<std::string, std::string>> libraryVersions() const;

    std::string stdoutText() const;
    // The stdout parsed as JSON when it is a JSON object (a lesson's figures); null otherwise
    // (text is legal). Parsed once per document (a long run's stdout takes tens of milliseconds)
    // and shared by copies; safe to call from several threads.
    std::shared_ptr<const Json> stdoutJson() const;

    std::string dataKind() const;
    std::vector<Panel> panels() const;
    // data.panels[index] as written (the artifact writer's layout), for a panel shown as its text
    // rather than drawn: made on demand, since a drawn panel of 10⁷ points would be 200 MB of it,
    // and cut after maxBytes (at a UTF-8 boundary) with a line that says how much more there is.
    // Empty when there is no such panel.
    std::string panelText(std::size_t index, std::size_t maxBytes = kMaxPanelTextBytes) const;
    static constexpr std::size_t kMaxPanelTextBytes = 1 << 20;
    Diagram diagram() const;

    // lessonscope's measured per-call trace; empty when the artifact has none (e.g. the seed).
    std::optional<Trace> trace() const;

private:
    struct Memo; // what is read once from the immutable document (artifact.cpp)
    std::shared_ptr<const Json> parseStdout() const;

    std::shared_ptr<const Json> m_document;
    std::shared_ptr<Memo> m_memo;
};

} // namespace lessonscope
