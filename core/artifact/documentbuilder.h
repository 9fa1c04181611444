#pragma once

// Used by parseJson only; not part of core's public interface.

#include "core/base/jsonfwd.h"
#include "core/artifact/problem.h"
#include "core/artifact/problemlimit.h"
#include "core/artifact/structurescan.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

namespace lessonscope::detail {

// Builds the document from nlohmann's SAX events (Json::sax_parse), as its own DOM parser
// would, with three differences that bound what a file can cost:
// - a key is added to an object in constant time: ordered_json's operator[] searches the object
//   linearly, so 100,000 keys took 37 s; here a key is looked up in an index (a hash of the
//   object's keys, made once the object is big enough to need one) and appended;
// - an object with more than maxKeys keys stops the parse with a problem naming its pointer;
// - a key repeated within an object is a warning with its JSON Pointer (ordered_json keeps the
//   key's first place and its last value), at most kMaxProblemsOfAShape of them;
// - an array whose length the text scan found (scanStructure) is reserved whole when it opens.
class DocumentBuilder
{
public:
    using number_integer_t = Json::number_integer_t;
    using number_unsigned_t = Json::number_unsigned_t;
    using number_float_t = Json::number_float_t;
    using string_t = Json::string_t;
    using binary_t = Json::binary_t;

    explicit DocumentBuilder(std::size_t maxKeys, std::vector<KnownLength> longArrays = {})
        : m_maxKeys(maxKeys), m_longArrays(std::move(longArrays))
    { }

    bool null() { return place(Json(nullptr)); }
    bool boolean(bool value) { return place(Json(value)); }
    bool number_integer(number_integer_t value) { return place(Json(value)); }
    bool number_unsigned(number_unsigned_t value) { return place(Json(value)); }
    bool number_float(number_float_t value, const string_t &) { return place(Json(value)); }
    bool string(string_t &value) { return place(Json(std::move(value))); }
    bool binary(binary_t &value) { return place(Json::binary(std::move(value))); }
    bool start_object(std::size_t) { return open(Json::object()); }
    bool start_array(std::size_t);
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(string_t &key);

    // Like nlohmann's DOM parser with exceptions on: the caller turns them into problems.
    template<class Exception>
    bool parse_error(std::size_t, const std::string &, const Exception &error)
    {
        throw error;
    }

    Json takeDocument() { return std::move(m_root); }
    // The duplicate keys (summarised past the limit) or the one object with too many keys.
    Problems takeProblems();

private:
    struct Frame {
        Json *container = nullptr;
        std::string token; // this container's reference token within its parent
        std::string lastKey;
        std::unordered_map<std::string, std::size_t> index; // key -> position, big objects only
    };

    bool place(Json value);
    bool open(Json container);
    bool close();
    Json *slotForKey(Frame &frame, const std::string &key);
    std::string pointerOfTop(std::size_t frames) const;
    void reportDuplicate(const std::string &key);

    std::size_t m_maxKeys;
    std::vector<KnownLength> m_longArrays; // by ordinal
    std::size_t m_nextLongArray = 0;       // the next of them the parse will meet
    std::size_t m_arraysOpened = 0;
    Json m_root;
    std::vector<Frame> m_frames;
    Json *m_slot = nullptr; // where the value after a key goes
    Problems m_problems;
    ProblemLimiter m_limiter;
};

} // namespace lessonscope::detail
