#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include <optional>

class AnswerStore;
class LibraryModel;
class QTimer;
struct LibraryEntry;

// Where the learner is in the course: for each lesson in course order, whether its prediction was
// answered (right or wrong), whether it was run on this machine, and which lesson is next. The
// welcome page, the library and the artifact view's next-step bar show it. Computed from the
// library (the bundled recordings and the runs in it) and the AnswerStore; changed() is emitted
// once per event-loop turn however many rows or answers changed.
class CourseProgress : public QObject
{
    Q_OBJECT

public:
    struct Lesson {
        QString id;
        QString title;
        int recordedId = 0;            // the bundled recording's library entry; 0 when not open
        std::optional<bool> predicted; // the answer to the prediction: right or wrong; none: not tried
        int runId = 0;                 // the newest run of it made on this machine; 0 when none in the library

        bool done() const { return predicted.has_value() && runId != 0; }
        // "not tried", "predicted ✓", "predicted ✗ · run on this machine", …
        QString stateText() const;
    };

    CourseProgress(const LibraryModel *model, const AnswerStore *store, QObject *parent = nullptr);

    // Worked out once per change (the library, the answers) and kept until the next.
    QList<Lesson> lessons() const;
    std::optional<Lesson> lesson(const QString &id) const;
    // The first lesson in course order that is not done; empty when every lesson is.
    QString nextLessonId() const;
    // Whether an entry was made on this machine: a run of this session, or a saved file whose
    // environment names this machine's CPU and lessonscope's measured provenance.
    static bool madeOnThisMachine(const LibraryEntry &entry);

signals:
    void changed();

private:
    void scheduleChanged();

    const LibraryModel *m_model = nullptr;
    const AnswerStore *m_store = nullptr;
    QTimer *m_coalesce = nullptr;
    mutable std::optional<QList<Lesson>> m_lessons; // the last worked out, until a change
};
