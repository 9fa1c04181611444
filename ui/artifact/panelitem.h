#pragma once

#include "ui/charts/plotpanel.h"
#include "core/artifact/problem.h"

#include <vector>

namespace lessonscope {
class Artifact;
}

// One panel as the panels view shows it: a chart when it can be drawn, else a placeholder that
// says why (an unknown kind, or errors validation found at its pointer) with its raw JSON.
struct PanelItem {
    PlotPanel plot;
    QString kind;
    QString pointer; // "/data/panels/2"
    bool drawable = false;
    QString note; // why it is a placeholder
    QString rawJson;
};

// The artifact's panels as items. Errors at a panel's pointer (or below) keep that panel from
// being drawn; errors at the document, "/schemaVersion" or "/data" keep every panel from it.
std::vector<PanelItem> panelItemsFor(const lessonscope::Artifact &artifact, const lessonscope::Problems &problems);
// The reason nothing can be drawn, or empty (e.g. "unknown schemaVersion").
QString panelsRefusal(const lessonscope::Problems &problems);
