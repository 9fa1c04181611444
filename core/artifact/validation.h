#pragma once

#include "core/base/jsonfwd.h"
#include "core/artifact/problem.h"

namespace lessonscope {

// The schemaVersion this lessonscope reads and writes.
inline constexpr int kSchemaVersion = 1;

// Checks a parsed document against the artifact format (docs/artifact-format.md) and reports every
// problem at once. The format only: a lesson's own checks (its stdout contract) come on top in
// validateArtifact (core/lesson/lessonartifacts.h). Errors: the document cannot be shown as intended (missing or mistyped fields,
// length mismatches, an unknown schemaVersion). Warnings: shown, but suspicious (stdout numbers
// that disagree with the panels, a median that is not the median, negative durations, unknown
// kinds). Never throws.
Problems validateFormat(const Json &document);

} // namespace lessonscope
