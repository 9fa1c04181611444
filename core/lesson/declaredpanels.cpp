#include "core/lesson/declaredpanels.h"

#include "core/artifact/lenientjson.h"
#include "core/lesson/stdoutchecks.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace lessonscope {

using namespace lenient;

namespace {

std::vector<const char *> keysOf(const DeclaredSeries &series)
{
    std::vector<const char *> keys;
    for (const char *key : series.keys) {
        if (key)
            keys.push_back(key);
    }
    return keys;
}

Json valueAt(const Json &out, const char *key)
{
    const Json *value = member(out, key);
    return value ? *value : Json(nullptr);
}

// A series of one key that holds a list draws that list; otherwise one bar per key.
bool drawsAList(const std::vector<const char *> &keys, const Json &out)
{
    const Json *value = keys.size() == 1 ? member(out, keys.front()) : nullptr;
    return value && value->is_array();
}

Json seriesValues(const DeclaredSeries &series, const Json &out)
{
    const std::vector<const char *> keys = keysOf(series);
    if (drawsAList(keys, out))
        return valueAt(out, keys.front());
    Json bars = Json::array();
    for (const char *key : keys)
        bars.push_back(valueAt(out, key));
    return bars;
}

std::vector<double> statedValues(const DeclaredSeries &series, const Json &out)
{
    const std::vector<const char *> keys = keysOf(series);
    if (drawsAList(keys, out))
        return numbersOf(member(out, keys.front()));
    std::vector<double> values;
    for (const char *key : keys)
        values.push_back(numberOf(member(out, key)).value_or(std::nan("")));
    return values;
}

// The name of each value where the series is one bar per key; none where it is one list.
std::vector<std::string> valueKeysOf(const DeclaredSeries &series, const Json &out)
{
    const std::vector<const char *> keys = keysOf(series);
    return drawsAList(keys, out) ? std::vector<std::string>() : std::vector<std::string>(keys.begin(), keys.end());
}

bool isShown(const DeclaredPanel &panel, const Json &out)
{
    if (!panel.shownWith)
        return true;
    const Json *value = member(out, panel.shownWith);
    return value && (value->is_number() || value->is_array());
}

Json bareLabels(const DeclaredPanel &panel)
{
    Json labels = Json::array();
    for (const char *label : panel.bars) {
        if (label)
            labels.push_back(label);
    }
    return labels;
}

// The panel with these series, its abscissae from stdout (or none, for the layout).
Json makeDeclaredPanel(const DeclaredPanel &panel, Json seriesList, const Json *out)
{
    if (std::string(panel.kind) == "bar")
        return makeBarPanel(panel.title, bareLabels(panel), panel.axes, std::move(seriesList));
    if (!out) {
        Json line = makeLinePanel(panel.title, Json::array(), panel.axes, std::move(seriesList));
        line.erase("x");
        return line;
    }
    Json x = panel.xFrom ? panel.xFrom(*out) : valueAt(*out, panel.xKey);
    return makeLinePanel(panel.title, std::move(x), panel.axes, std::move(seriesList));
}

} // namespace

Json declaredPanels(DeclaredPanels panels, const Json &out)
{
    Json list = Json::array();
    for (const DeclaredPanel &panel : panels) {
        if (!isShown(panel, out))
            continue;
        Json seriesList = Json::array();
        for (const DeclaredSeries &series : panel.series) {
            if (series.label)
                seriesList.push_back(panelSeries(series.label, seriesValues(series, out)));
        }
        list.push_back(makeDeclaredPanel(panel, std::move(seriesList), &out));
    }
    return list;
}

Json declaredLayout(DeclaredPanels panels)
{
    Json list = Json::array();
    for (const DeclaredPanel &panel : panels) {
        Json names = Json::array();
        for (const DeclaredSeries &series : panel.series) {
            if (series.label)
                names.push_back(series.label);
        }
        list.push_back(makeDeclaredPanel(panel, std::move(names), nullptr));
    }
    return list;
}

void checkDeclaredPanels(const Json &document, const Json &out, DeclaredPanels panels, Checker &checker)
{
    std::size_t index = 0;
    for (const DeclaredPanel &panel : panels) {
        if (!isShown(panel, out))
            continue;
        for (const DeclaredSeries &series : panel.series) {
            // A series whose every key stdout lacks is not compared: the stdout checks say what is missing.
            const std::vector<const char *> keys = keysOf(series);
            const bool stated
                = std::any_of(keys.begin(), keys.end(), [&out](const char *key) { return member(out, key); });
            if (series.label && stated)
                stdoutchecks::compareSeries(document, index, panel.kind, series.label, statedValues(series, out),
                                            series.keys[0], checker, valueKeysOf(series, out));
        }
        ++index;
    }
}

Json shapedPanel(const PanelShape &shape, Json abscissae, std::initializer_list<Json> values)
{
    Json series = Json::array();
    std::size_t i = 0;
    for (const Json &value : values) {
        if (i < shape.series.size() && shape.series[i] && !value.is_null())
            series.push_back(panelSeries(shape.series[i], value));
        ++i;
    }
    return std::string_view(shape.kind) == "bar"
        ? makeBarPanel(shape.title, std::move(abscissae), shape.axes, std::move(series))
        : makeLinePanel(shape.title, std::move(abscissae), shape.axes, std::move(series));
}

Json shapesLayout(std::span<const PanelShape> shapes)
{
    Json list = Json::array();
    for (const PanelShape &shape : shapes) {
        Json names = Json::array(), bars = Json::array();
        for (const char *name : shape.series) {
            if (name)
                names.push_back(name);
        }
        for (const char *label : shape.bars) {
            if (label)
                bars.push_back(label);
        }
        const bool isBar = std::string_view(shape.kind) == "bar";
        Json panel = isBar ? makeBarPanel(shape.title, bars, shape.axes, std::move(names))
                           : makeLinePanel(shape.title, Json::array(), shape.axes, std::move(names));
        if (!isBar || bars.empty())
            panel.erase(isBar ? "labels" : "x"); // a run's abscissae
        list.push_back(std::move(panel));
    }
    return list;
}

} // namespace lessonscope
