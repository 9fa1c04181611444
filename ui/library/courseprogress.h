#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include <optional>

class AnswerStore;
class LibraryModel;
class QTimer;
struct LibraryEntry;

// Where the learner is in the course: for each lesson in course order, its prediction (the first
// answer's grade), whether it was run on this machine, whether that run was compared with the
// recorded one, and which step comes next. The welcome page, the library and the artifact view's
// next-step bar show it. What the learner did comes from the AnswerStore, which keeps it across
// restarts; which artifacts are open (the recording, the newest run that counts) from the
// library. changed() is emitted once per event-loop turn however many rows or answers changed.
class CourseProgress : public QObject
{
    Q_OBJECT

public:
    enum class Step { Predict, Run, Compare, Done };

    struct Lesson {
        QString id;
        QString title;
        int recordedId = 0;            // the recording's library entry (or a copy of it); 0 when not open
        std::optional<bool> predicted; // the first answer's grade; none: not tried
        int retries = 0;               // answers given after the first
        bool resultsSeen = false;      // the results were shown before the prediction
        bool ranHere = false;          // run on this machine, in a run that counts for the course
        int runId = 0;                 // the newest such run in the library; 0 when none is open
        bool compared = false;         // that run was compared with the recorded one
        QString runFigures;            // the learner's own numbers, as the run's headline figures

        Step step() const;
        bool done() const { return step() == Step::Done; }
        // "not tried", "predicted ✓", "predicted ✗ · run here · compared", …
        QString stateText() const;
        // The next step in a few words: "predict", "run it on this machine", …
        QString stepText() const;
    };

    CourseProgress(const LibraryModel *model, const AnswerStore *store, QObject *parent = nullptr);

    // Worked out once per change (the library, the answers) and kept until the next.
    QList<Lesson> lessons() const;
    std::optional<Lesson> lesson(const QString &id) const;
    // The first lesson in course order that is not done; empty when every lesson is.
    QString nextLessonId() const;
    bool isComplete() const { return nextLessonId().isEmpty() && !lessons().isEmpty(); }
    // Whether an entry was made on this machine: a run of this session, or a saved file whose
    // environment names this machine's CPU and lessonscope's measured provenance.
    static bool madeOnThisMachine(const LibraryEntry &entry);
    // A run made here that counts for the course (courseRefusal says nothing against it).
    static bool isCountingRun(const LibraryEntry &entry);

signals:
    void changed();

private:
    void scheduleChanged();

    const LibraryModel *m_model = nullptr;
    const AnswerStore *m_store = nullptr;
    QTimer *m_coalesce = nullptr;
    mutable std::optional<QList<Lesson>> m_lessons; // the last worked out, until a change
};
