#pragma once

// Used by parseJson only; not part of core's public interface.

#include "core/base/jsonfwd.h"
#include "core/artifact/problem.h"

#include <nlohmann/json.hpp>

#include <string>
#include <unordered_set>
#include <vector>

namespace lessonscope::detail {

// Finds keys repeated within one object while nlohmann parses (as its parser callback):
// ordered_json keeps only the last value of a repeated key, so the reader says so, with the
// key's JSON Pointer, instead of losing data silently.
class DuplicateKeyFinder
{
public:
    // The callback to pass to Json::parse; it refers to this finder, which must outlive the parse.
    Json::parser_callback_t callback();

    Problems takeProblems() { return std::move(m_problems); }

private:
    struct Frame {
        bool isArray = false;
        std::size_t nextIndex = 0;
        std::string token; // this container's reference token within its parent
        std::string lastKey;
        std::unordered_set<std::string> keys;
    };

    bool onEvent(nlohmann::json::parse_event_t event, const Json &parsed);
    std::string nextToken();
    void reportDuplicate(const std::string &key);

    std::vector<Frame> m_frames;
    Problems m_problems;
};

} // namespace lessonscope::detail
