#pragma once

#include "core/lesson/declaredlesson.h"

namespace lessonscope {

namespace performance08 {
LessonContract contract(); // performance08contract.h
}

// performance-08 "Time more than the clock": what a steady_clock read costs and how finely it
// ticks (and a TSC read where the TSC is invariant), then a short operation — a 32-term float32
// dot product — timed 1, 10, … 10,000 to a reading. The clock's share of a reading falls as the
// batch grows; the learner predicts the batch where it falls below 1%. On "stream" the host's
// own clock is the subject (no stream worker: the host times its own work); on an OpenCL device
// ("opencl:N") the device's profiling timer is, a reading one kernel's START → END and its fixed
// cost what an empty kernel reads (performance08device.h).
class Performance08 final : public DeclaredLesson<Performance08>
{
public:
    static constexpr const char *kId = "performance-08";

    static LessonInfo makeInfo();
    static LessonContract contract() { return performance08::contract(); }

    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override;
    std::string describeParameters(const ParameterValues &values) const override;
};

} // namespace lessonscope
