#include "core/artifact/jsonreader.h"

#include "core/artifact/documentbuilder.h"
#include "core/artifact/documentrelease.h"
#include "core/artifact/readerdiagnostics.h"
#include "core/artifact/structurescan.h"
#include "core/base/utf8.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <new>
#include <optional>

namespace lessonscope {

namespace {

using detail::positionAt;

std::string at(std::string_view text, std::size_t offset)
{
    const auto position = positionAt(text, offset);
    return "line " + std::to_string(position.line) + ", column " + std::to_string(position.column);
}

Problem documentError(std::string message) { return Problem{Severity::Error, std::string(), std::move(message)}; }

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

// The word (letters and signs) around offset, e.g. "-Infinity" or "NaN".
std::string wordAround(std::string_view text, std::size_t offset, std::size_t *start)
{
    const auto isWordChar = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '-' || c == '+'; };
    std::size_t begin = std::min(offset, text.size());
    while (begin > 0 && isWordChar(text[begin - 1]))
        --begin;
    std::size_t end = begin;
    while (end < text.size() && isWordChar(text[end]) && end - begin < 16)
        ++end;
    *start = begin;
    return std::string(text.substr(begin, end - begin));
}

bool isNonFiniteWord(std::string word)
{
    std::transform(word.begin(), word.end(), word.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!word.empty() && (word.front() == '-' || word.front() == '+'))
        word.erase(0, 1);
    return word == "nan" || word == "inf" || word == "infinity";
}

// nlohmann says "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error
// while parsing value - invalid literal; last read: '[tru'". Keep the diagnosis, drop the jargon
// (its "last read" shows a token buffer, not the text); the caller adds position and context.
std::string diagnosisOf(const std::string &what)
{
    std::string detail = what;
    const std::size_t column = detail.find("column");
    const std::size_t colon = detail.find(": ", column == std::string::npos ? 0 : column);
    if (colon != std::string::npos)
        detail.erase(0, colon + 2);
    const std::size_t dash = detail.find(" - ");
    if (startsWith(detail, "syntax error while parsing ") && dash != std::string::npos)
        detail.erase(0, dash + 3);
    const std::size_t lastRead = detail.find("; last read: '");
    if (lastRead != std::string::npos) {
        const std::size_t expected = detail.find("'; expected ", lastRead);
        detail = detail.substr(0, lastRead)
            + (expected == std::string::npos ? std::string() : detail.substr(expected + 1));
    }
    // nlohmann's grammar words, in the words of someone who edits JSON by hand.
    const std::pair<const char *, const char *> plain[] = {
        {"invalid literal", "not a JSON value (text needs double quotes; the only words are true, false and null)"},
        {"expected string literal", "expected a string in double quotes"},
        {"expected '[', '{', or a literal", "expected a value"},
        {"number literal", "number"},
        {"string literal", "string"},
    };
    for (const auto &[from, to] : plain) {
        if (const std::size_t at = detail.find(from); at != std::string::npos)
            detail.replace(at, std::string_view(from).size(), to);
    }
    return detail;
}

std::string syntaxErrorMessage(std::string_view text, const nlohmann::json::parse_error &error)
{
    // error.byte counts the characters read, so the offending one is at byte - 1.
    std::size_t offset = error.byte > 0 ? error.byte - 1 : 0;
    std::size_t wordStart = 0;
    const std::string word = wordAround(text, offset, &wordStart);
    if (offset < text.size() && isNonFiniteWord(word)) {
        return "syntax error at " + at(text, wordStart) + ": '" + printableText(word)
            + "' is not a JSON value: JSON has no NaN or Infinity (Python's json module writes "
              "them unless allow_nan=False)";
    }
    std::string detail = diagnosisOf(error.what());
    const auto byteAt = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    if (detail.find("ill-formed UTF-8") != std::string::npos) {
        // nlohmann stops at the byte that broke the sequence; point at the sequence's lead byte.
        const std::size_t last = std::min(offset, text.size() - 1);
        for (std::size_t back = 0; back < 4 && back <= last; ++back) {
            const unsigned char c = byteAt(last - back);
            if (c >= 0xC0) {
                offset = last - back;
                break;
            }
            if (c < 0x80 && back > 0)
                break;
        }
        detail = "a string holds bytes that are not valid UTF-8";
    } else if (offset < text.size() && byteAt(offset) >= 0x80) {
        detail = "the text is not valid UTF-8 here";
    }
    std::string message = "syntax error at " + at(text, offset) + ": " + detail;
    if (offset < text.size()) {
        // A little of the text up to the error, on its line, cut at a character boundary.
        std::size_t begin = offset > 24 ? offset - 24 : 0;
        const std::size_t lineStart = text.rfind('\n', offset);
        if (lineStart != std::string_view::npos && lineStart >= begin)
            begin = lineStart + 1;
        while (begin < offset && (static_cast<unsigned char>(text[begin]) & 0xC0) == 0x80)
            ++begin;
        std::size_t end = offset + 1;
        while (end < text.size() && end < offset + 4 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
            ++end;
        message += ", near '" + printableText(text.substr(begin, end - begin)) + "'";
    }
    return message;
}

std::string numberOverflowMessage(std::string_view text, const std::string &what)
{
    // "[json.exception.out_of_range.406] number overflow parsing '1e400'"
    const std::size_t open = what.find('\'');
    const std::size_t close = what.rfind('\'');
    std::string literal;
    if (open != std::string::npos && close > open)
        literal = what.substr(open + 1, close - open - 1);
    // A literal of hundreds of thousands of digits is named by its ends and its length, not
    // copied whole into a one-line message.
    constexpr std::size_t kShown = 24;
    const std::string shown = literal.size() <= 2 * kShown + 3 ? literal
                                                               : literal.substr(0, kShown) + "…"
            + literal.substr(literal.size() - kShown) + " (" + std::to_string(literal.size()) + " characters)";
    std::string message = "the number " + printableText(shown);
    const std::size_t found = literal.empty() ? std::string_view::npos : text.find(literal);
    if (found != std::string_view::npos)
        message += " at " + at(text, found);
    return message + " is too large: it does not fit in a double";
}

JsonParseResult parseChecked(std::string_view text, const ReadLimits &limits)
{
    JsonParseResult result;
    if (startsWith(text, "\xEF\xBB\xBF"))
        text.remove_prefix(3); // a UTF-8 byte-order mark: legal before JSON, not part of it
    if (startsWith(text, "\xFF\xFE") || startsWith(text, "\xFE\xFF")) {
        result.problems.push_back(
            documentError("the text is UTF-16 (it starts with a UTF-16 byte-order mark); artifacts are UTF-8"));
        return result;
    }
    if (text.empty()) {
        result.problems.push_back(documentError("the document is empty: there is no JSON in it"));
        return result;
    }
    // A NUL byte never belongs in JSON text (not even in a string, where it must be escaped):
    // say what the file is rather than where the parser gave up.
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
        const bool utf16 = text.size() >= 4 && (text[0] == '\0') != (text[1] == '\0')
            && (text[2] == '\0') == (text[0] == '\0') && (text[3] == '\0') == (text[1] == '\0');
        result.problems.push_back(documentError(
            utf16 ? std::string("the text looks like UTF-16 without a byte-order mark (every other byte is 0); "
                                "artifacts are UTF-8")
                  : "the file holds NUL bytes (the first at byte " + std::to_string(nul)
                    + "): it is not JSON text, which is UTF-8"));
        return result;
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        result.problems.push_back(documentError("the document holds only whitespace: there is no JSON in it"));
        return result;
    }
    detail::TextStructure structure = detail::scanStructure(text, limits.maxDepth);
    if (structure.tooDeep) {
        result.problems.push_back(documentError("the document is nested deeper than " + std::to_string(limits.maxDepth)
                                                + " levels of arrays and objects (at " + at(text, *structure.tooDeep)
                                                + "); lessonscope refuses such documents"));
        return result;
    }
    detail::DocumentBuilder builder(limits.maxKeysPerObject, std::move(structure.longArrays));
    try {
        const bool complete = Json::sax_parse(text.begin(), text.end(), &builder, Json::input_format_t::json,
                                              /*strict=*/true, /*ignore_comments=*/false);
        result.problems = builder.takeProblems();
        if (complete) // false when the builder refused an object with too many keys
            result.document = shareDocument(builder.takeDocument());
    } catch (const nlohmann::json::parse_error &error) {
        result.problems.push_back(documentError(syntaxErrorMessage(text, error)));
    } catch (const nlohmann::json::out_of_range &error) {
        result.problems.push_back(documentError(numberOverflowMessage(text, error.what())));
    }
    return result;
}

} // namespace

JsonParseResult parseJson(std::string_view bytes, const ReadLimits &limits)
{
    try {
        if (bytes.size() > limits.maxBytes) {
            JsonParseResult result;
            result.problems.push_back(
                documentError(detail::tooLargeMessage("the document", bytes.size(), limits.maxBytes)));
            return result;
        }
        return parseChecked(bytes, limits);
    } catch (const std::bad_alloc &) {
        JsonParseResult result;
        result.problems.push_back(documentError("there is not enough memory to read the document"));
        return result;
    } catch (const std::exception &error) {
        JsonParseResult result;
        result.problems.push_back(
            documentError(std::string("the document cannot be read: ") + printableText(error.what())));
        return result;
    } catch (...) {
        JsonParseResult result;
        result.problems.push_back(documentError("the document cannot be read (unknown failure)"));
        return result;
    }
}

} // namespace lessonscope
