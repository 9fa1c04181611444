#include "core/artifact/canonicaljson.h"

#include "core/artifact/jsonwriter.h"
#include "core/artifact/sha256.h"

namespace lessonscope {

// The exact bytes are defined in docs/artifact-format.md ("Canonical JSON"). They equal Python's
// json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False), so the other
// pipeline can compute the same hashes. writeJson sorts the keys itself, which spares converting
// ordered_json into a std::map-based json first.
std::string canonicalJson(const Json &value)
{
    JsonWriteOptions options;
    options.indent = -1;
    options.sortKeys = true;
    return writeJson(value, options);
}

std::string canonicalHash(const Json &value) { return sha256Hex(canonicalJson(value)); }

} // namespace lessonscope
