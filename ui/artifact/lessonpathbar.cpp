#include "ui/artifact/lessonpathbar.h"

#include "ui/library/courseprogress.h"
#include "ui/library/libraryentry.h"
#include "ui/timeline/coursecounts.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

LessonPathBar::LessonPathBar(QWidget *parent) : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_text = new QLabel(this);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setWordWrap(true);
    m_action = new QPushButton(this);
    m_next = new QPushButton(this);
    connect(m_action, &QPushButton::clicked, this, &LessonPathBar::act);
    connect(m_next, &QPushButton::clicked, this, &LessonPathBar::requestNextLesson);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_action);
    layout->addWidget(m_next);
    setAccessibleName(tr("The lesson's next step"));
    hide();
}

void LessonPathBar::setCourseProgress(const CourseProgress *progress)
{
    m_progress = progress;
    connect(progress, &CourseProgress::changed, this, &LessonPathBar::refresh);
    refresh();
}

void LessonPathBar::setEntry(const LibraryEntry &entry)
{
    m_lessonId = entry.artifact ? QString::fromStdString(entry.artifact->lessonId()) : QString();
    m_entryId = entry.id;
    m_entryIsCountingRun = CourseProgress::isCountingRun(entry);
    m_entryRefusal
        = entry.artifact && CourseProgress::madeOnThisMachine(entry) ? courseRefusal(*entry.artifact) : QString();
    refresh();
}

void LessonPathBar::refresh()
{
    const auto lesson = m_progress && !m_lessonId.isEmpty() ? m_progress->lesson(m_lessonId) : std::nullopt;
    setVisible(lesson.has_value());
    if (!lesson) {
        emit stateChanged();
        return;
    }
    m_runId = m_entryIsCountingRun ? m_entryId : lesson->runId;
    m_nextId = m_progress->nextLessonId();
    const QString grade = lesson->predicted && *lesson->predicted ? tr("right ✓") : tr("wrong ✗");
    if (!lesson->predicted) {
        m_step = Step::Predict;
        m_text->setText(m_entryRefusal.isEmpty()
                            ? tr("① Predict: answer the prompt on the timeline before you read the results.")
                            : tr("① Predict on the recorded run: %1").arg(m_entryRefusal));
        m_action->setText(m_entryRefusal.isEmpty() ? tr("Go to the Prediction") : tr("Open the Recorded Run"));
    } else if (!m_entryRefusal.isEmpty()) {
        m_step = Step::Observe;
        m_text->setText(tr("② Observe: %1 Run it again when the machine is quieter.").arg(m_entryRefusal));
        m_action->setText(tr("Run It Again"));
    } else if (!lesson->ranHere || !m_runId) {
        m_step = Step::Observe;
        m_text->setText(lesson->ranHere
                            ? tr("② Observe: you predicted %1 and ran it here, but that run is not open (it was not "
                                 "saved). Run it again to compare.")
                                  .arg(grade)
                            : tr("② Observe: you predicted %1. Now run the lesson on this machine and see your own "
                                 "numbers.")
                                  .arg(grade));
        m_action->setText(tr("Run It on This Machine"));
    } else if (!lesson->compared) {
        m_step = Step::Explain;
        m_text->setText(tr("③ Explain: compare your run with the recorded one: what differs between the two "
                           "experiments, and by how much?"));
        m_action->setText(tr("Compare With the Recorded Run"));
    } else {
        m_step = Step::Done;
        m_text->setText(
            tr("✓ Done: you predicted %1, ran the lesson here and compared it with the recorded run.").arg(grade));
        m_action->setText(tr("Compare Again"));
    }
    const auto next = m_progress->lesson(m_nextId);
    m_next->setVisible(canGoToNextLesson());
    m_next->setText(next ? tr("Next Lesson: %1").arg(next->title) : QString());
    emit stateChanged();
}

bool LessonPathBar::canCompare() const { return !isHidden() && m_runId != 0 && m_entryRefusal.isEmpty(); }

bool LessonPathBar::canGoToNextLesson() const
{
    const auto lesson = m_progress && !m_lessonId.isEmpty() ? m_progress->lesson(m_lessonId) : std::nullopt;
    return lesson && lesson->done() && !m_nextId.isEmpty() && m_nextId != m_lessonId;
}

void LessonPathBar::requestCompare()
{
    if (canCompare())
        emit compareRequested(m_lessonId, m_runId);
}

void LessonPathBar::requestNextLesson()
{
    if (canGoToNextLesson())
        emit openLessonRequested(m_nextId);
}

void LessonPathBar::act()
{
    switch (m_step) {
    case Step::Predict:
        if (m_entryRefusal.isEmpty())
            emit predictRequested();
        else
            emit openLessonRequested(m_lessonId); // its recording, where the answer counts
        break;
    case Step::Observe:
        emit runRequested(m_lessonId);
        break;
    case Step::Explain:
    case Step::Done:
        requestCompare();
        break;
    }
}

QString LessonPathBar::stepText() const { return isHidden() ? QString() : m_text->text(); }
