#pragma once

// Lenient readers of a parsed document: a missing member or one of the wrong type reads as empty,
// and validation is what tells the user, with a pointer, what is wrong. Shared by the artifact's
// typed views and the lessons' stdout contracts.

#include "core/base/jsonfwd.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lessonscope::lenient {

// The member key of object, or nullptr (also when object is not an object).
const Json *member(const Json &object, const char *key);
std::string stringOf(const Json *value);
std::string stringMember(const Json &object, const char *key);
std::optional<double> numberOf(const Json *value);
std::optional<std::int64_t> integerOf(const Json *value);
// Numbers of an array; an element that is not a number reads as NaN, so that the others keep
// their index (a bar stays under its label, a point at its x).
std::vector<double> numbersOf(const Json *value);
// The integers of an array; other elements are left out.
std::vector<std::int64_t> integersOf(const Json *value);
// The texts of an array; an element that is not a text reads as empty, keeping the others' index.
std::vector<std::string> stringsOf(const Json *value);

} // namespace lessonscope::lenient
