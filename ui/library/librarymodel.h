#pragma once

#include "ui/library/libraryentry.h"

#include <QAbstractTableModel>
#include <QHash>

#include <vector>

// The artifacts opened in this session, one row each. Owns the entries; views reach them through
// a QSortFilterProxyModel (LibraryFilter) and identify them by EntryIdRole, never by row.
class LibraryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        LessonColumn,
        TitleColumn,
        SetupColumn, // the lesson's parameters as people read them: runs of other shapes look different
        KindColumn,
        ProvenanceColumn,
        GeneratedColumn,
        BackendColumn,
        KeyFigureColumn, // the lesson's headline figure: warm median, first call, …
        StatusColumn,
        // The learner's answer to the prediction prompt. Left empty here: the timeline work
        // (issue 4) fills it from its AnswerStore through setAnswer().
        AnswerColumn,
        FileColumn,
        FolderColumn, // where the file is: the filter matches the whole path
        ColumnCount
    };
    enum Role {
        EntryIdRole = Qt::UserRole + 1,
        SortRole,   // numbers for the median, ISO text for times, display text otherwise
        SearchRole, // (any column) what the filter matches: every cell, the full path, "error" for unreadable files
    };

    explicit LibraryModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Replaces everything (beginResetModel/endResetModel); ids are assigned afresh.
    void setEntries(std::vector<LibraryEntry> entries);
    // Adds an entry, or replaces the entry read from the same path (a file read again).
    // Returns the entry's id.
    int addOrReplace(LibraryEntry entry);
    // The same for many entries at once (a folder streaming in): entries already present by path
    // are replaced in place, the new ones appended with one beginInsertRows/endInsertRows.
    // Returns the ids in the order given.
    std::vector<int> addOrReplace(std::vector<LibraryEntry> entries);
    void remove(int id);
    // Removes many entries at once (closing a selection, files gone from a folder): one
    // beginRemoveRows/endRemoveRows per run of adjacent rows, the highest run first, and one
    // re-indexing at the end: closing 10,000 rows costs one pass over the library, not one per
    // row. Ids not in the library are ignored. Then removalFinished, once. Not to be called from
    // a slot of this model's own signals while a removal is under way.
    void remove(const QList<int> &ids);
    // True from the first rowsAboutToBeRemoved of remove() to its removalFinished: listeners that
    // would rebuild something for every run of rows can wait for removalFinished instead.
    bool isRemoving() const { return m_removing; }
    void clear();

    const LibraryEntry *entry(int id) const;
    const std::vector<LibraryEntry> &entries() const { return m_entries; }
    int rowOf(int id) const; // -1 when absent
    int idAtRow(int row) const;
    int findByPath(const QString &path) const; // id, or 0
    std::vector<int> unsavedIds() const;

    // After a save: the entry now lives at path and is no longer unsaved.
    void markSaved(int id, const QString &path);
    void setAnswer(int id, const QString &answer);
    void setKeyFigureHidden(int id, bool hidden);

signals:
    void entryChanged(int id);
    // After remove() took out at least one row, once, when every lookup is current again.
    void removalFinished();

private:
    // What a row shows, worked out once per entry: reading the numbers means parsing the
    // artifact's stdout, far too slow to repeat for every paint of a large artifact.
    struct Facts {
        QString lesson, title, setup, kind, provenance, generated, generatedIso, backend, keyFigure, keyFigureLabel;
        double keyFigureSeconds = 0; // +inf when unknown: sorts last
        // Why the run was disturbed (docs/artifact-format.md); empty when it was not, or is not known.
        // Shown at the key figure it makes doubtful.
        QString disturbance;
    };
    static Facts factsOf(const LibraryEntry &entry);
    static Facts resultsFactsOf(const lessonscope::ResultsFile &file, const QDateTime &modified);
    QVariant display(std::size_t row, int column) const;
    QVariant sortKey(std::size_t row, int column) const;
    QString searchText(std::size_t row) const;
    void emitRowChanged(int row);
    void reindex();                       // rebuilds m_rowById and m_idByPath after rows moved
    void forgetRows(int first, int last); // drops the rows' ids and paths from the lookups

    std::vector<LibraryEntry> m_entries;
    std::vector<Facts> m_facts; // parallel to m_entries
    // Lookups by id and by path stay O(1) with 10,000 rows (a folder opened, then refreshed).
    QHash<int, int> m_rowById;
    QHash<QString, int> m_idByPath;
    // While remove() runs, m_rowById keeps the rows from before it began (re-indexing after every
    // run would make closing many scattered rows quadratic). These are the runs already taken
    // out, highest first, each with the rows taken out so far, so that rowOf() can still answer
    // between one run's rowsRemoved and the next.
    struct RemovedRun {
        int first;
        int removedSoFar; // rows in this run and every run before it
    };
    std::vector<RemovedRun> m_removedRuns;
    bool m_removing = false;
    int m_nextId = 1;
};
