#pragma once

#include "core/lessons/performance-09/performance09contract.h"
#include "core/trace/streamtimeline.h"

#include <optional>
#include <string>
#include <string_view>

namespace lessonscope {

// performance-09's timeline: one kernel call on two lanes — the host's (its enqueue, its wait for
// the readiness it observed) and the device's own clock (QUEUED → SUBMIT → START → END, placed on
// the host's time by the clock relation) — and the timer on the device's clock: it starts at the
// device's START, and the learner places its stop. The candidates, in time order as measured: at
// the device's END (the answer: the work alone), when the host saw the call ready, and the
// host's own duration laid from START. Every reading is from the trace's device columns.
class Performance09Timeline final : public StreamTimeline
{
public:
    enum class Stop { DeviceEnd, HostReady, HostDuration };
    static constexpr int kStopCount = 3;
    static const char *key(Stop stop); // "device-end", "host-ready", "host-duration"
    static std::optional<Stop> stopFromKey(std::string_view key);

    explicit Performance09Timeline(const Artifact &artifact);

    CallTimeline call(int index) const override;
    std::optional<double> readingSeconds(std::string_view candidateKey, int callIndex) const override;
    TimelineVerdict verdict(std::string_view candidateKey, int callIndex) const override;

    // The lane the timer lives on: the device's clock, named after it.
    std::string deviceLaneName() const;

private:
    // Call index's moments relative to its dispatch: the host's and the device's, converted.
    struct Moments {
        double enqueueEnd, ready, queued, submit, start, end;
    };
    std::optional<Moments> momentsOf(int index) const; // nothing where the device's times are not known
    std::string measuredNumbers(Stop stop, int index) const;
    std::string schematicNumbers() const;
    std::string writesNotAwaited() const;

    performance09::Figures m_figures;
};

} // namespace lessonscope
