#pragma once

#include "core/base/jsonfwd.h"
#include "core/artifact/problem.h"

#include <cstddef>
#include <memory>
#include <string_view>

namespace lessonscope {

// Limits applied before or while parsing, so that hostile input is refused cheaply and clearly
// (docs/security.md, "Limits").
struct ReadLimits {
    std::size_t maxBytes = 64u * 1024u * 1024u; // 64 MiB
    int maxDepth = 128;                         // nesting of arrays and objects
    std::size_t maxKeysPerObject = 10'000;      // an artifact never needs more in one object
};

struct JsonParseResult {
    std::shared_ptr<const Json> document; // null when the bytes are not a JSON document
    Problems problems;                    // syntax errors carry line and column in the message
};

// Parses UTF-8 JSON text (a leading UTF-8 byte-order mark is accepted and dropped).
// Never throws: every failure becomes a Problem.
JsonParseResult parseJson(std::string_view bytes, const ReadLimits &limits = {});

} // namespace lessonscope
