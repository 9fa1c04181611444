#pragma once

// Used by parseJson only; not part of core's public interface.

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace lessonscope::detail {

// A long array's element count, known before the parser reaches it: the array is the
// ordinal-th one of the document in text order (0 first), as the parser opens them.
struct KnownLength {
    std::size_t ordinal = 0;
    std::size_t length = 0;
};

struct TextStructure {
    // The offset of the first '[' or '{' that opens a level deeper than the limit.
    std::optional<std::size_t> tooDeep;
    // Arrays of kKnownLengthFrom elements or more, by ordinal: the builder reserves each one
    // whole, so that a 10⁷-number array is neither grown by doubling (copied 24 times, twice its
    // final size touched) nor left a third empty.
    std::vector<KnownLength> longArrays;
};

inline constexpr std::size_t kKnownLengthFrom = 1024;

// One linear pass over the text, skipping strings as the parser does, before the parser sees it:
// a hostile 100,000-deep document is refused without a recursive walk (the pass stops at the
// level past maxDepth, so its own stack holds at most maxDepth levels). A count is only a hint:
// it is kept only where it is possible (n elements need 2n characters between the brackets), so
// text that is not JSON reserves no more than JSON of its size would take.
TextStructure scanStructure(std::string_view text, int maxDepth);

} // namespace lessonscope::detail
