#include "ui/window/docklayout.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QStringList>

namespace {

constexpr int kMinimumSize = 40;
constexpr int kMaximumSize = 10'000;

bool isHorizontal(Qt::DockWidgetArea area) { return area == Qt::TopDockWidgetArea || area == Qt::BottomDockWidgetArea; }

} // namespace

QByteArray saveDockLayout(const QMainWindow &window)
{
    QStringList docks;
    for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
        if (dock->objectName().isEmpty() || dock->isFloating())
            continue;
        const Qt::DockWidgetArea area = window.dockWidgetArea(dock);
        const int size = isHorizontal(area) ? dock->height() : dock->width();
        docks << QStringLiteral("%1:%2:%3:%4")
                     .arg(dock->objectName())
                     .arg(int(area))
                     .arg(dock->isHidden() ? 0 : 1)
                     .arg(size);
    }
    return "docks1 " + docks.join(QLatin1Char(';')).toLatin1();
}

bool restoreDockLayout(QMainWindow &window, const QByteArray &layout)
{
    if (!layout.startsWith("docks1 "))
        return false;
    for (const QString &entry : QString::fromLatin1(layout.mid(7)).split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QStringList fields = entry.split(QLatin1Char(':'));
        if (fields.size() != 4)
            continue;
        auto *dock = window.findChild<QDockWidget *>(fields[0]);
        bool areaOk = false, visibleOk = false, sizeOk = false;
        const auto area = static_cast<Qt::DockWidgetArea>(fields[1].toInt(&areaOk));
        const int visible = fields[2].toInt(&visibleOk);
        const int size = fields[3].toInt(&sizeOk);
        const bool knownArea = area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea
            || area == Qt::TopDockWidgetArea || area == Qt::BottomDockWidgetArea;
        if (!dock || !areaOk || !knownArea || !dock->isAreaAllowed(area) || !visibleOk || (visible != 0 && visible != 1)
            || !sizeOk || size < kMinimumSize || size > kMaximumSize)
            continue;
        if (window.dockWidgetArea(dock) != area)
            window.addDockWidget(area, dock);
        dock->setVisible(visible == 1);
        window.resizeDocks({dock}, {size}, isHorizontal(area) ? Qt::Vertical : Qt::Horizontal);
    }
    return true;
}
