#include "core/lessons/performance-02/performance02contract.h"

#include "core/lessons/shared/productfields.h"

namespace lessonscope::performance02 {

// Every key a run prints, in order; docs/artifact-format.md, "performance-02", says more of each.
StdoutFields stdoutFields()
{
    static constexpr auto fields = joinFields(
        productfield::kVersions,
        std::to_array<StdoutField>({
            field::text(key::kInstructionSet, "the product's variant every process chose (avx512, avx2, baseline)"),
        }),
        productfield::kProduct,
        std::to_array<StdoutField>({
            field::text(key::kBoundary,
                        "what the timer holds: \"input already placed; call plus output synchronization\""),
            field::integer(key::kProcesses, "", "the processes asked for").stating(kProcessesParameter),
            field::list(key::kProcessIds, "",
                        "the operating system's id of each process, as it reported it: all distinct"),
            field::list(key::kPreemptions, "",
                        "one per process: how often the operating system preempted its threads while it measured "
                        "(getrusage's ru_nivcsw)"),
            field::number(key::kFirstCall, "s", "numpy's median of first_call_samples_seconds"),
            field::samples(
                key::kFirstCallSamples,
                "one per process: from before the product's first use (the stream already runs; on a device, before "
                "OpenCL's first use) to the first call's observed readiness"),
            field::integer(
                key::kTracedProcess, "",
                "the index of the process whose first call is nearest the median: its calls are the artifact's "
                "trace"),
            field::object(key::kFirstCallParts, "s",
                          "the traced process's first call in parts: kernel_select, first_touch, work "
                          "(on a device driver_load, context, program_build, kernel_create, place, work)"),
            field::list(key::kFirstCallPartsSamples, "", "the same object for every process, in process order"),
            field::list(key::kKernelCacheSamples, "",
                        "on an OpenCL device: whether each process's program build and first enqueue found the "
                        "driver's kernel cache ({program, kernelBinary})")
                .onSomeRuns(),
            field::text(key::kKernelCacheDirectory, "on an OpenCL device: the driver's kernel cache folder")
                .onSomeRuns(),
            field::list(key::kCallsInOrder, "s", "the traced process's calls 1…N: call 1 its whole first call"),
            field::samples(key::kWarmSamples,
                           "every warm call of every process, in process order; warm_median_seconds their median"),
            field::number(key::kWarmMedian, "s", "numpy's median of the clean warm samples").onSomeRuns(),
            field::number(key::kMaxAbsError, "",
                          "the largest of the processes' errors against the higher-precision reference"),
        }),
        productfield::kRunEnd);
    return fields;
}

} // namespace lessonscope::performance02
