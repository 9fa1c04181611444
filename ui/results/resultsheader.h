#pragma once

#include <QWidget>

struct LibraryEntry;
class QLabel;

// What a results file is, in a few lines above its numbers: its harness and counts, where it ran
// (host, CPU, date, the file), and every warning the course's rules find in it, each with what
// to do (core/peers/resultswarnings.h). Shown in the explorer and in `lessonscope render`.
class ResultsHeader : public QWidget
{
    Q_OBJECT

public:
    explicit ResultsHeader(QWidget *parent = nullptr);

    void setEntry(const LibraryEntry &entry);

    QString titleText() const;
    QString subtitleText() const;
    // The warnings as shown, one a line; empty when there are none.
    QString warningsText() const;

private:
    QLabel *m_title = nullptr;
    QLabel *m_subtitle = nullptr;
    QLabel *m_warnings = nullptr;
};
