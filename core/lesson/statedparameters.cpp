#include "core/lesson/statedparameters.h"

#include "core/artifact/lenientjson.h"

#include <nlohmann/json.hpp>

namespace lessonscope {

namespace {

// Whether values already holds name as something else; otherwise it holds value now.
bool agrees(ParameterValues &values, const char *name, ParameterValue value)
{
    const auto [at, inserted] = values.try_emplace(name, value);
    return inserted || at->second == value;
}

// The parameters one field states, added to values; false when it cannot state them.
bool readStated(const Json &value, const StdoutField &field, ParameterValues &values)
{
    if (field.type == FieldType::Array) {
        const std::vector<std::int64_t> elements = lenient::integersOf(&value);
        const std::size_t stated = field.states[1] ? 2 : 1;
        if (elements.size() != stated || !value.is_array() || value.size() != stated)
            return false;
        for (std::size_t i = 0; i < stated; ++i) {
            if (!agrees(values, field.states[i], elements[i]))
                return false;
        }
        return true;
    }
    if (field.type == FieldType::String)
        return value.is_string() && agrees(values, field.states[0], value.get<std::string>());
    const std::optional<std::int64_t> number = lenient::integerOf(&value);
    return number && agrees(values, field.states[0], *number);
}

} // namespace

std::optional<ParameterValues> statedParameters(const Json &out, StdoutFields fields)
{
    ParameterValues values;
    for (const StdoutField &field : fields) {
        if (!field.states[0])
            continue;
        const Json *value = lenient::member(out, field.key);
        if (!value && field.sometimes)
            continue;
        if (!value || !readStated(*value, field, values))
            return std::nullopt;
    }
    return values;
}

} // namespace lessonscope
