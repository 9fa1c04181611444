#include "core/lesson/boundfigures.h"

#include "core/artifact/lenientjson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

namespace lessonscope {

using namespace lenient;

namespace {

template<typename T>
constexpr bool isOptional = false;
template<typename T>
constexpr bool isOptional<std::optional<T>> = true;

bool sameNumber(double stated, double expected)
{
    return stated == expected || std::fabs(stated - expected) <= 1e-12 * std::fabs(expected);
}

template<typename T>
constexpr bool isVector = false;
template<typename E>
constexpr bool isVector<std::vector<E>> = true;

template<typename T>
bool sameValue(const T &stated, const T &expected)
{
    if constexpr (std::is_same_v<T, SampleColumns>) {
        return stated.seconds == expected.seconds && stated.waitedNs == expected.waitedNs
            && stated.round == expected.round;
    } else if constexpr (isVector<T>) { // element by element, numbers within 1e-12
        return std::equal(stated.begin(), stated.end(), expected.begin(), expected.end(),
                          [](const auto &a, const auto &b) { return sameValue(a, b); });
    } else if constexpr (isOptional<T>) {
        if (!stated || !expected)
            return stated.has_value() == expected.has_value();
        return sameValue(*stated, *expected);
    } else if constexpr (std::is_same_v<T, double>) {
        return sameNumber(stated, expected);
    } else {
        return stated == expected;
    }
}

} // namespace

void writeFigure(Json &out, const StdoutField &field, ConstFigureValue value)
{
    std::visit(
        [&out, &field](const auto *figure) {
            using T = std::remove_cvref_t<decltype(*figure)>;
            if constexpr (isOptional<T>) {
                if (*figure)
                    out[field.key] = **figure;
                else if (field.nullable)
                    out[field.key] = nullptr;
            } else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, bool>) {
                out[field.key] = *figure;
            } else if constexpr (std::is_same_v<T, SampleColumns>) {
                out[field.key] = figure->seconds;
                out[waitedKeyOf(field.key)] = figure->waitedNs;
                out[roundKeyOf(field.key)] = figure->round;
            } else if constexpr (std::is_same_v<T, std::vector<SampleColumns>>) {
                Json seconds = Json::array(), waited = Json::array(), round = Json::array();
                for (const SampleColumns &list : *figure) {
                    seconds.push_back(list.seconds);
                    waited.push_back(list.waitedNs);
                    round.push_back(list.round);
                }
                out[field.key] = std::move(seconds);
                out[waitedKeyOf(field.key)] = std::move(waited);
                out[roundKeyOf(field.key)] = std::move(round);
            } else { // a list or a text: left out while empty only where some runs print it
                if (!figure->empty() || !field.sometimes)
                    out[field.key] = *figure;
            }
        },
        value);
}

void readFigure(const Json &out, const char *key, FigureValue value)
{
    const Json *read = member(out, key);
    std::visit(
        [read, &out, key](auto *figure) {
            using T = std::remove_cvref_t<decltype(*figure)>;
            if constexpr (std::is_same_v<T, std::optional<double>>)
                *figure = numberOf(read);
            else if constexpr (std::is_same_v<T, std::optional<std::int64_t>>)
                *figure = integerOf(read);
            else if constexpr (std::is_same_v<T, std::int64_t>)
                *figure = integerOf(read).value_or(0);
            else if constexpr (std::is_same_v<T, std::vector<double>>)
                *figure = numbersOf(read);
            else if constexpr (std::is_same_v<T, std::vector<std::int64_t>>)
                *figure = integersOf(read);
            else if constexpr (std::is_same_v<T, std::string>)
                *figure = stringOf(read);
            else if constexpr (std::is_same_v<T, std::vector<std::string>>)
                *figure = stringsOf(read);
            else if constexpr (std::is_same_v<T, bool>)
                *figure = read && read->is_boolean() && read->template get<bool>();
            else if constexpr (std::is_same_v<T, SampleColumns>)
                *figure = readSamples(out, key);
            else
                *figure = readSampleLists(out, key);
        },
        value);
}

bool sameFigure(ConstFigureValue stated, ConstFigureValue expected)
{
    return std::visit(
        [&expected](const auto *figure) {
            using Pointer = decltype(figure);
            const auto *other = std::get_if<Pointer>(&expected);
            return other && sameValue(*figure, **other);
        },
        stated);
}

namespace {

std::string describeOptional(const std::optional<double> &value) { return value ? describeNumber(*value) : "none"; }

// Where a stated figure departs from the expected one, as "key (stated) … (expected)" parts.
std::pair<std::string, std::pair<std::string, std::string>> departure(const char *key, ConstFigureValue stated,
                                                                      ConstFigureValue expected)
{
    std::string where = key;
    std::string a = "another value", b = "this one";
    if (const auto *s = std::get_if<const std::optional<double> *>(&stated)) {
        a = describeOptional(**s);
        b = describeOptional(**std::get_if<const std::optional<double> *>(&expected));
    } else if (const auto *list = std::get_if<const std::vector<double> *>(&stated)) {
        const std::vector<double> &e = **std::get_if<const std::vector<double> *>(&expected);
        if ((*list)->size() != e.size()) {
            a = std::to_string((*list)->size()) + " values";
            b = std::to_string(e.size());
        } else {
            for (std::size_t i = 0; i < e.size(); ++i) {
                if (!sameNumber((**list)[i], e[i])) {
                    where.append("[").append(std::to_string(i)).append("]");
                    a = describeNumber((**list)[i]);
                    b = describeNumber(e[i]);
                    break;
                }
            }
        }
    }
    return {where, {a, b}};
}

} // namespace

void warnNotFromSamples(const char *key, const char *source, ConstFigureValue stated, ConstFigureValue expected,
                        Checker &checker)
{
    const auto [where, values] = departure(key, stated, expected);
    checker.warning(std::string("/stdout/") + key,
                    "stdout's " + where + " (" + values.first + ") is not what " + source + " give (" + values.second
                        + ")");
}

} // namespace lessonscope
