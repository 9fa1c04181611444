#include "ui/results/resultsitems.h"

#include "core/peers/resultspanels.h"

using namespace lessonscope;

std::vector<PanelItem> resultsPanelItems(const ResultsFile &file, bool distributions)
{
    std::vector<PanelItem> items;
    for (Panel &panel : resultsPanels(file, distributions)) {
        PanelItem item;
        item.kind = QString::fromStdString(panel.kind);
        item.plot = plotPanelFrom(std::move(panel));
        item.drawable = true;
        items.push_back(std::move(item));
    }
    return items;
}
