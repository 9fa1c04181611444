#pragma once

#include <functional>
#include <string_view>

namespace lessonscope {

// Where text produced piece by piece goes: a file being written, standard output, a string. It
// returns false when it could not take the bytes (the disk is full, say); the producer then stops,
// so that a failure is seen at once and nothing is produced for nothing.
using ByteSink = std::function<bool(std::string_view bytes)>;

} // namespace lessonscope
