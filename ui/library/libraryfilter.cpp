#include "ui/library/libraryfilter.h"

#include "ui/library/librarymodel.h"

LibraryFilter::LibraryFilter(QObject *parent)
    : QSortFilterProxyModel(parent)
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
    m_words = words;
    endFilterChange(QSortFilterProxyModel::Direction::Rows);
#else
    m_words = words;
    invalidateFilter();
#endif
}

bool LibraryFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_words.isEmpty())
        return true;
    const QAbstractItemModel *model = sourceModel();
    QStringList cells;
    for (int column = 0; column < model->columnCount(sourceParent); ++column)
        cells << model->index(sourceRow, column, sourceParent).data(Qt::DisplayRole).toString();
    for (const QString &word : m_words) {
        bool found = false;
        for (const QString &cell : cells) {
            if (cell.contains(word, Qt::CaseInsensitive)) {
                found = true;
                break;
            }
        }
        if (!found)
            return false;
    }
    return true;
}
