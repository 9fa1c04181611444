#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

// The recently opened files and folders, most recent first, kept in QSettings ("recentFiles").
// Fills a menu (File › Open Recent) whose entries ask for their path to be opened.
class RecentFiles : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMaximum = 10;

    explicit RecentFiles(QObject *parent = nullptr);

    QStringList paths() const { return m_paths; }
    void add(const QString &path);
    void clear();
    // Keeps the menu in step with the list from now on.
    void attach(QMenu *menu);

signals:
    void openRequested(const QString &path);
    void changed();

private:
    void save();
    void fillMenu();

    QStringList m_paths;
    QMenu *m_menu = nullptr;
};
