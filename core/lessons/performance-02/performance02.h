#pragma once

#include "core/lesson/declaredlesson.h"

namespace lessonscope {

namespace performance02 {
LessonContract contract(); // performance02contract.h
}

// performance-02 "Keep the first call apart": the first call of X (m×k) · W (k×n) on a
// DeviceStream pays for everything that happens once in a process — starting the stream's worker,
// choosing the product's instruction-set variant, first-touching the output, Eigen's first use,
// cold caches. So that "first" is really first, run() starts `processes` fresh lessonscope
// processes one after another (measureInChild); each times its first call part by part and then
// its warm calls, and the parent gathers them. On an OpenCL device (runOn "opencl:N") each
// process's first call is its first use of OpenCL, part by part: the drivers, the context, the
// program's build, the kernel, the buffers and the first enqueue, with the kernel cache's state.
class Performance02 final : public DeclaredLesson<Performance02>
{
public:
    static constexpr const char *kId = "performance-02";

    static LessonInfo makeInfo();
    static LessonContract contract() { return performance02::contract(); }

    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override;
    int measureInChild(const QStringList &arguments) const override;

    std::string describeParameters(const ParameterValues &values) const override;
    std::optional<std::string> workProblem(const ParameterValues &values) const override;
};

} // namespace lessonscope
