#include "core/artifact/structurescan.h"

#include <algorithm>

namespace lessonscope::detail {

namespace {

struct OpenLevel {
    bool isArray = false;
    std::size_t ordinal = 0; // arrays only
    std::size_t openedAt = 0;
    std::size_t commas = 0;
    bool holdsSomething = false;
};

bool isWhitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool isNumberCharacter(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

} // namespace

TextStructure scanStructure(std::string_view text, int maxDepth)
{
    TextStructure structure;
    std::vector<OpenLevel> levels;
    levels.reserve(static_cast<std::size_t>(std::max(maxDepth, 0)) + 1);
    std::size_t arrays = 0;
    bool inString = false;
    bool escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (isWhitespace(c))
            continue;
        if (isNumberCharacter(c)) { // most of a long array: nothing to do but mark its level
            if (!levels.empty())
                levels.back().holdsSomething = true;
            continue;
        }
        const bool closes = c == ']' || c == '}';
        if (!levels.empty() && !closes)
            levels.back().holdsSomething = true;
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (static_cast<int>(levels.size()) >= maxDepth) {
                structure.tooDeep = i;
                return structure;
            }
            OpenLevel level;
            level.isArray = c == '[';
            level.ordinal = level.isArray ? arrays++ : 0;
            level.openedAt = i;
            levels.push_back(level);
        } else if (c == ',' && !levels.empty()) {
            ++levels.back().commas;
        } else if (closes && !levels.empty()) {
            const OpenLevel level = levels.back();
            levels.pop_back();
            const std::size_t length = level.holdsSomething ? level.commas + 1 : 0;
            if (level.isArray && length >= kKnownLengthFrom && 2 * length <= i - level.openedAt)
                structure.longArrays.push_back({level.ordinal, length});
        }
    }
    // Closed innermost first; the builder meets them in the order they open.
    std::sort(structure.longArrays.begin(), structure.longArrays.end(),
              [](const KnownLength &a, const KnownLength &b) { return a.ordinal < b.ordinal; });
    return structure;
}

} // namespace lessonscope::detail
