#include "ui/artifact/lessonpathbar.h"

#include "ui/library/courseprogress.h"
#include "ui/library/libraryentry.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

LessonPathBar::LessonPathBar(QWidget *parent)
    : QFrame(parent)
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
    connect(m_next, &QPushButton::clicked, this, [this] { emit openLessonRequested(m_nextId); });
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
    m_entryIsRun = CourseProgress::madeOnThisMachine(entry);
    refresh();
}

void LessonPathBar::refresh()
{
    const auto lesson = m_progress && !m_lessonId.isEmpty() ? m_progress->lesson(m_lessonId) : std::nullopt;
    setVisible(lesson.has_value());
    if (!lesson)
        return;
    m_recordedId = lesson->recordedId;
    m_runId = m_entryIsRun ? m_entryId : lesson->runId;
    m_nextId = m_progress->nextLessonId();
    if (!lesson->predicted) {
        m_step = Step::Predict;
        m_text->setText(tr("① Predict: answer the prompt on the timeline before you read the results. The "
                           "panels and the reading stay one click away."));
        m_action->setText(tr("Go to the Prediction"));
    } else if (!m_runId) {
        m_step = Step::Observe;
        m_text->setText(tr("② Observe: you predicted %1. Now run the lesson on this machine and see your own "
                           "numbers.").arg(*lesson->predicted ? tr("right ✓") : tr("wrong ✗")));
        m_action->setText(tr("Run It on This Machine"));
    } else {
        m_step = Step::Explain;
        m_text->setText(tr("③ Explain: compare your run with the recorded one: what differs between the two "
                           "experiments, and by how much?"));
        m_action->setText(tr("Compare With the Recorded Run"));
    }
    m_action->setEnabled(m_step != Step::Explain || (m_recordedId && m_runId));
    const auto next = m_progress->lesson(m_nextId);
    m_next->setVisible(lesson->done() && next && next->id != m_lessonId);
    if (next)
        m_next->setText(tr("Next Lesson: %1").arg(next->title));
}

void LessonPathBar::act()
{
    switch (m_step) {
    case Step::Predict: emit predictRequested(); break;
    case Step::Observe: emit runRequested(m_lessonId); break;
    case Step::Explain: emit compareRequested(m_recordedId, m_runId); break;
    }
}

QString LessonPathBar::stepText() const
{
    return isHidden() ? QString() : m_text->text();
}
