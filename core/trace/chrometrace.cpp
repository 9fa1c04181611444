#include "core/trace/chrometrace.h"

#include "core/trace/timeline.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string>

namespace lessonscope {

namespace {

constexpr int kPid = 1;
// In the schematic export the work outside the boundary comes first; the call starts here.
constexpr double kSchematicCallStart = 24;

// a - b, saturated: a hostile file's timestamps must not overflow.
std::int64_t difference(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 0;
    if (__builtin_sub_overflow(a, b, &result))
        return a > b ? INT64_MAX : INT64_MIN;
    return result;
}

int threadId(int lane)
{
    return lane + 1;
}

Json metadata(const char *name, int tid, Json args)
{
    return Json{{"name", name}, {"ph", "M"}, {"pid", kPid}, {"tid", tid}, {"args", std::move(args)}};
}

// text with `by` more spaces of indent on every line after the first. nlohmann's writer escapes a
// newline inside a string, so every newline in its output starts a line of layout.
std::string indented(std::string_view text, std::size_t by)
{
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (const char c : text) {
        out += c;
        if (c == '\n')
            out.append(by, ' ');
    }
    return out;
}

std::string dumped(const Json &value, std::size_t indent)
{
    return indented(value.dump(1, ' ', false, Json::error_handler_t::replace), indent);
}

// The document written one event at a time, laid out exactly as nlohmann's dump(1) lays out the
// whole document (so a small trace is byte for byte what it was when the document was built in
// memory), but with at most one event in memory: a million-call trace no longer needs gigabytes.
// After a failed write it writes nothing more.
class EventStream
{
public:
    explicit EventStream(const ByteSink &sink) : m_sink(sink) { m_ok = m_sink("{\n \"traceEvents\": [\n"); }

    void push_back(const Json &event)
    {
        if (!m_ok)
            return;
        m_ok = m_sink((m_first ? "  " : ",\n  ") + dumped(event, 2));
        m_first = false;
    }

    // The events are never empty: the process name comes first.
    bool finish(const Json &other)
    {
        return m_ok && m_sink("\n ],\n \"displayTimeUnit\": \"ns\",\n \"otherData\": " + dumped(other, 1) + "\n}");
    }

private:
    const ByteSink &m_sink;
    bool m_ok = false;
    bool m_first = true;
};

class TraceWriter
{
public:
    // Event times are call-relative; ts = (offset + time) / divisor gives trace microseconds.
    TraceWriter(EventStream &events, double offset, double divisor) : m_events(events), m_offset(offset), m_divisor(divisor) {}

    // Division rather than multiplication by 1e-3, so that whole nanoseconds give the shortest
    // decimal microseconds (82.244, not 82.24400000000004).
    double ts(double time) const { return (m_offset + time) / m_divisor; }
    double dur(double begin, double end) const { return (end - begin) / m_divisor; }

    void complete(const std::string &name, const char *category, int lane, double begin, double end, Json args)
    {
        m_events.push_back(Json{{"name", name},
                                {"cat", category},
                                {"ph", "X"},
                                {"ts", ts(begin)},
                                {"dur", dur(begin, end)},
                                {"pid", kPid},
                                {"tid", threadId(lane)},
                                {"args", std::move(args)}});
    }

    void instant(const std::string &name, int lane, double at, Json args)
    {
        m_events.push_back(Json{{"name", name},
                                {"cat", "lesson"},
                                {"ph", "i"},
                                {"s", "t"},
                                {"ts", ts(at)},
                                {"pid", kPid},
                                {"tid", threadId(lane)},
                                {"args", std::move(args)}});
    }

    // A flow arrow from the dispatch slice to the device work slice it caused.
    void flow(int id, int fromLane, double from, int toLane, double to)
    {
        const auto event = [&](const char *phase, double at, int lane) {
            Json e{
                {"name", "dispatch → work"}, {"cat", "flow"}, {"ph", phase}, {"id", id}, {"ts", ts(at)}, {"pid", kPid},
                {"tid", threadId(lane)}};
            if (phase[0] == 'f')
                e["bp"] = "e"; // bind to the enclosing slice, the work that starts here
            return e;
        };
        m_events.push_back(event("s", from, fromLane));
        m_events.push_back(event("f", to, toLane));
    }

    void call(const CallTimeline &call, int id, const std::string &name, Json measurementArgs)
    {
        const int timerLane = call.timerLane();
        for (const TimelineEvent &event : call.events) {
            if (event.context)
                continue; // another call's, written with it
            const bool timer = event.lane == timerLane;
            Json args = timer ? measurementArgs : Json{{"note", event.note}};
            if (event.shape == TimelineEvent::Shape::Instant)
                instant(event.label, event.lane, event.begin, std::move(args));
            else
                complete(timer ? name : event.label, "lesson", event.lane, event.begin, event.end, std::move(args));
        }
        // The dispatch (the first span of an active lane at the call's origin, else the first
        // event) caused the work that starts after it on the next lane where something runs.
        if (call.events.empty())
            return;
        const auto isActive = [&call](const TimelineEvent &event) {
            return !event.context && event.shape == TimelineEvent::Shape::Span && event.lane >= 0 &&
                   static_cast<std::size_t>(event.lane) < call.lanes.size() &&
                   call.lanes[static_cast<std::size_t>(event.lane)].role == TimelineLane::Role::Activity;
        };
        const auto atOrigin = std::find_if(call.events.begin(), call.events.end(), [&](const TimelineEvent &event) {
            return isActive(event) && event.begin == 0;
        });
        const TimelineEvent &dispatch = atOrigin != call.events.end() ? *atOrigin : call.events.front();
        for (const TimelineEvent &event : call.events) {
            if (!event.context && event.lane != dispatch.lane && event.begin >= dispatch.begin &&
                event.shape == TimelineEvent::Shape::Span &&
                call.lanes.at(static_cast<std::size_t>(event.lane)).role == TimelineLane::Role::Activity) {
                flow(id, dispatch.lane, dispatch.begin, event.lane, event.begin);
                return;
            }
        }
    }

private:
    EventStream &m_events;
    double m_offset;
    double m_divisor;
};

void writeThreadNames(EventStream &events, const std::vector<TimelineLane> &lanes)
{
    for (std::size_t lane = 0; lane < lanes.size(); ++lane) {
        const int id = threadId(static_cast<int>(lane));
        events.push_back(metadata("thread_name", id, Json{{"name", lanes[lane].name}}));
        events.push_back(metadata("thread_sort_index", id, Json{{"sort_index", lane}}));
    }
}

// Ordering only: one schematic call, with the work outside the boundary before it. The time base
// is arbitrary units, written as if they were microseconds.
void writeSchematicCall(EventStream &events, const LessonTimeline &model, Json &other)
{
    const CallTimeline call = model.call(0);
    TraceWriter writer(events, kSchematicCallStart, 1.0);
    double at = -kSchematicCallStart;
    for (const OutsideActivity &activity : call.outside) {
        writer.complete(activity.label, "outside-boundary", activity.lane, at, at + 10,
                        Json{{"note", activity.note}, {"measured", false}});
        at += 10;
    }
    writer.call(call, 1, "timer: call plus output synchronization",
                Json{{"note", "schematic: ordering only, not measured durations"}});
    other["note"] = "This artifact has no measured trace. Exported the schematic order of events only: the "
                    "timestamps are arbitrary units, not microseconds, and no duration is measured.";
}

void writeMeasuredCalls(EventStream &events, const Artifact &artifact, const LessonTimeline &model, Json &other)
{
    const Trace trace = artifact.trace().value_or(Trace{});
    for (int i = 0; i < model.callCount() && i < static_cast<int>(trace.calls.size()); ++i) {
        const TracedCall &c = trace.calls[static_cast<std::size_t>(i)];
        const Json args{{"call", i},
                        {"completed_result_ns", difference(c.readyObserved, c.dispatchBegin)},
                        {"dispatch_only_ns", difference(c.dispatchEnd, c.dispatchBegin)}};
        TraceWriter writer(events, static_cast<double>(c.dispatchBegin), 1000.0);
        writer.call(model.call(i), i + 1, model.callTitle(i), args);
    }
    other["clock"] = trace.clock;
    other["waitStrategy"] = trace.waitStrategy;
    other["note"] = "Measured calls; ts and dur in microseconds since the run's first dispatch. Data "
                    "preparation and first use lie outside the timed boundary and are not in the trace.";
}

} // namespace

ChromeTraceSummary writeChromeTrace(const Artifact &artifact, const LessonTimeline &model, const ByteSink &sink)
{
    ChromeTraceSummary summary;
    summary.schematic = !model.isMeasured();
    EventStream events(sink);
    events.push_back(metadata("process_name", 0, Json{{"name", "lessonscope: " + artifact.lessonId()}}));
    writeThreadNames(events, model.call(0).lanes);

    Json other{{"lessonId", artifact.lessonId()},
               {"contentHash", artifact.contentHash()},
               {"generatedAt", artifact.generatedAt()},
               {"mode", summary.schematic ? "schematic" : "measured"}};
    if (summary.schematic) {
        writeSchematicCall(events, model, other);
        summary.callCount = 1;
    } else {
        writeMeasuredCalls(events, artifact, model, other);
        summary.callCount = model.callCount();
    }
    summary.written = events.finish(other);
    return summary;
}

ChromeTrace exportChromeTrace(const Artifact &artifact, const LessonTimeline &model)
{
    ChromeTrace result;
    const ChromeTraceSummary summary = writeChromeTrace(artifact, model, [&result](std::string_view bytes) {
        result.json.append(bytes);
        return true;
    });
    result.schematic = summary.schematic;
    result.callCount = summary.callCount;
    return result;
}

} // namespace lessonscope
