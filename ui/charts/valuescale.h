#pragma once

#include <QString>

struct PlotPanel;

// How a panel's values are shown on a linear axis: durations (a ylabel of "seconds") in one
// readable unit picked from the largest magnitude (ns/µs/ms/s); other values beyond 10,000 or
// below 0.01 in a power of ten the axis title names ("calls per second (millions)", "absolute
// error (× 10⁻⁵)"), so that no tick reads "8e+06"; the rest as they are.
struct ValueScale {
    bool isDuration = false;
    double perUnit = 1.0; // displayed = value / perUnit: seconds per µs, or 10⁶ for millions
    QString unit;         // "µs"; empty for plain values
    QString axisTitle;    // "time (µs)", "calls per second (millions)", or the panel's ylabel

    double toDisplay(double value) const { return value / perUnit; }
};

// "10⁻⁵", "0.01", "1", "1,000", "10⁶": a power of ten as people write it, for a log axis's ticks.
QString powerOfTenText(int exponent);

// True for the ylabels that mean seconds: "seconds", "second", "s", "time (s)", "seconds (s)".
bool meansSeconds(const QString &label);

ValueScale valueScaleFor(const PlotPanel &panel);

// A value for hover text and tables: "8.50 µs (8.500181138515472e-06 s)" for durations, the
// shortest exact form otherwise.
QString exactValueText(double value, bool isDuration);

// The shortest text that reads back as exactly this double ("8.500181138515472e-06").
QString roundTripNumber(double value);
