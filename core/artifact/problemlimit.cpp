#include "core/artifact/problemlimit.h"

#include <cctype>
#include <unordered_set>

namespace lessonscope {

namespace {

// Shapes are map keys: a hostile message (a long unquoted value) must not make them big.
constexpr std::size_t kMaxShapeLength = 200;

} // namespace

std::string problemShape(Severity severity, const std::string &message)
{
    std::string shape(severityName(severity));
    shape += ':';
    bool quoted = false;
    for (char c : message) {
        if (shape.size() >= kMaxShapeLength)
            break;
        if (c == '"') {
            quoted = !quoted;
            shape += c;
        } else if (quoted) {
            continue; // what a message quotes is the file's text, not the kind of problem
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            if (shape.back() != '#')
                shape += '#';
        } else {
            shape += c;
        }
    }
    return shape;
}

std::string groupedNumber(std::size_t value)
{
    std::string digits = std::to_string(value);
    for (std::size_t at = digits.size(); at > 3; at -= 3)
        digits.insert(at - 3, 1, ',');
    return digits;
}

bool ProblemLimiter::admit(Severity severity, const std::string &message)
{
    return ++m_seen[problemShape(severity, message)] <= m_perShape;
}

void ProblemLimiter::add(Problems &problems, Problem problem)
{
    if (admit(problem.severity, problem.message))
        problems.push_back(std::move(problem));
}

void ProblemLimiter::summarise(Problems &problems) const
{
    std::unordered_map<std::string, std::size_t> lastOf; // shape over its limit -> last index
    for (std::size_t i = 0; i < problems.size(); ++i) {
        std::string shape = problemShape(problems[i].severity, problems[i].message);
        const auto seen = m_seen.find(shape);
        if (seen != m_seen.end() && seen->second > m_perShape)
            lastOf[std::move(shape)] = i;
    }
    if (lastOf.empty())
        return;
    std::unordered_set<std::size_t> summaryAfter;
    for (const auto &[shape, index] : lastOf)
        summaryAfter.insert(index);
    Problems out;
    out.reserve(problems.size() + lastOf.size());
    for (std::size_t i = 0; i < problems.size(); ++i) {
        out.push_back(std::move(problems[i]));
        if (!summaryAfter.contains(i))
            continue;
        const Problem &last = out.back();
        const std::size_t seen = m_seen.at(problemShape(last.severity, last.message));
        out.push_back(
            Problem{last.severity, std::string(), "and " + groupedNumber(seen - m_perShape) + " more like this"});
    }
    problems = std::move(out);
}

} // namespace lessonscope
