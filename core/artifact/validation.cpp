#include "core/artifact/validation.h"

#include "core/artifact/jsonreader.h"
#include "core/base/rfc3339.h"
#include "core/artifact/jsonwriter.h"
#include "core/base/utf8.h"
#include "core/artifact/validation_p.h"

#include <cmath>
#include <new>
#include <utility>
#include <vector>

namespace lessonscope {

const Json *Checker::member(const Json &object, const char *key)
{
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json *Checker::require(const Json &object, const std::string &pointer, const char *key, const char *what,
                             Json::value_t type, const char *typeName)
{
    const std::string here = childPointer(pointer, key);
    const Json *value = member(object, key);
    if (!value) {
        error(here, std::string(key) + " is missing (" + typeName + ": " + what + ")");
        return nullptr;
    }
    if (value->type() != type) {
        error(here, std::string(key) + " must be " + typeName + " (" + what + "), but it is " + describeValue(*value));
        return nullptr;
    }
    return value;
}

const Json *Checker::requireString(const Json &object, const std::string &pointer, const char *key, const char *what)
{
    return require(object, pointer, key, what, Json::value_t::string, "a string");
}

const Json *Checker::requireObject(const Json &object, const std::string &pointer, const char *key, const char *what)
{
    return require(object, pointer, key, what, Json::value_t::object, "an object");
}

const Json *Checker::requireArray(const Json &object, const std::string &pointer, const char *key, const char *what)
{
    return require(object, pointer, key, what, Json::value_t::array, "an array");
}

std::string describeValue(const Json &value)
{
    switch (value.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::boolean:
        return value.get<bool>() ? "true" : "false";
    case Json::value_t::number_integer:
        return "the integer " + std::to_string(value.get<std::int64_t>());
    case Json::value_t::number_unsigned:
        return "the integer " + std::to_string(value.get<std::uint64_t>());
    case Json::value_t::number_float:
        return "the number " + describeNumber(value.get<double>());
    case Json::value_t::string: {
        const auto &text = value.get_ref<const std::string &>();
        if (text.size() <= 40)
            return "the string \"" + printableText(text) + "\"";
        std::size_t cut = 37; // shortened at a character boundary
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
            --cut;
        return "the string \"" + printableText(text.substr(0, cut)) + "...\"";
    }
    case Json::value_t::array:
        return "an array";
    case Json::value_t::object:
        return "an object";
    default:
        return "a value that is not JSON";
    }
}

std::string describeNumber(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value < 0 ? "-infinity" : "infinity";
    return formatJsonDouble(value);
}

std::optional<double> numberValue(const Json *value)
{
    if (value && value->is_number())
        return value->get<double>();
    return std::nullopt;
}

namespace detail {

void validateDiagram(const Json &diagram, Checker &checker)
{
    const std::string pointer = "/diagram";
    checker.requireString(diagram, pointer, "title", "the diagram's title");
    checker.requireString(diagram, pointer, "prediction", "the question the learner answers first");
    checker.requireString(diagram, pointer, "reading", "the explanation shown after the answer");
    checker.requireString(diagram, pointer, "alt", "the diagram's accessible description");
    checker.requireString(diagram, pointer, "scope", "what kind of diagram this is");
    const Json *height = Checker::member(diagram, "height");
    if (!height) {
        checker.error("/diagram/height",
                      "height is missing; it must be a positive number (the "
                      "figure's height in inches)");
    } else if (!height->is_number() || !(height->get<double>() > 0)) {
        checker.error("/diagram/height",
                      "height must be a positive number (the figure's height "
                      "in inches), but it is "
                          + describeValue(*height));
    }
    if (const Json *panel = checker.requireObject(diagram, pointer, "panel", "it names the diagram's kind")) {
        if (const Json *kind
            = checker.requireString(*panel, "/diagram/panel", "kind", "the diagram's kind, such as \"timeline\"")) {
            if (kind->get_ref<const std::string &>() != "timeline") {
                checker.warning("/diagram/panel/kind",
                                "diagram kind \"" + printableText(kind->get<std::string>())
                                    + "\" is not known to this lessonscope; it is shown as raw JSON");
            }
        }
    }
}

} // namespace detail

namespace {

using detail::Checker;

bool isSha256Hex(const std::string &text)
{
    if (text.size() != 64)
        return false;
    for (char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

void checkSchemaVersion(const Json &document, Checker &checker)
{
    const Json *version = Checker::member(document, "schemaVersion");
    if (!version) {
        checker.error("/schemaVersion",
                      "schemaVersion is missing; this lessonscope reads "
                      "schemaVersion 1 and cannot tell which format this is");
    } else if (!version->is_number_integer()) {
        checker.error("/schemaVersion",
                      "schemaVersion must be the integer " + std::to_string(kSchemaVersion) + ", but it is "
                          + detail::describeValue(*version));
    } else if (version->dump() != std::to_string(kSchemaVersion)) {
        checker.error("/schemaVersion",
                      "schemaVersion " + version->dump() + " is not supported; this lessonscope reads schemaVersion "
                          + std::to_string(kSchemaVersion));
    }
}

void checkHash(const Json &document, const char *key, const char *what, Checker &checker)
{
    const Json *hash = checker.requireString(document, std::string(), key, what);
    if (hash && !isSha256Hex(hash->get<std::string>())) {
        checker.error(childPointer(std::string(), key),
                      std::string(key)
                          + " must be a SHA-256 written as 64 lowercase hexadecimal "
                            "digits, but it is "
                          + detail::describeValue(*hash));
    }
}

// NaN and infinities cannot be written as JSON: a document built in memory that holds one would
// be saved with null in their place. Iterative, so that no document depth can exhaust the stack.
void checkFiniteNumbers(const Json &document, Checker &checker)
{
    const auto check = [&](const Json &value, const auto &pointerOf) {
        if (value.is_number_float() && !std::isfinite(value.get<double>())) {
            checker.warning(pointerOf(),
                            "the number is " + detail::describeNumber(value.get<double>())
                                + ", which JSON cannot hold; it would be saved as null");
        }
    };
    check(document, [] { return std::string(); });
    // Only containers are queued (with their pointers); a scalar's pointer is made only for a
    // warning, so a large document costs little more than one pass over its values.
    std::vector<std::pair<const Json *, std::string>> pending{{&document, std::string()}};
    while (!pending.empty()) {
        // Plain variables, not a structured binding: the lambdas below capture them, which clang
        // before 16 cannot do for a binding (the fuzz preset builds core with clang 14).
        const Json *value = pending.back().first;
        const std::string pointer = std::move(pending.back().second);
        pending.pop_back();
        if (value->is_object()) {
            for (auto it = value->begin(); it != value->end(); ++it) {
                const auto childOf = [&] { return childPointer(pointer, it.key()); };
                if (it->is_structured())
                    pending.emplace_back(&*it, childOf());
                else
                    check(*it, childOf);
            }
        } else if (value->is_array()) {
            for (std::size_t i = 0; i < value->size(); ++i) {
                const Json &element = (*value)[i];
                const auto childOf = [&] { return childPointer(pointer, i); };
                if (element.is_structured())
                    pending.emplace_back(&element, childOf());
                else
                    check(element, childOf);
            }
        }
    }
}

void validateDocument(const Json &document, Checker &checker)
{
    if (!document.is_object()) {
        checker.error(std::string(),
                      "the document is " + detail::describeValue(document)
                          + ", not a JSON object: an artifact is an object");
        return;
    }
    checkSchemaVersion(document, checker);
    checker.requireString(document, {}, "lessonId", "which lesson this is, such as the first of a course");
    checkHash(document, "contentHash", "the identity of the lesson content that ran", checker);
    checkHash(document, "rendererHash", "the identity of the renderer that built the figures", checker);
    checker.requireString(document, {}, "kind", "how the numbers were obtained, such as \"executed\"");
    if (const Json *generatedAt = checker.requireString(document, {}, "generatedAt", "when the artifact was made")) {
        if (!isRfc3339DateTime(generatedAt->get<std::string>())) {
            checker.warning("/generatedAt",
                            "generatedAt is not an RFC 3339 date-time with a time "
                            "offset (such as \"2026-10-20T10:45:58.968076+00:00\"): "
                                + detail::describeValue(*generatedAt));
        }
    }
    checker.requireString(document, {}, "provenance", "where the numbers come from");
    if (const Json *environment
        = checker.requireObject(document, {}, "environment", "the machine and library versions"))
        checker.requireString(*environment, "/environment", "backend", "the kind of device, such as \"cpu\"");
    checker.requireString(document, {}, "stdout", "what the lesson program printed");
    if (const Json *data = checker.requireObject(document, {}, "data", "the figures' data"))
        detail::validateData(*data, checker);
    if (const Json *diagram
        = checker.requireObject(document, {}, "diagram", "the concept diagram and the prediction prompt"))
        detail::validateDiagram(*diagram, checker);

    if (const Json *trace = Checker::member(document, "trace"))
        detail::validateTrace(*trace, checker);
    checkFiniteNumbers(document, checker);
}

} // namespace

Problems validateFormat(const Json &document)
{
    Problems problems;
    Checker checker(problems);
    try {
        validateDocument(document, checker);
    } catch (const std::bad_alloc &) {
        checker.error(std::string(), "validation ran out of memory; the problems above are not all");
    } catch (const std::exception &error) {
        checker.error(std::string(), std::string("validation stopped early: ") + error.what());
    }
    checker.finish();
    return problems;
}

} // namespace lessonscope
