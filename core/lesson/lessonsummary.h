#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lessonscope {

// One number a lesson reports, read back from an artifact's stdout.
struct Figure {
    std::string key;    // the stdout key it comes from: "warm_median_seconds"
    std::string label;  // how a person names it: "warm median"
    std::optional<double> value;
    bool isDuration = true;      // seconds; otherwise a plain number (an error, a count)
    std::vector<double> samples; // the samples it summarises, when it is a median of samples
    std::string samplesLabel;    // what the samples are: "warm calls"
    bool compared = true;        // one of the rows two runs of the lesson are compared on
};

// What a lesson's artifact says, in the few numbers a person looks at first.
struct LessonSummary {
    std::string setup;           // what ran, in a few words: "64×32 · 32×16 float32"
    // What ran, named, for telling two runs apart: {"shape", "64×32 · 32×16"}, {"dtype",
    // "float32"}, {"warm samples", "7"}. Two runs that differ here are different experiments.
    std::vector<std::pair<std::string, std::string>> settings;
    std::vector<Figure> figures; // in reading order
    std::string headlineKey;     // the figure the library sorts by and comparisons lead with

    const Figure *figure(const std::string &key) const
    {
        for (const Figure &f : figures) {
            if (f.key == key)
                return &f;
        }
        return nullptr;
    }
    const Figure *headline() const { return figure(headlineKey); }
};

// A figure's value as people read it: "891 ns (7 samples; min 671 ns, max 2.21 ms, MAD 120 ns)"
// for a median of samples, "1.63e-06" for a plain number; empty when it has no value.
std::string formatFigure(const Figure &figure);

} // namespace lessonscope
