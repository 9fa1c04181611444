#pragma once

// Tools for a lesson's own checks (Lesson::check): its stdout numbers against themselves and
// against its panels. Panels are found by their position in data.panels, which the lesson's
// panels() fixes, never by their displayed title.

#include "core/artifact/checker.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lessonscope::stdoutchecks {

// Panel index of the document's data.panels when it is an object of this kind; its pointer in
// *pointer ("/data/panels/2").
const Json *panelAt(const Json &document, std::size_t index, const char *kind, std::string *pointer);

// The y array of the series with this label, or of the only series when none has it; its
// pointer replaces *pointer.
const Json *seriesValues(const Json &panel, const char *label, std::string *pointer);

// A duration printed on stdout: a non-negative number, or a warning.
std::optional<double> durationOf(const Json &out, const char *key, Checker &checker);
// A list of durations on stdout; nullopt unless every element is a number.
std::optional<std::vector<double>> durationsOf(const Json &out, const char *key, Checker &checker);
// A non-negative number that is not a duration (an absolute error), or a warning.
std::optional<double> nonNegativeOf(const Json &out, const char *key, const char *what, Checker &checker);

// stated is the median of samples, as numpy.median computes it.
void checkMedian(const std::optional<std::vector<double>> &samples, const std::optional<double> &stated,
                 const char *medianKey, const std::string &samplesKey, Checker &checker);

// One stdout number against one panel value: the same measurement, so the same double.
void compareValue(const Json &y, std::size_t index, const std::string &pointer, double stated, const std::string &what,
                  Checker &checker);
// stdout's key against the first bar of series in the bar panel at panelIndex.
void compareBar(const Json &document, std::size_t panelIndex, const char *series, double stated, const char *key,
                Checker &checker);
// stdout's samples against the series of the line panel at panelIndex, value by value.
void compareLine(const Json &document, std::size_t panelIndex, const char *series, const std::vector<double> &samples,
                 const char *key, Checker &checker);
// The same for a panel of either kind ("bar" or "line"): each value of the series against stdout's,
// named key[i], or valueKeys[i] where each value is a key of its own (one bar per key).
void compareSeries(const Json &document, std::size_t panelIndex, const char *kind, const char *series,
                   const std::vector<double> &samples, const char *key, Checker &checker,
                   const std::vector<std::string> &valueKeys = {});

// One column of the trace's calls (trace.calls.<name>, docs/artifact-format.md) as integers; nothing
// when it is missing or holds anything else (the format's checks say what is wrong).
std::optional<std::vector<std::int64_t>> tracedColumn(const Json &document, const char *name);
// Each traced call's dispatch to its observed readiness, in seconds; nothing without both columns.
std::optional<std::vector<double>> tracedCallSeconds(const Json &document);
// The trace holds expected calls, or a warning that it does not and what stdout reports instead
// ("1 first call and 7 warm calls").
void checkTracedCallCount(const Json &document, std::size_t expected, const std::string &stdoutReports,
                          Checker &checker);

// Per traced call, whether the trace's evidence calls it interrupted (docs/artifact-format.md,
// "trace.evidence"); empty when the trace has no usable evidence.
std::vector<bool> tracedInterrupted(const Json &document);

} // namespace lessonscope::stdoutchecks
