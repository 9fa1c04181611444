#pragma once

#include <string>

namespace lessonscope {

// The pieces one after another — texts and numbers already formatted — as one string: a sentence
// written as it reads. Appended into one string, not a chain of operator+ (on which GCC 12 warns
// falsely, -Wrestrict).
template<typename... Pieces>
std::string concat(const Pieces &...pieces)
{
    std::string text;
    (text.append(pieces), ...);
    return text;
}

} // namespace lessonscope
