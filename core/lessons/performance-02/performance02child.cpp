#include "core/lessons/performance-02/performance02child.h"

#include "core/lessons/performance-02/performance02contract.h"
#include "core/base/utf8.h"
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
bool applyArgument(const QString &name, const QString &value, ParameterValues &values, std::string &isa)
{
    if (name == QLatin1String("isa")) {
        isa = value.toStdString();
        return true;
    }
    const std::string key = name.toStdString();
    if (key == "dtype") {
        values[key] = value.toStdString();
        return true;
    }
    for (const char *integer : {"samples", "m", "k", "n", "seed"}) {
        if (key != integer)
            continue;
        const auto number = parseParameterInteger(value.toStdString());
        if (number)
            values[key] = *number;
        return number.has_value();
    }
    return false;
}

// How often this process has been preempted so far (every thread of it).
std::int64_t involuntarySwitches()
{
    rusage usage{};
    return getrusage(RUSAGE_SELF, &usage) == 0 ? static_cast<std::int64_t>(usage.ru_nivcsw) : 0;
}

} // namespace

QStringList childArguments(const ChildRequest &request)
{
    return {QStringLiteral("samples=%1").arg(request.samples), QStringLiteral("m=%1").arg(request.m),
            QStringLiteral("k=%1").arg(request.k), QStringLiteral("n=%1").arg(request.n),
            QStringLiteral("dtype=%1").arg(request.float64 ? QStringLiteral("float64") : QStringLiteral("float32")),
            QStringLiteral("seed=%1").arg(request.seed), QStringLiteral("isa=%1").arg(QString::fromStdString(request.isa))};
}

std::optional<ChildRequest> readChildArguments(const QStringList &arguments, const Lesson &lesson,
                                               std::string *error)
{
    ParameterValues values;
    std::string isa;
    for (const QString &argument : arguments) {
        const qsizetype equals = argument.indexOf(QLatin1Char('='));
        if (equals <= 0 || !applyArgument(argument.left(equals), argument.mid(equals + 1), values, isa)) {
            *error = "not a measuring request: " + printableText(argument.left(100).toStdString());
            return std::nullopt;
        }
    }
    for (const char *required : {"samples", "m", "k", "n"}) {
        if (!values.count(required)) {
            *error = "a measuring request names samples, m, k and n";
            return std::nullopt;
        }
    }
    // Checked as `lessonscope run` checks them: the same ranges, so that no request runs what no
    // run may ask for.
    if (const auto problem = lesson.resolveParameters(values)) {
        *error = *problem;
        return std::nullopt;
    }
    return requestOf(values, isa);
}

ChildRequest requestOf(const ParameterValues &values, const std::string &isa)
{
    ChildRequest request;
    request.samples = static_cast<int>(integerParameter(values, "samples"));
    request.m = static_cast<int>(integerParameter(values, "m"));
    request.k = static_cast<int>(integerParameter(values, "k"));
    request.n = static_cast<int>(integerParameter(values, "n"));
    request.float64 = choiceParameter(values, "dtype") == "float64";
    request.seed = static_cast<std::uint64_t>(integerParameter(values, "seed"));
    request.isa = isa;
    return request;
}

Json measureThisProcess(const ChildRequest &request)
{
    // "Input already placed": the inputs are made before the clock starts (performance-03 times
    // them); everything after timerStart happens once per process and is the first call's.
    StagedMatmul product(request.float64 ? StagedMatmul::Dtype::Float64 : StagedMatmul::Dtype::Float32, request.m,
                         request.k, request.n, request.seed);
    const std::int64_t switchesBefore = involuntarySwitches();
    const std::int64_t timerStart = MonotonicClock::nowNs();
    DeviceStream stream; // starts the worker thread (the "device")
    const std::int64_t streamStarted = MonotonicClock::nowNs();
    product.selectVariant(request.isa); // the CPU's features read, the variant's table chosen
    const std::int64_t variantSelected = MonotonicClock::nowNs();
    product.allocateOutput(); // the output's allocation and page faults
    const std::int64_t outputTouched = MonotonicClock::nowNs();

    ProcessMeasurement process;
    process.processId = static_cast<std::int64_t>(::getpid());
    process.calls.reserve(static_cast<std::size_t>(request.samples) + 1);
    std::int64_t origin = 0;
    for (int index = 0; index <= request.samples; ++index) {
        CallHandle call = stream.dispatch([&product] { product.multiply(); });
        call.wait();
        const CallTimestamps absolute = call.timestamps();
        if (index == 0)
            origin = absolute.dispatchBegin;
        process.calls.push_back(absolute.since(origin));
    }
    process.preemptions = involuntarySwitches() - switchesBefore;
    const CallTimestamps &first = process.calls.front();
    process.firstCallSeconds = static_cast<double>(first.readyObserved + origin - timerStart) * kSecondsPerNs;
    process.parts = {
        {part::kStreamStart, static_cast<double>(streamStarted - timerStart) * kSecondsPerNs},
        {part::kKernelSelect, static_cast<double>(variantSelected - streamStarted) * kSecondsPerNs},
        {part::kFirstTouch, static_cast<double>(outputTouched - variantSelected) * kSecondsPerNs},
        {part::kWork, static_cast<double>(first.readyObserved - first.dispatchBegin) * kSecondsPerNs},
    };
    process.instructionSet = product.isa();
    process.waitStrategy = waitStrategyName(stream.effectiveStrategy());
    process.maxAbsError = product.maxAbsErrorAgainstReference(); // after the clock stopped
    return processJson(process);
}

} // namespace lessonscope::performance02
