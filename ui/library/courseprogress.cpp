#include "ui/library/courseprogress.h"

#include "core/lesson/artifactbuilder.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/lessonregistry.h"
#include "ui/library/librarymodel.h"
#include "ui/library/recordings.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/coursecounts.h"

#include <QTimer>

#include <nlohmann/json.hpp>

#include <map>

using namespace lessonscope;

CourseProgress::Step CourseProgress::Lesson::step() const
{
    if (!predicted)
        return Step::Predict;
    if (!ranHere)
        return Step::Run;
    if (!compared)
        return Step::Compare;
    return Step::Done;
}

QString CourseProgress::Lesson::stateText() const
{
    if (!predicted)
        return resultsSeen ? tr("not tried · results seen") : tr("not tried");
    QString text = *predicted ? tr("predicted ✓") : tr("predicted ✗");
    if (resultsSeen)
        text += tr(" (results seen first)");
    if (ranHere)
        text += tr(" · run here");
    if (compared)
        text += tr(" · compared");
    return text;
}

QString CourseProgress::Lesson::stepText() const
{
    switch (step()) {
    case Step::Predict:
        return tr("predict");
    case Step::Run:
        return tr("run it on this machine");
    case Step::Compare:
        return tr("compare with the recorded run");
    case Step::Done:
        return tr("done");
    }
    return {};
}

CourseProgress::CourseProgress(const LibraryModel *model, const AnswerStore *store, QObject *parent)
    : QObject(parent), m_model(model), m_store(store)
{
    m_coalesce = new QTimer(this);
    m_coalesce->setSingleShot(true);
    // A folder streams in its rows in many batches: the course is worked out again at most
    // ten times a second, not once a batch.
    m_coalesce->setInterval(100);
    connect(m_coalesce, &QTimer::timeout, this, &CourseProgress::changed);
    connect(m_store, &AnswerStore::changed, this, &CourseProgress::scheduleChanged);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &CourseProgress::scheduleChanged);
    connect(m_model, &QAbstractItemModel::modelReset, this, &CourseProgress::scheduleChanged);
    connect(m_model, &LibraryModel::removalFinished, this, &CourseProgress::scheduleChanged);
    connect(m_model, &LibraryModel::entryChanged, this, &CourseProgress::scheduleChanged);
}

void CourseProgress::scheduleChanged()
{
    m_lessons.reset();
    if (!m_coalesce->isActive())
        m_coalesce->start();
}

bool CourseProgress::madeOnThisMachine(const LibraryEntry &entry)
{
    if (!entry.artifact || entry.origin == LibraryEntry::Origin::Bundled)
        return false;
    if (entry.origin == LibraryEntry::Origin::Run)
        return true;
    const Artifact &artifact = *entry.artifact;
    if (!isMeasuredProvenance(artifact.provenance()))
        return false;
    static const std::string thisCpu = cpuModel();
    const Json &document = artifact.json();
    const auto environment = document.find("environment");
    if (environment == document.end() || !environment->is_object())
        return false;
    const auto cpu = environment->find("cpu");
    return cpu != environment->end() && cpu->is_string() && cpu->get_ref<const std::string &>() == thisCpu;
}

bool CourseProgress::isCountingRun(const LibraryEntry &entry)
{
    return madeOnThisMachine(entry) && !entry.hasErrors() && courseRefusal(*entry.artifact).isEmpty();
}

QList<CourseProgress::Lesson> CourseProgress::lessons() const
{
    if (m_lessons)
        return *m_lessons;
    QList<Lesson> course;
    std::map<std::string, qsizetype> byId;
    for (const lessonscope::Lesson *lesson : courseLessons()) {
        Lesson item;
        item.id = QString::fromStdString(lesson->info().id);
        item.title = QString::fromStdString(lesson->info().texts.title);
        const AnswerStore::LessonRecord record = m_store->record(item.id);
        if (record.first)
            item.predicted = record.first->correct;
        item.retries = static_cast<int>(record.retries.size());
        item.resultsSeen = record.resultsSeen;
        item.ranHere = record.ranHere;
        item.compared = record.compared;
        item.runFigures = record.runFigures;
        byId[lesson->info().id] = course.size();
        course.append(item);
    }
    // One pass over the library (10,000 rows are a few milliseconds): which of the course's
    // artifacts are open. What the learner did is the store's, whatever is open.
    for (const LibraryEntry &entry : m_model->entries()) {
        if (!entry.artifact)
            continue;
        const auto found = byId.find(entry.artifact->lessonId());
        if (found == byId.end())
            continue;
        Lesson &item = course[found->second];
        if (!item.recordedId && recordings::isRecording(entry))
            item.recordedId = entry.id;
        else if (isCountingRun(entry))
            item.runId = entry.id; // the newest: entries are in the order they arrived
    }
    m_lessons = course;
    return course;
}

std::optional<CourseProgress::Lesson> CourseProgress::lesson(const QString &id) const
{
    for (const Lesson &item : lessons()) {
        if (item.id == id)
            return item;
    }
    return std::nullopt;
}

QString CourseProgress::nextLessonId() const
{
    for (const Lesson &item : lessons()) {
        if (!item.done())
            return item.id;
    }
    return {};
}
