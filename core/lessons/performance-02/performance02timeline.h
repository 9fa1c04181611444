#pragma once

#include "core/lessons/performance-02/performance02contract.h"
#include "core/trace/timeline.h"

#include <optional>
#include <string>
#include <string_view>

namespace lessonscope {

// performance-02's timeline: the traced process from before its first use of the product — the
// first call's parts (variant choice, first touch; on an OpenCL device the drivers, the context,
// the build, the kernel and the buffers; in older stream runs the stream's start first), the first
// call, then the warm calls — and where the learner starts the timer that stops at a call's
// observed readiness. The candidates, in time order: before the first use, at the first call's
// dispatch, at this
// call's dispatch (the answer for a warm call). Call i is laid out relative to its own dispatch,
// with the calls before it drawn for context.
class Performance02Timeline final : public LessonTimeline
{
public:
    enum class Start { BeforeStream, FirstDispatch, ThisDispatch };
    static constexpr int kStartCount = 3;
    static const char *key(Start start); // "before-stream", "first-dispatch", "this-dispatch"
    static std::optional<Start> startFromKey(std::string_view key);

    explicit Performance02Timeline(const Artifact &artifact);

    bool isMeasured() const override { return m_measured; }
    int callCount() const override { return m_measured ? static_cast<int>(m_trace.calls.size()) : 0; }
    // The warm call nearest the warm median; -1 in schematic mode.
    int representativeCall() const override;
    std::string callTitle(int index) const override;
    std::optional<double> callSeconds(int index) const override;
    CallTimeline call(int index) const override;

    std::optional<double> readingSeconds(std::string_view candidateKey, int callIndex) const override;
    TimelineVerdict verdict(std::string_view candidateKey, int callIndex) const override;
    // On an OpenCL device, what its first call pays once (the lesson's own reading is the stream's).
    std::string measuredReading() const override;

    // When the traced process's timer started, in ns relative to its first dispatch (negative).
    double timerStartNs() const { return m_timerStart; }

private:
    bool onDevice() const;              // the run's backend is an OpenCL device's
    double dispatchOf(int index) const; // ns since the first dispatch
    std::string measuredNumbers(int callIndex) const;
    std::string schematicNumbers() const;

    Trace m_trace;
    performance02::Figures m_figures;
    bool m_measured = false;
    double m_timerStart = 0;
};

} // namespace lessonscope
