#pragma once

#include "ui/artifact/panelsview.h"

class PanelChart;
class QWidget;

// Exports of the shown panel: the chart as PNG or SVG, its series as CSV (atomically written).
// writePanelExport() does the writing (tests call it); exportPanelInteractively() asks where first.
bool writePanelExport(const PanelChart &chart, PanelsView::Export format, const QString &path, QString *error);
// Returns the path written, or "" when cancelled or failed (after saying why).
QString exportPanelInteractively(QWidget *parent, const PanelChart &chart, PanelsView::Export format,
                                 const QString &baseName);
