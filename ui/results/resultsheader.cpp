#include "ui/results/resultsheader.h"

#include "core/peers/resultssummary.h"
#include "ui/common/plaintext.h"
#include "ui/library/libraryentry.h"

#include <QFileInfo>
#include <QVBoxLayout>

using namespace lessonscope;

ResultsHeader::ResultsHeader(QWidget *parent) : QWidget(parent)
{
    m_title = plainTitleLabel(this);
    m_subtitle = plainSubtitleLabel(this);
    // What the course says of these results, above the numbers it makes doubtful.
    m_warnings = plainFramedLabel(this);
    m_warnings->setAccessibleName(tr("What the course's rules say of these results"));
    m_warnings->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 4);
    layout->addWidget(m_title);
    layout->addWidget(m_subtitle);
    layout->addWidget(m_warnings);
}

void ResultsHeader::setEntry(const LibraryEntry &entry)
{
    if (!entry.results) {
        m_title->setText(entry.displayName());
        m_subtitle->clear();
        m_warnings->hide();
        return;
    }
    const ResultsFile &file = *entry.results;
    m_title->setText(QString::fromStdString(describeResults(file)));
    QStringList where{QFileInfo(entry.path).fileName()};
    for (const std::string *part : {&file.host, &file.cpu, &file.date}) {
        if (!part->empty())
            where << QString::fromStdString(*part);
    }
    m_subtitle->setText(where.join(QStringLiteral(" · ")));
    QStringList warnings;
    for (const Problem &problem : entry.problems) {
        if (problem.severity == Severity::Warning)
            warnings << QStringLiteral("⚠ %1").arg(QString::fromStdString(problem.message));
    }
    m_warnings->setText(warnings.join(QLatin1Char('\n')));
    m_warnings->setVisible(!warnings.isEmpty());
}

QString ResultsHeader::titleText() const { return m_title->text(); }

QString ResultsHeader::subtitleText() const { return m_subtitle->text(); }

QString ResultsHeader::warningsText() const { return m_warnings->isHidden() ? QString() : m_warnings->text(); }
