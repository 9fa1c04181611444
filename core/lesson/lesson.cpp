#include "core/lesson/lesson.h"

#include <nlohmann/json.hpp>

#include "core/base/utf8.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <stdexcept>

namespace lessonscope {

namespace {

const ParameterSpec *findSpec(const std::vector<ParameterSpec> &specs, const std::string &name)
{
    const auto it
        = std::find_if(specs.begin(), specs.end(), [&name](const ParameterSpec &spec) { return spec.name == name; });
    return it == specs.end() ? nullptr : &*it;
}

std::string joined(const std::vector<std::string> &words)
{
    std::string text;
    for (const std::string &word : words)
        text += (text.empty() ? "" : ", ") + word;
    return text;
}

std::optional<std::string> checkValue(const ParameterSpec &spec, const ParameterValue &value)
{
    if (spec.type == ParameterSpec::Type::Integer) {
        const auto *integer = std::get_if<std::int64_t>(&value);
        if (!integer)
            return spec.name + " must be an integer";
        if (*integer < spec.minimum || *integer > spec.maximum) {
            return spec.name + " must be between " + std::to_string(spec.minimum) + " and "
                + std::to_string(spec.maximum) + " (got " + std::to_string(*integer) + ")";
        }
        return std::nullopt;
    }
    const auto *choice = std::get_if<std::string>(&value);
    if (!choice || std::find(spec.choices.begin(), spec.choices.end(), *choice) == spec.choices.end()) {
        // The value is whatever was typed: shown, never obeyed, on a terminal.
        const std::string got = choice ? "\"" + printableText(choice->substr(0, 100)) + "\"" : "an integer";
        return spec.name + " must be one of " + joined(spec.choices) + " (got " + got + ")";
    }
    return std::nullopt;
}

} // namespace

ParameterSpec integerParameterSpec(const char *name, const char *label, const char *description,
                                   std::int64_t defaultValue, std::int64_t minimum, std::int64_t maximum)
{
    ParameterSpec spec;
    spec.name = name;
    spec.label = label;
    spec.description = description;
    spec.type = ParameterSpec::Type::Integer;
    spec.defaultInteger = defaultValue;
    spec.minimum = minimum;
    spec.maximum = maximum;
    return spec;
}

ParameterSpec choiceParameterSpec(const char *name, const char *label, const char *description,
                                  std::vector<std::string> choices)
{
    ParameterSpec spec;
    spec.name = name;
    spec.label = label;
    spec.description = description;
    spec.type = ParameterSpec::Type::Choice;
    spec.choices = std::move(choices);
    return spec;
}

double MeasuredCall::synchronizedSeconds() const
{
    // Division rather than multiplication by 1e-9: the result is the correctly rounded quotient.
    return static_cast<double>(timestamps.readyObserved - timestamps.dispatchBegin) / 1e9;
}

double MeasuredCall::dispatchOnlySeconds() const
{
    return static_cast<double>(timestamps.dispatchEnd - timestamps.dispatchBegin) / 1e9;
}

std::optional<std::int64_t> parseParameterInteger(std::string_view text)
{
    // Digits alone, with a minus at most: std::from_chars takes no '+', no space and no newline,
    // and says when the number does not fit.
    std::int64_t value = 0;
    const char *end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end)
        return std::nullopt;
    return value;
}

std::optional<std::string> Lesson::resolveParameters(ParameterValues &values) const
{
    const std::vector<ParameterSpec> &specs = info().parameters;
    // Reject before filling anything in, so that a refused set is left as it was given.
    for (const auto &[name, value] : values) {
        const ParameterSpec *spec = findSpec(specs, name);
        if (!spec)
            return "unknown parameter \"" + printableText(name.substr(0, 100)) + "\" for " + info().id;
        if (auto error = checkValue(*spec, value))
            return error;
    }
    for (const ParameterSpec &spec : specs) {
        if (values.count(spec.name))
            continue;
        if (spec.type == ParameterSpec::Type::Integer)
            values[spec.name] = spec.defaultInteger;
        else if (!spec.choices.empty())
            values[spec.name] = spec.choices.front();
    }
    return std::nullopt;
}

std::optional<std::string> Lesson::resolveRunParameters(ParameterValues &values) const
{
    if (auto problem = resolveParameters(values))
        return problem;
    return workProblem(values);
}

std::optional<std::string> Lesson::workProblem(const ParameterValues &) const { return std::nullopt; }

namespace {

// The value of parameter name as a T; throws std::invalid_argument when it is missing or of
// another type (kind names T in the message: "an integer", "a choice").
template<typename T>
const T &parameterAs(const ParameterValues &values, const std::string &name, const char *kind)
{
    const auto it = values.find(name);
    if (it == values.end())
        throw std::invalid_argument("missing parameter \"" + name + "\"");
    const T *value = std::get_if<T>(&it->second);
    if (!value)
        throw std::invalid_argument("parameter \"" + name + "\" is not " + kind);
    return *value;
}

} // namespace

std::string Lesson::describeParameters(const ParameterValues &values) const
{
    std::string text;
    for (const auto &[name, value] : values) {
        text += (text.empty() ? "" : ", ") + name + "=";
        text += std::holds_alternative<std::string>(value) ? std::get<std::string>(value)
                                                           : std::to_string(std::get<std::int64_t>(value));
    }
    return text;
}

std::optional<ParameterValues> Lesson::parametersOf(const Json &output) const
{
    (void)output;
    return std::nullopt;
}

int Lesson::measureInChild(const QStringList &arguments) const
{
    (void)arguments;
    std::fprintf(stderr, "lessonscope measure-child: the lesson %s has no measuring mode\n", info().id.c_str());
    return 2;
}

std::optional<int> openClDeviceIndex(const std::string &device)
{
    constexpr std::string_view prefix = "opencl:";
    if (device.size() <= prefix.size() || device.size() > prefix.size() + 6
        || device.compare(0, prefix.size(), prefix) != 0)
        return std::nullopt;
    int index = 0;
    for (std::size_t i = prefix.size(); i < device.size(); ++i) {
        if (device[i] < '0' || device[i] > '9')
            return std::nullopt;
        index = index * 10 + (device[i] - '0');
    }
    return index;
}

std::invalid_argument unknownDevice(const std::string &device)
{
    return std::invalid_argument("no device \"" + device
                                 + "\": a lesson runs on \"stream\" or on \"opencl:N\" "
                                   "(lessonscope devices lists them)");
}

LessonRun Lesson::runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const
{
    if (context.device != kStreamDevice)
        throw std::invalid_argument(info().id + " runs on the stream only, not on " + context.device);
    return run(values, observer);
}

LessonRun begunRun(const char *lessonId, const ParameterValues &values, MeasuringReport measuring)
{
    LessonRun run;
    run.lessonId = lessonId;
    run.parameters = values;
    run.measuring = std::move(measuring);
    return run;
}

LessonRun runLesson(const Lesson &lesson, const ParameterValues &values, RunObserver &observer,
                    const RunContext &context)
{
    // How busy the machine is, measured just before (this thread asleep): the load average would
    // say how busy it was over the last minute.
    const std::optional<IdleSample> idle = sampleIdleMachine();
    const InterferenceProbe probe;
    LessonRun run = lesson.runOn(context, values, observer);
    run.interference = probe.finish();
    run.interference->idle = idle;
    run.measuring.timedSeconds = run.interference->seconds; // the run's window, measuring and all
    run.measuring.stopped = run.cancelled && !run.measuring.budgetSpent;
    return run;
}

std::int64_t integerParameter(const ParameterValues &values, const std::string &name)
{
    return parameterAs<std::int64_t>(values, name, "an integer");
}

std::string choiceParameter(const ParameterValues &values, const std::string &name)
{
    return parameterAs<std::string>(values, name, "a choice");
}

std::string parameterText(const ParameterValues &values, const std::string &name)
{
    const auto it = values.find(name);
    if (it == values.end())
        return "?";
    if (const auto *integer = std::get_if<std::int64_t>(&it->second))
        return std::to_string(*integer);
    return std::get<std::string>(it->second);
}

Json parameterJson(const ParameterValues &values, const std::string &name)
{
    const auto it = values.find(name);
    if (it == values.end())
        return nullptr;
    return std::visit([](const auto &value) { return Json(value); }, it->second);
}

Json panelSeries(const char *label, Json y)
{
    Json series = Json::object(); // label first, as the recorded artifacts write it
    series["label"] = label;
    series["y"] = std::move(y);
    return series;
}

namespace {

Json makePanel(const char *kind, const char *title, const char *abscissae, Json values, const PanelAxes &axes,
               Json seriesList)
{
    Json panel = Json::object();
    panel["kind"] = kind;
    panel["title"] = title;
    panel[abscissae] = std::move(values);
    if (axes.xlabel)
        panel["xlabel"] = axes.xlabel;
    if (axes.ylabel)
        panel["ylabel"] = axes.ylabel;
    if (axes.logY)
        panel["yscale"] = "log";
    if (axes.logX)
        panel["xscale"] = "log";
    panel["series"] = std::move(seriesList);
    return panel;
}

} // namespace

Json makeBarPanel(const char *title, Json labels, const PanelAxes &axes, Json seriesList)
{
    return makePanel("bar", title, "labels", std::move(labels), axes, std::move(seriesList));
}

Json makeLinePanel(const char *title, Json x, const PanelAxes &axes, Json seriesList)
{
    return makePanel("line", title, "x", std::move(x), axes, std::move(seriesList));
}

Json parametersToJson(const ParameterValues &values)
{
    Json object = Json::object();
    for (const auto &[name, value] : values)
        // An init-capture, not [&name]: clang before 16 cannot capture a structured binding
        // (the fuzz preset builds core with clang 14).
        std::visit([&object, &key = name](const auto &v) { object[key] = v; }, value);
    return object;
}

} // namespace lessonscope
