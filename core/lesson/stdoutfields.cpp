#include "core/lesson/stdoutfields.h"

#include "core/lesson/samplefields.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace lessonscope {

namespace {

bool hasType(const Json &value, const StdoutField &field)
{
    if (value.is_null())
        return field.nullable;
    switch (field.type) {
    case FieldType::Integer:
        return value.is_number_integer();
    case FieldType::Number:
        return value.is_number();
    case FieldType::String:
        return value.is_string();
    case FieldType::Boolean:
        return value.is_boolean();
    case FieldType::Array:
        return value.is_array();
    case FieldType::Object:
        return value.is_object();
    }
    return false;
}

const char *typeName(FieldType type)
{
    switch (type) {
    case FieldType::Integer:
        return "an integer";
    case FieldType::Number:
        return "a number";
    case FieldType::String:
        return "a string";
    case FieldType::Boolean:
        return "true or false";
    case FieldType::Array:
        return "an array";
    case FieldType::Object:
        return "an object";
    }
    return "?";
}

// The declared keys of one field, with whether each may be left out.
void appendKeys(const StdoutField &field, std::vector<std::pair<std::string, const StdoutField *>> &keys)
{
    keys.emplace_back(field.key, &field);
    if (field.samples) {
        keys.emplace_back(waitedKeyOf(field.key), nullptr);
        keys.emplace_back(roundKeyOf(field.key), nullptr);
    }
}

} // namespace

std::vector<std::string> declaredKeys(StdoutFields fields)
{
    std::vector<std::pair<std::string, const StdoutField *>> keys;
    for (const StdoutField &field : fields)
        appendKeys(field, keys);
    std::vector<std::string> names;
    for (auto &key : keys)
        names.push_back(std::move(key.first));
    return names;
}

std::vector<std::string> stdoutMismatches(const Json &out, StdoutFields fields)
{
    if (!out.is_object())
        return {"stdout is not an object"};
    std::vector<std::pair<std::string, const StdoutField *>> keys;
    for (const StdoutField &field : fields)
        appendKeys(field, keys);
    std::vector<std::string> mismatches;
    std::size_t next = 0; // the declared key the next printed key must be, or one after it
    for (const auto &[printed, value] : out.items()) {
        const auto declared = std::find_if(keys.begin() + std::ptrdiff_t(next), keys.end(),
                                           [&](const auto &key) { return key.first == printed; });
        if (declared == keys.end()) {
            const bool elsewhere
                = std::any_of(keys.begin(), keys.end(), [&](const auto &key) { return key.first == printed; });
            mismatches.push_back(printed + (elsewhere ? ": printed out of the declared order" : ": not declared"));
            continue;
        }
        for (auto skipped = keys.begin() + std::ptrdiff_t(next); skipped != declared; ++skipped) {
            if (skipped->second && !skipped->second->sometimes)
                mismatches.push_back(skipped->first + ": declared, not printed");
        }
        next = std::size_t(declared - keys.begin()) + 1;
        if (const StdoutField *field = declared->second; field && !hasType(value, *field))
            mismatches.push_back(printed + ": " + typeName(field->type) + (field->nullable ? " or null" : "")
                                 + " is declared");
    }
    for (auto rest = keys.begin() + std::ptrdiff_t(next); rest != keys.end(); ++rest) {
        if (rest->second && !rest->second->sometimes)
            mismatches.push_back(rest->first + ": declared, not printed");
    }
    return mismatches;
}

} // namespace lessonscope
