#pragma once

#include "core/artifact/problem.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

// The problems validation found in one artifact: severity, where (its JSON Pointer) and what.
class ProblemsView : public QWidget
{
    Q_OBJECT

public:
    explicit ProblemsView(QWidget *parent = nullptr);

    void setProblems(const lessonscope::Problems &problems, bool readable);
    int problemCount() const;
    // The rows as shown: "error  /data/panels/1/series/0/y  message" (for tests).
    QStringList rowTexts() const;

private:
    QLabel *m_summary = nullptr;
    QTreeWidget *m_tree = nullptr;
};
