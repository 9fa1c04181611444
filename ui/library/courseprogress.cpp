#include "ui/library/courseprogress.h"

#include "core/lesson/artifactbuilder.h"
#include "core/lesson/environmentinfo.h"
#include "core/lesson/lessonregistry.h"
#include "ui/library/librarymodel.h"
#include "ui/timeline/answerstore.h"

#include <QTimer>

#include <nlohmann/json.hpp>

#include <map>

using namespace lessonscope;

QString CourseProgress::Lesson::stateText() const
{
    QString text = !predicted ? tr("not tried") : *predicted ? tr("predicted ✓") : tr("predicted ✗");
    if (runId != 0)
        text += tr(" · run on this machine");
    return text;
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
    connect(m_store, &AnswerStore::answerChanged, this, &CourseProgress::scheduleChanged);
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
    if (artifact.provenance() != kMeasuredProvenance)
        return false;
    static const std::string thisCpu = cpuModel();
    const Json &document = artifact.json();
    const auto environment = document.find("environment");
    if (environment == document.end() || !environment->is_object())
        return false;
    const auto cpu = environment->find("cpu");
    return cpu != environment->end() && cpu->is_string() && cpu->get_ref<const std::string &>() == thisCpu;
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
        byId[lesson->info().id] = course.size();
        course.append(item);
    }
    // One pass over the library (10,000 rows are a few milliseconds).
    for (const LibraryEntry &entry : m_model->entries()) {
        if (!entry.artifact)
            continue;
        const auto found = byId.find(entry.artifact->lessonId());
        if (found == byId.end())
            continue;
        Lesson &item = course[found->second];
        if (entry.origin == LibraryEntry::Origin::Bundled && !item.recordedId)
            item.recordedId = entry.id;
        const bool recording = entry.origin == LibraryEntry::Origin::Bundled;
        const bool mine = !recording && madeOnThisMachine(entry);
        if (mine)
            item.runId = entry.id; // the newest: entries are in the order they arrived
        // The recording's answer counts first, then one given on a run of the learner's own;
        // other people's files (a folder of 10,000) are not looked up: they are not the course.
        if ((recording || (mine && !item.predicted))) {
            if (const auto answer = m_store->answer(QString::fromStdString(entry.artifact->contentHash())))
                item.predicted = answer->correct;
        }
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
