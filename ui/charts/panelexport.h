#pragma once

#include <QList>
#include <QString>

class PanelChart;
class QWidget;

// What a panel is exported as.
enum class PanelExportFormat { Png, Svg, Csv };

// Exports of the shown panel: the chart as PNG or SVG, its series as CSV (atomically written).
// writePanelExport() does the writing (tests call it); exportPanelInteractively() asks where first.
// A PNG is drawn at scale times the chart's size on screen (1: as shown).
bool writePanelExport(const PanelChart &chart, PanelExportFormat format, const QString &path, QString *error,
                      double scale = 1.0);
// The PNG sizes offered before asking where to export: as shown, twice and three times, in pixels.
struct PngSize {
    double scale = 1.0;
    QString label; // "Twice: 1280 × 800 px"
};
QList<PngSize> pngSizes(const PanelChart &chart);
// A PNG asks its size first. Returns the path written, or "" when cancelled or failed (after saying why).
QString exportPanelInteractively(QWidget *parent, const PanelChart &chart, PanelExportFormat format,
                                 const QString &baseName);
