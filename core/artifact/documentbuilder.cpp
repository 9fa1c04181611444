#include "core/artifact/documentbuilder.h"

#include "core/base/utf8.h"

#include <algorithm>

namespace lessonscope::detail {

namespace {

// Below this many keys a linear search is cheaper than keeping a hash of the keys.
constexpr std::size_t kIndexFrom = 16;

// A reported pointer quotes every key on the way down; a hostile file of long keys nested
// deep made each duplicate's pointer hundreds of kilobytes (4 GB of problems from 1 MB). Keys
// longer than this are cut in reports, marked with "…"; no artifact has keys this long.
constexpr std::size_t kMaxReportedTokenBytes = 256;

std::string reportedToken(const std::string &token)
{
    if (token.size() <= kMaxReportedTokenBytes)
        return token;
    std::size_t cut = kMaxReportedTokenBytes;
    while (cut > 0 && (static_cast<unsigned char>(token[cut]) & 0xC0) == 0x80)
        --cut; // at a character boundary
    return token.substr(0, cut) + "…";
}

// ordered_map's members are pair<const string, Json>, whose move is not noexcept (the key is
// copied), so a vector of them grows by copying every member: a key written after a 10⁷-number
// array copied the array (160 MB, a third of the read's time). Grown here instead: the keys are
// copied, the values moved. Nothing points into the members: a member's frame is closed before
// its object takes another key.
void growMovingValues(Json::object_t::Container &object)
{
    Json::object_t::Container grown;
    grown.reserve(std::max<std::size_t>(4, 2 * object.capacity()));
    for (auto &member : object)
        grown.emplace_back(member.first, std::move(member.second));
    object.swap(grown);
}

} // namespace

bool DocumentBuilder::place(Json value)
{
    if (m_frames.empty()) {
        m_root = std::move(value);
        return true;
    }
    Json &container = *m_frames.back().container;
    if (container.is_array())
        container.get_ref<Json::array_t &>().push_back(std::move(value));
    else
        *m_slot = std::move(value);
    return true;
}

bool DocumentBuilder::open(Json container)
{
    Frame frame;
    if (m_frames.empty()) {
        m_root = std::move(container);
        frame.container = &m_root;
    } else {
        Frame &parent = m_frames.back();
        if (parent.container->is_array()) {
            auto &array = parent.container->get_ref<Json::array_t &>();
            frame.token = std::to_string(array.size());
            array.push_back(std::move(container));
            frame.container = &array.back();
        } else {
            frame.token = parent.lastKey;
            *m_slot = std::move(container);
            frame.container = m_slot;
        }
    }
    // The parent does not change while this container is open, so the pointer stays valid.
    m_frames.push_back(std::move(frame));
    return true;
}

bool DocumentBuilder::start_array(std::size_t)
{
    open(Json::array());
    const std::size_t ordinal = m_arraysOpened++;
    while (m_nextLongArray < m_longArrays.size() && m_longArrays[m_nextLongArray].ordinal < ordinal)
        ++m_nextLongArray; // a hint is only a hint
    if (m_nextLongArray < m_longArrays.size() && m_longArrays[m_nextLongArray].ordinal == ordinal)
        m_frames.back().container->get_ref<Json::array_t &>().reserve(m_longArrays[m_nextLongArray++].length);
    return true;
}

bool DocumentBuilder::close()
{
    if (!m_frames.empty())
        m_frames.pop_back();
    return true;
}

bool DocumentBuilder::key(string_t &key)
{
    Frame &frame = m_frames.back();
    m_slot = slotForKey(frame, key);
    if (!m_slot) {
        m_problems.push_back(Problem{Severity::Error, pointerOfTop(m_frames.size()),
                                     "this object has more than " + groupedNumber(m_maxKeys)
                                         + " keys; lessonscope refuses such documents (an "
                                           "artifact never needs that many)"});
        return false; // stops the parse
    }
    frame.lastKey = std::move(key);
    return true;
}

// The member for key: a new one at the end, or the first one of a repeated key (emptied, as
// ordered_json's operator[] would overwrite it). Null when the object is full.
Json *DocumentBuilder::slotForKey(Frame &frame, const std::string &key)
{
    // The vector under ordered_map: its index and append, not the map's linear search.
    Json::object_t::Container &object = frame.container->get_ref<Json::object_t &>();
    std::size_t found = object.size();
    if (object.size() < kIndexFrom) {
        for (std::size_t i = 0; i < object.size(); ++i) {
            if (object[i].first == key)
                found = i;
        }
    } else {
        if (frame.index.empty()) {
            for (std::size_t i = 0; i < object.size(); ++i)
                frame.index.emplace(object[i].first, i);
        }
        const auto [at, inserted] = frame.index.try_emplace(key, object.size());
        found = at->second;
    }
    if (found < object.size()) {
        reportDuplicate(key);
        object[found].second = nullptr;
        return &object[found].second;
    }
    if (object.size() >= m_maxKeys)
        return nullptr;
    if (object.size() == object.capacity())
        growMovingValues(object);
    object.emplace_back(key, nullptr);
    return &object.back().second;
}

std::string DocumentBuilder::pointerOfTop(std::size_t frames) const
{
    std::string pointer;
    for (std::size_t i = 1; i < frames; ++i)
        pointer = childPointer(pointer, reportedToken(m_frames[i].token));
    return pointer;
}

void DocumentBuilder::reportDuplicate(const std::string &key)
{
    std::string message = "the key \"" + printableText(reportedToken(key))
        + "\" appears more than once in this object; only its last value is kept";
    if (!m_limiter.admit(Severity::Warning, message))
        return; // counted; no pointer built
    m_problems.push_back(Problem{Severity::Warning, childPointer(pointerOfTop(m_frames.size()), reportedToken(key)),
                                 std::move(message)});
}

Problems DocumentBuilder::takeProblems()
{
    m_limiter.summarise(m_problems);
    return std::move(m_problems);
}

} // namespace lessonscope::detail
