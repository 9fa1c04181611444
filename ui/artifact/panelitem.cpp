#include "ui/artifact/panelitem.h"

#include "core/artifact/artifact.h"

#include <QCoreApplication>

using namespace lessonscope;

namespace {

QString tr(const char *text) { return QCoreApplication::translate("PanelItem", text); }

bool isAtOrBelow(const std::string &pointer, const std::string &prefix)
{
    return pointer == prefix
        || (pointer.size() > prefix.size() && pointer.compare(0, prefix.size(), prefix) == 0
            && pointer[prefix.size()] == '/');
}

} // namespace

QString panelsRefusal(const Problems &problems)
{
    for (const Problem &problem : problems) {
        if (problem.severity != Severity::Error)
            continue;
        if (problem.pointer.empty() || problem.pointer == "/schemaVersion" || problem.pointer == "/data"
            || problem.pointer == "/data/kind" || problem.pointer == "/data/panels")
            return QString::fromStdString(displayPointer(problem.pointer) + ": " + problem.message);
    }
    return {};
}

std::vector<PanelItem> panelItemsFor(const Artifact &artifact, const Problems &problems)
{
    std::vector<PanelItem> items;
    if (!panelsRefusal(problems).isEmpty())
        return items;
    std::vector<Panel> panels = artifact.panels();
    for (std::size_t i = 0; i < panels.size(); ++i) {
        Panel &panel = panels[i];
        PanelItem item;
        item.kind = QString::fromStdString(panel.kind);
        item.pointer = QStringLiteral("/data/panels/%1").arg(i);
        QStringList errors;
        for (const Problem &problem : problems) {
            if (problem.severity == Severity::Error && isAtOrBelow(problem.pointer, item.pointer.toStdString()))
                errors << QString::fromStdString(problem.pointer + ": " + problem.message);
        }
        if (!panel.isKnownKind()) {
            item.note = panel.kind.empty()
                ? tr("This panel names no kind; shown as written.")
                : tr("Panel kind “%1” is not known to this version of lessonscope; shown as written.").arg(item.kind);
        } else if (!errors.isEmpty()) {
            item.note
                = tr("This panel cannot be drawn as intended:") + QLatin1Char('\n') + errors.join(QLatin1Char('\n'));
        } else {
            item.drawable = true;
        }
        if (!item.drawable) // shown as written: the text of a panel that is drawn is never made
            item.rawJson = QString::fromStdString(artifact.panelText(i));
        item.plot = plotPanelFrom(std::move(panel)); // last: its series are moved out
        items.push_back(std::move(item));
    }
    return items;
}
