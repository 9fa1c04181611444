#pragma once

// A lesson's computed figures bound to the stdout fields that print them, in one table: each
// entry is a field's declaration (stdoutfields.h) and the member of the lesson's figures struct
// that holds its value. From the table come those fields of the stdout declaration (fieldsOf), the
// writer, the lenient reader and the check that every stated figure is what the lesson's own
// computation makes of the samples. A figure is named once; a new one is one line of the table.
//
//     struct RunFigures { std::vector<double> medians; std::optional<double> medianOfRuns; … };
//     inline constexpr std::array kRunFigureFields{
//         bound::list("run_medians_seconds", "s", "each run's median", &RunFigures::medians),
//         bound::number("median_of_runs_seconds", "s", "their median", &RunFigures::medianOfRuns).orNull(),
//     };

#include "core/artifact/checker.h"
#include "core/base/jsonfwd.h"
#include "core/lesson/stdoutfields.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

namespace lessonscope {

// One figure's value, whatever its type: an optional number is left out (or null, when its field
// says so) while it has none; a list is left out while empty only on a field printed by some runs.
using FigureValue = std::variant<std::optional<double> *, std::optional<std::int64_t> *, std::vector<double> *,
                                 std::vector<std::int64_t> *, std::int64_t *>;
using ConstFigureValue = std::variant<const std::optional<double> *, const std::optional<std::int64_t> *,
                                      const std::vector<double> *, const std::vector<std::int64_t> *, const std::int64_t *>;

void writeFigure(Json &out, const StdoutField &field, ConstFigureValue value);
void readFigure(const Json &out, const char *key, FigureValue value);
// Equal, numbers within 1e-12 of the expected one (a figure computed twice from the same samples).
bool sameFigure(ConstFigureValue stated, ConstFigureValue expected);
void warnNotFromSamples(const char *key, const char *source, Checker &checker);

template<typename Figures>
struct BoundFigure {
    using Member = std::variant<std::optional<double> Figures::*, std::optional<std::int64_t> Figures::*,
                                std::vector<double> Figures::*, std::vector<std::int64_t> Figures::*,
                                std::int64_t Figures::*>;
    StdoutField field;
    Member member;

    constexpr BoundFigure orNull() const { return {field.orNull(), member}; }
    constexpr BoundFigure onSomeRuns() const { return {field.onSomeRuns(), member}; }
    FigureValue in(Figures &figures) const
    {
        return std::visit([&figures](auto m) -> FigureValue { return &(figures.*m); }, member);
    }
    ConstFigureValue in(const Figures &figures) const
    {
        return std::visit([&figures](auto m) -> ConstFigureValue { return &(figures.*m); }, member);
    }
};

// A table reads as a list of these: bound::number(key, "s", "their median", &Figures::median).
namespace bound {
template<typename F>
constexpr BoundFigure<F> number(const char *key, const char *unit, const char *meaning, std::optional<double> F::*member)
{
    return {field::number(key, unit, meaning), member};
}
template<typename F>
constexpr BoundFigure<F> integer(const char *key, const char *unit, const char *meaning, std::int64_t F::*member)
{
    return {field::integer(key, unit, meaning), member};
}
template<typename F>
constexpr BoundFigure<F> integer(const char *key, const char *unit, const char *meaning,
                                 std::optional<std::int64_t> F::*member)
{
    return {field::integer(key, unit, meaning), member};
}
template<typename F>
constexpr BoundFigure<F> list(const char *key, const char *unit, const char *meaning, std::vector<double> F::*member)
{
    return {field::list(key, unit, meaning), member};
}
template<typename F>
constexpr BoundFigure<F> list(const char *key, const char *unit, const char *meaning,
                              std::vector<std::int64_t> F::*member)
{
    return {field::list(key, unit, meaning), member};
}
} // namespace bound

// The table's fields, to join with the lesson's others into its stdout declaration.
template<typename F, std::size_t N>
constexpr std::array<StdoutField, N> fieldsOf(const std::array<BoundFigure<F>, N> &table)
{
    std::array<StdoutField, N> fields{};
    for (std::size_t i = 0; i < N; ++i)
        fields[i] = table[i].field;
    return fields;
}

// The figures into stdout, in the table's order.
template<typename F, std::size_t N>
void writeBoundFigures(Json &out, const F &figures, const std::array<BoundFigure<F>, N> &table)
{
    for (const BoundFigure<F> &entry : table)
        writeFigure(out, entry.field, entry.in(figures));
}

// The figures read back leniently: a missing or malformed one reads as empty (validation says so).
template<typename F, std::size_t N>
void readBoundFigures(const Json &out, F &figures, const std::array<BoundFigure<F>, N> &table)
{
    for (const BoundFigure<F> &entry : table)
        readFigure(out, entry.field.key, entry.in(figures));
}

// Each stated figure against the one the lesson's computation makes of its samples: a warning at
// every key that differs, "<key> is not what <source> give".
template<typename F, std::size_t N>
void checkBoundFigures(const F &stated, const F &expected, const std::array<BoundFigure<F>, N> &table, const char *source,
                  Checker &checker)
{
    for (const BoundFigure<F> &entry : table) {
        if (!sameFigure(entry.in(stated), entry.in(expected)))
            warnNotFromSamples(entry.field.key, source, checker);
    }
}

} // namespace lessonscope
