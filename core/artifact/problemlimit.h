#pragma once

// Problems of one shape are reported a bounded number of times: a hostile file can repeat one
// fault millions of times (10 M copies of a key made 1.24 GB of warnings), and past the first
// hundred the rest say nothing new. docs/security.md lists this limit with the others.

#include "core/artifact/problem.h"

#include <cstddef>
#include <string>
#include <unordered_map>

namespace lessonscope {

inline constexpr std::size_t kMaxProblemsOfAShape = 100;

// "the key \"a\" appears..." and "the key \"b\" appears..." have one shape: severity and message
// with quoted text and numbers left out, so problems that differ only in what they quote count
// together.
std::string problemShape(Severity severity, const std::string &message);

// "1,234,567": counts in reports are read by people.
std::string groupedNumber(std::size_t value);

class ProblemLimiter
{
public:
    explicit ProblemLimiter(std::size_t perShape = kMaxProblemsOfAShape) : m_perShape(perShape) { }

    // True while fewer than perShape problems of this shape were admitted; otherwise counts the
    // problem as left out. Ask before building an expensive pointer.
    bool admit(Severity severity, const std::string &message);

    // Adds problem to problems when admitted.
    void add(Problems &problems, Problem problem);

    // After the last problem of each shape that had some left out, one line of its severity:
    // "and 9,999,990 more like this".
    void summarise(Problems &problems) const;

private:
    std::size_t m_perShape;
    std::unordered_map<std::string, std::size_t> m_seen; // shape -> problems of it met
};

} // namespace lessonscope
