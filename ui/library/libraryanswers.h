#pragma once

#include <QObject>

class AnswerStore;
class CourseProgress;
class LibraryModel;
struct LibraryEntry;

// Keeps the library's answer column in step with the course: a lesson's recording shows the
// lesson's state ("not tried", "predicted ✓ · run here"); a run made here shows what
// the learner's answer reads on that run ("your answer ✓ here"); other people's files (a folder
// of 10,000) are not graded: they are not the course. The model owns the column's text; this
// only writes it through LibraryModel::setAnswer.
class LibraryAnswers : public QObject
{
    Q_OBJECT

public:
    // All three must outlive this object; parent it to the model's owner.
    LibraryAnswers(LibraryModel *model, const AnswerStore *store, const CourseProgress *progress,
                   QObject *parent = nullptr);

    void refreshAll();

private:
    void refreshLesson(const QString &lessonId);
    void refreshEntry(const LibraryEntry &entry);
    QString answerText(const LibraryEntry &entry) const;
    bool hidesKeyFigure(const LibraryEntry &entry) const;

    LibraryModel *m_model = nullptr;
    const AnswerStore *m_store = nullptr;
    const CourseProgress *m_progress = nullptr;
};
