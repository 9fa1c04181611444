#pragma once

#include "core/base/jsonfwd.h"

#include <string>

namespace lessonscope {

// JSON laid out for reading in the Stdout tab: an object one member a line, indented by two, as
// json.dump(2) does; but an array of numbers, booleans and nulls flows onto lines of at most
// kReadableLineWidth characters. A run of 100,000 samples is then about 2,000 lines instead of
// 100,000, and a text view's cost grows with its lines (QTextDocument makes a block of each).
// Key order, strings and numbers are exactly as json.dump() writes them.
inline constexpr std::size_t kReadableLineWidth = 100;

std::string readableJson(const Json &value);

} // namespace lessonscope
