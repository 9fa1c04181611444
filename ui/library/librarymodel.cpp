#include "ui/library/librarymodel.h"

#include "core/lesson/lessonartifacts.h"

#include "ui/common/plaintext.h"
#include "core/base/units.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QFont>
#include <QStyle>

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <limits>

using namespace lessonscope;

LibraryModel::LibraryModel(QObject *parent) : QAbstractTableModel(parent) { }

int LibraryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int LibraryModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LibraryModel::display(std::size_t row, int column) const
{
    const LibraryEntry &entry = m_entries[row];
    const Facts &facts = m_facts[row];
    switch (column) {
    case LessonColumn:
        return facts.lesson;
    case TitleColumn:
        return facts.title;
    case SetupColumn:
        return facts.setup;
    case KindColumn:
        return facts.kind;
    case ProvenanceColumn:
        return facts.provenance;
    case GeneratedColumn:
        return facts.generated;
    case BackendColumn:
        return facts.backend;
    case KeyFigureColumn:
        if (entry.keyFigureHidden && !facts.keyFigure.isEmpty())
            return tr("predict first");
        return facts.disturbance.isEmpty() || facts.keyFigure.isEmpty() ? facts.keyFigure
                                                                        : tr("%1 · disturbed").arg(facts.keyFigure);
    case StatusColumn:
        return entry.unsaved ? tr("%1 · unsaved").arg(entry.statusText()) : entry.statusText();
    case AnswerColumn:
        return entry.answer;
    case FileColumn:
        return entry.displayName();
    case FolderColumn:
        return entry.path.isEmpty() || entry.origin == LibraryEntry::Origin::Bundled
            ? QString()
            : QDir::toNativeSeparators(QFileInfo(entry.path).absolutePath());
    default:
        return {};
    }
}

QString LibraryModel::searchText(std::size_t row) const
{
    const LibraryEntry &entry = m_entries[row];
    QStringList text;
    for (int column = 0; column < ColumnCount; ++column)
        text << display(row, column).toString();
    text << QDir::toNativeSeparators(entry.path);
    if (entry.hasErrors())
        text << QStringLiteral("error"); // "unreadable" files are found by "error" too
    return text.join(QLatin1Char('\n'));
}

QVariant LibraryModel::sortKey(std::size_t row, int column) const
{
    const LibraryEntry &entry = m_entries[row];
    if (column == KeyFigureColumn) // a hidden figure sorts last, so its order says nothing of it
        return entry.keyFigureHidden ? std::numeric_limits<double>::infinity() : m_facts[row].keyFigureSeconds;
    if (column == GeneratedColumn)
        return m_facts[row].generatedIso;
    if (column == StatusColumn)
        return entry.artifact || entry.results
            ? countOf(entry.problems, Severity::Error) * 1000 + countOf(entry.problems, Severity::Warning)
            : 1'000'000;
    return display(row, column);
}

QVariant LibraryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const LibraryEntry &entry = m_entries[row];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(row, column);
    case EntryIdRole:
        return entry.id;
    case SortRole:
        return sortKey(row, column);
    case SearchRole:
        return searchText(row);
    case Qt::ToolTipRole:
        if (column == FileColumn)
            return entry.path.isEmpty() ? tr("Made on this machine; not saved yet") : plainToolTip(entry.path);
        if (column == GeneratedColumn && entry.artifact)
            return plainToolTip(shownText(entry.artifact->generatedAt()));
        if (column == StatusColumn && !entry.problems.empty())
            return plainToolTip(tr("%1 — see the Problems tab").arg(entry.statusText()));
        if (column == KeyFigureColumn && entry.keyFigureHidden && !m_facts[row].keyFigure.isEmpty())
            return plainToolTip(tr("The lesson's key figure gives its answer away: predict on its timeline first "
                                   "(or show its results anyway, in the Panels tab)."));
        if (column == KeyFigureColumn && !m_facts[row].keyFigure.isEmpty()) {
            const QString figure
                = tr("%1: %2, the lesson's key figure").arg(m_facts[row].keyFigureLabel, m_facts[row].keyFigure);
            if (m_facts[row].disturbance.isEmpty())
                return plainToolTip(figure);
            return plainToolTip(tr("%1.\nThis run was disturbed: %2.").arg(figure, m_facts[row].disturbance));
        }
        return {};
    case Qt::DecorationRole:
        if (column == KeyFigureColumn && !entry.keyFigureHidden && !m_facts[row].disturbance.isEmpty()
            && !m_facts[row].keyFigure.isEmpty())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        if (column != StatusColumn)
            return {};
        if (entry.hasErrors())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        if (countOf(entry.problems, Severity::Warning) > 0) // an info line (what a results file is) is no warning
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return QApplication::style()->standardIcon(QStyle::SP_DialogApplyButton);
    case Qt::FontRole:
        if (entry.unsaved) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == KeyFigureColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant LibraryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case LessonColumn:
        return tr("Lesson");
    case TitleColumn:
        return tr("Title");
    case SetupColumn:
        return tr("Setup");
    case KindColumn:
        return tr("Kind");
    case ProvenanceColumn:
        return tr("Provenance");
    case GeneratedColumn:
        return tr("Generated");
    case BackendColumn:
        return tr("Backend");
    case KeyFigureColumn:
        return tr("Key figure");
    case StatusColumn:
        return tr("Status");
    case AnswerColumn:
        return tr("Answer");
    case FileColumn:
        return tr("File");
    case FolderColumn:
        return tr("Folder");
    default:
        return {};
    }
}

void LibraryModel::setEntries(std::vector<LibraryEntry> entries)
{
    beginResetModel();
    m_entries = std::move(entries);
    m_facts.clear();
    for (LibraryEntry &entry : m_entries) {
        entry.id = m_nextId++;
        m_facts.push_back(factsOf(entry));
    }
    reindex();
    endResetModel();
}

int LibraryModel::addOrReplace(LibraryEntry entry)
{
    std::vector<LibraryEntry> one;
    one.push_back(std::move(entry));
    return addOrReplace(std::move(one)).front();
}

std::vector<int> LibraryModel::addOrReplace(std::vector<LibraryEntry> entries)
{
    std::vector<int> ids;
    ids.reserve(entries.size());
    std::vector<LibraryEntry> added;
    std::vector<Facts> addedFacts;
    QHash<QString, int> addedByPath; // the same path twice in one batch: the later one wins
    for (LibraryEntry &entry : entries) {
        if (!entry.path.isEmpty()) {
            if (const int existing = findByPath(entry.path)) {
                const int row = rowOf(existing);
                entry.id = existing;
                m_facts[static_cast<std::size_t>(row)] = factsOf(entry);
                m_entries[static_cast<std::size_t>(row)] = std::move(entry);
                emitRowChanged(row);
                emit entryChanged(existing);
                ids.push_back(existing);
                continue;
            }
            if (const auto it = addedByPath.constFind(entry.path); it != addedByPath.cend()) {
                entry.id = added[static_cast<std::size_t>(*it)].id;
                addedFacts[static_cast<std::size_t>(*it)] = factsOf(entry);
                added[static_cast<std::size_t>(*it)] = std::move(entry);
                ids.push_back(added[static_cast<std::size_t>(*it)].id);
                continue;
            }
            addedByPath.insert(entry.path, static_cast<int>(added.size()));
        }
        entry.id = m_nextId++;
        ids.push_back(entry.id);
        addedFacts.push_back(factsOf(entry));
        added.push_back(std::move(entry));
    }
    if (added.empty())
        return ids;
    const int first = rowCount();
    beginInsertRows({}, first, first + static_cast<int>(added.size()) - 1);
    for (std::size_t i = 0; i < added.size(); ++i) {
        m_rowById.insert(added[i].id, first + static_cast<int>(i));
        if (!added[i].path.isEmpty())
            m_idByPath.insert(added[i].path, added[i].id);
        m_entries.push_back(std::move(added[i]));
        m_facts.push_back(std::move(addedFacts[i]));
    }
    endInsertRows();
    return ids;
}

void LibraryModel::remove(int id) { remove(QList<int>{id}); }

void LibraryModel::remove(const QList<int> &ids)
{
    std::vector<int> rows;
    rows.reserve(static_cast<std::size_t>(ids.size()));
    for (const int id : ids) {
        if (const int row = rowOf(id); row >= 0)
            rows.push_back(row);
    }
    if (rows.empty())
        return;
    std::sort(rows.begin(), rows.end(), std::greater<>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());

    Q_ASSERT(!m_removing);
    m_removing = true;
    // Highest run first: the runs still to go keep their row numbers, so each is taken out by the
    // row it had before the batch began.
    for (std::size_t i = 0; i < rows.size();) {
        const int last = rows[i];
        int first = last;
        while (++i < rows.size() && rows[i] == first - 1)
            --first;
        beginRemoveRows({}, first, last);
        forgetRows(first, last);
        m_entries.erase(m_entries.begin() + first, m_entries.begin() + last + 1);
        m_facts.erase(m_facts.begin() + first, m_facts.begin() + last + 1);
        const int before = m_removedRuns.empty() ? 0 : m_removedRuns.back().removedSoFar;
        m_removedRuns.push_back({first, before + (last - first + 1)});
        endRemoveRows();
    }
    m_removedRuns.clear();
    reindex();
    m_removing = false;
    emit removalFinished();
}

void LibraryModel::forgetRows(int first, int last)
{
    for (int row = first; row <= last; ++row) {
        const LibraryEntry &entry = m_entries[static_cast<std::size_t>(row)];
        m_rowById.remove(entry.id);
        if (!entry.path.isEmpty() && m_idByPath.value(entry.path) == entry.id)
            m_idByPath.remove(entry.path);
    }
}

void LibraryModel::reindex()
{
    m_rowById.clear();
    m_idByPath.clear();
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        m_rowById.insert(m_entries[i].id, static_cast<int>(i));
        if (!m_entries[i].path.isEmpty())
            m_idByPath.insert(m_entries[i].path, m_entries[i].id);
    }
}

void LibraryModel::clear() { setEntries({}); }

const LibraryEntry *LibraryModel::entry(int id) const
{
    const int row = rowOf(id);
    return row < 0 ? nullptr : &m_entries[static_cast<std::size_t>(row)];
}

int LibraryModel::rowOf(int id) const
{
    const int row = m_rowById.value(id, -1);
    if (row < 0 || m_removedRuns.empty())
        return row;
    // In the middle of remove(): the row is from before the batch, and moved down by every row
    // taken out below it. The runs are in descending order, so those below it are the last ones.
    const auto firstBelow = std::partition_point(m_removedRuns.begin(), m_removedRuns.end(),
                                                 [row](const RemovedRun &run) { return run.first > row; });
    if (firstBelow == m_removedRuns.end())
        return row;
    const int removedAbove = firstBelow == m_removedRuns.begin() ? 0 : std::prev(firstBelow)->removedSoFar;
    return row - (m_removedRuns.back().removedSoFar - removedAbove);
}

int LibraryModel::idAtRow(int row) const
{
    return row >= 0 && row < rowCount() ? m_entries[static_cast<std::size_t>(row)].id : 0;
}

int LibraryModel::findByPath(const QString &path) const { return path.isEmpty() ? 0 : m_idByPath.value(path, 0); }

std::vector<int> LibraryModel::unsavedIds() const
{
    std::vector<int> ids;
    for (const LibraryEntry &entry : m_entries) {
        if (entry.unsaved)
            ids.push_back(entry.id);
    }
    return ids;
}

void LibraryModel::markSaved(int id, const QString &path)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    LibraryEntry &entry = m_entries[static_cast<std::size_t>(row)];
    if (!entry.path.isEmpty() && m_idByPath.value(entry.path) == id)
        m_idByPath.remove(entry.path);
    entry.path = path;
    entry.unsaved = false;
    if (!path.isEmpty())
        m_idByPath.insert(path, id);
    emitRowChanged(row);
    emit entryChanged(id);
}

void LibraryModel::setKeyFigureHidden(int id, bool hidden)
{
    const int row = rowOf(id);
    if (row < 0 || m_entries[static_cast<std::size_t>(row)].keyFigureHidden == hidden)
        return;
    m_entries[static_cast<std::size_t>(row)].keyFigureHidden = hidden;
    emit dataChanged(index(row, KeyFigureColumn), index(row, KeyFigureColumn));
}

void LibraryModel::setAnswer(int id, const QString &answer)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    m_entries[static_cast<std::size_t>(row)].answer = answer;
    emit dataChanged(index(row, AnswerColumn), index(row, AnswerColumn));
}

void LibraryModel::emitRowChanged(int row) { emit dataChanged(index(row, 0), index(row, ColumnCount - 1)); }
