#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace lessonscope {

// Length of the valid UTF-8 sequence that starts at text[i], or 0 when none does. Rejects what
// RFC 3629 rejects: stray continuation bytes, overlong forms, surrogates, code points > U+10FFFF.
std::size_t utf8SequenceLength(std::string_view text, std::size_t i);

// text made safe to show in a one-line message or on a terminal: valid UTF-8 is kept; C0 control
// characters, DEL and bytes that are not UTF-8 become \xNN, C1 controls (U+0080..U+009F) \u00NN.
std::string printableText(std::string_view text);

} // namespace lessonscope
