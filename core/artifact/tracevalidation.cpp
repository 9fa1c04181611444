// lessonscope's measured trace: every call's five timestamps, in order, its evidence, and a real
// device's own view of it (docs/artifact-format.md, "Validation"). How many calls a lesson's trace holds is the lesson's own check.

#include "core/artifact/artifact.h"
#include "core/artifact/validation_p.h"

#include <array>
#include <cstdint>
#include <iterator>
#include <vector>

namespace lessonscope::detail {

namespace {

// trace.evidence: a column per kTraceEvidenceColumns entry, one integer per call, and the rule's
// threshold beside it. Evidence that is not usable leaves every call unjudged (a warning).
void validateTraceEvidence(const Json &trace, std::size_t calls, Checker &checker)
{
    const Json *evidence = Checker::member(trace, "evidence");
    if (!evidence)
        return;
    if (!evidence->is_object()) {
        checker.warning("/trace/evidence",
                        "the trace's evidence must be an object of columns, but it is " + describeValue(*evidence)
                            + "; no call can be called interrupted");
        return;
    }
    for (const char *name : kTraceEvidenceColumns) {
        const std::string pointer = childPointer("/trace/evidence", name);
        const Json *column = Checker::member(*evidence, name);
        if (!column || !column->is_array() || column->size() != calls) {
            checker.warning(pointer,
                            std::string(name) + " must be a list of " + std::to_string(calls)
                                + " integers, one per call; the evidence is ignored");
            return;
        }
        for (std::size_t i = 0; i < column->size(); ++i) {
            const Json &value = (*column)[i];
            const bool integer
                = value.is_number_integer() && !(value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX);
            // CPUs may be -1 (unknown); waits, switches and rounds are never below 0.
            const std::int64_t least = std::string_view(name).ends_with("Cpu") ? -1 : 0;
            if (!integer || value.get<std::int64_t>() < least) {
                checker.warning(childPointer(pointer, i),
                                std::string(name) + " must be an integer of at least " + std::to_string(least)
                                    + ", but it is " + describeValue(value));
                return;
            }
        }
    }
}

// A device column: one integer per call, or nothing (a warning said why).
std::vector<std::int64_t> deviceColumn(const Json &calls, const char *name, std::size_t count, Checker &checker)
{
    const std::string pointer = childPointer("/trace/device/calls", name);
    const Json *column = Checker::member(calls, name);
    if (!column || !column->is_array() || column->size() != count) {
        checker.warning(pointer,
                        std::string(name) + " must be a list of " + std::to_string(count)
                            + " integers (ns), one per call; the device's view is ignored");
        return {};
    }
    std::vector<std::int64_t> values;
    for (std::size_t i = 0; i < column->size(); ++i) {
        const Json &value = (*column)[i];
        if (!value.is_number_integer() || (value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX)) {
            checker.warning(childPointer(pointer, i),
                            "a device time must be an integer number of nanoseconds, but it is " + describeValue(value)
                                + "; the device's view is ignored");
            return {};
        }
        values.push_back(value.get<std::int64_t>());
    }
    return values;
}

// trace.device: a real device's own clock's view of every call. Its moments in order, and its
// START and END, placed on the trace's time by the call's offset, are the host's workBegin and
// workEnd: the two views of one call agree, or the file says which does not.
void validateTraceDevice(const Json &trace, const std::vector<std::int64_t> &workBegin,
                         const std::vector<std::int64_t> &workEnd, Checker &checker)
{
    const Json *device = Checker::member(trace, "device");
    if (!device)
        return;
    const Json *calls = device->is_object() ? Checker::member(*device, "calls") : nullptr;
    if (!calls || !calls->is_object()) {
        checker.warning(device->is_object() ? "/trace/device/calls" : "/trace/device",
                        "the device's view must be an object with a \"calls\" object of columns; it is ignored");
        return;
    }
    std::array<std::vector<std::int64_t>, std::size(kTraceDeviceColumns)> columns;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        columns[c] = deviceColumn(*calls, kTraceDeviceColumns[c], workBegin.size(), checker);
        if (columns[c].size() != workBegin.size())
            return;
    }
    const auto &[queued, submit, start, end, offset] = columns;
    for (std::size_t i = 0; i < workBegin.size(); ++i) {
        const std::array<std::int64_t, 4> t = {queued[i], submit[i], start[i], end[i]};
        for (std::size_t m = 1; m < t.size(); ++m) {
            if (t[m - 1] > t[m]) {
                checker.warning(childPointer(childPointer("/trace/device/calls", kTraceDeviceColumns[m]), i),
                                "call " + std::to_string(i) + ": the device's " + kTraceDeviceColumns[m]
                                    + " comes before its " + kTraceDeviceColumns[m - 1] + ", which cannot happen");
                return;
            }
        }
        // Overflow-checked: any integers may be in a file.
        std::int64_t placedStart = 0, placedEnd = 0, endMiss = 0;
        const bool fits = !__builtin_add_overflow(start[i], offset[i], &placedStart)
            && !__builtin_add_overflow(end[i], offset[i], &placedEnd)
            && !__builtin_sub_overflow(placedEnd, workEnd[i], &endMiss);
        // END may drift from START's offset by the clocks' drift over the call: a nanosecond per
        // millisecond is 1,000 ppm, far more than any clock's. (start ≤ end: the unsigned
        // difference is exact.)
        const std::uint64_t drift
            = 1 + (static_cast<std::uint64_t>(end[i]) - static_cast<std::uint64_t>(start[i])) / 1'000'000;
        const std::uint64_t missed
            = endMiss < 0 ? 0 - static_cast<std::uint64_t>(endMiss) : static_cast<std::uint64_t>(endMiss);
        if (!fits || placedStart != workBegin[i] || missed > drift) {
            checker.warning(childPointer("/trace/device/calls/offsetNs", i),
                            "call " + std::to_string(i) + ": the device's START and END placed on the trace's time ("
                                + (fits ? std::to_string(placedStart) + " and " + std::to_string(placedEnd) + " ns"
                                        : "out of range")
                                + ") are not the call's workBegin and workEnd (" + std::to_string(workBegin[i])
                                + " and " + std::to_string(workEnd[i])
                                + " ns): the device's view and the host's disagree");
            return;
        }
    }
}

} // namespace

void validateTrace(const Json &trace, Checker &checker)
{
    // The trace is optional: when it is unusable the timeline falls back to the schematic one and
    // everything else is shown, so every trace problem is a warning.
    if (!trace.is_object()) {
        checker.warning("/trace", "the trace must be an object, but it is " + describeValue(trace) + "; it is ignored");
        return;
    }
    for (const char *key : {"clock", "waitStrategy"}) {
        const Json *text = Checker::member(trace, key);
        if (!text || !text->is_string())
            checker.warning(childPointer("/trace", key), std::string("the trace's ") + key + " should be a string");
    }
    const Json *unit = Checker::member(trace, "unit");
    if (!unit || *unit != "ns")
        checker.warning("/trace/unit", "the trace's unit must be \"ns\"; its times are read as nanoseconds");
    const Json *calls = Checker::member(trace, "calls");
    if (!calls || !calls->is_object()) {
        checker.warning("/trace/calls", "the trace has no calls object; it is ignored");
        return;
    }
    static constexpr std::array<const char *, 5> kColumns
        = {"dispatchBegin", "dispatchEnd", "workBegin", "workEnd", "readyObserved"};
    std::array<std::vector<std::int64_t>, 5> columns;
    bool usable = true;
    for (std::size_t c = 0; c < kColumns.size(); ++c) {
        const std::string pointer = childPointer("/trace/calls", kColumns[c]);
        const Json *column = Checker::member(*calls, kColumns[c]);
        if (!column || !column->is_array()) {
            checker.warning(pointer,
                            std::string(kColumns[c]) + " must be a list of integers (ns); the trace is ignored");
            usable = false;
            continue;
        }
        for (std::size_t i = 0; i < column->size(); ++i) {
            const Json &value = (*column)[i];
            if (!value.is_number_integer() || (value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX)) {
                checker.warning(childPointer(pointer, i),
                                "a trace time must be an integer number of "
                                "nanoseconds, but it is "
                                    + describeValue(value));
                usable = false;
            } else {
                columns[c].push_back(value.get<std::int64_t>());
            }
        }
        if (c > 0 && usable && columns[c].size() != columns[0].size()) {
            checker.warning(pointer,
                            std::string(kColumns[c]) + " has " + std::to_string(columns[c].size())
                                + " calls but dispatchBegin has " + std::to_string(columns[0].size())
                                + "; every column holds one value per call");
            usable = false;
        }
    }
    if (!usable)
        return;
    validateTraceEvidence(trace, columns[0].size(), checker);
    validateTraceDevice(trace, columns[2], columns[3], checker);
    const auto &[dispatchBegin, dispatchEnd, workBegin, workEnd, readyObserved] = columns;
    for (std::size_t i = 0; i < dispatchBegin.size(); ++i) {
        // The order of one call; the first relation that fails is reported.
        const std::pair<std::size_t, std::size_t> order[] = {{0, 1}, {0, 2}, {2, 3}, {3, 4}};
        const std::array<std::int64_t, 5> t
            = {dispatchBegin[i], dispatchEnd[i], workBegin[i], workEnd[i], readyObserved[i]};
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
}

} // namespace lessonscope::detail
