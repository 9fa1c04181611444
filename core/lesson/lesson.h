#pragma once

#include "core/base/deviceclocktimes.h"
#include "core/base/jsonfwd.h"
#include "core/lesson/measuring.h"
#include "core/lesson/stdoutfields.h"
#include "core/timing/callevidence.h"
#include "core/timing/calltimestamps.h"
#include "core/timing/interference.h"

#include <QStringList>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lessonscope {

class Artifact;
class Checker;
class LessonTimeline;
struct LessonSummary;

// Where a lesson's work runs: the stream (the model's worker thread) unless a lesson that runs on
// real devices is given "opencl:N" (Lesson::runOn, `run --device`, docs/opencl.md).
inline constexpr const char *kStreamDevice = "stream";
// The N of "opencl:N" (up to six digits, no sign); nullopt for anything else.
std::optional<int> openClDeviceIndex(const std::string &device);
// What a lesson throws for a device that is neither: the name and what a device is called.
std::invalid_argument unknownDevice(const std::string &device);

// What a run is given besides its parameters, instead of process-wide settings: where its work
// runs and which instruction-set variant of the product the host's computation takes.
struct RunContext {
    RunContext() = default;
    explicit RunContext(std::string onDevice, std::string variant = {})
        : device(std::move(onDevice)), isa(std::move(variant))
    { }

    std::string device = kStreamDevice; // "stream" or "opencl:N"
    // The product's variant on the stream (core/timing/matmulvariants.h: `run --isa`); empty:
    // defaultMatmulIsa(), i.e. LESSONSCOPE_ISA, else the widest this CPU runs up to AVX2. Check a
    // name with matmulIsaProblem() first: a lesson throws std::invalid_argument for one that
    // cannot run here.
    std::string isa;
};

// A parameter a lesson declares; the command line and the run panel are built from these.
struct ParameterSpec {
    enum class Type { Integer, Choice };

    std::string name;        // "samples", "m", "dtype", ...
    std::string label;       // "Warm samples"
    std::string description; // one sentence for help texts and tooltips
    Type type = Type::Integer;
    std::int64_t defaultInteger = 0;
    std::int64_t minimum = 0;
    std::int64_t maximum = 0;
    std::vector<std::string> choices; // Choice: the allowed values, default first
};

ParameterSpec integerParameterSpec(const char *name, const char *label, const char *description,
                                   std::int64_t defaultValue, std::int64_t minimum, std::int64_t maximum);
ParameterSpec choiceParameterSpec(const char *name, const char *label, const char *description,
                                  std::vector<std::string> choices); // the default first

// An integer parameter's value as typed on a command line: its digits alone, a minus at most
// ("+5", " 5", "5\n" and "0x10" are not integers); nullopt otherwise, or when it does not fit.
std::optional<std::int64_t> parseParameterInteger(std::string_view text);

using ParameterValue = std::variant<std::int64_t, std::string>;
using ParameterValues = std::map<std::string, ParameterValue>;

// A command-line shorthand that sets several parameters at once, e.g. --shape 64x32x16 for m, k
// and n. apply() returns false when the text is not of the form valueName shows.
struct ParameterShorthand {
    std::string name;        // "shape"
    std::string valueName;   // "MxKxN"
    std::string description; // "X (M×K) · W (K×N), e.g. 64x32x16."
    bool (*apply)(const std::string &text, ParameterValues &values) = nullptr;
};

// The texts of a lesson's concept diagram, carried into every artifact it makes.
struct LessonTexts {
    std::string title;
    std::string prediction;
    std::string reading;         // under the schematic timeline (ordering only)
    std::string measuredReading; // under a measured, to-scale timeline
    std::string alt;
    std::string scope;
    double height = 0;
    std::string diagramKind;
    std::string boundary;
};

struct LessonInfo {
    std::string id;
    int contentVersion = 1; // bumped when what the lesson runs or says changes
    std::string summary;
    LessonTexts texts;
    std::vector<ParameterSpec> parameters;
    std::vector<ParameterShorthand> shorthands;
    // Whether the run's first reported call is the cold first call, which the run in progress
    // shows apart from the calls after it (as a lesson about the first call does). Otherwise every reported call is
    // one of a kind and they are shown together, as measured.
    bool firstCallApart = false;
};

// One measured call: what the synchronized timer and the dispatch-only timer read, when each
// phase happened (ns since the run's first dispatch), whether a timed thread waited for a CPU
// during it, and the round it was measured in.
struct MeasuredCall {
    CallTimestamps timestamps;
    CallEvidence evidence;
    int round = 0;
    bool interrupted = false; // its timed unit's (the call, pair, burst or sample) by the rule
    DeviceClockTimes device;  // on a real device, its own clock's view (offset to the trace's zero)

    // A call of a timed unit that lasted unitNs, judged by the rule (isInterrupted).
    static MeasuredCall of(const CallTimestamps &timestamps, const CallEvidence &evidence, int round,
                           std::int64_t unitNs)
    {
        return MeasuredCall{timestamps, evidence, round, isInterrupted(evidence, unitNs), {}};
    }
    // A call timed alone: the unit is the call itself.
    static MeasuredCall of(const CallTimestamps &timestamps, const CallEvidence &evidence, int round)
    {
        return of(timestamps, evidence, round, timestamps.readyObserved - timestamps.dispatchBegin);
    }
    double synchronizedSeconds() const;
    double dispatchOnlySeconds() const;
};

// Everything a run measured. A cancelled run keeps the calls measured before the cancel.
struct LessonRun {
    std::string lessonId;
    ParameterValues parameters;
    std::vector<MeasuredCall> calls;    // every timed call, in order (the artifact's trace)
    std::shared_ptr<const Json> output; // the lesson's figures: its stdout object, keys of its contract
    bool cancelled = false;
    std::string device; // what ran the work, e.g. "eigen-stream-worker"
    // The real device that ran it, exactly (environment.device, docs/artifact-format.md); null on
    // the stream.
    std::shared_ptr<const Json> deviceEnvironment;
    std::string instructionSet;   // the product's instruction-set variant: avx512, avx2, baseline
    std::string waitStrategy;     // the stream's effective wait strategy
    std::int64_t startedAtNs = 0; // MonotonicClock of the first dispatch, the trace's origin
    // What else the machine did while the lesson ran (runLesson fills it in; the artifact's
    // environment.interference).
    std::optional<InterferenceEvidence> interference;
    // How the lesson measured: warm-ups, rounds, clean and interrupted samples, the budget.
    MeasuringReport measuring;
};

// A run begun: the lesson's id, the parameters it runs with and how it will measure (its rounds
// and the clean samples it wants), before anything is measured.
LessonRun begunRun(const char *lessonId, const ParameterValues &values, MeasuringReport measuring = {});

// How a running lesson reports and is stopped. Called on the thread that runs the lesson.
class RunObserver
{
public:
    virtual ~RunObserver() = default;
    // done of total calls measured (the first call counts as one).
    virtual void progress(int done, int total)
    {
        (void)done;
        (void)total;
    }
    // Each call as soon as it is measured; index 0 is the first call, 1.. the warm calls.
    virtual void callMeasured(int index, const MeasuredCall &call)
    {
        (void)index;
        (void)call;
    }
    // Checked between calls; true stops the run, keeping what was measured.
    virtual bool isCancelled() const { return false; }
    // A step of the run that is not a call and may take a while (checking a large product
    // against its reference, making the artifact), in a few words: "checking the result".
    virtual void phase(const std::string &what) { (void)what; }
};

// A lesson: declares itself, runs its timed computation, and knows the parts of its artifacts
// that are its own (the stdout contract, the panels, the checks, the timeline). Everything
// particular to one lesson lives in its folder, core/lessons/<id>/.
class Lesson
{
public:
    virtual ~Lesson() = default;
    virtual const LessonInfo &info() const = 0;

    // Fills in defaults for missing values; returns an error message for a value out of range,
    // of the wrong type or not declared, or nullopt when the values are acceptable.
    std::optional<std::string> resolveParameters(ParameterValues &values) const;
    // resolveParameters, then workProblem: what `run`, the run panel and the measuring child ask
    // before they measure anything.
    std::optional<std::string> resolveRunParameters(ParameterValues &values) const;
    // What a run with these resolved values would cost past what a lesson runs in reasonable time
    // (a product too large for its check, too many calls of it), as a sentence that names the
    // limit; nullopt when it may run. Each value can be in range while the run would take hours.
    // By default nullopt.
    virtual std::optional<std::string> workProblem(const ParameterValues &values) const;

    // Runs with resolved parameters. Never throws for a cancelled run; the run's output is set
    // whenever at least one call was measured.
    virtual LessonRun run(const ParameterValues &values, RunObserver &observer) const = 0;
    // Whether the lesson runs on real devices too (runOn with "opencl:N"), not on the stream alone.
    virtual bool runsOnDevices() const { return false; }
    // Whether it runs on a real device only (a lesson about a device's own clock): "stream"
    // then stands for the first OpenCL device, and the run panel says so.
    virtual bool needsRealDevice() const { return false; }
    // The run in context (a default context: run()). Throws std::invalid_argument for a device
    // the lesson does not run on or a variant this CPU cannot run, and the device's own errors
    // when it cannot be used (docs/opencl.md).
    virtual LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const;

    // Every key its runs print on stdout, in order, with type, unit and meaning
    // (core/lesson/stdoutfields.h); empty for a lesson that declares none.
    virtual StdoutFields stdoutFields() const { return {}; }
    // The artifact's data.panels, made from the stdout object alone (so they always agree).
    virtual Json panels(const Json &output) const = 0;
    // The panels' fixed parts (kinds, titles, labels, series names) without data: what the
    // lesson's renderer lays out. Its hash is the artifact's rendererHash.
    virtual Json panelLayout() const = 0;
    // Checks of an artifact of this lesson beyond the format's: its stdout object against itself,
    // its panels and its trace. Reports through checker; never throws.
    virtual void check(const Json &document, const Json &output, Checker &checker) const = 0;
    // The lesson's figures read back from an artifact: for the library, show, the artifact's
    // header, the run's report and comparisons.
    virtual LessonSummary summarize(const Artifact &artifact) const = 0;
    // The lesson's timeline over an artifact: to scale from its trace, or the schematic.
    virtual std::unique_ptr<LessonTimeline> timeline(const Artifact &artifact) const = 0;
    // The parameters a run had, read back from its stdout object (what the lesson prints of them),
    // so that an artifact's contentHash can be recomputed and checked; nullopt when stdout does
    // not state them all (an artifact made elsewhere). By default nullopt.
    virtual std::optional<ParameterValues> parametersOf(const Json &output) const;
    // Whether its runs' stdout states their parameters (parametersOf can read them back).
    virtual bool statesItsParameters() const { return false; }
    // The parameters in a few words, e.g. "X 64×32 · W 32×16 float32, 7 warm samples, seed 0".
    // By default "name=value" pairs.
    virtual std::string describeParameters(const ParameterValues &values) const;

    // The measuring mode of a lesson whose run() starts fresh lessonscope processes
    // ("lessonscope measure-child LESSON ARGS…", core/lesson/childprocess.h): measures in this
    // process, prints its JSON on stdout and returns the exit code. By default the lesson has
    // none: it says so on stderr and returns 2.
    virtual int measureInChild(const QStringList &arguments) const;
};

// Runs the lesson as the command line and the explorer do: lesson.runOn(context) with an
// InterferenceProbe around it, so the run carries the evidence of what else the machine did.
LessonRun runLesson(const Lesson &lesson, const ParameterValues &values, RunObserver &observer,
                    const RunContext &context = {});

// The value of a resolved parameter. Throw std::invalid_argument when it is missing or of the
// other type: after resolveParameters() that is a programming error, not a user's.
std::int64_t integerParameter(const ParameterValues &values, const std::string &name);
std::string choiceParameter(const ParameterValues &values, const std::string &name);
// A parameter's value as text, whatever its type; "?" when it is missing.
std::string parameterText(const ParameterValues &values, const std::string &name);

// One parameter's value as JSON (an integer or a string), or null when it is missing.
Json parameterJson(const ParameterValues &values, const std::string &name);

// A panel's series as the artifact writes it: {"label": label, "y": y}.
Json panelSeries(const char *label, Json y);

// A panel as the artifact writes it, its keys in the recorded artifacts' order: kind, title,
// labels (bar) or x (line), xlabel, ylabel, yscale, xscale, series. A null label and an axis that
// is not logarithmic are left out.
struct PanelAxes {
    const char *xlabel = nullptr;
    const char *ylabel = nullptr;
    bool logY = false; // "yscale": "log"
    bool logX = false; // "xscale": "log" (line panels)
};
Json makeBarPanel(const char *title, Json labels, const PanelAxes &axes, Json seriesList);
Json makeLinePanel(const char *title, Json x, const PanelAxes &axes, Json seriesList);

// Parameter values as a JSON object, in declaration order of the map (sorted by name).
Json parametersToJson(const ParameterValues &values);

} // namespace lessonscope
