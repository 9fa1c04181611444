#pragma once

#include "core/lessons/performance-07/performance07contract.h"
#include "core/trace/timeline.h"

namespace lessonscope {

// performance-07's timeline: a call of it is a run. It draws one run's median and its 95%
// interval on the axis of a call's duration, and asks a length: the band from the lowest run
// median to the highest, in widths of one run's interval (the runs' median width, stdout's
// within_run_width). The band, stdout's between_over_within, is drawn once answered. The
// schematic's band is six widths.
class Performance07Timeline final : public LessonTimeline
{
public:
    enum Lane { ThisRun, AllRuns };

    explicit Performance07Timeline(const Artifact &artifact);

    bool isMeasured() const override { return m_measured; }
    int callCount() const override { return m_measured ? static_cast<int>(m_figures.medians.size()) : 0; }
    // The run whose median is nearest the median of the runs.
    int representativeCall() const override;
    std::string representativeName() const override { return "Typical run"; }
    std::string callTitle(int index) const override;
    std::optional<double> callSeconds(int index) const override;
    CallTimeline call(int index) const override;

    std::optional<double> readingSeconds(std::string_view, int) const override { return std::nullopt; }
    TimelineVerdict verdict(std::string_view, int) const override { return lengthQuestionOnly(); }
    TimelineVerdict lengthVerdict(double multiple, int callIndex) const override;

    // The widths graded: stdout's between_over_within (the schematic's own without it).
    double answerWidths() const;

private:
    std::string measuredNumbers() const;

    performance07::Figures m_figures;
    bool m_measured = false;
};

} // namespace lessonscope
