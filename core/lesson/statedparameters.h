#pragma once

// The parameters a run's stdout states, read back from its declaration: each field that states
// one (StdoutField::stating) gives its value, so a lesson's Lesson::parametersOf is its stdout
// declaration and nothing else (docs/architecture.md, "Adding a lesson").

#include "core/lesson/lesson.h"
#include "core/lesson/stdoutfields.h"

#include <optional>

namespace lessonscope {

// Every parameter the fields state, from out: nullopt when a field that every run prints is
// missing or not of its type (an integer, a string, a list of integers as long as what it
// states), or when two fields state one parameter differently (input_shape's k and
// weight_shape's k). A field printed by some runs only states nothing where it is absent.
std::optional<ParameterValues> statedParameters(const Json &out, StdoutFields fields);

} // namespace lessonscope
