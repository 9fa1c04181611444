#pragma once

#include "ui/artifact/panelitem.h"

#include <vector>

namespace lessonscope {
struct ResultsFile;
}

// A results file's panels (core/peers/resultspanels.h) as the panels view draws them.
std::vector<PanelItem> resultsPanelItems(const lessonscope::ResultsFile &file, bool distributions = true);
