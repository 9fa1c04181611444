#include "ui/artifact/problemsview.h"

#include "ui/common/plaintext.h"

#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace lessonscope;

ProblemsView::ProblemsView(QWidget *parent) : QWidget(parent)
{
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Severity"), tr("Where (JSON Pointer)"), tr("Problem")});
    m_tree->setRootIsDecorated(false);
    m_tree->setAlternatingRowColors(true);
    m_tree->setWordWrap(true);
    m_tree->setUniformRowHeights(false);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setAccessibleName(tr("Problems"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_tree, 1);
}

void ProblemsView::setProblems(const Problems &problems, bool readable)
{
    m_tree->clear();
    const int errors = countOf(problems, Severity::Error);
    const int warnings = countOf(problems, Severity::Warning);
    if (problems.empty())
        m_summary->setText(tr("No problems: the file is sound."));
    else if (!readable)
        m_summary->setText(tr("The file could not be read as an artifact: nothing else can be shown."));
    else if (errors > 0)
        m_summary->setText((errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors))
                           + tr(": the parts named cannot be shown as intended; the rest is shown.")
                           + (warnings == 0       ? QString()
                                  : warnings == 1 ? tr(" 1 warning.")
                                                  : tr(" %1 warnings.").arg(warnings)));
    else
        m_summary->setText((warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings))
                           + tr(": shown, but suspicious."));
    m_tree->setVisible(!problems.empty());

    for (const Problem &problem : problems) {
        auto *item = new QTreeWidgetItem(m_tree);
        const bool error = problem.severity == Severity::Error;
        item->setIcon(0, style()->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning));
        item->setText(0, QString::fromUtf8(severityName(problem.severity)));
        item->setText(1, QString::fromStdString(displayPointer(problem.pointer)));
        item->setText(2, QString::fromStdString(problem.message));
        item->setToolTip(2, plainToolTip(item->text(2)));
    }
    m_tree->resizeColumnToContents(0);
    m_tree->resizeColumnToContents(1);
}

int ProblemsView::problemCount() const { return m_tree->topLevelItemCount(); }

QStringList ProblemsView::rowTexts() const
{
    QStringList rows;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_tree->topLevelItem(i);
        rows << QStringLiteral("%1  %2  %3").arg(item->text(0), item->text(1), item->text(2));
    }
    return rows;
}
