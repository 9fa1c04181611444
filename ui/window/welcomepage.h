#pragma once

#include <QWidget>

class QLabel;

// What the centre shows when nothing is selected: how to get an artifact in.
class WelcomePage : public QWidget
{
    Q_OBJECT

public:
    explicit WelcomePage(QWidget *parent = nullptr);
    // "Nothing opened yet" or "Select an artifact in the library".
    void setLibraryEmpty(bool empty);

signals:
    void openFilesRequested();
    void openFolderRequested();
    void openRecordedRequested();

private:
    QLabel *m_title = nullptr;
    QLabel *m_text = nullptr;
};
