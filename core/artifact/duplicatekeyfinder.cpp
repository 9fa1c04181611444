#include "core/artifact/duplicatekeyfinder.h"

#include "core/base/utf8.h"

namespace lessonscope::detail {

Json::parser_callback_t DuplicateKeyFinder::callback()
{
    return [this](int, nlohmann::json::parse_event_t event, Json &parsed) {
        return onEvent(event, parsed);
    };
}

bool DuplicateKeyFinder::onEvent(nlohmann::json::parse_event_t event, const Json &parsed)
{
    using Event = nlohmann::json::parse_event_t;
    switch (event) {
    case Event::object_start:
    case Event::array_start: {
        std::string token = nextToken();
        m_frames.push_back(Frame{event == Event::array_start, 0, std::move(token), {}, {}});
        break;
    }
    case Event::object_end:
    case Event::array_end:
        if (!m_frames.empty())
            m_frames.pop_back();
        break;
    case Event::key:
        if (!m_frames.empty()) {
            Frame &frame = m_frames.back();
            frame.lastKey = parsed.get<std::string>();
            if (!frame.keys.insert(frame.lastKey).second)
                reportDuplicate(frame.lastKey);
        }
        break;
    case Event::value:
        if (!m_frames.empty() && m_frames.back().isArray)
            ++m_frames.back().nextIndex; // an array element was read
        break;
    }
    return true; // keep every value
}

std::string DuplicateKeyFinder::nextToken()
{
    if (m_frames.empty())
        return {};
    Frame &parent = m_frames.back();
    return parent.isArray ? std::to_string(parent.nextIndex++) : parent.lastKey;
}

void DuplicateKeyFinder::reportDuplicate(const std::string &key)
{
    std::string pointer;
    for (std::size_t i = 1; i < m_frames.size(); ++i)
        pointer = childPointer(pointer, m_frames[i].token);
    m_problems.push_back(Problem{Severity::Warning, childPointer(pointer, key),
                                 "the key \"" + printableText(key)
                                     + "\" appears more than once in this object; only its last "
                                       "value is kept"});
}

} // namespace lessonscope::detail
