#pragma once

// How the format's checks and a lesson's own checks (Lesson::check) report what they find.

#include "core/artifact/problem.h"
#include "core/artifact/problemlimit.h"
#include "core/base/jsonfwd.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace lessonscope {

// Collects the problems of one document, at most kMaxProblemsOfAShape of each shape (one fault
// repeated in every element of a long array is one line per element otherwise); finish() adds
// "and N more like this" after the last of each shape that had more.
class Checker
{
public:
    explicit Checker(Problems &problems) : m_problems(problems) { }

    void error(const std::string &pointer, std::string message)
    {
        m_limiter.add(m_problems, Problem{Severity::Error, pointer, std::move(message)});
    }
    void warning(const std::string &pointer, std::string message)
    {
        m_limiter.add(m_problems, Problem{Severity::Warning, pointer, std::move(message)});
    }
    void info(const std::string &pointer, std::string message)
    {
        m_limiter.add(m_problems, Problem{Severity::Info, pointer, std::move(message)});
    }
    void finish() { m_limiter.summarise(m_problems); }

    // The member key of object, or nullptr when it is absent (object must be an object).
    static const Json *member(const Json &object, const char *key);

    // A required member of a given type: reports an error (missing, or of another type) and
    // returns nullptr, or returns the member. what says in a few words what the member is for.
    const Json *requireString(const Json &object, const std::string &pointer, const char *key, const char *what);
    const Json *requireObject(const Json &object, const std::string &pointer, const char *key, const char *what);
    const Json *requireArray(const Json &object, const std::string &pointer, const char *key, const char *what);

private:
    const Json *require(const Json &object, const std::string &pointer, const char *key, const char *what,
                        Json::value_t type, const char *typeName);

    Problems &m_problems;
    ProblemLimiter m_limiter;
};

// "the string \"1\"", "the number 2", "an array", ... for messages; long strings are shortened.
std::string describeValue(const Json &value);

// A number for messages: its shortest exact form ("8.500181138515472e-06").
std::string describeNumber(double value);

// A JSON number as a double, or nullopt for anything else.
std::optional<double> numberValue(const Json *value);

} // namespace lessonscope
