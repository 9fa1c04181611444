#pragma once

#include "core/lesson/declaredlesson.h"

namespace lessonscope {

namespace performance01 {
LessonContract contract(); // performance01contract.h
}

// performance-01 "Time the completed result": X (m×k) · W (k×n) with Eigen on a DeviceStream, or
// as a kernel on an OpenCL device (runOn "opencl:N", core/lessons/shared/timedproduct.h).
// Inputs are made from the seed and placed before the clock starts; one measured call is the
// dispatch plus the wait for readiness; the first call (first use of the product for this shape and
// type) is timed apart from the warm calls; the result is checked against a long-double reference.
class Performance01 final : public DeclaredLesson<Performance01>
{
public:
    static constexpr const char *kId = "performance-01";

    static LessonInfo makeInfo();
    static LessonContract contract() { return performance01::contract(); }

    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override;

    std::string describeParameters(const ParameterValues &values) const override;
    std::optional<std::string> workProblem(const ParameterValues &values) const override;
};

} // namespace lessonscope
