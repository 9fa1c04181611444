#include "core/artifact/jsonwriter.h"

#include "core/artifact/problem.h"
#include "core/base/utf8.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace lessonscope {

namespace {

// Where the writer is, kept on the stack and turned into a JSON Pointer only for an error message.
struct PathNode {
    const PathNode *parent = nullptr;
    const std::string *key = nullptr; // set for an object member
    std::size_t index = 0;            // otherwise the array index
};

std::string pointerOf(const PathNode *node)
{
    if (!node)
        return {};
    const std::string parent = pointerOf(node->parent);
    return node->key ? childPointer(parent, *node->key) : childPointer(parent, node->index);
}

void writeString(std::string &out, const std::string &text, const PathNode *where)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            const std::size_t length = utf8SequenceLength(text, i);
            if (length == 0) {
                throw std::invalid_argument("the string at " + displayPointer(pointerOf(where))
                                            + " is not valid UTF-8 and cannot be written as JSON");
            }
            out.append(text, i, length);
            i += length;
            continue;
        }
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 0x0f];
            } else {
                out += static_cast<char>(c);
            }
        }
        ++i;
    }
    out += '"';
}

template<typename Integer>
void writeInteger(std::string &out, Integer value)
{
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

void newline(std::string &out, const JsonWriteOptions &options, int level)
{
    if (options.indent < 0)
        return;
    out += '\n';
    out.append(static_cast<std::size_t>(options.indent) * static_cast<std::size_t>(level), ' ');
}

// The text being written, handed to the sink (when there is one) once it holds a chunk.
struct Output {
    static constexpr std::size_t kChunk = 64 * 1024;
    std::string text;
    const JsonSink *sink = nullptr;

    void flushIfFull()
    {
        if (sink && text.size() >= kChunk) {
            (*sink)(text);
            text.clear();
        }
    }
};

void writeValue(Output &output, const Json &value, const JsonWriteOptions &options, int level, const PathNode *where)
{
    std::string &out = output.text;
    switch (value.type()) {
    case Json::value_t::null:
        out += "null";
        return;
    case Json::value_t::boolean:
        out += value.get<bool>() ? "true" : "false";
        return;
    case Json::value_t::number_integer:
        writeInteger(out, value.get<std::int64_t>());
        return;
    case Json::value_t::number_unsigned:
        writeInteger(out, value.get<std::uint64_t>());
        return;
    case Json::value_t::number_float:
        out += formatJsonDouble(value.get<double>());
        return;
    case Json::value_t::string:
        writeString(out, value.get_ref<const std::string &>(), where);
        return;
    case Json::value_t::array: {
        if (value.empty()) {
            out += "[]";
            return;
        }
        out += '[';
        std::size_t index = 0;
        for (const Json &element : value) {
            if (index > 0)
                out += ',';
            newline(out, options, level + 1);
            const PathNode here{where, nullptr, index++};
            writeValue(output, element, options, level + 1, &here);
            output.flushIfFull();
        }
        newline(out, options, level);
        out += ']';
        return;
    }
    case Json::value_t::object: {
        if (value.empty()) {
            out += "{}";
            return;
        }
        // ordered_json keeps document order; sorting pointers avoids copying the members.
        std::vector<std::pair<const std::string *, const Json *>> members;
        members.reserve(value.size());
        for (auto it = value.begin(); it != value.end(); ++it)
            members.emplace_back(&it.key(), &it.value());
        if (options.sortKeys) {
            // std::string compares as unsigned bytes: the order of the UTF-8 bytes, which is also
            // the order of the code points.
            std::sort(members.begin(), members.end(), [](const auto &a, const auto &b) { return *a.first < *b.first; });
        }
        out += '{';
        bool first = true;
        for (const auto &[key, member] : members) {
            if (!first)
                out += ',';
            first = false;
            newline(out, options, level + 1);
            const PathNode here{where, key, 0};
            writeString(out, *key, &here);
            out += options.indent < 0 ? ":" : ": ";
            writeValue(output, *member, options, level + 1, &here);
            output.flushIfFull();
        }
        newline(out, options, level);
        out += '}';
        return;
    }
    case Json::value_t::binary:
    case Json::value_t::discarded:
        break;
    }
    throw std::invalid_argument("the value at " + displayPointer(pointerOf(where))
                                + " has no JSON text form (binary or discarded)");
}

} // namespace

std::string formatJsonDouble(double value)
{
    if (!std::isfinite(value))
        return "null";
    // std::to_chars without a precision gives the shortest digits that read back as the same
    // double (and of those, the closest), which is also what Python's repr() chooses; only the
    // layout below is Python's.
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    const std::string_view text(buffer, static_cast<std::size_t>(result.ptr - buffer));
    const std::size_t e = text.find('e');
    std::string digits;
    for (char c : text.substr(0, e)) {
        if (c >= '0' && c <= '9')
            digits += c;
    }
    std::string_view exponentText = text.substr(e + 1);
    if (!exponentText.empty() && exponentText.front() == '+')
        exponentText.remove_prefix(1);
    int exponent = 0;
    std::from_chars(exponentText.data(), exponentText.data() + exponentText.size(), exponent);

    const int k = static_cast<int>(digits.size());
    const int point = exponent + 1; // the value is 0.<digits> × 10^point
    std::string out = std::signbit(value) ? "-" : "";
    if (point > -4 && point <= 16) {
        if (point <= 0)
            out += "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
        else if (point >= k)
            out += digits + std::string(static_cast<std::size_t>(point - k), '0') + ".0";
        else
            out += digits.substr(0, static_cast<std::size_t>(point)) + '.'
                + digits.substr(static_cast<std::size_t>(point));
    } else {
        out += digits.front();
        if (k > 1)
            out += '.' + digits.substr(1);
        out += exponent < 0 ? "e-" : "e+";
        const int magnitude = std::abs(exponent);
        if (magnitude < 10)
            out += '0';
        out += std::to_string(magnitude);
    }
    return out;
}

std::string writeJson(const Json &value, const JsonWriteOptions &options)
{
    Output output;
    writeValue(output, value, options, 0, nullptr);
    return std::move(output.text);
}

void writeJson(const Json &value, const JsonWriteOptions &options, const JsonSink &sink)
{
    Output output;
    output.text.reserve(Output::kChunk + 4096);
    output.sink = &sink;
    writeValue(output, value, options, 0, nullptr);
    if (!output.text.empty())
        sink(output.text);
}

} // namespace lessonscope
