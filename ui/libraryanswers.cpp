#include "libraryanswers.h"

#include "answerstore.h"
#include "librarymodel.h"

LibraryAnswers::LibraryAnswers(LibraryModel *model, AnswerStore *store, QObject *parent)
    : QObject(parent), m_model(model), m_store(store)
{
    connect(m_store, &AnswerStore::answerChanged, this, &LibraryAnswers::refresh);
    connect(m_model, &QAbstractItemModel::modelReset, this, &LibraryAnswers::refreshAll);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &LibraryAnswers::refreshAll);
    connect(m_model, &LibraryModel::entryChanged, this, &LibraryAnswers::refreshAll);
    refreshAll();
}

void LibraryAnswers::refreshAll()
{
    refresh(QString());
}

void LibraryAnswers::refresh(const QString &contentHash)
{
    for (const LibraryEntry &entry : m_model->entries()) {
        if (!entry.artifact)
            continue;
        const QString hash = QString::fromStdString(entry.artifact->contentHash());
        if (!contentHash.isEmpty() && hash != contentHash)
            continue;
        const QString mark = m_store->mark(hash);
        if (mark != entry.answer)
            m_model->setAnswer(entry.id, mark); // only on change: setAnswer emits dataChanged
    }
}
