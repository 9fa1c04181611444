// The figures' data: "data" with its panels (docs/artifact-format.md, "data").

#include "core/base/utf8.h"
#include "core/artifact/validation_p.h"

namespace lessonscope::detail {

namespace {

// Checks every element of an array member: numbers (x, y) or strings (labels).
void checkElements(const Json &array, const std::string &pointer, const char *key, bool numbers, Checker &checker)
{
    for (std::size_t i = 0; i < array.size(); ++i) {
        const Json &element = array[i];
        if (numbers ? element.is_number() : element.is_string())
            continue;
        checker.error(childPointer(pointer, i),
                      std::string(key) + "[" + std::to_string(i) + "] must be " + (numbers ? "a number" : "a string")
                          + ", but it is " + describeValue(element));
    }
}

// series: [{label, y}], each y as long as the panel's labels (bar) or x (line) when that is known.
void checkSeries(const Json &panel, const std::string &pointer, std::optional<std::size_t> expected,
                 const char *expectedName, bool durations, Checker &checker)
{
    const Json *series = checker.requireArray(panel, pointer, "series", "the plotted series, [{label, y}]");
    if (!series)
        return;
    for (std::size_t s = 0; s < series->size(); ++s) {
        const Json &entry = (*series)[s];
        const std::string here = childPointer(childPointer(pointer, "series"), s);
        if (!entry.is_object()) {
            checker.error(here,
                          "series " + std::to_string(s) + " must be an object {label, y}, but it is "
                              + describeValue(entry));
            continue;
        }
        checker.requireString(entry, here, "label", "the series' name in the legend");
        const Json *y = checker.requireArray(entry, here, "y", "the series' values");
        if (!y)
            continue;
        const std::string yPointer = childPointer(here, "y");
        checkElements(*y, yPointer, "y", true, checker);
        if (expected && y->size() != *expected) {
            checker.error(yPointer,
                          "y has " + std::to_string(y->size()) + " values but " + expectedName + " has "
                              + std::to_string(*expected) + "; a series needs exactly one value for each");
        }
        if (!durations)
            continue;
        for (std::size_t i = 0; i < y->size(); ++i) {
            const auto value = numberValue(&(*y)[i]);
            if (value && *value < 0) {
                checker.warning(childPointer(yPointer, i),
                                "a negative duration (" + describeNumber(*value)
                                    + " seconds) cannot be a measured time");
            }
        }
    }
}

void validatePanel(const Json &panel, const std::string &pointer, std::size_t index, Checker &checker)
{
    if (!panel.is_object()) {
        checker.error(pointer,
                      "panel " + std::to_string(index) + " must be an object, but it is " + describeValue(panel));
        return;
    }
    const Json *kind = checker.requireString(panel, pointer, "kind", "the panel's kind, \"bar\" or \"line\"");
    if (!kind)
        return;
    const std::string &kindText = kind->get_ref<const std::string &>();
    if (kindText != "bar" && kindText != "line") {
        checker.warning(childPointer(pointer, "kind"),
                        "panel kind \"" + printableText(kindText)
                            + "\" is not known to this lessonscope; the panel is shown as raw JSON");
        return;
    }
    checker.requireString(panel, pointer, "title", "the panel's title");
    const Json *ylabel = checker.requireString(panel, pointer, "ylabel", "the label of the value axis");
    const bool durations = ylabel && ylabel->get_ref<const std::string &>() == "seconds";

    std::optional<std::size_t> expected;
    if (kindText == "bar") {
        if (const Json *labels = checker.requireArray(panel, pointer, "labels", "one category per bar")) {
            checkElements(*labels, childPointer(pointer, "labels"), "labels", false, checker);
            expected = labels->size();
        }
        checkSeries(panel, pointer, expected, "labels", durations, checker);
        return;
    }
    if (const Json *x = checker.requireArray(panel, pointer, "x", "the positions along the horizontal axis")) {
        checkElements(*x, childPointer(pointer, "x"), "x", true, checker);
        expected = x->size();
    }
    // xlabel is optional (an axis may go unlabelled) but must be text when present.
    if (const Json *xlabel = Checker::member(panel, "xlabel"); xlabel && !xlabel->is_string()) {
        checker.error(childPointer(pointer, "xlabel"),
                      "xlabel must be a string (the label of the horizontal axis), but it is "
                          + describeValue(*xlabel));
    }
    checkSeries(panel, pointer, expected, "x", durations, checker);
}

} // namespace

void validateData(const Json &data, Checker &checker)
{
    const std::string pointer = "/data";
    const Json *kind = checker.requireString(data, pointer, "kind", "how the figures are stored, \"panels\"");
    if (!kind)
        return;
    if (kind->get_ref<const std::string &>() != "panels") {
        checker.warning("/data/kind",
                        "data kind \"" + printableText(kind->get<std::string>())
                            + "\" is not known to this lessonscope; its figures are not shown");
        return;
    }
    const Json *panels = checker.requireArray(data, pointer, "panels", "the figures, one object each");
    if (!panels)
        return;
    for (std::size_t i = 0; i < panels->size(); ++i)
        validatePanel((*panels)[i], childPointer("/data/panels", i), i, checker);
}

} // namespace lessonscope::detail
