#pragma once

#include "core/lesson/declaredlesson.h"

namespace lessonscope {

namespace performance04 {
LessonContract contract(); // performance04contract.h
}

// performance-04 "Compare like with like": the same product X (m×k) · W (k×n) timed in float32 and
// in float64 on the DeviceStream, or as kernels on an OpenCL device with cl_khr_fp64 (runOn
// "opencl:N", core/lessons/shared/timedproduct.h), from the same inputs (float32's are float64's
// rounded), in alternating pairs of warm calls so that both types see the same machine; each
// product checked against a long-double reference on its own inputs.
class Performance04 final : public DeclaredLesson<Performance04>
{
public:
    static constexpr const char *kId = "performance-04";

    static LessonInfo makeInfo();
    static LessonContract contract() { return performance04::contract(); }

    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override;

    std::string describeParameters(const ParameterValues &values) const override;
    std::optional<std::string> workProblem(const ParameterValues &values) const override;
};

} // namespace lessonscope
