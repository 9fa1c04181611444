#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace lessonscope {

// Length of the valid UTF-8 sequence that starts at text[i], or 0 when none does. Rejects what
// RFC 3629 rejects: stray continuation bytes, overlong forms, surrogates, code points > U+10FFFF.
std::size_t utf8SequenceLength(std::string_view text, std::size_t i);

// Characters that reorder or hide the text around them without being seen: the bidi embeddings,
// overrides and isolates (U+202A–U+202E, U+2066–U+2069), the directional marks (U+200E, U+200F,
// U+061C), the zero-width space (U+200B), the byte-order mark (U+FEFF), and the line and
// paragraph separators (U+2028, U+2029), which some terminals and editors break lines at.
bool isInvisibleFormatting(char32_t code);

// text made safe to show in a one-line message or on a terminal: valid UTF-8 is kept; C0 control
// characters, DEL and bytes that are not UTF-8 become \xNN, C1 controls (U+0080..U+009F) \u00NN,
// and invisible formatting (isInvisibleFormatting) \uNNNN, so that it is seen, not obeyed.
std::string printableText(std::string_view text);

// JSON text made safe for a terminal without changing its value: lessonscope's writer and
// nlohmann's (like Python's json module) escape U+0000..U+001F but write DEL, the C1 controls
// U+0080..U+009F and invisible formatting (isInvisibleFormatting) as they are. Those can occur only
// inside strings, where \u escapes mean the same characters. A piece of JSON may be passed at a
// time, if no piece ends inside a character.
std::string terminalSafeJson(std::string_view json);

} // namespace lessonscope
