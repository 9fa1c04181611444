#include "ui/library/libraryfilter.h"

#include "ui/library/librarymodel.h"

#include <algorithm>

LibraryFilter::LibraryFilter(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(LibraryModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setDynamicSortFilter(true);
}

void LibraryFilter::setFilterText(const QString &text)
{
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words == m_words)
        return;
#if QT_VERSION >= QT_VERSION_CHECK(6, 9, 0)
    beginFilterChange();
    m_kept.clear();
    m_words = words;
    endFilterChange(QSortFilterProxyModel::Direction::Rows);
#else
    m_kept.clear();
    m_words = words;
    invalidateFilter();
#endif
}

void LibraryFilter::setKept(const QList<int> &ids)
{
    // Kept rows are shown already: this changes what may leave, never what is shown now.
    m_kept = QSet<int>(ids.begin(), ids.end());
}

bool LibraryFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_words.isEmpty())
        return true;
    if (!m_kept.isEmpty()
        && m_kept.contains(sourceModel()->index(sourceRow, 0, sourceParent).data(LibraryModel::EntryIdRole).toInt()))
        return true;
    // Every cell, the whole path and "error" for unreadable files (LibraryModel::SearchRole);
    // a word never spans two cells: they are joined by line breaks.
    const QString text = sourceModel()->index(sourceRow, 0, sourceParent).data(LibraryModel::SearchRole).toString();
    return std::all_of(m_words.begin(), m_words.end(),
                       [&text](const QString &word) { return text.contains(word, Qt::CaseInsensitive); });
}
