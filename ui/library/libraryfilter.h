#pragma once

#include <QSortFilterProxyModel>

// Sorting and the filter-as-you-type of the library. A row passes when every word of the filter
// text appears (case-insensitively) in one of its columns, so "cpu warn" finds the CPU artifacts
// with warnings. Sorts by LibraryModel::SortRole: durations as numbers, times chronologically.
class LibraryFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit LibraryFilter(QObject *parent = nullptr);

    void setFilterText(const QString &text);
    QString filterText() const { return m_words.join(QLatin1Char(' ')); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QStringList m_words;
};
