#pragma once

#include "core/lesson/declaredlesson.h"

namespace lessonscope {

namespace performance09 {
LessonContract contract(); // performance09contract.h
}

// performance-09 "Time on the device's clock": the course's product as a kernel on an OpenCL
// device, each call timed twice — by the host (enqueue to the readiness it observed) and by the
// device's own profiling timestamps (QUEUED, SUBMIT, START, END) — the kernel's first enqueue
// after an explicit build, a write not awaited whose copy leaks into a timer started "after
// placement", and the device clock's resolution. It runs on a device only: on the stream, which
// has no clock of its own, it runs on the first OpenCL device, and says so when there is none.
class Performance09 final : public DeclaredLesson<Performance09>
{
public:
    static constexpr const char *kId = "performance-09";

    static LessonInfo makeInfo();
    static LessonContract contract() { return performance09::contract(); }

    bool needsRealDevice() const override { return true; }
    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override;

    std::string describeParameters(const ParameterValues &values) const override;
    std::optional<std::string> workProblem(const ParameterValues &values) const override;
};

} // namespace lessonscope
