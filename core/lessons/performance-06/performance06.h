#pragma once

#include "core/lesson/declaredlesson.h"

#include <vector>

namespace lessonscope {

namespace performance06 {
LessonContract contract(); // performance06contract.h
}

// performance-06 "Latency is not throughput": X (m×k) · W (k×n) on a DeviceStream or an OpenCL
// device (runOn "opencl:N": a burst is K enqueues and one clFinish), timed two
// ways in the same rounds — one call at a time (dispatch, wait: the latency), and K calls
// dispatched back to back with one wait at the end, for K = 1, 2, 4 … up to the largest depth
// (the time per call when the stream is kept busy). The largest depth's calls are traced; the
// result is checked against a long-double reference.
class Performance06 final : public DeclaredLesson<Performance06>
{
public:
    static constexpr const char *kId = "performance-06";

    static LessonInfo makeInfo();
    static LessonContract contract() { return performance06::contract(); }

    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override;

    std::string describeParameters(const ParameterValues &values) const override;
    std::optional<std::string> workProblem(const ParameterValues &values) const override;

    // The depths up to largest: the powers of two below it, then largest itself (1, 2, 4 … 64).
    static std::vector<int> depthsUpTo(int largest);
};

} // namespace lessonscope
