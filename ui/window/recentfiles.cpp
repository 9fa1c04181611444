#include "ui/window/recentfiles.h"

#include "ui/common/plaintext.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace {

const char *const kKey = "recentFiles";

} // namespace

RecentFiles::RecentFiles(QObject *parent) : QObject(parent)
{
    m_paths = QSettings().value(QLatin1String(kKey)).toStringList();
    while (m_paths.size() > kMaximum)
        m_paths.removeLast();
}

void RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_paths.removeAll(absolute);
    m_paths.prepend(absolute);
    while (m_paths.size() > kMaximum)
        m_paths.removeLast();
    save();
}

void RecentFiles::clear()
{
    m_paths.clear();
    save();
}

void RecentFiles::attach(QMenu *menu)
{
    m_menu = menu;
    fillMenu();
}

void RecentFiles::save()
{
    QSettings().setValue(QLatin1String(kKey), m_paths);
    fillMenu();
    emit changed();
}

void RecentFiles::fillMenu()
{
    if (!m_menu)
        return;
    m_menu->clear();
    for (int i = 0; i < m_paths.size(); ++i) {
        const QString path = m_paths[i];
        const QFileInfo info(path);
        // &1 … &9, then 1&0: keyboard access to each entry.
        const QString number = i < 9 ? QStringLiteral("&%1").arg(i + 1) : QStringLiteral("1&0");
        QAction *action = m_menu->addAction(
            QStringLiteral("%1  %2%3").arg(number, info.fileName(), info.isDir() ? QStringLiteral("/") : QString()));
        action->setToolTip(lessonscope::plainToolTip(QDir::toNativeSeparators(path)));
        action->setStatusTip(QDir::toNativeSeparators(path));
        action->setEnabled(info.exists());
        connect(action, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    if (!m_paths.isEmpty())
        m_menu->addSeparator();
    QAction *clearAction = m_menu->addAction(tr("&Clear Menu"), this, &RecentFiles::clear);
    clearAction->setEnabled(!m_paths.isEmpty());
    m_menu->setEnabled(true);
}
