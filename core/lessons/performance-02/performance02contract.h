#pragma once

// performance-02, declared (kLesson), and its stdout contract: the keys it prints, how they are
// read back, the stdout object a run makes from its measuring processes, and the panels made from
// it (docs/artifact-format.md, "performance-02").

#include "core/lessons/shared/lessonheader.h"
#include "core/base/deviceclocktimes.h"
#include "core/timing/callevidence.h"

#include <map>
#include <memory>
#include <string_view>

namespace lessonscope::performance02 {

inline constexpr const char *kId = "performance-02";

// performance-02 "Keep the first call apart": the first call of X (m×k) · W (k×n) on a
// DeviceStream pays for everything that happens once in a process — starting the stream's worker,
// choosing the product's instruction-set variant, first-touching the output, Eigen's first use,
// cold caches. So that "first" is really first, run() starts `processes` fresh lessonscope
// processes one after another (measureInChild); each times its first call part by part and then
// its warm calls, and the parent gathers them. On an OpenCL device (runOn "opencl:N") each
// process's first call is its first use of OpenCL, part by part: the drivers, the context, the
// program's build, the kernel, the buffers and the first enqueue, with the kernel cache's state.
// Its declaration is at the end of performance02.cpp.
extern const LessonDeclaration kLesson;

// The parameter of how many fresh processes time their first call.
inline constexpr const char *kProcessesParameter = "processes";

// The stdout keys: those the matrix lessons share (productkeys.h), then the lesson's own, in the
// order they are printed.
namespace key {
using namespace productkey; // backend, eigen, compiler, lessonscope, shapes, dtype, seed, max_abs_error, cancelled
inline constexpr const char *kInstructionSet = "instruction_set";
inline constexpr const char *kBoundary = "boundary";
inline constexpr const char *kProcesses = "processes";
inline constexpr const char *kProcessIds = "process_ids";
inline constexpr const char *kPreemptions = "involuntary_context_switches";
inline constexpr const char *kFirstCall = "first_call_seconds";
inline constexpr const char *kFirstCallSamples = "first_call_samples_seconds";
inline constexpr const char *kTracedProcess = "traced_process";
inline constexpr const char *kFirstCallParts = "first_call_parts";
inline constexpr const char *kFirstCallPartsSamples = "first_call_parts_samples";
inline constexpr const char *kCallsInOrder = "calls_in_order_seconds";
inline constexpr const char *kWarmSamples = "warm_samples_seconds";
inline constexpr const char *kWarmMedian = "warm_median_seconds";
// On a device only: each process's kernel cache state, and the cache's folder.
inline constexpr const char *kKernelCacheSamples = "kernel_cache_samples";
inline constexpr const char *kKernelCacheDirectory = "kernel_cache_directory";
} // namespace key

// The first call's parts, in the order they happen; each a key of first_call_parts. What a
// process's first call pays depends on what runs it (stdout's backend): on the stream,
namespace part {
inline constexpr const char *kKernelSelect = "kernel_select";
inline constexpr const char *kFirstTouch = "first_touch";
// on an OpenCL device ("opencl-kernel"), its first use of OpenCL (core/opencl/openclfirstuse.h),
inline constexpr const char *kDriverLoad = "driver_load";
inline constexpr const char *kContext = "context";
inline constexpr const char *kProgramBuild = "program_build";
inline constexpr const char *kKernelCreate = "kernel_create";
inline constexpr const char *kPlace = "place";
// and on both, last, the first call's own dispatch to its observed readiness.
inline constexpr const char *kWork = "work";
// Stream runs made by earlier builds (contentVersion 1) timed the stream's start first:
// constructing it, its worker thread's start. It is lessonscope's model of a device starting — a thread, and
// on a quiet virtual machine mostly an idle CPU waking — so it is made before the timer now.
inline constexpr const char *kStreamStart = "stream_start";
} // namespace part
inline constexpr const char *kDeviceBackend = "opencl-kernel";
// The parts a stdout's first calls have: its backend's, or, for such an older stream run, this
// layout (a layout's name, never a backend).
inline constexpr const char *kStreamWithStart = "eigen-stream-worker, stream start timed";
std::string partsLayoutOf(const Json &output);

// A part as the panel and the timeline name it: its key, its bar's label, its span's caption and
// what it is.
struct PartSpec {
    const char *name;
    const char *label;
    const char *caption;
    const char *meaning;
};
// The parts of a first call in a layout (a backend, or kStreamWithStart), in order (kWork last);
// any backend but the device's is the stream's.
const std::vector<PartSpec> &partSpecs(std::string_view layout);
const std::vector<std::string> &partNames(std::string_view layout = {});

// What a device's kernel cache did for one process's first use (PoCL's; "not PoCL" elsewhere).
struct KernelCacheState {
    std::string program;      // clBuildProgram found the program's bitcode: "hit", "miss", …
    std::string kernelBinary; // the first enqueue found the kernel's binary
};

// The parts of first_call_parts on backend, as stdout and a measuring process write them (every
// part named, null where unknown) and as they are read back (numbers only); the panel's labels.
std::map<std::string, double> partsOf(const Json *object, std::string_view backend);
Json partsJson(const std::map<std::string, double> &parts, std::string_view backend);
Json partDisplayLabels(std::string_view backend);
// A kernel cache state as {"program", "kernelBinary"}, and back (nullopt unless both are named).
Json kernelCacheJson(const KernelCacheState &state);
std::optional<KernelCacheState> kernelCacheOf(const Json &object);

// The panels, by position in data.panels (the checks find them there).
enum PanelIndex : std::size_t { kFirstCallPanel = 0, kPartsPanel = 1, kCallsPanel = 2 };
inline constexpr const char *kFirstLabel = "first call";
inline constexpr const char *kWarmLabel = "warm median";
inline constexpr const char *kSeriesLabel = "seconds";

// What one measuring process printed (Lesson::measureInChild), read back.
struct ProcessMeasurement {
    std::int64_t processId = 0;
    std::string instructionSet;
    std::string waitStrategy;
    double firstCallSeconds = 0;         // from before the stream started to the first readiness
    std::map<std::string, double> parts; // partNames() → seconds
    std::vector<CallTimestamps> calls;   // ns since this process's first dispatch; [0] the first
    std::vector<CallEvidence> evidence;  // one per call: the scheduler's evidence of it
    double maxAbsError = 0;
    // How often the operating system took a CPU from this process's threads while it measured
    // (getrusage's ru_nivcsw): 0 means nothing else disturbed its calls.
    std::int64_t preemptions = 0;
    // On a device: what ran it, the device exactly (environment.device), each call's own clock
    // (offsets since the first dispatch, as calls) and what the kernel cache did.
    std::string backend = "eigen-stream-worker";
    std::shared_ptr<const Json> deviceEnvironment;
    std::vector<DeviceClockTimes> deviceCalls;
    std::optional<KernelCacheState> kernelCache;
    std::string kernelCacheDirectory;
};
// nullopt unless every field is present and sane (the child is lessonscope, but its output is
// still input: a broken one must not crash the parent).
std::optional<ProcessMeasurement> readProcess(const Json &childOutput);
Json processJson(const ProcessMeasurement &process);

// The process whose first call is nearest the median first call (lowest index on a tie).
std::size_t medianProcess(const std::vector<ProcessMeasurement> &processes);

// The numbers performance-02 prints, read back; empty fields when absent.
struct Figures {
    std::optional<double> firstCallSeconds;
    std::vector<double> firstCallSamplesSeconds;
    SampleColumns firstCalls; // with their evidence (one per process)
    SampleColumns warm;       // every warm call, with its evidence
    std::map<std::string, double> parts;
    std::string backend;
    std::string partsLayout;                   // partsLayoutOf(stdout): what parts holds
    std::vector<KernelCacheState> kernelCache; // one per process, on a device
    std::optional<std::int64_t> tracedProcess;
    std::vector<double> callsInOrderSeconds;
    std::vector<double> warmSamplesSeconds;
    std::optional<double> warmMedianSeconds;
    std::optional<double> maxAbsError;
    std::vector<std::int64_t> processIds;
    std::vector<std::int64_t> preemptions; // one per process

    std::vector<std::int64_t> inputShape;
    std::vector<std::int64_t> weightShape;
    std::string dtype;
};
Figures readFigures(const Json &output);
inline Figures readFigures(const Artifact &a) { return figuresOf(a, readFigures); }

// The stdout object of a run made of its processes (at least one), the traced one marked.
Json output(const LessonRun &run, const std::vector<ProcessMeasurement> &processes, std::size_t traced,
            const std::string &boundary);
// Every key of its stdout, in order (performance02fields.cpp).
StdoutFields stdoutFields();
void check(const Json &document, const Json &output, Checker &checker);

// The lesson's contract: its stdout fields, panels, checks, summary, timeline and the parameters
// its stdout states (performance02contract.cpp).
extern const LessonContract kContract;

} // namespace lessonscope::performance02
