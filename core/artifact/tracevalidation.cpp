// The numbers of the performance lessons: stdout against itself and against the panels, and
// lessonscope's measured trace (docs/artifact-format.md, "Validation").

#include "core/timing/statistics.h"
#include "core/artifact/validation_p.h"

#include <array>
#include <cmath>
#include <vector>

namespace lessonscope::detail {

namespace {

const Json *findPanel(const Json &document, const char *title, const char *kind,
                      std::string *pointer)
{
    const Json *data = Checker::member(document, "data");
    const Json *panels = data && data->is_object() ? Checker::member(*data, "panels") : nullptr;
    if (!panels || !panels->is_array())
        return nullptr;
    for (std::size_t i = 0; i < panels->size(); ++i) {
        const Json &panel = (*panels)[i];
        if (panel.is_object() && panel.value("title", Json()) == title && panel.value("kind", Json()) == kind) {
            *pointer = childPointer("/data/panels", i);
            return &panel;
        }
    }
    return nullptr;
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
        checker.warning("/stdout", "stdout's " + std::string(key) + " is not a number: it is "
                                       + describeValue(*value));
        return std::nullopt;
    }
    const double number = value->get<double>();
    if (number < 0)
        checker.warning("/stdout", "stdout's " + std::string(key) + " is negative ("
                                       + describeNumber(number) + "); a duration cannot be negative");
    return number;
}

// A list of durations on stdout; nullopt unless every element is a number.
std::optional<std::vector<double>> durationsOf(const Json &out, const char *key, Checker &checker)
{
    const Json *value = Checker::member(out, key);
    if (!value)
        return std::nullopt;
    if (!value->is_array()) {
        checker.warning("/stdout", "stdout's " + std::string(key) + " is not a list of numbers: it is "
                                       + describeValue(*value));
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
            checker.warning("/stdout", name + " is negative (" + describeNumber(numbers.back())
                                           + "); a duration cannot be negative");
    }
    return allNumbers ? std::optional(numbers) : std::nullopt;
}

void checkMedian(const std::optional<std::vector<double>> &samples, const std::optional<double> &stated,
                 const char *medianKey, const char *samplesKey, Checker &checker)
{
    if (!samples || samples->empty() || !stated)
        return;
    const double expected = median(*samples);
    // The pipeline computes numpy.median: the middle value, or (a + b) / 2 of the two middle ones,
    // which this median() reproduces bit for bit; the tolerance only forgives a pipeline that
    // averages as a/2 + b/2.
    if (std::fabs(*stated - expected) <= 1e-12 * std::fabs(expected))
        return;
    checker.warning("/stdout", "stdout's " + std::string(medianKey) + " (" + describeNumber(*stated)
                                   + ") is not the median of " + samplesKey + " ("
                                   + describeNumber(expected) + ")");
}

// One stdout number against one panel value: the same measurement, so the same double.
void compareValue(const Json &y, std::size_t index, const std::string &pointer, double stated,
                  const std::string &what, Checker &checker)
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

void compareBar(const Json &document, const char *title, const char *series, double stated,
                const char *key, Checker &checker)
{
    std::string pointer;
    const Json *panel = findPanel(document, title, "bar", &pointer);
    const Json *y = panel ? seriesValues(*panel, series, &pointer) : nullptr;
    if (y)
        compareValue(*y, 0, pointer, stated, key, checker);
}

} // namespace

void validatePerformanceStdout(const Json &document, const Json &out, Checker &checker)
{
    const auto firstCall = durationOf(out, "first_call_seconds", checker);
    const auto warm = durationsOf(out, "warm_samples_seconds", checker);
    const auto warmMedian = durationOf(out, "warm_median_seconds", checker);
    durationOf(out, "dispatch_only_first_call_seconds", checker); // checked; no panel shows it
    const auto dispatchWarm = durationsOf(out, "dispatch_only_warm_samples_seconds", checker);
    const auto dispatchMedian = durationOf(out, "dispatch_only_warm_median_seconds", checker);
    if (const Json *error = Checker::member(out, "max_abs_error")) {
        if (!error->is_number())
            checker.warning("/stdout", "stdout's max_abs_error is not a number: it is " + describeValue(*error));
        else if (error->get<double>() < 0)
            checker.warning("/stdout", "stdout's max_abs_error is negative ("
                                           + describeNumber(error->get<double>())
                                           + "); an absolute error cannot be negative");
    }
    checkMedian(warm, warmMedian, "warm_median_seconds", "warm_samples_seconds", checker);
    checkMedian(dispatchWarm, dispatchMedian, "dispatch_only_warm_median_seconds",
                "dispatch_only_warm_samples_seconds", checker);
    if (warm && dispatchWarm && warm->size() != dispatchWarm->size()) {
        checker.warning("/stdout", "stdout has " + std::to_string(warm->size())
                                       + " warm_samples_seconds but " + std::to_string(dispatchWarm->size())
                                       + " dispatch_only_warm_samples_seconds; both time the same calls");
    }

    if (firstCall)
        compareBar(document, "First call", "synchronized call", *firstCall, "first_call_seconds", checker);
    if (warmMedian)
        compareBar(document, "Where the timer stops", "synchronized call", *warmMedian,
                   "warm_median_seconds", checker);
    if (dispatchMedian)
        compareBar(document, "Where the timer stops", "dispatch only", *dispatchMedian,
                   "dispatch_only_warm_median_seconds", checker);
    if (warm) {
        std::string pointer;
        const Json *panel = findPanel(document, "Warm calls", "line", &pointer);
        const Json *y = panel ? seriesValues(*panel, "synchronized call", &pointer) : nullptr;
        if (y && y->size() != warm->size()) {
            checker.warning(pointer, "the panel shows " + std::to_string(y->size())
                                         + " warm calls but stdout's warm_samples_seconds has "
                                         + std::to_string(warm->size()));
        } else if (y) {
            for (std::size_t i = 0; i < warm->size(); ++i)
                compareValue(*y, i, pointer, (*warm)[i],
                             "warm_samples_seconds[" + std::to_string(i) + "]", checker);
        }
    }
}

void validateTrace(const Json &trace, std::optional<std::size_t> warmSamples, Checker &checker)
{
    // The trace is optional: when it is unusable the timeline falls back to the schematic one and
    // everything else is shown, so every trace problem is a warning.
    if (!trace.is_object()) {
        checker.warning("/trace", "the trace must be an object, but it is " + describeValue(trace)
                                      + "; it is ignored");
        return;
    }
    for (const char *key : {"clock", "waitStrategy"}) {
        const Json *text = Checker::member(trace, key);
        if (!text || !text->is_string())
            checker.warning(childPointer("/trace", key), std::string("the trace's ") + key
                                                             + " should be a string");
    }
    const Json *unit = Checker::member(trace, "unit");
    if (!unit || *unit != "ns")
        checker.warning("/trace/unit", "the trace's unit must be \"ns\"; its times are read as nanoseconds");
    const Json *calls = Checker::member(trace, "calls");
    if (!calls || !calls->is_object()) {
        checker.warning("/trace/calls", "the trace has no calls object; it is ignored");
        return;
    }
    static constexpr std::array<const char *, 5> kColumns = {"dispatchBegin", "dispatchEnd", "workBegin",
                                                             "workEnd", "readyObserved"};
    std::array<std::vector<std::int64_t>, 5> columns;
    bool usable = true;
    for (std::size_t c = 0; c < kColumns.size(); ++c) {
        const std::string pointer = childPointer("/trace/calls", kColumns[c]);
        const Json *column = Checker::member(*calls, kColumns[c]);
        if (!column || !column->is_array()) {
            checker.warning(pointer, std::string(kColumns[c]) + " must be a list of integers (ns); the trace is ignored");
            usable = false;
            continue;
        }
        for (std::size_t i = 0; i < column->size(); ++i) {
            const Json &value = (*column)[i];
            if (!value.is_number_integer() || (value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX)) {
                checker.warning(childPointer(pointer, i), "a trace time must be an integer number of "
                                                          "nanoseconds, but it is " + describeValue(value));
                usable = false;
            } else {
                columns[c].push_back(value.get<std::int64_t>());
            }
        }
        if (c > 0 && usable && columns[c].size() != columns[0].size()) {
            checker.warning(pointer, std::string(kColumns[c]) + " has " + std::to_string(columns[c].size())
                                         + " calls but dispatchBegin has " + std::to_string(columns[0].size())
                                         + "; every column holds one value per call");
            usable = false;
        }
    }
    if (!usable)
        return;
    const auto &[dispatchBegin, dispatchEnd, workBegin, workEnd, readyObserved] = columns;
    for (std::size_t i = 0; i < dispatchBegin.size(); ++i) {
        // The order of one call; the first relation that fails is reported.
        const std::pair<std::size_t, std::size_t> order[] = {{0, 1}, {0, 2}, {2, 3}, {3, 4}};
        const std::array<std::int64_t, 5> t = {dispatchBegin[i], dispatchEnd[i], workBegin[i], workEnd[i],
                                               readyObserved[i]};
        for (const auto &[before, after] : order) {
            if (t[before] <= t[after])
                continue;
            checker.warning(childPointer(childPointer("/trace/calls", kColumns[after]), i),
                            "call " + std::to_string(i) + ": " + kColumns[after] + " (" + std::to_string(t[after])
                                + " ns) comes before " + kColumns[before] + " (" + std::to_string(t[before])
                                + " ns), which cannot happen");
            break;
        }
    }
    if (warmSamples && dispatchBegin.size() != 1 + *warmSamples) {
        checker.warning("/trace/calls", "the trace has " + std::to_string(dispatchBegin.size())
                                            + " calls but stdout reports 1 first call and "
                                            + std::to_string(*warmSamples) + " warm calls");
    }
}

} // namespace lessonscope::detail
