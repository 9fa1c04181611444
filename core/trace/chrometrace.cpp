#include "core/trace/chrometrace.h"

#include "core/trace/timeline.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace lessonscope {

namespace {

constexpr int kPid = 1;
// In the schematic export the work outside the boundary comes first; the call starts here.
constexpr double kSchematicCallStart = 24;
// What a schematic trace's times are, said in every event and in the process's name: readers show
// its numbers as microseconds, and nothing in them was measured.
constexpr const char *kSchematicUnit = "schematic units, shown as microseconds: order only, nothing measured";

// a - b, saturated: a hostile file's timestamps must not overflow.
std::int64_t difference(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 0;
    if (__builtin_sub_overflow(a, b, &result))
        return a > b ? INT64_MAX : INT64_MIN;
    return result;
}

int threadId(int lane) { return lane + 1; }

// Metadata events carry the category Chrome writes for them: readers that split every event's
// "cat" (@tracerbench/trace-model) throw on one without it.
Json metadata(const char *name, int tid, Json args)
{
    return Json{{"name", name}, {"cat", "__metadata"},    {"ph", "M"}, {"ts", 0}, {"pid", kPid},
                {"tid", tid},   {"args", std::move(args)}};
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

// Whole nanoseconds, saturated: a hostile file's timestamps must not overflow.
std::int64_t wholeNanoseconds(double ns)
{
    constexpr double kLimit = 9.0e18;
    if (!(ns > -kLimit))
        return static_cast<std::int64_t>(-kLimit);
    if (!(ns < kLimit))
        return static_cast<std::int64_t>(kLimit);
    return std::llround(ns);
}

// Microseconds from whole nanoseconds: the division gives the double nearest the decimal, which
// prints as its shortest digits (213.449, not 213.44900000000001).
double microseconds(std::int64_t ns) { return static_cast<double>(ns) / 1000.0; }

} // namespace

double chromeDurationBetween(double ts, double end)
{
    // A reader adds ts + dur in doubles, and some first move every time of a thread by its first ts
    // (speedscope): (ts − m) + dur and end − m then round apart from ts + dur and end, each sum by up
    // to half a unit in end's last place. Three units short, the sum stays before end − m for any m
    // from 0 to ts: under a millionth of a nanosecond for a trace of a day, and abutting events
    // never cross in any reader.
    const double unit = std::nextafter(end, std::numeric_limits<double>::infinity()) - end;
    return std::max(0.0, (end - ts) - 3 * unit);
}

namespace {

class TraceWriter
{
public:
    // Event times are relative to a call: the trace's time of one is (offset + time) × scale − origin
    // whole nanoseconds (scale 1 for a measured call's nanoseconds; 1000 for the schematic's units,
    // written as if each were a microsecond), origin the earliest event of the trace when it
    // comes before the run's first dispatch, so that no ts is negative.
    // unit, when given, is said in every event's args (a schematic trace's).
    TraceWriter(EventStream &events, double offset, double scale, std::int64_t origin, const char *unit = nullptr)
        : m_events(events), m_offset(offset), m_scale(scale), m_origin(origin), m_unit(unit)
    { }

    std::int64_t ns(double time) const { return wholeNanoseconds((m_offset + time) * m_scale) - m_origin; }
    double ts(double time) const { return microseconds(ns(time)); }

    void complete(const std::string &name, const char *category, int lane, double begin, double end, Json args)
    {
        const std::int64_t from = ns(begin);
        const std::int64_t to = std::max(from, ns(end));
        if (m_unit)
            args["unit"] = m_unit;
        m_events.push_back(Json{{"name", name},
                                {"cat", category},
                                {"ph", "X"},
                                {"ts", microseconds(from)},
                                {"dur", chromeDurationBetween(microseconds(from), microseconds(to))},
                                {"pid", kPid},
                                {"tid", threadId(lane)},
                                {"args", std::move(args)}});
    }

    void instant(const std::string &name, int lane, double at, Json args)
    {
        if (m_unit)
            args["unit"] = m_unit;
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

    // completed: the call's own completed result (dispatch to observed readiness, relative to the
    // call), written on the timer's lane in place of the prediction's answer drawn there.
    void call(const CallTimeline &call, int id, const std::string &name, Json measurementArgs,
              std::optional<double> completed = std::nullopt)
    {
        const int timerLane = call.timerLane();
        bool answered = false; // the prediction's answer stood where the call's own result goes
        for (const TimelineEvent &event : call.events) {
            answered = answered || (event.answer && !event.context && event.lane == timerLane);
            if (event.context || event.answer)
                continue; // another call's, written with it; or the prediction's answer
            const bool timer = event.lane == timerLane;
            Json args = timer ? measurementArgs : Json{{"note", event.note}};
            const double begin = event.begin - event.drawnLaterBy;
            if (event.shape == TimelineEvent::Shape::Instant)
                instant(event.label, event.lane, begin, std::move(args));
            else
                complete(timer ? name : event.label, "lesson", event.lane, begin, event.end - event.drawnLaterBy,
                         std::move(args));
        }
        if (answered && completed)
            complete(name, "lesson", timerLane, 0, *completed, measurementArgs);
        flowOf(call, id);
    }

    // The earliest trace time of the call's own events, in whole nanoseconds before any origin.
    std::optional<std::int64_t> earliest(const CallTimeline &call) const
    {
        std::optional<std::int64_t> first;
        for (const TimelineEvent &event : call.events) {
            if (!event.context && !event.answer)
                first = std::min(first.value_or(INT64_MAX), ns(event.begin - event.drawnLaterBy) + m_origin);
        }
        return first;
    }

private:
    // The dispatch (the first span of an active lane at the call's origin, else the first event)
    // caused the work that starts after it on the next lane where something runs.
    void flowOf(const CallTimeline &call, int id)
    {
        if (call.events.empty())
            return;
        const auto isActive = [&call](const TimelineEvent &event) {
            return !event.context && event.shape == TimelineEvent::Shape::Span && event.lane >= 0
                && static_cast<std::size_t>(event.lane) < call.lanes.size()
                && call.lanes[static_cast<std::size_t>(event.lane)].role == TimelineLane::Role::Activity;
        };
        const auto atOrigin = std::find_if(call.events.begin(), call.events.end(), [&](const TimelineEvent &event) {
            return isActive(event) && event.begin == 0;
        });
        const TimelineEvent &dispatch = atOrigin != call.events.end() ? *atOrigin : call.events.front();
        for (const TimelineEvent &event : call.events) {
            if (isActive(event) && event.lane != dispatch.lane && event.begin >= dispatch.begin) {
                flow(id, dispatch.lane, dispatch.begin, event.lane, event.begin);
                return;
            }
        }
    }

    EventStream &m_events;
    double m_offset;
    double m_scale;
    std::int64_t m_origin;
    const char *m_unit;
};

void writeThreadNames(EventStream &events, const std::vector<TimelineLane> &lanes)
{
    for (std::size_t lane = 0; lane < lanes.size(); ++lane) {
        const int id = threadId(static_cast<int>(lane));
        events.push_back(metadata("thread_name", id, Json{{"name", lanes[lane].name}}));
        events.push_back(metadata("thread_sort_index", id, Json{{"sort_index", lane}}));
    }
}

// In the schematic export the work outside the boundary comes first, 10 units each: the trace
// begins kSchematicCallStart units before the call.
constexpr double kSchematicScale = 1000; // one unit is written as one microsecond, and said so

// Ordering only: one schematic call, with the work outside the boundary before it. The time base
// is arbitrary units, written as microseconds and named so in every event and in the process name.
void writeSchematicCall(EventStream &events, const LessonTimeline &model, Json &other)
{
    const CallTimeline call = model.call(0);
    TraceWriter probe(events, kSchematicCallStart, kSchematicScale, 0);
    const std::int64_t origin = std::min<std::int64_t>(0, probe.earliest(call).value_or(0));
    TraceWriter writer(events, kSchematicCallStart, kSchematicScale, origin, kSchematicUnit);
    double at = -kSchematicCallStart;
    for (const OutsideActivity &activity : call.outside) {
        writer.complete(activity.label, "outside-boundary", activity.lane, at, at + 10,
                        Json{{"note", activity.note}, {"measured", false}});
        at += 10;
    }
    writer.call(call, 1, "timer: call plus output synchronization",
                Json{{"note", "schematic: ordering only, not measured durations"}});
    other["unit"] = kSchematicUnit;
    other["note"] = "This artifact has no measured trace. Exported the schematic order of events only: the "
                    "timestamps are arbitrary units, not microseconds, and no duration is measured.";
}

// The earliest event of the measured calls, as nanoseconds since the run's first dispatch: the
// trace's origin when it comes before that dispatch (a stream's start, an input's
// preparation), so that no ts is negative (Perfetto drops events with ts < 0).
std::int64_t measuredOrigin(EventStream &events, const Trace &trace, const LessonTimeline &model)
{
    std::int64_t origin = 0;
    for (int i = 0; i < model.callCount() && i < static_cast<int>(trace.calls.size()); ++i) {
        const TraceWriter writer(events, static_cast<double>(trace.calls[static_cast<std::size_t>(i)].dispatchBegin), 1,
                                 0);
        origin = std::min(origin, writer.earliest(model.call(i)).value_or(0));
    }
    return origin;
}

// A real device's own view of each call, on a track of its own after the lesson's lanes: queued
// (QUEUED → SUBMIT), submitted (SUBMIT → START) and the kernel (START → END), placed on the trace's
// time by the call's offset, each with the device's own nanoseconds in its args.
void writeDeviceTrack(EventStream &events, const Trace &trace, int lane, std::int64_t origin)
{
    const std::string clock = trace.deviceClock.empty() ? std::string("its own clock") : trace.deviceClock;
    events.push_back(
        metadata("thread_name", threadId(lane), Json{{"name", "device, as its clock saw it (" + clock + ")"}}));
    events.push_back(metadata("thread_sort_index", threadId(lane), Json{{"sort_index", lane}}));
    TraceWriter writer(events, 0, 1, origin);
    for (std::size_t i = 0; i < trace.device.size() && i < trace.calls.size(); ++i) {
        const DeviceClockTimes &d = trace.device[i];
        // Never before the trace's origin (a QUEUED placed within the relation's uncertainty of the
        // first dispatch): Perfetto drops events with ts < 0.
        const auto placed = [&d, origin](std::int64_t deviceNs) {
            return std::max(static_cast<double>(origin),
                            static_cast<double>(deviceNs) + static_cast<double>(d.offsetNs));
        };
        const Json args{{"call", static_cast<std::int64_t>(i)},
                        {"device_queued_ns", d.queued},
                        {"device_submit_ns", d.submit},
                        {"device_start_ns", d.start},
                        {"device_end_ns", d.end},
                        {"device_to_trace_ns", d.offsetNs},
                        {"clock", clock}};
        writer.complete("queued", "device", lane, placed(d.queued), placed(d.submit), args);
        writer.complete("submitted", "device", lane, placed(d.submit), placed(d.start), args);
        writer.complete("kernel", "device", lane, placed(d.start), placed(d.end), args);
    }
}

void writeMeasuredCalls(EventStream &events, const Artifact &artifact, const LessonTimeline &model, Json &other)
{
    const Trace trace = artifact.trace().value_or(Trace{});
    const std::int64_t origin = measuredOrigin(events, trace, model);
    for (int i = 0; i < model.callCount() && i < static_cast<int>(trace.calls.size()); ++i) {
        const TracedCall &c = trace.calls[static_cast<std::size_t>(i)];
        const std::int64_t completed = difference(c.readyObserved, c.dispatchBegin);
        Json args{{"call", i},
                  {"completed_result_ns", completed},
                  {"dispatch_only_ns", difference(c.dispatchEnd, c.dispatchBegin)}};
        // What the scheduler did to the call's threads (trace.evidence), where the trace says.
        if (static_cast<std::size_t>(i) < trace.evidence.size()) {
            const TracedEvidence &e = trace.evidence[static_cast<std::size_t>(i)];
            args["interrupted"] = e.interrupted;
            args["waited_ns"] = e.waitedNs;
            args["round"] = e.round;
        }
        TraceWriter writer(events, static_cast<double>(c.dispatchBegin), 1, origin);
        writer.call(model.call(i), i + 1, model.callTitle(i), args, static_cast<double>(completed));
    }
    if (!trace.device.empty())
        writeDeviceTrack(events, trace, static_cast<int>(model.call(0).lanes.size()), origin);
    other["clock"] = trace.clock;
    other["waitStrategy"] = trace.waitStrategy;
    other["originNs"] = origin;
    other["note"] = "Measured calls; ts and dur in microseconds, written from whole nanoseconds, since the run's "
                    "first dispatch"
        + std::string(origin < 0 ? ", less originNs: the earliest event comes before that dispatch" : "")
        + ". Data preparation and first use lie outside the timed boundary and are not in the trace.";
}

} // namespace

ChromeTraceSummary writeChromeTrace(const Artifact &artifact, const LessonTimeline &model, const ByteSink &sink)
{
    ChromeTraceSummary summary;
    summary.schematic = !model.isMeasured();
    EventStream events(sink);
    const std::string process = "lessonscope: " + artifact.lessonId();
    events.push_back(metadata("process_name", 0,
                              Json{{"name", summary.schematic ? process + " (" + kSchematicUnit + ")" : process}}));
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
