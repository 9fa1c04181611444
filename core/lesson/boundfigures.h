#pragma once

// A lesson's computed figures bound to the stdout fields that print them, in one table: each
// entry is a field's declaration (stdoutfields.h) and the member of the lesson's figures struct
// that holds its value. From the table come those fields of the stdout declaration (fieldsOf), the
// writer, the lenient reader and the check that every stated figure is what the lesson's own
// computation makes of the samples. A figure is named once; a new one is one line of the table.
//
//     struct Figures { std::vector<double> medians; std::optional<double> medianOfRuns; … };
//     inline constexpr std::array kFields{
//         bound::list("run_medians_seconds", "s", "each run's median", &Figures::medians),
//         bound::number("median_of_runs_seconds", "s", "their median", &Figures::medianOfRuns).orNull(),
//     };

#include "core/artifact/checker.h"
#include "core/base/jsonfwd.h"
#include "core/lesson/samplefields.h"
#include "core/lesson/stdoutfields.h"

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace lessonscope {

// One figure's value, whatever its type: an optional number is left out (or null, when its field
// says so) while it has none; a list or a text is left out while empty only on a field printed by
// some runs; samples are written with their two companions (samplefields.h).
template<template<typename> typename Ref>
using FigureVariant
    = std::variant<Ref<std::optional<double>>, Ref<std::optional<std::int64_t>>, Ref<std::vector<double>>,
                   Ref<std::vector<std::int64_t>>, Ref<std::int64_t>, Ref<std::string>, Ref<std::vector<std::string>>,
                   Ref<bool>, Ref<SampleColumns>, Ref<std::vector<SampleColumns>>>;
template<typename T>
using PointerTo = T *;
template<typename T>
using ConstPointerTo = const T *;
using FigureValue = FigureVariant<PointerTo>;
using ConstFigureValue = FigureVariant<ConstPointerTo>;

void writeFigure(Json &out, const StdoutField &field, ConstFigureValue value);
void readFigure(const Json &out, const char *key, FigureValue value);
// Equal, numbers within 1e-12 of the expected one (a figure computed twice from the same samples).
bool sameFigure(ConstFigureValue stated, ConstFigureValue expected);
// "stdout's key (stated) is not what source give (expected)", at /stdout/key.
void warnNotFromSamples(const char *key, const char *source, ConstFigureValue stated, ConstFigureValue expected,
                        Checker &checker);

template<typename Figures>
struct BoundFigure {
    template<typename T>
    using MemberOf = T Figures::*;
    using Member = FigureVariant<MemberOf>;
    StdoutField field;
    Member member;

    constexpr BoundFigure orNull() const { return {field.orNull(), member}; }
    constexpr BoundFigure onSomeRuns() const { return {field.onSomeRuns(), member}; }
    constexpr BoundFigure stating(const char *parameter, const char *second = nullptr) const
    {
        return {field.stating(parameter, second), member};
    }
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
constexpr BoundFigure<F> number(const char *key, const char *unit, const char *meaning,
                                std::optional<double> F::*member)
{
    return {field::number(key, unit, meaning), member};
}
// A count stated by every run (std::int64_t) or where there is one (std::optional<std::int64_t>).
template<typename F, typename T>
requires std::same_as<T, std::int64_t> || std::same_as<T, std::optional<std::int64_t>>
constexpr BoundFigure<F> integer(const char *key, const char *unit, const char *meaning, T F::*member)
{
    return {field::integer(key, unit, meaning), member};
}
// A list of numbers (std::vector<double>) or of counts (std::vector<std::int64_t>).
template<typename F, typename T>
requires std::same_as<T, std::vector<double>> || std::same_as<T, std::vector<std::int64_t>>
constexpr BoundFigure<F> list(const char *key, const char *unit, const char *meaning, T F::*member)
{
    return {field::list(key, unit, meaning), member};
}
template<typename F>
constexpr BoundFigure<F> text(const char *key, const char *meaning, std::string F::*member)
{
    return {field::text(key, meaning), member};
}
// A list of texts (["float32", "float64"]).
template<typename F>
constexpr BoundFigure<F> texts(const char *key, const char *meaning, std::vector<std::string> F::*member)
{
    return {field::list(key, "", meaning), member};
}
template<typename F>
constexpr BoundFigure<F> boolean(const char *key, const char *meaning, bool F::*member)
{
    return {field::boolean(key, meaning), member};
}
template<typename F>
constexpr BoundFigure<F> samples(const char *key, const char *meaning, SampleColumns F::*member)
{
    return {field::samples(key, meaning), member};
}
template<typename F>
constexpr BoundFigure<F> samples(const char *key, const char *meaning, std::vector<SampleColumns> F::*member)
{
    return {field::samples(key, meaning), member};
}
// A field declared elsewhere (a shared group's), bound to this lesson's member.
template<typename F, typename T>
constexpr BoundFigure<F> as(const StdoutField &declared, T F::*member)
{
    return {declared, member};
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
// every key that differs, with both values.
template<typename F, std::size_t N>
void checkBoundFigures(const F &stated, const F &expected, const std::array<BoundFigure<F>, N> &table,
                       const char *source, Checker &checker)
{
    for (const BoundFigure<F> &entry : table) {
        if (!sameFigure(entry.in(stated), entry.in(expected)))
            warnNotFromSamples(entry.field.key, source, entry.in(stated), entry.in(expected), checker);
    }
}

} // namespace lessonscope
