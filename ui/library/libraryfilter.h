#pragma once

#include <QSet>
#include <QSortFilterProxyModel>

// Sorting and the filter-as-you-type of the library. A row passes when every word of the filter
// text appears (case-insensitively) in one of its columns, so "cpu warn" finds the CPU artifacts
// with warnings. Sorts by LibraryModel::SortRole: durations as numbers, times chronologically.
// The rows the learner has selected stay while the filter is unchanged, whatever happens to
// their cells (a run saved under a filter "unsaved" is not whisked away from under them).
class LibraryFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit LibraryFilter(QObject *parent = nullptr);

    void setFilterText(const QString &text);
    QString filterText() const { return m_words.join(QLatin1Char(' ')); }
    // The entries (ids) that pass until the filter text changes.
    void setKept(const QList<int> &ids);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QStringList m_words;
    QSet<int> m_kept;
};
