#pragma once

#include <QWidget>

class OpenController;
class QLabel;
class QProgressBar;
class QToolButton;

// The status bar's report on opening files and folders: what is being done, how far, and a
// Cancel button. Hidden while nothing is being opened.
class ScanStatus : public QWidget
{
    Q_OBJECT

public:
    explicit ScanStatus(OpenController *controller, QWidget *parent = nullptr);

    QString text() const;

private:
    QLabel *m_label = nullptr;
    QProgressBar *m_progress = nullptr;
    QToolButton *m_cancel = nullptr;
};
