#pragma once

#include "core/lesson/declaredlesson.h"

#include <vector>

namespace lessonscope {

namespace performance03 {
LessonContract contract(); // performance03contract.h
}

// performance-03 "Place the inputs before the timer": for each size n of a sweep, X (n×n) · W
// (n×n) on a DeviceStream, each sample in three steps — the host prepares the inputs from the
// seed, the worker places them in memory it owns, the worker runs the product on the placed
// inputs — and three boundaries timed on the same calls: preparation + placement + call + sync,
// placement + call + sync, call + sync. The default size's calls are traced; the result is
// checked against a long-double reference at every size. On an OpenCL device (runOn "opencl:N")
// placement is a blocking clEnqueueWriteBuffer host → device and the call an enqueue and its wait
// (placedsampler.h).
class Performance03 final : public DeclaredLesson<Performance03>
{
public:
    static constexpr const char *kId = "performance-03";

    static LessonInfo makeInfo();
    static LessonContract contract() { return performance03::contract(); }

    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override;

    std::string describeParameters(const ParameterValues &values) const override;

    // The sizes of a sweep as the sizes parameter names it ("16,64,256,1024"); empty when the
    // text is not a comma-separated list of ascending sizes from 1 to 4096.
    static std::vector<int> sizesOf(const std::string &sweep);
    // The size whose calls are traced and shown in the bar: the sweep's middle one (the upper
    // of the two middle ones), so that preparation, placement and the product all show.
    static int defaultSizeOf(const std::vector<int> &sizes);
};

} // namespace lessonscope
