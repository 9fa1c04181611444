#pragma once

#include <string>
#include <vector>

namespace lessonscope {

enum class Severity {
    Info,    // worth knowing, nothing wrong: e.g. a lesson this build does not know
    Warning, // shown, but suspicious
    Error,   // cannot be shown as intended
};

// One thing wrong with a document, located by a JSON Pointer (RFC 6901; "" is the whole document).
struct Problem {
    Severity severity = Severity::Error;
    std::string pointer;
    std::string message;

    friend bool operator==(const Problem &, const Problem &) = default;
};

using Problems = std::vector<Problem>;

const char *severityName(Severity severity);

// How a pointer is printed for people: the root "" reads as "(document)".
std::string displayPointer(const std::string &pointer);

// "FILE: severity: /json/pointer: message", the form every command-line report uses.
std::string formatProblem(const std::string &file, const Problem &problem);

bool hasErrors(const Problems &problems);
int countOf(const Problems &problems, Severity severity);

// Appends "/token" to a pointer, escaping '~' and '/' as RFC 6901 requires.
std::string childPointer(const std::string &parent, const std::string &token);
std::string childPointer(const std::string &parent, std::size_t index);

} // namespace lessonscope
