#include "ui/library/libraryanswers.h"

#include "ui/library/courseprogress.h"
#include "ui/library/librarymodel.h"
#include "ui/library/recordings.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/coursecounts.h"

LibraryAnswers::LibraryAnswers(LibraryModel *model, const AnswerStore *store, const CourseProgress *progress,
                               QObject *parent)
    : QObject(parent), m_model(model), m_store(store), m_progress(progress)
{
    connect(m_store, &AnswerStore::changed, this, &LibraryAnswers::refreshLesson);
    connect(m_progress, &CourseProgress::changed, this, &LibraryAnswers::refreshAll);
    connect(m_model, &QAbstractItemModel::modelReset, this, &LibraryAnswers::refreshAll);
    // Only the rows that arrived: a folder streams in thousands of rows in batches.
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &, int first, int last) {
        for (int row = first; row <= last; ++row) {
            if (const LibraryEntry *entry = m_model->entry(m_model->idAtRow(row)))
                refreshEntry(*entry);
        }
    });
    connect(m_model, &LibraryModel::entryChanged, this, [this](int id) {
        if (const LibraryEntry *entry = m_model->entry(id))
            refreshEntry(*entry);
    });
    refreshAll();
}

void LibraryAnswers::refreshAll() { refreshLesson(QString()); }

void LibraryAnswers::refreshLesson(const QString &lessonId)
{
    for (const LibraryEntry &entry : m_model->entries()) {
        if (entry.artifact && (lessonId.isEmpty() || entry.artifact->lessonId() == lessonId.toStdString()))
            refreshEntry(entry);
    }
}

QString LibraryAnswers::answerText(const LibraryEntry &entry) const
{
    if (!entry.artifact)
        return {};
    const QString lessonId = QString::fromStdString(entry.artifact->lessonId());
    if (recordings::isRecording(entry)) {
        const auto lesson = m_progress->lesson(lessonId);
        return lesson ? lesson->stateText() : QString();
    }
    if (!CourseProgress::madeOnThisMachine(entry))
        return {};
    const auto answer = m_store->record(lessonId).current();
    if (!answer)
        return {};
    const std::optional<bool> right = answerIsRightOn(*entry.artifact, *answer);
    if (!right)
        return {};
    return *right ? tr("your answer ✓ here") : tr("your answer ✗ here");
}

void LibraryAnswers::refreshEntry(const LibraryEntry &entry)
{
    const QString text = answerText(entry);
    if (text != entry.answer)
        m_model->setAnswer(entry.id, text); // only on change: setAnswer emits dataChanged
    m_model->setKeyFigureHidden(entry.id, hidesKeyFigure(entry));
}

// As the explorer's header and Panels tab hide the figures (ArtifactView::updateCover): the
// course's own artifacts — its recordings, the runs made here — of a lesson not predicted yet,
// whose results the learner has not asked to see. Other people's files are not the course.
bool LibraryAnswers::hidesKeyFigure(const LibraryEntry &entry) const
{
    if (!entry.artifact || entry.artifact->diagram().prediction.empty())
        return false;
    if (!recordings::isRecording(entry) && !CourseProgress::madeOnThisMachine(entry))
        return false;
    const AnswerStore::LessonRecord record = m_store->record(QString::fromStdString(entry.artifact->lessonId()));
    return !record.predicted() && !record.resultsSeen;
}
