#include "ui/window/scanstatus.h"

#include "ui/window/opencontroller.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QToolButton>

ScanStatus::ScanStatus(OpenController *controller, QWidget *parent) : QWidget(parent)
{
    m_label = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop opening; what was read so far stays"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_progress);
    layout->addWidget(m_cancel);
    hide();

    connect(m_cancel, &QToolButton::clicked, controller, &OpenController::cancel);
    connect(controller, &OpenController::busyChanged, this, [this](bool busy) {
        setVisible(busy);
        m_progress->setRange(0, 0);
        m_label->setText(tr("Opening…"));
    });
    connect(controller, &OpenController::progress, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(total, 0));
        m_progress->setValue(done);
        const QLocale locale;
        m_label->setText(total < 0 ? tr("Searching folders…")
                                   : tr("Reading %1 of %2 files…").arg(locale.toString(done), locale.toString(total)));
    });
}

QString ScanStatus::text() const { return m_label->text(); }
