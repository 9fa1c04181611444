#pragma once

// Where in a text, and how big: wording shared by the readers in core. Not part of core's
// public interface.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace lessonscope::detail {

struct TextPosition {
    std::size_t line = 1;   // from 1
    std::size_t column = 1; // from 1, in characters (UTF-8 code points), as editors count
};

TextPosition positionAt(std::string_view text, std::size_t offset);

// "the input is 100 MiB (104857600 bytes); lessonscope reads at most 64 MiB (67108864 bytes)"
std::string tooLargeMessage(std::string_view what, std::uint64_t size, std::uint64_t maxBytes);

} // namespace lessonscope::detail
