#include "ui/window/welcomepage.h"

#include "ui/library/courseprogress.h"

#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

WelcomePage::WelcomePage(QWidget *parent) : QWidget(parent)
{
    m_title = new QLabel(this);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.6);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setAlignment(Qt::AlignCenter);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignCenter);
    m_text->setForegroundRole(QPalette::PlaceholderText);

    // The course: each lesson predict → observe → explain, in order.
    m_course = new QWidget(this);
    m_courseGrid = new QGridLayout(m_course);
    m_courseGrid->setHorizontalSpacing(14);
    m_courseGrid->setVerticalSpacing(4);
    m_courseGrid->setColumnStretch(1, 1); // the state: it is the longest, and wraps
    m_next = new QPushButton(this);
    m_next->setDefault(true);
    m_next->setAutoDefault(true);
    connect(m_next, &QPushButton::clicked, this, [this] {
        if (!m_nextId.isEmpty())
            emit continueRequested();
    });
    m_next->hide();

    auto *files = new QPushButton(tr("Open Files…"), this);
    auto *folder = new QPushButton(tr("Open Folder…"), this);
    auto *recorded = new QPushButton(tr("Open the Recorded Lessons"), this);
    connect(files, &QPushButton::clicked, this, &WelcomePage::openFilesRequested);
    connect(folder, &QPushButton::clicked, this, &WelcomePage::openFolderRequested);
    connect(recorded, &QPushButton::clicked, this, &WelcomePage::openRecordedRequested);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(files);
    buttons->addWidget(folder);
    buttons->addWidget(recorded);
    buttons->addStretch(1);

    // One centred column of at most 640 pixels. No alignment flags: a word-wrapped label in an
    // aligned layout item gets its one-line height and is cut off.
    auto *column = new QWidget(this);
    column->setMaximumWidth(640);
    auto *inner = new QVBoxLayout(column);
    inner->setContentsMargins(0, 0, 0, 0);
    inner->addWidget(m_title);
    inner->addWidget(m_text);
    inner->addSpacing(16);
    inner->addWidget(m_course);
    inner->addSpacing(8);
    auto *nextRow = new QHBoxLayout;
    nextRow->addStretch(1);
    nextRow->addWidget(m_next);
    nextRow->addStretch(1);
    inner->addLayout(nextRow);
    inner->addSpacing(16);
    inner->addLayout(buttons);

    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(column, 4);
    row->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addLayout(row);
    layout->addStretch(2);
    setLibraryEmpty(true);
}

void WelcomePage::setLibraryEmpty(bool empty)
{
    m_libraryEmpty = empty;
    if (m_complete)
        return; // the course-complete page keeps its title and summary
    m_title->setText(empty ? tr("No artifacts open") : tr("The course"));
    m_text->setText(empty ? tr("Open lesson artifacts (files or whole folders), drop them on this window, or "
                               "start with the recorded lessons.")
                          : tr("Each lesson: predict on its timeline, run it on this machine, then compare with "
                               "the recorded run. Select an artifact in the library to show it, or two of the "
                               "same lesson to compare them (Ctrl+F filters the library)."));
}

void WelcomePage::setCourseProgress(const CourseProgress *progress)
{
    m_progress = progress;
    connect(progress, &CourseProgress::changed, this, &WelcomePage::refreshCourse);
    refreshCourse();
}

void WelcomePage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refreshCourse();
}

void WelcomePage::refreshCourse()
{
    // Hidden (an artifact is shown), the course is worked out when the page shows again.
    m_stale = !isVisible() && m_progress && !m_courseLines.isEmpty();
    if (m_stale)
        return;
    while (QLayoutItem *item = m_courseGrid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_courseLines.clear();
    const QList<CourseProgress::Lesson> lessons = m_progress->lessons();
    m_complete = m_progress->isComplete();
    int row = 0;
    int right = 0;
    for (const CourseProgress::Lesson &lesson : lessons) {
        // Complete: what the learner answered first, how often they tried again, and their numbers.
        QString state = lesson.stateText();
        if (m_complete) {
            right += lesson.predicted.value_or(false) ? 1 : 0;
            state = (*lesson.predicted ? tr("first answer ✓") : tr("first answer ✗"))
                + (lesson.retries == 1      ? tr(", 1 retry")
                       : lesson.retries > 1 ? tr(", %1 retries").arg(lesson.retries)
                                            : QString())
                + (lesson.runFigures.isEmpty() ? QString() : tr(" — your run: %1").arg(lesson.runFigures));
        }
        addLessonRow(row, tr("%1. %2").arg(row + 1).arg(lesson.title), state, lesson.id, lesson.done());
        m_courseLines << QStringLiteral("%1. %2 — %3 — %4").arg(row + 1).arg(lesson.id, lesson.title, state);
        ++row;
    }
    m_nextId = m_progress->nextLessonId();
    const auto next = m_progress->lesson(m_nextId);
    const bool started = std::any_of(lessons.begin(), lessons.end(),
                                     [](const CourseProgress::Lesson &l) { return l.predicted || l.ranHere; });
    if (next)
        m_next->setText(started ? tr("Continue: %1 — %2").arg(next->title, next->stepText())
                                : tr("Start the course: %1").arg(next->title));
    m_next->setVisible(next.has_value());
    m_course->setVisible(!lessons.isEmpty());
    if (m_complete) {
        m_title->setText(tr("Course complete"));
        m_text->setText(tr("You predicted %1 of %2 lessons right at the first try, ran each on this machine and "
                           "compared it with the recorded run. Your own numbers are beside each lesson.")
                            .arg(right)
                            .arg(lessons.size()));
    } else {
        setLibraryEmpty(m_libraryEmpty);
    }
}

void WelcomePage::addLessonRow(int row, const QString &title, const QString &stateText, const QString &lessonId,
                               bool done)
{
    auto *name = new QLabel(title, m_course);
    name->setTextFormat(Qt::PlainText);
    name->setToolTip(lessonId);
    auto *state = new QLabel(stateText, m_course);
    state->setTextFormat(Qt::PlainText);
    state->setWordWrap(true);
    state->setForegroundRole(done ? QPalette::WindowText : QPalette::PlaceholderText);
    auto *open = new QPushButton(tr("Open"), m_course);
    open->setAccessibleName(tr("Open %1").arg(title));
    connect(open, &QPushButton::clicked, this, [this, lessonId] { emit openLessonRequested(lessonId); });
    m_courseGrid->addWidget(name, row, 0);
    m_courseGrid->addWidget(state, row, 1);
    m_courseGrid->addWidget(open, row, 2);
    for (QWidget *cell : {static_cast<QWidget *>(name), static_cast<QWidget *>(state), static_cast<QWidget *>(open)})
        cell->show(); // made after the page was shown
}

QString WelcomePage::completeText() const { return m_complete ? m_text->text() : QString(); }

QStringList WelcomePage::courseLines() const { return m_courseLines; }
