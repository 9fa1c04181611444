#pragma once

// The one JSON type of lessonscope. ordered_json keeps keys in document order, so an artifact
// written back looks like the one that was read. Public headers include only this forward
// declaration; nlohmann/json.hpp stays in the .cpp files that need it.
#include <nlohmann/json_fwd.hpp>

namespace lessonscope {
using Json = nlohmann::ordered_json;
}
