#pragma once

// performance-02's measuring process: what one fresh lessonscope process measures and prints.

#include "core/lesson/lesson.h"

#include <optional>
#include <string>

namespace lessonscope::performance02 {

// What the parent asks a child to measure.
struct ChildRequest {
    int samples = 0; // warm calls after the first
    int m = 0, k = 0, n = 0;
    bool float64 = false;
    std::uint64_t seed = 0;
    std::string isa;                    // the variant to choose (the parent's --isa / LESSONSCOPE_ISA / best)
    std::string device = kStreamDevice; // or "opencl:N": the first use of OpenCL there
};

// The child's arguments ("samples=10", "m=64", …, "isa=avx2", "device=stream") for a request, and back; nullopt
// (with *error set) for arguments that are not a request, or that lesson's parameters refuse
// (the ranges `lessonscope run` checks).
QStringList childArguments(const ChildRequest &request);
std::optional<ChildRequest> readChildArguments(const QStringList &arguments, const Lesson &lesson, std::string *error);

// The request for resolved parameter values and the variant every child is to choose.
ChildRequest requestOf(const ParameterValues &values, const std::string &isa);

// Measures in this process: the first call part by part, then the warm calls. Returns the
// child's JSON (performance02contract.h, ProcessMeasurement). Throws std::invalid_argument when
// the variant cannot run here.
Json measureThisProcess(const ChildRequest &request);

// How often this process has been preempted so far (every thread of it: getrusage's ru_nivcsw).
std::int64_t involuntarySwitches();

// The same on OpenCL device deviceIndex: the process's first use of OpenCL part by part
// (measureOpenClFirstUse), then the warm calls on that context, each with the device's own clock
// and the evidence of the host's and the driver's threads (opencl/; without OpenCL it throws
// std::invalid_argument).
Json measureThisProcessOnDevice(const ChildRequest &request, int deviceIndex);

} // namespace lessonscope::performance02
