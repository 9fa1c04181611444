#include "ui/window/welcomepage.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

WelcomePage::WelcomePage(QWidget *parent)
    : QWidget(parent)
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
    m_text->setMaximumWidth(520);

    auto *files = new QPushButton(tr("Open Files…"), this);
    auto *folder = new QPushButton(tr("Open Folder…"), this);
    auto *recorded = new QPushButton(tr("Open the Recorded Lesson"), this);
    connect(files, &QPushButton::clicked, this, &WelcomePage::openFilesRequested);
    connect(folder, &QPushButton::clicked, this, &WelcomePage::openFolderRequested);
    connect(recorded, &QPushButton::clicked, this, &WelcomePage::openRecordedRequested);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(files);
    buttons->addWidget(folder);
    buttons->addWidget(recorded);
    buttons->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addWidget(m_title);
    layout->addWidget(m_text, 0, Qt::AlignHCenter);
    layout->addSpacing(12);
    layout->addLayout(buttons);
    layout->addStretch(2);
    setLibraryEmpty(true);
}

void WelcomePage::setLibraryEmpty(bool empty)
{
    m_title->setText(empty ? tr("No artifacts open") : tr("Nothing selected"));
    m_text->setText(empty ? tr("Open lesson artifacts (files or whole folders), drop them on this window, or "
                               "start with the recorded lesson.")
                          : tr("Select an artifact in the library to show it, or two of the same lesson to "
                               "compare them. Ctrl+F filters the library."));
}
