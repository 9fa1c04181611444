#pragma once

#include <QString>

struct PlotPanel;

// How a panel's values are shown: durations (a ylabel of "seconds") in one readable unit picked
// from the largest magnitude (ns/µs/ms/s), other values as they are.
struct ValueScale {
    bool isDuration = false;
    double secondsPerUnit = 1.0; // displayed = value / secondsPerUnit
    QString unit;                // "µs"; empty for plain values
    QString axisTitle;           // "time (µs)", or the panel's ylabel

    double toDisplay(double value) const { return value / secondsPerUnit; }
};

// True for the ylabels that mean seconds: "seconds", "second", "s", "time (s)", "seconds (s)".
bool meansSeconds(const QString &label);

ValueScale valueScaleFor(const PlotPanel &panel);

// A value for hover text and tables: "8.50 µs (8.500181138515472e-06 s)" for durations, the
// shortest exact form otherwise.
QString exactValueText(double value, bool isDuration);

// The shortest text that reads back as exactly this double ("8.500181138515472e-06").
QString roundTripNumber(double value);
