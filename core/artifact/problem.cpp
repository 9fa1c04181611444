#include "core/artifact/problem.h"

#include "core/base/utf8.h"

#include <algorithm>

namespace lessonscope {

const char *severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return "info";
    case Severity::Warning:
        return "warning";
    case Severity::Error:
        return "error";
    }
    return "error";
}

std::string displayPointer(const std::string &pointer) { return pointer.empty() ? std::string("(document)") : pointer; }

std::string formatProblem(const std::string &file, const Problem &problem)
{
    // This line goes to terminals: a key in the pointer (and a file name) is whatever the file
    // held, so control characters are shown as \xNN rather than sent to the terminal as escape
    // sequences (docs/security.md). The Problem itself keeps the exact pointer.
    return printableText(file) + ": " + severityName(problem.severity) + ": "
        + printableText(displayPointer(problem.pointer)) + ": " + printableText(problem.message);
}

bool hasErrors(const Problems &problems)
{
    return std::any_of(problems.begin(), problems.end(),
                       [](const Problem &p) { return p.severity == Severity::Error; });
}

int countOf(const Problems &problems, Severity severity)
{
    return static_cast<int>(std::count_if(problems.begin(), problems.end(),
                                          [severity](const Problem &p) { return p.severity == severity; }));
}

std::string childPointer(const std::string &parent, const std::string &token)
{
    std::string result = parent;
    result.reserve(parent.size() + token.size() + 1);
    result += '/';
    for (char c : token) {
        // RFC 6901: '~' must become "~0" before '/' becomes "~1", so that "~1" in a key stays
        // distinguishable from an escaped '/'.
        if (c == '~')
            result += "~0";
        else if (c == '/')
            result += "~1";
        else
            result += c;
    }
    return result;
}

std::string childPointer(const std::string &parent, std::size_t index) { return parent + '/' + std::to_string(index); }

} // namespace lessonscope
