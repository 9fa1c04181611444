#pragma once

#include "core/lesson/declaredlesson.h"

namespace lessonscope {

namespace performance05 {
LessonContract contract(); // performance05contract.h
}

// performance-05 "Enough samples": many warm calls of performance-01's small product X (m×k) ·
// W (k×n) on a DeviceStream, each dispatch to observed readiness, after a few untimed calls. A
// single timing is a sample of a noisy process: the lesson reports the median with its 95%
// order-statistic interval, the mean, the MAD, the outliers by a stated rule and how many samples
// the interval needed to come within ±2% of the median. With neighbour=on a thread competes for
// the worker's core in bursts while the calls are timed (performance05neighbour.h). On an OpenCL
// device (runOn "opencl:N") each sample is an enqueue and its wait; the driver's threads are not
// the lesson's to pin, so the neighbour competes for every core there.
class Performance05 final : public DeclaredLesson<Performance05>
{
public:
    static constexpr const char *kId = "performance-05";

    static LessonInfo makeInfo();
    static LessonContract contract() { return performance05::contract(); }

    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override;

    std::string describeParameters(const ParameterValues &values) const override;
    std::optional<std::string> workProblem(const ParameterValues &values) const override;
};

} // namespace lessonscope
