#pragma once

#include <QObject>

class AnswerStore;
class CourseProgress;
class LibraryModel;
struct LibraryEntry;

// Keeps the library's answer column (✓ / ✗) in step with the AnswerStore: fills it for entries
// as they arrive and again whenever an answer is given or cleared, for every entry of the same
// content. The model owns the column's text; this only writes it through LibraryModel::setAnswer.
class LibraryAnswers : public QObject
{
    Q_OBJECT

public:
    // Both must outlive this object; parent it to the model's owner.
    LibraryAnswers(LibraryModel *model, AnswerStore *store, QObject *parent = nullptr);

    void refreshAll();
    // The course's recordings then show the lesson's state ("not tried", "predicted ✓ · run on
    // this machine") rather than the mark alone.
    void setCourseProgress(const CourseProgress *progress);

private:
    void refresh(const QString &contentHash); // entries of this content only; all when empty
    void refreshEntry(const LibraryEntry &entry, const QString &contentHash = QString());

    void refreshRecordings();

    LibraryModel *m_model = nullptr;
    const CourseProgress *m_progress = nullptr;
    AnswerStore *m_store = nullptr;
};
