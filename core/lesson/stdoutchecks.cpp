#include "core/lesson/stdoutchecks.h"

#include "core/artifact/lenientjson.h"

#include "core/timing/statistics.h"

#include <cmath>

namespace lessonscope::stdoutchecks {

const Json *panelAt(const Json &document, std::size_t index, const char *kind, std::string *pointer)
{
    const Json *data = Checker::member(document, "data");
    const Json *panels = data && data->is_object() ? Checker::member(*data, "panels") : nullptr;
    if (!panels || !panels->is_array() || index >= panels->size())
        return nullptr;
    const Json &panel = (*panels)[index];
    if (!panel.is_object() || panel.value("kind", Json()) != kind)
        return nullptr;
    *pointer = childPointer("/data/panels", index);
    return &panel;
}

// The y array of the series with this label, or of the only series when none has it.
const Json *seriesValues(const Json &panel, const char *label, std::string *pointer)
{
    const Json *series = Checker::member(panel, "series");
    if (!series || !series->is_array())
        return nullptr;
    std::optional<std::size_t> chosen;
    for (std::size_t s = 0; s < series->size(); ++s) {
        const Json &entry = (*series)[s];
        if (entry.is_object() && entry.value("label", Json()) == label)
            chosen = s;
    }
    if (!chosen && series->size() == 1)
        chosen = 0;
    if (!chosen || !(*series)[*chosen].is_object())
        return nullptr;
    const Json *y = Checker::member((*series)[*chosen], "y");
    if (!y || !y->is_array())
        return nullptr;
    *pointer = childPointer(childPointer(childPointer(*pointer, "series"), *chosen), "y");
    return y;
}

// A duration printed on stdout: a non-negative number, or a warning.
std::optional<double> durationOf(const Json &out, const char *key, Checker &checker)
{
    const Json *value = Checker::member(out, key);
    if (!value)
        return std::nullopt;
    if (!value->is_number()) {
        checker.warning("/stdout", "stdout's " + std::string(key) + " is not a number: it is " + describeValue(*value));
        return std::nullopt;
    }
    const double number = value->get<double>();
    if (number < 0)
        checker.warning("/stdout",
                        "stdout's " + std::string(key) + " is negative (" + describeNumber(number)
                            + "); a duration cannot be negative");
    return number;
}

// A list of durations on stdout; nullopt unless every element is a number.
std::optional<std::vector<double>> durationsOf(const Json &out, const char *key, Checker &checker)
{
    const Json *value = Checker::member(out, key);
    if (!value)
        return std::nullopt;
    if (!value->is_array()) {
        checker.warning("/stdout",
                        "stdout's " + std::string(key) + " is not a list of numbers: it is " + describeValue(*value));
        return std::nullopt;
    }
    std::vector<double> numbers;
    bool allNumbers = true;
    for (std::size_t i = 0; i < value->size(); ++i) {
        const Json &element = (*value)[i];
        const std::string name = "stdout's " + std::string(key) + "[" + std::to_string(i) + "]";
        if (!element.is_number()) {
            checker.warning("/stdout", name + " is not a number: it is " + describeValue(element));
            allNumbers = false;
            continue;
        }
        numbers.push_back(element.get<double>());
        if (numbers.back() < 0)
            checker.warning("/stdout",
                            name + " is negative (" + describeNumber(numbers.back())
                                + "); a duration cannot be negative");
    }
    return allNumbers ? std::optional(numbers) : std::nullopt;
}

void checkMedian(const std::optional<std::vector<double>> &samples, const std::optional<double> &stated,
                 const char *medianKey, const std::string &samplesKey, Checker &checker)
{
    if (!samples || samples->empty() || !stated)
        return;
    const double expected = median(*samples);
    // The pipeline computes numpy.median: the middle value, or (a + b) / 2 of the two middle ones,
    // which this median() reproduces bit for bit; the tolerance only forgives a pipeline that
    // averages as a/2 + b/2.
    if (std::fabs(*stated - expected) <= 1e-12 * std::fabs(expected))
        return;
    checker.warning("/stdout",
                    "stdout's " + std::string(medianKey) + " (" + describeNumber(*stated) + ") is not the median of "
                        + samplesKey + " (" + describeNumber(expected) + ")");
}

// One stdout number against one panel value: the same measurement, so the same double.
void compareValue(const Json &y, std::size_t index, const std::string &pointer, double stated, const std::string &what,
                  Checker &checker)
{
    if (index >= y.size() || !y[index].is_number())
        return; // the panel checks report a missing or non-numeric value
    const double shown = y[index].get<double>();
    if (shown != stated) {
        checker.warning(childPointer(pointer, index),
                        "the panel shows " + describeNumber(shown) + " but stdout's " + what + " is "
                            + describeNumber(stated) + "; they should be the same measurement");
    }
}

void compareBar(const Json &document, std::size_t panelIndex, const char *series, double stated, const char *key,
                Checker &checker)
{
    std::string pointer;
    const Json *panel = panelAt(document, panelIndex, "bar", &pointer);
    const Json *y = panel ? seriesValues(*panel, series, &pointer) : nullptr;
    if (y)
        compareValue(*y, 0, pointer, stated, key, checker);
}

void compareLine(const Json &document, std::size_t panelIndex, const char *series, const std::vector<double> &samples,
                 const char *key, Checker &checker)
{
    compareSeries(document, panelIndex, "line", series, samples, key, checker);
}

void compareSeries(const Json &document, std::size_t panelIndex, const char *kind, const char *series,
                   const std::vector<double> &samples, const char *key, Checker &checker,
                   const std::vector<std::string> &valueKeys)
{
    std::string pointer;
    const Json *panel = panelAt(document, panelIndex, kind, &pointer);
    const Json *y = panel ? seriesValues(*panel, series, &pointer) : nullptr;
    if (!y)
        return;
    if (y->size() != samples.size()) {
        checker.warning(pointer,
                        "the panel shows " + std::to_string(y->size()) + " values but stdout's " + key + " has "
                            + std::to_string(samples.size()));
        return;
    }
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (std::isnan(samples[i]))
            continue; // stdout states no number there: its own checks say so
        const std::string what = i < valueKeys.size() ? valueKeys[i] : std::string(key) + "[" + std::to_string(i) + "]";
        compareValue(*y, i, pointer, samples[i], what, checker);
    }
}

std::optional<double> nonNegativeOf(const Json &out, const char *key, const char *what, Checker &checker)
{
    const Json *value = Checker::member(out, key);
    if (!value)
        return std::nullopt;
    if (!value->is_number()) {
        checker.warning("/stdout", "stdout's " + std::string(key) + " is not a number: it is " + describeValue(*value));
        return std::nullopt;
    }
    const double number = value->get<double>();
    if (number < 0)
        checker.warning("/stdout",
                        "stdout's " + std::string(key) + " is negative (" + describeNumber(number) + "); " + what
                            + " cannot be negative");
    return number;
}

std::optional<std::vector<std::int64_t>> tracedColumn(const Json &document, const char *name)
{
    using namespace lenient;
    const Json *trace = member(document, "trace");
    const Json *calls = trace ? member(*trace, "calls") : nullptr;
    const Json *column = calls ? member(*calls, name) : nullptr;
    if (!column || !column->is_array())
        return std::nullopt;
    std::vector<std::int64_t> values = integersOf(column);
    if (values.size() != column->size())
        return std::nullopt;
    return values;
}

std::optional<std::vector<double>> tracedCallSeconds(const Json &document)
{
    const auto begin = tracedColumn(document, "dispatchBegin");
    const auto ready = tracedColumn(document, "readyObserved");
    if (!begin || !ready || begin->size() != ready->size())
        return std::nullopt;
    std::vector<double> seconds;
    seconds.reserve(begin->size());
    for (std::size_t i = 0; i < begin->size(); ++i) // in double: hostile timestamps must not overflow
        seconds.push_back((static_cast<double>((*ready)[i]) - static_cast<double>((*begin)[i])) / 1e9);
    return seconds;
}

void checkTracedCallCount(const Json &document, std::size_t expected, const std::string &stdoutReports,
                          Checker &checker)
{
    const auto calls = tracedColumn(document, "dispatchBegin");
    if (calls && calls->size() != expected)
        checker.warning("/trace/calls",
                        "the trace has " + std::to_string(calls->size()) + " calls but stdout reports "
                            + stdoutReports);
}

std::vector<bool> tracedInterrupted(const Json &document)
{
    using namespace lenient;
    const Json *trace = member(document, "trace");
    const Json *evidence = trace ? member(*trace, "evidence") : nullptr;
    const Json *column = evidence ? member(*evidence, "interrupted") : nullptr;
    if (!column || !column->is_array())
        return {};
    const std::vector<std::int64_t> flags = integersOf(column);
    if (flags.size() != column->size())
        return {};
    std::vector<bool> interrupted;
    interrupted.reserve(flags.size());
    for (std::int64_t flag : flags)
        interrupted.push_back(flag != 0);
    return interrupted;
}

} // namespace lessonscope::stdoutchecks
