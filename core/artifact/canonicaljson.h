#pragma once

#include "core/base/jsonfwd.h"

#include <string>

namespace lessonscope {

// The canonical JSON form that lessonscope hashes, defined byte for byte in
// docs/artifact-format.md ("Canonical JSON"): object keys sorted by their UTF-8 bytes, no
// insignificant whitespace, minimal string escapes, integers in decimal, other numbers in their
// shortest round-trip form. Key order and whitespace of the input do not change the result.
// Throws std::invalid_argument for a string that is not valid UTF-8.
std::string canonicalJson(const Json &value);

// SHA-256 (lowercase hex) of canonicalJson(value).
std::string canonicalHash(const Json &value);

} // namespace lessonscope
