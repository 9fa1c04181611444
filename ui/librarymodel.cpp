#include "librarymodel.h"

#include "units.h"

#include <QApplication>
#include <QFont>
#include <QStyle>

#include <QLocale>

#include <cmath>
#include <limits>

using namespace lessonscope;

namespace {

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

// The warm median as the artifact states it, else as its samples give it; NaN when unknown.
double warmMedianOf(const LibraryEntry &entry)
{
    if (!entry.artifact)
        return std::nan("");
    const TimingSummary timing = entry.artifact->timingSummary();
    if (timing.warmMedianSeconds)
        return *timing.warmMedianSeconds;
    return std::nan("");
}

QString readableTime(const std::string &rfc3339)
{
    const QDateTime time = QDateTime::fromString(q(rfc3339), Qt::ISODateWithMs);
    if (!time.isValid())
        return q(rfc3339);
    return QLocale().toString(time.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

} // namespace

LibraryModel::LibraryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int LibraryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int LibraryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LibraryModel::display(const LibraryEntry &entry, int column) const
{
    if (column == StatusColumn)
        return entry.unsaved ? tr("%1 · unsaved").arg(entry.statusText()) : entry.statusText();
    if (column == FileColumn)
        return entry.displayName();
    if (column == AnswerColumn)
        return entry.answer;
    if (!entry.artifact)
        return column == LessonColumn ? tr("(unreadable)") : QVariant();
    const Artifact &artifact = *entry.artifact;
    switch (column) {
    case LessonColumn: return q(artifact.lessonId());
    case TitleColumn: return q(artifact.diagram().title);
    case KindColumn: return q(artifact.kind());
    case ProvenanceColumn: return q(artifact.provenance());
    case GeneratedColumn: return readableTime(artifact.generatedAt());
    case BackendColumn: return q(artifact.backend());
    case WarmMedianColumn: {
        const double median = warmMedianOf(entry);
        return std::isnan(median) ? QVariant() : QVariant(q(formatDuration(median)));
    }
    default: return {};
    }
}

QVariant LibraryModel::sortKey(const LibraryEntry &entry, int column) const
{
    if (column == WarmMedianColumn) {
        const double median = warmMedianOf(entry);
        return std::isnan(median) ? QVariant(std::numeric_limits<double>::infinity()) : QVariant(median);
    }
    if (column == GeneratedColumn && entry.artifact)
        return q(entry.artifact->generatedAt());
    if (column == StatusColumn)
        return entry.artifact ? countOf(entry.problems, Severity::Error) * 1000 + countOf(entry.problems, Severity::Warning)
                              : 1'000'000;
    return display(entry, column);
}

QVariant LibraryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LibraryEntry &entry = m_entries[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(entry, column);
    case EntryIdRole:
        return entry.id;
    case SortRole:
        return sortKey(entry, column);
    case Qt::ToolTipRole:
        if (column == FileColumn)
            return entry.path.isEmpty() ? tr("Made on this machine; not saved yet") : entry.path;
        if (column == GeneratedColumn && entry.artifact)
            return q(entry.artifact->generatedAt());
        if (column == StatusColumn && !entry.problems.empty())
            return tr("%1 — see the Problems tab").arg(entry.statusText());
        return {};
    case Qt::DecorationRole:
        if (column != StatusColumn)
            return {};
        if (entry.hasErrors())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        if (!entry.problems.empty())
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
        if (column == WarmMedianColumn)
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
    case LessonColumn: return tr("Lesson");
    case TitleColumn: return tr("Title");
    case KindColumn: return tr("Kind");
    case ProvenanceColumn: return tr("Provenance");
    case GeneratedColumn: return tr("Generated");
    case BackendColumn: return tr("Backend");
    case WarmMedianColumn: return tr("Warm median");
    case StatusColumn: return tr("Status");
    case AnswerColumn: return tr("Answer");
    case FileColumn: return tr("File");
    default: return {};
    }
}

void LibraryModel::setEntries(std::vector<LibraryEntry> entries)
{
    beginResetModel();
    m_entries = std::move(entries);
    for (LibraryEntry &entry : m_entries)
        entry.id = m_nextId++;
    endResetModel();
}

int LibraryModel::addOrReplace(LibraryEntry entry)
{
    if (!entry.path.isEmpty()) {
        if (const int existing = findByPath(entry.path)) {
            const int row = rowOf(existing);
            entry.id = existing;
            m_entries[static_cast<std::size_t>(row)] = std::move(entry);
            emitRowChanged(row);
            emit entryChanged(existing);
            return existing;
        }
    }
    entry.id = m_nextId++;
    const int row = rowCount();
    beginInsertRows({}, row, row);
    m_entries.push_back(std::move(entry));
    endInsertRows();
    return m_entries.back().id;
}

void LibraryModel::remove(int id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_entries.erase(m_entries.begin() + row);
    endRemoveRows();
}

void LibraryModel::clear()
{
    setEntries({});
}

const LibraryEntry *LibraryModel::entry(int id) const
{
    const int row = rowOf(id);
    return row < 0 ? nullptr : &m_entries[static_cast<std::size_t>(row)];
}

int LibraryModel::rowOf(int id) const
{
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i].id == id)
            return static_cast<int>(i);
    }
    return -1;
}

int LibraryModel::idAtRow(int row) const
{
    return row >= 0 && row < rowCount() ? m_entries[static_cast<std::size_t>(row)].id : 0;
}

int LibraryModel::findByPath(const QString &path) const
{
    for (const LibraryEntry &entry : m_entries) {
        if (!entry.path.isEmpty() && entry.path == path)
            return entry.id;
    }
    return 0;
}

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
    entry.path = path;
    entry.unsaved = false;
    emitRowChanged(row);
    emit entryChanged(id);
}

void LibraryModel::setAnswer(int id, const QString &answer)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    m_entries[static_cast<std::size_t>(row)].answer = answer;
    emit dataChanged(index(row, AnswerColumn), index(row, AnswerColumn));
}

void LibraryModel::emitRowChanged(int row)
{
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}
