#pragma once

// The parts of validateFormat, shared by validation.cpp, panelvalidation.cpp and
// tracevalidation.cpp; not part of core's public interface.

#include "core/artifact/checker.h"
#include "core/base/jsonfwd.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace lessonscope::detail {

using lessonscope::Checker;
using lessonscope::describeNumber;
using lessonscope::describeValue;
using lessonscope::numberValue;

void validateData(const Json &data, Checker &checker);
void validateDiagram(const Json &diagram, Checker &checker);
void validateTrace(const Json &trace, Checker &checker);

} // namespace lessonscope::detail
