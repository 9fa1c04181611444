#pragma once

#include "ui/artifact/panelitem.h"

#include <QString>

#include <optional>
#include <vector>

namespace lessonscope {
class Artifact;
}

// The two artifacts' panels overlaid: panels of the same kind and title are merged (bars over the
// union of their categories; lines each with its own x). A panel's only series is named by its
// origin ("recorded — jax 0.9.2"); series of a panel with several keep their own names, tagged
// "(A)" or "(B)". Every series keeps its single-view colour; B is drawn hatched or dashed
// (PlotSeries::side). Panels only one artifact has are kept, with that artifact's series alone.
std::vector<PanelItem> overlayPanels(const lessonscope::Artifact &a, const QString &originA,
                                     const lessonscope::Artifact &b, const QString &originB);

// The same for panels already made (two results files' panels: core/peers/resultspanels.h),
// taken whole: their series move into the merged panels.
std::vector<PanelItem> overlayItems(std::vector<PanelItem> a, const QString &originA, std::vector<PanelItem> b,
                                    const QString &originB);

// Labels that differ: when both origins read the same, each gets its generation time appended,
// or, when that is the same too, "(first)" and "(second)".
std::pair<QString, QString> distinctOrigins(const QString &originA, const QString &timeA, const QString &originB,
                                            const QString &timeB);
