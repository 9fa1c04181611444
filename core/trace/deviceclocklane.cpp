#include "core/trace/deviceclocklane.h"

#include "core/artifact/lenientjson.h"
#include "core/base/units.h"
#include "core/base/utf8.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lessonscope {

namespace {

// The lane a lesson draws the device's work on.
int deviceLaneOf(const CallTimeline &call)
{
    for (std::size_t i = 0; i < call.lanes.size(); ++i) {
        if (call.lanes[i].name == "device")
            return static_cast<int>(i);
    }
    return -1;
}

// The time the lesson's events count from, found from its device work span: the one span of this
// call on the device lane as long as the trace's work. Nothing when none is (the lesson drew
// something else there), so that the device's times are never placed by a guess.
std::optional<double> eventOrigin(const CallTimeline &call, int deviceLane, const TracedCall &traced)
{
    const double work = static_cast<double>(traced.workEnd - traced.workBegin);
    for (const TimelineEvent &event : call.events) {
        if (event.lane == deviceLane && !event.context && event.shape == TimelineEvent::Shape::Span
            && std::abs((event.end - event.begin) - work) < 0.5)
            return static_cast<double>(traced.workBegin) - event.begin;
    }
    return std::nullopt;
}

void addDeviceClock(CallTimeline &call, const DeviceClockTimes &device, double origin, const std::string &clockName)
{
    const int deviceLane = deviceLaneOf(call);
    const int lane = deviceLane + 1;
    for (TimelineEvent &event : call.events)
        event.lane += event.lane >= lane ? 1 : 0;
    for (OutsideActivity &outside : call.outside)
        outside.lane += outside.lane >= lane ? 1 : 0;
    TimelineLane clockLane{deviceClockLaneName(clockName), TimelineLane::Role::Activity,
                           call.lanes[static_cast<std::size_t>(deviceLane)].hueTurn};
    call.lanes.insert(call.lanes.begin() + lane, std::move(clockLane));
    const auto at = [&](std::int64_t deviceNs) { return static_cast<double>(deviceNs + device.offsetNs) - origin; };
    const std::string clock
        = " on the device's own clock (" + clockName + "), placed on the host's time by the clock relation.";
    call.events.push_back({lane, TimelineEvent::Shape::Span, "queued",
                           "From QUEUED to SUBMIT: the command waits in the driver's queue" + clock, at(device.queued),
                           at(device.submit), true});
    call.events.push_back({lane, TimelineEvent::Shape::Span, "submitted",
                           "From SUBMIT to START: handed to the device, not yet begun (a first enqueue's compilation "
                           "shows here)"
                               + clock,
                           at(device.submit), at(device.start), true});
    call.events.push_back({lane, TimelineEvent::Shape::Span, "work", "From START to END: the device's work" + clock,
                           at(device.start), at(device.end), false});
}

class DeviceClockLaneTimeline final : public LessonTimeline
{
public:
    DeviceClockLaneTimeline(std::shared_ptr<const LessonTimeline> lesson, const Trace &trace, std::string relation)
        : m_lesson(std::move(lesson)),
          m_calls(trace.calls),
          m_device(trace.device),
          m_clock(trace.deviceClock.empty() ? std::string("its own") : trace.deviceClock),
          m_relation(std::move(relation))
    { }

    bool isMeasured() const override { return m_lesson->isMeasured(); }
    int callCount() const override { return m_lesson->callCount(); }
    int representativeCall() const override { return m_lesson->representativeCall(); }
    std::string representativeName() const override { return m_lesson->representativeName(); }
    std::string callTitle(int index) const override { return m_lesson->callTitle(index); }
    std::optional<double> callSeconds(int index) const override { return m_lesson->callSeconds(index); }
    CallTimeline call(int index) const override
    {
        CallTimeline call = m_lesson->call(index);
        // The lesson's calls are the trace's, one for one, or the lane is not drawn.
        if (!call.measured || callCount() != static_cast<int>(m_calls.size()))
            return call;
        const int shown = index >= 0 && index < callCount() ? index : representativeCall();
        const auto i = static_cast<std::size_t>(shown);
        const int deviceLane = deviceLaneOf(call);
        if (shown < 0 || i >= m_device.size() || !m_device[i].known || deviceLane < 0)
            return call;
        if (const auto origin = eventOrigin(call, deviceLane, m_calls[i]))
            addDeviceClock(call, m_device[i], *origin, m_clock);
        return call;
    }
    std::string callInterruption(int index) const override { return m_lesson->callInterruption(index); }
    bool keepsInterruptedCalls() const override { return m_lesson->keepsInterruptedCalls(); }
    std::optional<double> readingSeconds(std::string_view key, int index) const override
    {
        return m_lesson->readingSeconds(key, index);
    }
    TimelineVerdict verdict(std::string_view key, int index) const override { return m_lesson->verdict(key, index); }
    TimelineVerdict lengthVerdict(double multiple, int index) const override
    {
        return m_lesson->lengthVerdict(multiple, index);
    }
    std::string measuredReading() const override { return m_lesson->measuredReading(); }
    std::string clocksNote() const override
    {
        std::string note = "Two clocks: the host's lanes are what the host sees — its dispatch and the readiness it "
                           "observes; the lane \""
            + deviceClockLaneName(m_clock)
            + "\" is what the device itself "
              "stamped — how long the command sat queued and submitted before it began, and its work. A "
              "timer on the host measures the first; the device's timestamps, the second.";
        // How far a device time may lie from where it is drawn: the learner weighs a gap between
        // the lanes against it.
        if (!m_relation.empty())
            note += " The device's clock is " + m_relation
                + ": each of its times is drawn within that of its moment "
                  "on the host's clock.";
        return note;
    }

private:
    std::shared_ptr<const LessonTimeline> m_lesson;
    std::vector<TracedCall> m_calls;
    std::vector<DeviceClockTimes> m_device;
    std::string m_clock;
    std::string m_relation;
};

} // namespace

std::string deviceClockLaneName(const std::string &clockName) { return "device clock (" + clockName + ")"; }

std::shared_ptr<const LessonTimeline> withDeviceClockLane(std::shared_ptr<const LessonTimeline> timeline,
                                                          const Trace &trace, const std::string &relation)
{
    if (trace.device.empty())
        return timeline;
    return std::make_shared<DeviceClockLaneTimeline>(std::move(timeline), trace, relation);
}

std::shared_ptr<const LessonTimeline> withDeviceClockLane(std::shared_ptr<const LessonTimeline> timeline,
                                                          const Artifact &artifact)
{
    return withDeviceClockLane(std::move(timeline), artifact.trace().value_or(Trace{}),
                               deviceClockRelationText(artifact));
}

std::string deviceClockRelationText(const Artifact &artifact)
{
    const Json *environment = lenient::member(artifact.json(), "environment");
    const Json *device = environment ? lenient::member(*environment, "device") : nullptr;
    const Json *clock = device ? lenient::member(*device, "clock") : nullptr;
    const std::string method
        = clock ? printableText(lenient::stringMember(*clock, "method").substr(0, 80)) : std::string();
    if (method.empty() || method == "none")
        return {};
    // The method that found the device stamping with a host clock is best said by that clock's name.
    const std::string deviceClock = printableText(lenient::stringMember(*clock, "deviceClock").substr(0, 120));
    std::string text = method == "device clock is a host clock" && !deviceClock.empty()
        ? "related to the host's as readings of " + deviceClock
        : "related to the host's by " + method;
    const std::optional<std::int64_t> uncertainty = lenient::integerOf(lenient::member(*clock, "uncertaintyNs"));
    if (uncertainty && *uncertainty >= 0)
        text += ", ±"
            + (*uncertainty == 0 ? std::string("0 ns") : formatDuration(static_cast<double>(*uncertainty) * 1e-9));
    return text;
}

} // namespace lessonscope
