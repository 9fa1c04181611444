#pragma once

#include "core/base/jsonfwd.h"

#include <functional>
#include <string>
#include <string_view>

namespace lessonscope {

// How writeJson lays out its text.
struct JsonWriteOptions {
    int indent = -1;       // < 0: compact (no whitespace at all); >= 0: one item per line, indented
    bool sortKeys = false; // true: object keys in the order of their UTF-8 bytes
};

// Writes JSON text exactly as the recorded artifacts' pipeline (Python's json module, with
// ensure_ascii=False) writes it, so that lessonscope's files and hashes can be reproduced byte for
// byte by that pipeline and by anyone who reads docs/artifact-format.md:
// - strings: '"' and '\' and the control characters U+0000..U+001F are escaped (\b \f \n \r \t,
//   the others as \u00xx in lowercase hex); everything else, including non-ASCII, is written as
//   UTF-8. A string that is not valid UTF-8 throws std::invalid_argument naming its JSON Pointer.
// - numbers: integers in decimal; doubles by formatJsonDouble(); NaN and infinities as null.
// - with an indent, Python's layout: "key": value, "," at line ends, "[]" and "{}" when empty.
// nlohmann's own dump() differs in a few doubles (it does not always find the shortest digits,
// and it switches to an exponent at 1e15 where Python does at 1e16); hence this writer.
std::string writeJson(const Json &value, const JsonWriteOptions &options = {});

// The same text handed to sink in pieces of about 64 KiB, never held whole: laid out, a document
// can be many times its parsed size (every number of a deep array on a line of its own, indented),
// and `show --json` of 40 MB of points held 1.8 GB. Pieces end anywhere, even inside a UTF-8
// sequence. On std::invalid_argument, what came before the bad value has reached the sink.
using JsonSink = std::function<void(std::string_view)>;
void writeJson(const Json &value, const JsonWriteOptions &options, const JsonSink &sink);

// A finite double as Python's repr() writes it: the shortest digits that read back as the same
// double, fixed notation when 1e-4 <= |value| < 1e16 ("0.0001", "3.8", "1.0"), otherwise an
// exponent of at least two digits ("1e-05", "8.500181138515472e-06", "1e+16"); "-0.0" for minus zero.
// Non-finite values give "null", as JSON has no NaN or infinity.
std::string formatJsonDouble(double value);

} // namespace lessonscope
