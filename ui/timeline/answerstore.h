#pragma once

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

class QSettings;

// The learner's course, kept in QSettings so that it survives restarts: per lesson (not per
// artifact: a run with the recording's parameters shares its contentHash, and the course asks
// each lesson's question once) the first committed answer, which is the course's grade, every
// retry after it, and the progress — the results seen before predicting, a run made here, the
// comparison with the recorded run, the runs saved. The window makes one and passes it to what
// shows or changes the course; tests make their own on a temporary file. Two stores on one file
// do not notify each other.
class AnswerStore : public QObject
{
    Q_OBJECT

public:
    // One of the two: a candidate's key (a stop or start marker), or a length (a Length marker).
    struct Answer {
        QString candidate;            // the key of the timeline candidate the learner chose; empty for a length
        std::optional<double> length; // the length the learner set, as a multiple of the reference
        bool correct = false;         // as graded on the artifact it was given on
        QDateTime answeredAt;
        QString artifactKey; // which artifact it was given on (artifactKeyOf)
        QString answeredOn;  // that artifact as a person names it: "the recorded run"
    };

    struct LessonRecord {
        std::optional<Answer> first; // the course's grade
        QList<Answer> retries;       // every committed answer after the first, in order
        bool reopened = false;       // "try again": no answer is placed until the next one
        bool resultsSeen = false;    // the results were shown before the first answer
        bool ranHere = false;        // a run of it on this machine counted for the course
        QString runFigures;          // that run's headline figures, as the course-complete page sums up
        bool compared = false;       // a counting run was compared with the recorded run
        QStringList savedRuns;       // where runs made here were saved, newest first

        bool predicted() const { return first.has_value(); }
        // The answer placed on the lesson's timelines: the last one given, none after "try again".
        std::optional<Answer> current() const;
    };

    // The application's settings (organisation and application names of QCoreApplication).
    explicit AnswerStore(QObject *parent = nullptr);
    // An INI file at settingsFile: for tests and portable set-ups.
    explicit AnswerStore(const QString &settingsFile, QObject *parent = nullptr);
    ~AnswerStore() override;

    // What identifies one artifact among those of its lesson: its content and when it was made.
    static QString artifactKeyOf(const std::string &contentHash, const std::string &generatedAt);

    // An empty record for a lesson id that is not one (ids are [a-z0-9-], at most 64).
    LessonRecord record(const QString &lessonId) const;

    // The first answer, or a retry. Not stored: an answer with neither a candidate key nor a
    // positive finite length, or a lesson id that is not one.
    void commit(const QString &lessonId, const Answer &answer);
    // "Try again": the answers stay recorded; the lesson's timelines are free until the next.
    void reopen(const QString &lessonId);
    void markResultsSeen(const QString &lessonId);
    void markRunHere(const QString &lessonId, const QString &runFigures);
    void markCompared(const QString &lessonId);
    void addSavedRun(const QString &lessonId, const QString &path);
    // An answer an earlier lessonscope kept per artifact content ("answers/<contentHash>"), taken
    // as the lesson's first answer when the lesson has none: called for the recordings it knew.
    void adoptEarlierAnswer(const QString &lessonId, const QString &contentHash);

signals:
    void changed(const QString &lessonId);

private:
    LessonRecord &cached(const QString &lessonId) const;
    LessonRecord read(const QString &lessonId) const;
    void write(const QString &lessonId, const LessonRecord &record);
    // Applies edit to the lesson's record and keeps it when edit says it changed something.
    void change(const QString &lessonId, const std::function<bool(LessonRecord &)> &edit);

    std::unique_ptr<QSettings> m_settings;
    mutable QHash<QString, LessonRecord> m_records; // read once per lesson
};
