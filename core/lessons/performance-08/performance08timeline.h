#pragma once

#include "core/lessons/performance-08/performance08contract.h"
#include "core/trace/timeline.h"

namespace lessonscope {

// performance-08's timeline: one reading, to scale — the first clock read, the batch of
// operations, the second read — and what the timer reads. The learner drags the end of a bar
// that begins with the batch (a Length marker, in operations): how many operations must one
// reading hold before one clock read is under 1% of it? The answer, stdout's
// operations_for_one_percent, is drawn once answered. On a device the clock lane is the fixed cost
// of a kernel's START → END (an empty kernel's) and the reading is START → END. Reading i of the trace is batch
// kBatchSizes[i % 5]'s (the experiment takes the sizes in turn); the schematic draws one
// operation of 0.4 clock reads.
class Performance08Timeline final : public LessonTimeline
{
public:
    enum Lane { Clock, Operations, Measurement };

    explicit Performance08Timeline(const Artifact &artifact);

    bool isMeasured() const override { return !m_trace.calls.empty(); }
    int callCount() const override { return static_cast<int>(m_trace.calls.size()); }
    // The median reading of one operation: the clock's share at its largest.
    int representativeCall() const override;
    std::string representativeName() const override { return "Typical reading of one operation"; }
    std::string callTitle(int index) const override;
    std::optional<double> callSeconds(int index) const override;
    CallTimeline call(int index) const override;
    std::string callInterruption(int index) const override;

    std::optional<double> readingSeconds(std::string_view, int) const override { return std::nullopt; }
    TimelineVerdict verdict(std::string_view, int) const override { return lengthQuestionOnly(); }
    TimelineVerdict lengthVerdict(double multiple, int callIndex) const override;
    // On a device, the reading of its profiling timer; on the host, the lesson's own.
    std::string measuredReading() const override;

    // The operations graded: stdout's operations_for_one_percent (the schematic's own without it).
    double answerOperations() const;

private:
    // What a reading is drawn as: half a read at each of its ends, and its batch.
    struct ReadingParts {
        double half;
        double batch;
    };
    // A measured reading's parts in whole nanoseconds, inside what it read and clear of its neighbours.
    ReadingParts measuredParts(int index, double read, double work) const;
    std::int64_t batchOf(int index) const;
    std::string measuredNumbers() const;

    performance08::Figures m_figures;
    Trace m_trace; // empty unless stdout has the figures the reading is drawn from
};

} // namespace lessonscope
