#include "ui/library/libraryanswers.h"

#include "ui/timeline/answerstore.h"
#include "ui/library/courseprogress.h"
#include "ui/library/librarymodel.h"

LibraryAnswers::LibraryAnswers(LibraryModel *model, AnswerStore *store, QObject *parent)
    : QObject(parent), m_model(model), m_store(store)
{
    connect(m_store, &AnswerStore::answerChanged, this, &LibraryAnswers::refresh);
    connect(m_model, &QAbstractItemModel::modelReset, this, &LibraryAnswers::refreshAll);
    // Only the rows that arrived: a folder streams in thousands of rows in batches.
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &, int first, int last) {
        for (int row = first; row <= last; ++row) {
            if (const LibraryEntry *entry = m_model->entry(m_model->idAtRow(row)))
                refreshEntry(*entry);
        }
    });
    connect(m_model, &LibraryModel::entryChanged, this, &LibraryAnswers::refreshAll);
    refreshAll();
}

void LibraryAnswers::refreshAll()
{
    refresh(QString());
}

void LibraryAnswers::refresh(const QString &contentHash)
{
    for (const LibraryEntry &entry : m_model->entries())
        refreshEntry(entry, contentHash);
}

void LibraryAnswers::setCourseProgress(const CourseProgress *progress)
{
    m_progress = progress;
    connect(progress, &CourseProgress::changed, this, &LibraryAnswers::refreshRecordings);
    refreshRecordings();
}

void LibraryAnswers::refreshRecordings()
{
    for (const CourseProgress::Lesson &lesson : m_progress->lessons()) {
        const LibraryEntry *entry = m_model->entry(lesson.recordedId);
        if (entry && entry->answer != lesson.stateText())
            m_model->setAnswer(entry->id, lesson.stateText());
    }
}

void LibraryAnswers::refreshEntry(const LibraryEntry &entry, const QString &contentHash)
{
    if (!entry.artifact || (m_progress && entry.origin == LibraryEntry::Origin::Bundled))
        return;
    const QString hash = QString::fromStdString(entry.artifact->contentHash());
    if (!contentHash.isEmpty() && hash != contentHash)
        return;
    const QString mark = m_store->mark(hash);
    if (mark != entry.answer)
        m_model->setAnswer(entry.id, mark); // only on change: setAnswer emits dataChanged
}
