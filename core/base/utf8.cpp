#include "core/base/utf8.h"

#include <cstdio>

namespace lessonscope {

std::size_t utf8SequenceLength(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80)
        return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF; // the allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0)
            low = 0xA0; // overlong
        if (lead == 0xED)
            high = 0x9F; // surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0)
            low = 0x90; // overlong
        if (lead == 0xF4)
            high = 0x8F; // above U+10FFFF
    } else {
        return 0;
    }
    if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high)
        return 0;
    for (std::size_t k = 2; k < length; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
            return 0;
    }
    return length;
}

namespace {

// The code point of a valid UTF-8 sequence of length bytes at text[i].
char32_t codePointAt(std::string_view text, std::size_t i, std::size_t length)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    if (length == 1)
        return byte(0);
    char32_t code = byte(0) & (0xFF >> (length + 1));
    for (std::size_t k = 1; k < length; ++k)
        code = (code << 6) | (byte(k) & 0x3F);
    return code;
}

} // namespace

bool isInvisibleFormatting(char32_t code)
{
    return code == 0x061C                     // Arabic letter mark
        || code == 0x200B                     // zero-width space
        || code == 0x200E || code == 0x200F   // left-to-right and right-to-left marks
        || (code >= 0x202A && code <= 0x202E) // bidi embeddings and overrides (U+202E)
        || (code >= 0x2066 && code <= 0x2069) // bidi isolates
        || code == 0x2028 || code == 0x2029   // line and paragraph separators
        || code == 0xFEFF;                    // zero-width no-break space (a BOM)
}

std::string printableText(std::string_view text)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t length = utf8SequenceLength(text, i);
        if (length == 0 || c < 0x20 || c == 0x7F) {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 0x0F];
            ++i;
        } else if (length == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
            // A C1 control (U+0080..U+009F): some terminals act on it even in UTF-8 (U+009B is a
            // one-character CSI), so it is shown, not sent.
            const auto code = static_cast<unsigned char>(text[i + 1]);
            out += "\\u00";
            out += kHex[code >> 4];
            out += kHex[code & 0x0F];
            i += 2;
        } else if (length > 1 && isInvisibleFormatting(codePointAt(text, i, length))) {
            // Reorders or hides what follows ("Trojan Source"): shown as its code point.
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04X", static_cast<unsigned>(codePointAt(text, i, length)));
            out += escaped;
            i += length;
        } else {
            out.append(text.substr(i, length));
            i += length;
        }
    }
    return out;
}

std::string terminalSafeJson(std::string_view json)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(json.size());
    for (std::size_t i = 0; i < json.size(); ++i) {
        const auto c = static_cast<unsigned char>(json[i]);
        int code = -1;
        if (c == 0x7F)
            code = 0x7F;
        else if (c == 0xC2 && i + 1 < json.size() && static_cast<unsigned char>(json[i + 1]) < 0xA0)
            code = static_cast<unsigned char>(json[++i]);
        else if (const std::size_t length = c >= 0xC2 ? utf8SequenceLength(json, i) : 0;
                 length > 1 && isInvisibleFormatting(codePointAt(json, i, length))) {
            code = static_cast<int>(codePointAt(json, i, length));
            i += length - 1;
        }
        if (code < 0) {
            out += json[i];
            continue;
        }
        out += "\\u";
        out += kHex[(code >> 12) & 0x0F];
        out += kHex[(code >> 8) & 0x0F];
        out += kHex[(code >> 4) & 0x0F];
        out += kHex[code & 0x0F];
    }
    return out;
}

} // namespace lessonscope
