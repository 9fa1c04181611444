#include "core/lessons/shared/matrixlesson.h"

#include "core/artifact/lenientjson.h"

#include "core/base/units.h"
#include "core/lesson/environmentinfo.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <string_view>

namespace lessonscope::matrixlesson {

namespace {

// Up to 9 digits, then one of the separators (x, X or ×) unless it is the last number.
bool readDimension(std::string_view &text, std::int64_t &value, bool last)
{
    std::size_t digits = 0;
    value = 0;
    while (digits < text.size() && digits < 9 && text[digits] >= '0' && text[digits] <= '9')
        value = value * 10 + (text[digits++] - '0');
    if (digits == 0 || (digits < text.size() && text[digits] >= '0' && text[digits] <= '9'))
        return false;
    text.remove_prefix(digits);
    if (last)
        return text.empty();
    for (std::string_view separator : {"x", "X", "×"}) {
        if (text.substr(0, separator.size()) == separator) {
            text.remove_prefix(separator.size());
            return true;
        }
    }
    return false;
}

// "64x32x16" (x, X or ×; spaces around it allowed) → m, k, n. By hand, not std::regex: GCC 12
// warns falsely inside <regex> under the sanitizers.
bool applyShape(const std::string &text, ParameterValues &values)
{
    std::string_view rest = text;
    while (!rest.empty() && rest.front() == ' ')
        rest.remove_prefix(1);
    while (!rest.empty() && rest.back() == ' ')
        rest.remove_suffix(1);
    std::int64_t m = 0, k = 0, n = 0;
    if (!readDimension(rest, m, false) || !readDimension(rest, k, false) || !readDimension(rest, n, true))
        return false;
    values[param::kM] = m;
    values[param::kK] = k;
    values[param::kN] = n;
    return true;
}

} // namespace

void writeVersionsAndProduct(Json &out, const LessonRun &run, WithDtype dtype)
{
    const ParameterValues &params = run.parameters;
    out[productkey::kBackend] = run.device;
    out[productkey::kEigen] = eigenVersion();
    out[productkey::kCompiler] = compilerVersion();
    out[productkey::kLessonscope] = lessonscopeVersion();
    out[productkey::kInputShape] = Json::array({parameterJson(params, param::kM), parameterJson(params, param::kK)});
    out[productkey::kWeightShape] = Json::array({parameterJson(params, param::kK), parameterJson(params, param::kN)});
    if (dtype == WithDtype::Yes)
        out[productkey::kDtype] = parameterJson(params, param::kDtype);
}

double checkAgainstReference(const MatmulKernel &kernel, double lastWhole, const std::function<bool()> &cancelled)
{
    const double error = kernel.maxAbsErrorAgainstReference(cancelled);
    return std::isnan(error) && cancelled() ? lastWhole : error;
}

std::optional<std::string> workProblem(const ParameterValues &values, double timedCalls)
{
    const double call = static_cast<double>(integerParameter(values, param::kM))
        * static_cast<double>(integerParameter(values, param::kK))
        * static_cast<double>(integerParameter(values, param::kN));
    if (call > kMostCallMultiplyAdds) {
        return "m·k·n = " + formatNumber(call) + " multiply-adds a call is more than the "
            + formatNumber(kMostCallMultiplyAdds)
            + " (2048³) a lesson runs: its checks against the reference alone would take minutes; choose a smaller "
              "shape";
    }
    const double run = call * timedCalls;
    if (run > kMostRunMultiplyAdds) {
        return formatNumber(timedCalls) + " timed calls of " + formatNumber(call) + " multiply-adds are "
            + formatNumber(run) + " in all, more than the " + formatNumber(kMostRunMultiplyAdds)
            + " (2⁴¹, about a minute of calls on a 2-core machine) a lesson runs: choose fewer samples or a smaller "
              "shape";
    }
    return std::nullopt;
}

const MeasuredCall &recordCall(LessonRun &run, const TimedProduct::Timed &call, int round, RunObserver &observer)
{
    if (run.calls.empty())
        run.startedAtNs = call.timestamps.dispatchBegin;
    run.calls.push_back(MeasuredCall::of(call.timestamps.since(run.startedAtNs), call.evidence, round));
    run.calls.back().device = call.device.since(run.startedAtNs); // a real device's own clock
    observer.callMeasured(static_cast<int>(run.calls.size()) - 1, run.calls.back());
    return run.calls.back();
}

LessonTexts timelineTexts(std::string title, std::string prediction, std::string reading, std::string measuredReading,
                          std::string boundary)
{
    LessonTexts texts;
    texts.title = std::move(title);
    texts.prediction = std::move(prediction);
    texts.alt = reading;
    texts.reading = std::move(reading);
    texts.measuredReading = std::move(measuredReading);
    texts.scope = "Architecture and dataflow mechanism diagram.";
    texts.height = 3.8;
    texts.diagramKind = "timeline";
    texts.boundary = std::move(boundary);
    return texts;
}

void addProductParameters(LessonInfo &info, std::int64_t m, std::int64_t k, std::int64_t n, WithDtype dtype)
{
    for (ParameterSpec &spec : shapeParameters(m, k, n))
        info.parameters.push_back(std::move(spec));
    if (dtype == WithDtype::Yes)
        info.parameters.push_back(dtypeParameter());
    info.parameters.push_back(seedParameter());
    info.shorthands.push_back(shapeShorthand());
}

std::vector<ParameterSpec> shapeParameters(std::int64_t m, std::int64_t k, std::int64_t n)
{
    return {
        integerParameterSpec(param::kM, "Rows of X (m)", "X has m rows; the output is m×n.", m, 1, kMaxDimension),
        integerParameterSpec(param::kK, "Inner dimension (k)", "X is m×k and W is k×n.", k, 1, kMaxDimension),
        integerParameterSpec(param::kN, "Columns of W (n)", "W has n columns; the output is m×n.", n, 1, kMaxDimension),
    };
}

ParameterSpec dtypeParameter()
{
    return choiceParameterSpec(param::kDtype, "Element type", "The floating-point type of inputs and output.",
                               {"float32", "float64"});
}

ParameterSpec seedParameter()
{
    return integerParameterSpec(param::kSeed, "Input seed", "Seeds the generator the inputs are made from.", 0, 0,
                                2'147'483'647);
}

ParameterShorthand shapeShorthand() { return {"shape", "MxKxN", "X (M×K) · W (K×N), e.g. 64x32x16.", applyShape}; }

std::string describeProduct(const ParameterValues &values)
{
    const std::string m = parameterText(values, param::kM), k = parameterText(values, param::kK),
                      n = parameterText(values, param::kN);
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on a chain of operator+.
    std::string text("X ");
    text.append(m).append("×").append(k).append(" · W ").append(k).append("×").append(n);
    if (values.count(param::kDtype))
        text.append(" ").append(parameterText(values, param::kDtype));
    return text;
}

std::string describeProduct(const ParameterValues &values, std::span<const DescribedParameter> parameters)
{
    std::string text = describeProduct(values);
    for (const DescribedParameter &parameter : parameters) {
        if (parameter.name && !values.count(parameter.name))
            continue;
        std::string words = parameter.words;
        if (const auto value = words.find("{}"); parameter.name && value != std::string::npos)
            words.replace(value, 2, parameterText(values, parameter.name));
        text.append(", ").append(words);
    }
    return text;
}

LessonSummary matrixSummary(const std::vector<std::int64_t> &inputShape, const std::vector<std::int64_t> &weightShape,
                            const std::string &dtype)
{
    LessonSummary summary;
    std::string shape = formatShape(inputShape);
    shape.append(" · ").append(formatShape(weightShape));
    if (!inputShape.empty() || !dtype.empty())
        summary.setup = dtype.empty() ? shape : shape + " " + dtype;
    if (!inputShape.empty())
        summary.settings.emplace_back("shape", shape);
    if (!dtype.empty())
        summary.settings.emplace_back("dtype", dtype);
    return summary;
}

std::optional<std::int64_t> statedInteger(const ParameterValues &values, const char *name)
{
    const Json value = parameterJson(values, name);
    return lenient::integerOf(&value);
}

ProductProblem productProblem(const ParameterValues &values)
{
    ProductProblem problem;
    problem.m = static_cast<int>(integerParameter(values, param::kM));
    problem.k = static_cast<int>(integerParameter(values, param::kK));
    problem.n = static_cast<int>(integerParameter(values, param::kN));
    // A lesson without the dtype parameter (performance-04 times both) starts from float32.
    const bool float64 = values.count(param::kDtype) && choiceParameter(values, param::kDtype) == "float64";
    problem.dtype = float64 ? MatmulKernel::Dtype::Float64 : MatmulKernel::Dtype::Float32;
    problem.seed = static_cast<std::uint64_t>(integerParameter(values, param::kSeed));
    return problem;
}

std::vector<std::unique_ptr<TimedProduct>> openProducts(const RunContext &context,
                                                        const std::vector<ProductProblem> &problems, LessonRun &run)
{
    std::vector<std::unique_ptr<TimedProduct>> products = openTimedProducts(context, problems);
    const TimedProduct &product = *products.front(); // all of one device, and of one variant
    run.device = product.backend();
    run.deviceEnvironment = product.deviceEnvironment();
    run.instructionSet = product.instructionSet();
    run.waitStrategy = product.waitStrategy();
    return products;
}

std::unique_ptr<TimedProduct> openProduct(const RunContext &context, const ProductProblem &problem, LessonRun &run)
{
    return std::move(openProducts(context, {problem}, run).front());
}

} // namespace lessonscope::matrixlesson
