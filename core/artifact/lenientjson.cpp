#include "core/artifact/lenientjson.h"

#include <nlohmann/json.hpp>

#include <limits>

namespace lessonscope::lenient {

const Json *member(const Json &object, const char *key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

std::string stringOf(const Json *value)
{
    return value && value->is_string() ? value->get<std::string>() : std::string();
}

std::vector<std::string> stringsOf(const Json *value)
{
    std::vector<std::string> texts;
    for (std::size_t i = 0; value && value->is_array() && i < value->size(); ++i)
        texts.push_back(stringOf(&(*value)[i]));
    return texts;
}

std::string stringMember(const Json &object, const char *key) { return stringOf(member(object, key)); }

std::optional<double> numberOf(const Json *value)
{
    if (value && value->is_number())
        return value->get<double>();
    return std::nullopt;
}

std::optional<std::int64_t> integerOf(const Json *value)
{
    if (!value)
        return std::nullopt;
    if (value->is_number_integer() && !value->is_number_unsigned())
        return value->get<std::int64_t>();
    if (value->is_number_unsigned()
        && value->get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<std::int64_t>::max()))
        return static_cast<std::int64_t>(value->get<std::uint64_t>());
    return std::nullopt;
}

// Numbers of an array; an element that is not a number reads as NaN, so that the others keep
// their index (a bar stays under its label, a point at its x).
std::vector<double> numbersOf(const Json *value)
{
    std::vector<double> numbers;
    if (!value || !value->is_array())
        return numbers;
    numbers.reserve(value->size());
    for (const Json &element : *value)
        numbers.push_back(element.is_number() ? element.get<double>() : std::numeric_limits<double>::quiet_NaN());
    return numbers;
}

std::vector<std::int64_t> integersOf(const Json *value)
{
    std::vector<std::int64_t> integers;
    if (!value || !value->is_array())
        return integers;
    for (const Json &element : *value) {
        if (const auto integer = integerOf(&element))
            integers.push_back(*integer);
    }
    return integers;
}

} // namespace lessonscope::lenient
