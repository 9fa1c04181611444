#include "core/lessons/shared/matrixlesson.h"

#include <regex>

namespace lessonscope::matrixlesson {

namespace {

bool applyShape(const std::string &text, ParameterValues &values)
{
    static const std::regex pattern(R"(^\s*(\d{1,9})(?:x|X|×)(\d{1,9})(?:x|X|×)(\d{1,9})\s*$)");
    std::smatch match;
    if (!std::regex_match(text, match, pattern))
        return false;
    values["m"] = std::stoll(match[1].str());
    values["k"] = std::stoll(match[2].str());
    values["n"] = std::stoll(match[3].str());
    return true;
}

} // namespace

std::vector<ParameterSpec> shapeParameters(std::int64_t m, std::int64_t k, std::int64_t n)
{
    return {
        integerParameterSpec("m", "Rows of X (m)", "X has m rows; the output is m×n.", m, 1, kMaxDimension),
        integerParameterSpec("k", "Inner dimension (k)", "X is m×k and W is k×n.", k, 1, kMaxDimension),
        integerParameterSpec("n", "Columns of W (n)", "W has n columns; the output is m×n.", n, 1, kMaxDimension),
    };
}

ParameterSpec dtypeParameter()
{
    return choiceParameterSpec("dtype", "Element type", "The floating-point type of inputs and output.",
                               {"float32", "float64"});
}

ParameterSpec seedParameter()
{
    return integerParameterSpec("seed", "Input seed", "Seeds the generator the inputs are made from.", 0, 0,
                                2'147'483'647);
}

ParameterShorthand shapeShorthand()
{
    return {"shape", "MxKxN", "X (M×K) · W (K×N), e.g. 64x32x16.", applyShape};
}

std::string describeProduct(const ParameterValues &values)
{
    const std::string m = parameterText(values, "m"), k = parameterText(values, "k"), n = parameterText(values, "n");
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on a chain of operator+.
    std::string text("X ");
    text.append(m).append("×").append(k).append(" · W ").append(k).append("×").append(n);
    if (values.count("dtype"))
        text.append(" ").append(parameterText(values, "dtype"));
    return text;
}

} // namespace lessonscope::matrixlesson
