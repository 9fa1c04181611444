#include "ui/artifact/readablejson.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace lessonscope {

namespace {

std::string scalarText(const Json &value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

void newline(std::string &out, int indent)
{
    out += '\n';
    out.append(static_cast<std::size_t>(indent), ' ');
}

void write(std::string &out, const Json &value, int indent);

// [1, 2, 3, ...] flowed onto lines of at most kReadableLineWidth characters, one indent deeper.
void writeFlowingArray(std::string &out, const Json &array, int indent)
{
    out += '[';
    const int inner = indent + 2;
    std::size_t lineStart = out.size();
    newline(out, inner);
    bool firstOnLine = true;
    for (std::size_t i = 0; i < array.size(); ++i) {
        const std::string text = scalarText(array[i]) + (i + 1 < array.size() ? "," : "");
        const std::size_t column = out.size() - lineStart - 1;
        if (!firstOnLine && column + 1 + text.size() > kReadableLineWidth) {
            lineStart = out.size();
            newline(out, inner);
            firstOnLine = true;
        }
        if (!firstOnLine)
            out += ' ';
        out += text;
        firstOnLine = false;
    }
    newline(out, indent);
    out += ']';
}

void write(std::string &out, const Json &value, int indent)
{
    if (value.is_object()) {
        if (value.empty()) {
            out += "{}";
            return;
        }
        out += '{';
        bool first = true;
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (!first)
                out += ',';
            first = false;
            newline(out, indent + 2);
            out += scalarText(Json(it.key()));
            out += ": ";
            write(out, it.value(), indent + 2);
        }
        newline(out, indent);
        out += '}';
    } else if (value.is_array()) {
        if (value.empty()) {
            out += "[]";
            return;
        }
        const bool flat = std::all_of(value.begin(), value.end(), [](const Json &element) {
            return element.is_primitive() && !element.is_string();
        });
        if (flat) {
            writeFlowingArray(out, value, indent);
            return;
        }
        out += '[';
        bool first = true;
        for (const Json &element : value) {
            if (!first)
                out += ',';
            first = false;
            newline(out, indent + 2);
            write(out, element, indent + 2);
        }
        newline(out, indent);
        out += ']';
    } else {
        out += scalarText(value);
    }
}

} // namespace

std::string readableJson(const Json &value)
{
    std::string out;
    write(out, value, 0);
    return out;
}

} // namespace lessonscope
