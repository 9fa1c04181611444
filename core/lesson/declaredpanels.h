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
#include <initializer_list>
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

// A panel whose values the lesson computes (bins, running figures, flat lines), declared by its
// fixed parts: kind, title, axes, its bars' labels where they are fixed, its series' labels. A
// run's panel is the shape filled with its values (shapedPanel); the renderer identity is made of
// the shapes alone (shapesLayout), so the hash cannot drift from what is drawn.
struct PanelShape {
    const char *kind = nullptr; // "bar" or "line"
    const char *title = nullptr;
    PanelAxes axes;
    std::array<const char *, 3> series{};
    std::array<const char *, 4> bars{}; // a bar panel's fixed labels; none where they are a run's

    static constexpr PanelShape line(const char *title, PanelAxes axes, std::array<const char *, 3> series)
    {
        return {"line", title, axes, series};
    }
    static constexpr PanelShape bar(const char *title, PanelAxes axes, std::array<const char *, 3> series,
                                    std::array<const char *, 4> bars = {})
    {
        return {"bar", title, axes, series, bars};
    }
};

// The shape with a run's abscissae (a bar panel's labels, a line panel's x) and each series' values
// in the shape's order; a series whose values are null is left out.
Json shapedPanel(const PanelShape &shape, Json abscissae, std::initializer_list<Json> values);
// Each shape, its series by name and no values (a bar panel keeps its fixed labels).
Json shapesLayout(std::span<const PanelShape> shapes);

// The panels of a run, as the artifact writes them, from its stdout.
Json declaredPanels(DeclaredPanels panels, const Json &out);
// Every panel, its series by name and no values: what the renderer identity is made of.
Json declaredLayout(DeclaredPanels panels);
// Each drawn panel's values against stdout's, with a warning that names the panel and the key.
void checkDeclaredPanels(const Json &document, const Json &out, DeclaredPanels panels, Checker &checker);

} // namespace lessonscope
