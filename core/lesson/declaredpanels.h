#pragma once

// A lesson's panels declared once, as data: each panel's kind, title, axes and series, every value
// of a series read from a stdout key. From one table come a run's panels, the layout the renderer
// identity is made of (the panels without their values), and the check that every drawn value is
// the one stdout states.
//
//     inline constexpr std::array kPanels{
//         DeclaredPanel::line("Each run's median", {"run", "seconds"}, "run_numbers",
//                             {{{"run's median", {"run_medians_seconds"}}}}),
//         DeclaredPanel::bar("Widths", {nullptr, "fraction"}, {"within", "between"},
//                            {{{"width", {"within_run_width", "between_runs_width"}}}}).drawnWith("between_runs_width"),
//     };

#include "core/artifact/checker.h"
#include "core/base/jsonfwd.h"
#include "core/lesson/lesson.h"

#include <array>
#include <span>

namespace lessonscope {

// A series: one key that holds a list draws that list; otherwise each key is a bar of the number it holds.
struct DeclaredSeries {
    const char *label = nullptr;
    std::array<const char *, 4> keys{};
};

struct DeclaredPanel {
    const char *kind = nullptr; // "bar" or "line"
    const char *title = nullptr;
    PanelAxes axes;
    std::array<const char *, 4> bars{};       // a bar panel's labels
    const char *xKey = nullptr;               // a line panel's x: the stdout list at xKey …
    Json (*xFrom)(const Json &out) = nullptr; // … or what the lesson makes of stdout (runs with a median)
    std::array<DeclaredSeries, 3> series{};
    const char *shownWith = nullptr; // drawn only when stdout holds a number (or a list) at this key

    static constexpr DeclaredPanel line(const char *title, PanelAxes axes, const char *xKey,
                                        std::array<DeclaredSeries, 3> series)
    {
        return {"line", title, axes, {}, xKey, nullptr, series};
    }
    static constexpr DeclaredPanel bar(const char *title, PanelAxes axes, std::array<const char *, 4> bars,
                                       std::array<DeclaredSeries, 3> series)
    {
        return {"bar", title, axes, bars, nullptr, nullptr, series};
    }
    static constexpr DeclaredPanel line(const char *title, PanelAxes axes, Json (*xFrom)(const Json &out),
                                        std::array<DeclaredSeries, 3> series)
    {
        return {"line", title, axes, {}, nullptr, xFrom, series};
    }
    constexpr DeclaredPanel drawnWith(const char *key) const
    {
        DeclaredPanel panel = *this;
        panel.shownWith = key;
        return panel;
    }
};

using DeclaredPanels = std::span<const DeclaredPanel>;

// The panels of a run, as the artifact writes them, from its stdout.
Json declaredPanels(DeclaredPanels panels, const Json &out);
// Every panel, its series by name and no values: what the renderer identity is made of.
Json declaredLayout(DeclaredPanels panels);
// Each drawn panel's values against stdout's, with a warning that names the panel and the key.
void checkDeclaredPanels(const Json &document, const Json &out, DeclaredPanels panels, Checker &checker);

} // namespace lessonscope
