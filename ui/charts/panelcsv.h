#pragma once

#include <QString>

struct PlotPanel;

// A panel's series as CSV (RFC 4180, comma-separated, "\r\n" line ends, header row first), with
// every number in its shortest exact form so the file reads back to the same doubles.
// bar:  label,<series 1>,<series 2>...   one row per category
// line: series,x,y                        one row per point (series may have different x)
QString panelToCsv(const PlotPanel &panel);
