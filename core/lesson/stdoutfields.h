#pragma once

// A lesson's stdout declared once, as data: every key it prints, in the order it prints them, with
// its JSON type, its unit and what it means. A lesson's contract names its declaration
// (LessonContract::fields); the conformance suite holds every fresh run to it, and a test holds
// the lesson's table in docs/artifact-format.md to it.

#include "core/base/jsonfwd.h"

#include <array>
#include <span>
#include <string>
#include <vector>

namespace lessonscope {

enum class FieldType { Integer, Number, String, Boolean, Array, Object };

struct StdoutField {
    const char *key;
    FieldType type;
    const char *unit;      // "s", "ns", "" for none (a count, a name, a ratio)
    const char *meaning;   // one line, for the reader of an artifact
    bool nullable = false; // null is a stated value (a core not pinned, a rule not met)
    bool sometimes
        = false; // printed by some runs only: a device's key, a figure of no clean sample (left out, never null)
    bool samples = false; // a sample list, followed by its two companions (samplefields.h)
    // The run parameters the key states, read back by statedParameters (statedparameters.h): a
    // number or a string states one, a list of integers one per element (input_shape: m and k).
    std::array<const char *, 2> states{};

    constexpr StdoutField orNull() const
    {
        StdoutField field = *this;
        field.nullable = true;
        return field;
    }
    constexpr StdoutField onSomeRuns() const
    {
        StdoutField field = *this;
        field.sometimes = true;
        return field;
    }
    constexpr StdoutField stating(const char *parameter, const char *second = nullptr) const
    {
        StdoutField field = *this;
        field.states = {parameter, second};
        return field;
    }
};

// A declaration reads as a list of these: field::number(key::kWarmMedian, "s", "their median").
namespace field {
constexpr StdoutField integer(const char *key, const char *unit, const char *meaning)
{
    return {key, FieldType::Integer, unit, meaning};
}
constexpr StdoutField number(const char *key, const char *unit, const char *meaning)
{
    return {key, FieldType::Number, unit, meaning};
}
constexpr StdoutField text(const char *key, const char *meaning) { return {key, FieldType::String, "", meaning}; }
constexpr StdoutField boolean(const char *key, const char *meaning) { return {key, FieldType::Boolean, "", meaning}; }
constexpr StdoutField list(const char *key, const char *unit, const char *meaning)
{
    return {key, FieldType::Array, unit, meaning};
}
constexpr StdoutField object(const char *key, const char *unit, const char *meaning)
{
    return {key, FieldType::Object, unit, meaning};
}
// Durations in seconds with their per-sample evidence (samplefields.h).
constexpr StdoutField samples(const char *key, const char *meaning)
{
    StdoutField field{key, FieldType::Array, "s", meaning};
    field.samples = true;
    return field;
}
} // namespace field

using StdoutFields = std::span<const StdoutField>;

// The keys a complete run prints, in order: each field, a sample list's companions after it.
std::vector<std::string> declaredKeys(StdoutFields fields);

// How a run's stdout departs from its declaration, one line each with the key: a key missing or
// out of order, a key not declared, a value of another type. Empty when it matches.
std::vector<std::string> stdoutMismatches(const Json &out, StdoutFields fields);

} // namespace lessonscope
