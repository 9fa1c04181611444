#include "core/artifact/readerdiagnostics.h"

#include <algorithm>
#include <cstdio>

namespace lessonscope {

namespace detail {

TextPosition positionAt(std::string_view text, std::size_t offset)
{
    offset = std::min(offset, text.size());
    const std::string_view before = text.substr(0, offset);
    TextPosition position;
    position.line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t lineStart = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
    // Continuation bytes (10xxxxxx) do not start a character.
    position.column = 1
        + static_cast<std::size_t>(
                          std::count_if(before.begin() + static_cast<std::ptrdiff_t>(lineStart), before.end(),
                                        [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
    return position;
}

namespace {

std::string mebibytes(std::uint64_t bytes)
{
    char buffer[64];
    const double mib = static_cast<double>(bytes) / (1024.0 * 1024.0);
    if (bytes % (1024u * 1024u) == 0)
        std::snprintf(buffer, sizeof buffer, "%.0f MiB", mib);
    else
        std::snprintf(buffer, sizeof buffer, "%.1f MiB", mib);
    return buffer;
}

} // namespace

std::string tooLargeMessage(std::string_view what, std::uint64_t size, std::uint64_t maxBytes)
{
    return std::string(what) + " is " + mebibytes(size) + " (" + std::to_string(size)
        + " bytes); lessonscope reads artifacts of at most " + mebibytes(maxBytes) + " (" + std::to_string(maxBytes)
        + " bytes)";
}

} // namespace detail

} // namespace lessonscope
