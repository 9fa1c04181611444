#include "core/lessons/performance-02/performance02child.h"

#include "core/lessons/performance-02/performance02contract.h"
#include "core/lessons/shared/matrixlesson.h"
#include "core/base/utf8.h"
#include "core/lesson/measuring.h"
#include "core/timing/callevidence.h"
#include "core/timing/devicestream.h"
#include "core/timing/monotonicclock.h"
#include "core/timing/stagedmatmul.h"

#include <nlohmann/json.hpp>

#include <sys/resource.h>
#include <unistd.h>

namespace lessonscope::performance02 {

namespace {

constexpr double kSecondsPerNs = 1e-9;

// "name=value": the parameter of the lesson's declarations it names (the same integers and
// choices `lessonscope run` reads), or "isa=…", which the parent resolved. False when it is neither.
bool applyArgument(const QString &name, const QString &value, ParameterValues &values, std::string &isa,
                   std::string &device)
{
    if (name == QLatin1String("isa")) {
        isa = value.toStdString();
        return true;
    }
    if (name == QLatin1String("device")) {
        device = value.toStdString();
        return device == kStreamDevice || openClDeviceIndex(device).has_value();
    }
    const std::string key = name.toStdString();
    if (key == param::kDtype) {
        values[key] = value.toStdString();
        return true;
    }
    for (const char *integer : {param::kSamples, param::kM, param::kK, param::kN, param::kSeed}) {
        if (key != integer)
            continue;
        const auto number = parseParameterInteger(value.toStdString());
        if (number)
            values[key] = *number;
        return number.has_value();
    }
    return false;
}

} // namespace

std::int64_t involuntarySwitches()
{
    rusage usage{};
    return getrusage(RUSAGE_SELF, &usage) == 0 ? static_cast<std::int64_t>(usage.ru_nivcsw) : 0;
}

QStringList childArguments(const ChildRequest &request)
{
    return {QStringLiteral("samples=%1").arg(request.samples),
            QStringLiteral("m=%1").arg(request.m),
            QStringLiteral("k=%1").arg(request.k),
            QStringLiteral("n=%1").arg(request.n),
            QStringLiteral("dtype=%1").arg(request.float64 ? QStringLiteral("float64") : QStringLiteral("float32")),
            QStringLiteral("seed=%1").arg(request.seed),
            QStringLiteral("isa=%1").arg(QString::fromStdString(request.isa)),
            QStringLiteral("device=%1").arg(QString::fromStdString(request.device))};
}

std::optional<ChildRequest> readChildArguments(const QStringList &arguments, const Lesson &lesson, std::string *error)
{
    ParameterValues values;
    std::string isa;
    std::string device = kStreamDevice;
    for (const QString &argument : arguments) {
        const qsizetype equals = argument.indexOf(QLatin1Char('='));
        if (equals <= 0 || !applyArgument(argument.left(equals), argument.mid(equals + 1), values, isa, device)) {
            *error = "not a measuring request: " + printableText(argument.left(100).toStdString());
            return std::nullopt;
        }
    }
    for (const char *required : {param::kSamples, param::kM, param::kK, param::kN}) {
        if (!values.count(required)) {
            *error = "a measuring request names samples, m, k and n";
            return std::nullopt;
        }
    }
    // Checked as `lessonscope run` checks them: the same ranges and the same limit on what the
    // calls cost, for this one process's calls (its first and its warm ones), so that no request
    // runs what no run may ask for.
    std::optional<std::string> problem = lesson.resolveParameters(values);
    if (!problem)
        problem = matrixlesson::workProblem(values, 1 + static_cast<double>(integerParameter(values, param::kSamples)));
    if (problem) {
        *error = *problem;
        return std::nullopt;
    }
    ChildRequest request = requestOf(values, isa);
    request.device = device;
    return request;
}

ChildRequest requestOf(const ParameterValues &values, const std::string &isa)
{
    ChildRequest request;
    request.samples = static_cast<int>(integerParameter(values, param::kSamples));
    request.m = static_cast<int>(integerParameter(values, param::kM));
    request.k = static_cast<int>(integerParameter(values, param::kK));
    request.n = static_cast<int>(integerParameter(values, param::kN));
    request.float64 = choiceParameter(values, param::kDtype) == "float64";
    request.seed = static_cast<std::uint64_t>(integerParameter(values, param::kSeed));
    request.isa = isa;
    return request;
}

Json measureThisProcess(const ChildRequest &request)
{
    if (const auto deviceIndex = openClDeviceIndex(request.device))
        return measureThisProcessOnDevice(request, *deviceIndex);
    // "Input already placed": the inputs are made before the clock starts (performance-03 times
    // them), and the stream — lessonscope's model of a device — runs: its start is a thread's,
    // not a first use of anything real, and on a quiet virtual machine it is mostly an idle CPU
    // waking (docs/performance.md). Everything after timerStart happens once per process and is
    // the first call's.
    StagedMatmul product(request.float64 ? StagedMatmul::Dtype::Float64 : StagedMatmul::Dtype::Float32, request.m,
                         request.k, request.n, request.seed);
    DeviceStream stream; // returns once the worker thread (the "device") runs
    ProcessMeasurement process;
    process.processId = static_cast<std::int64_t>(::getpid());
    process.calls.reserve(static_cast<std::size_t>(request.samples) + 1);
    std::vector<ThreadCounterReader> worker;
    worker.push_back(stream.workerCounters());
    const EvidenceRecorder recorder(std::move(worker));
    const std::int64_t switchesBefore = involuntarySwitches();
    EvidenceRecorder::Mark mark = recorder.mark(); // the first call's evidence starts here
    const std::int64_t timerStart = MonotonicClock::nowNs();
    product.selectVariant(request.isa); // the CPU's features read, the variant's table chosen
    const std::int64_t variantSelected = MonotonicClock::nowNs();
    product.allocateOutput(); // the output's allocation and page faults
    const std::int64_t outputTouched = MonotonicClock::nowNs();
    const auto time = [&stream, &product] {
        CallHandle call = stream.dispatch([&product] { product.multiply(); });
        call.wait();
        return call.timestamps();
    };
    const CallTimestamps first = time();
    const std::int64_t origin = first.dispatchBegin;
    process.calls.push_back(first.since(origin));
    // A fresh process's first call waits for CPUs to wake, most of all in a virtual machine:
    // those waits are its own unless another program had work to run.
    process.evidence.push_back(withOtherWorkSeen(recorder.next(mark), otherRunnableTasks()));
    // Then warm until steady (untimed: the stream's ring and the caches warm, measuring.h) and
    // the warm calls, each with its evidence.
    warmUpUntilSteady(
        [&] {
            const CallTimestamps t = time();
            return std::pair{t.readyObserved - t.dispatchBegin,
                             !isInterrupted(recorder.next(mark), t.readyObserved - t.dispatchBegin)};
        },
        [] { return false; });
    recorder.next(mark);
    for (int index = 1; index <= request.samples; ++index) {
        const CallTimestamps t = time();
        process.calls.push_back(t.since(origin));
        process.evidence.push_back(recorder.next(mark));
    }
    process.preemptions = involuntarySwitches() - switchesBefore;
    const CallTimestamps &firstCall = process.calls.front();
    process.firstCallSeconds = static_cast<double>(firstCall.readyObserved + origin - timerStart) * kSecondsPerNs;
    process.parts = {
        {part::kKernelSelect, static_cast<double>(variantSelected - timerStart) * kSecondsPerNs},
        {part::kFirstTouch, static_cast<double>(outputTouched - variantSelected) * kSecondsPerNs},
        {part::kWork, static_cast<double>(firstCall.readyObserved - firstCall.dispatchBegin) * kSecondsPerNs},
    };
    process.instructionSet = product.isa();
    process.waitStrategy = waitStrategyName(stream.effectiveStrategy());
    process.maxAbsError = product.maxAbsErrorAgainstReference(); // after the clock stopped
    return processJson(process);
}

} // namespace lessonscope::performance02
