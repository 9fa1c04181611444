#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lessonscope {

// One number a lesson reports, read back from an artifact's stdout.
struct Figure {
    std::string key;   // the stdout key it comes from: "warm_median_seconds"
    std::string label; // how a person names it: "warm median"
    std::optional<double> value;
    bool isDuration = true;      // seconds; otherwise a plain number (an error, a count)
    std::vector<double> samples; // the clean samples it summarises, when it is a median of samples
    std::string samplesLabel;    // what the samples are: "clean warm calls"
    bool compared = true;        // one of the rows two runs of the lesson are compared on
    // Samples measured but left out: other work interrupted them (core/lesson/measuring.h).
    std::size_t interrupted = 0;
    bool keepsInterrupted = false; // the figure is of every sample, the interrupted ones too
    // The figure of each round of the run, for an interval between runs (the comparison's).
    std::vector<double> rounds;
};

// formatFigure, or for a run that could not measure (core/lesson/disturbance.h) a dash that says
// so instead of a number the run's conditions made meaningless.
struct Disturbance;
std::string readableFigure(const Figure &figure, const Disturbance &disturbance);

// A figure from its first fields (what the lessons' summaries list); the rest as their defaults.
Figure makeFigure(std::string key, std::string label, std::optional<double> value, bool isDuration,
                  std::vector<double> samples, std::string samplesLabel, bool compared);

// The median of each round's samples (rounds without samples left out).
std::vector<double> roundMedians(const std::vector<std::vector<double>> &byRound);

// What a lesson's artifact says, in the few numbers a person looks at first.
struct LessonSummary {
    std::string setup; // what ran, in a few words: "64×32 · 32×16 float32"
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

// A figure's value as people read it: "891 ns (median of 7 clean calls, 2 interrupted left out;
// min 671 ns, max 2.21 ms, MAD 120 ns)" for a median of samples (samplesLabel names them),
// "1.63 × 10⁻⁶" for a plain number; empty when it has no value.
std::string formatFigure(const Figure &figure);

} // namespace lessonscope
