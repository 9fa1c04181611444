#pragma once

#include "core/lesson/declaredlesson.h"

namespace lessonscope {

namespace performance07 {
LessonContract contract(); // performance07contract.h
}

// performance-07 "Repeat the run, not only the call": the same product timed in several runs,
// each on a fresh stream (or device context) with fresh buffers and spread over time. Each run's
// median comes with its 95% interval from that run's samples; the medians of the runs spread far
// wider than one run's interval says, and two identical runs are then called different. The
// learner predicts how much wider: the band that holds every run's median, in widths of one
// run's interval.
class Performance07 final : public DeclaredLesson<Performance07>
{
public:
    static constexpr const char *kId = "performance-07";

    static LessonInfo makeInfo();
    static LessonContract contract() { return performance07::contract(); }

    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override;
    std::optional<std::string> workProblem(const ParameterValues &values) const override;
    std::string describeParameters(const ParameterValues &values) const override;
};

} // namespace lessonscope
