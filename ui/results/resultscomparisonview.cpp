#include "ui/results/resultscomparisonview.h"

#include "core/base/units.h"
#include "core/peers/resultscomparison.h"
#include "core/peers/resultssummary.h"
#include "ui/artifact/panelsview.h"
#include "ui/charts/panelchart.h"
#include "ui/common/plaintext.h"
#include "ui/library/libraryentry.h"
#include "ui/results/resultsitems.h"
#include "ui/runs/comparison.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPixmap>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace lessonscope;

namespace {

// A results file's text as a cell shows it: bounded like every file's text (a benchmark's name
// is whatever the file holds).
QString q(const std::string &text) { return shownText(text, kMaxShownParagraph); }

QString valueText(const std::optional<double> &value, bool isDuration)
{
    return q(comparedValueCell(value, isDuration));
}

QString pText(const std::optional<double> &p) { return q(pValueCell(p)); }

QString names(const std::vector<std::string> &list)
{
    QStringList text;
    for (const std::string &name : list)
        text << q(name);
    return text.join(QStringLiteral(", "));
}

} // namespace

ResultsComparisonView::ResultsComparisonView(QWidget *parent) : QWidget(parent)
{
    m_title = plainTitleLabel(this);
    m_subtitle = plainSubtitleLabel(this);
    m_differences = plainFramedLabel(this);
    m_differences->setAccessibleName(tr("What differs between the two runs besides the code"));

    m_table = new QTableWidget(0, 7, this);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::TabFocus);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAccessibleName(tr("The two files' benchmarks side by side"));

    m_swatchA = new QLabel(this);
    m_swatchB = new QLabel(this);
    m_legendA = plainTextLabel(this, false);
    m_legendB = plainTextLabel(this, false);
    auto *legend = new QHBoxLayout;
    legend->addStretch(1);
    for (QLabel *label : {m_swatchA, m_legendA})
        legend->addWidget(label);
    legend->addSpacing(24);
    for (QLabel *label : {m_swatchB, m_legendB})
        legend->addWidget(label);
    legend->addStretch(1);
    m_panels = new PanelsView(this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_title);
    layout->addWidget(m_subtitle);
    layout->addWidget(m_differences);
    layout->addWidget(m_table);
    layout->addLayout(legend);
    layout->addWidget(m_panels, 2);
}

void ResultsComparisonView::setEntries(const LibraryEntry &a, const LibraryEntry &b)
{
    const ResultsComparison comparison = compareResults(*a.results, *b.results);
    const auto [originA, originB]
        = distinctOrigins(a.displayName(), q(a.results->date), b.displayName(), q(b.results->date));
    m_title->setText(tr("Comparing two %1 runs").arg(QString::fromUtf8(harnessName(a.results->harness))));
    m_subtitle->setText(tr("A: %1 — %2\nB: %3 — %4")
                            .arg(originA, q(describeResults(*a.results)), originB, q(describeResults(*b.results))));
    QStringList banner;
    if (comparison.machineUnknown)
        banner << q(machineUnknownNote(comparison.harness));
    if (!comparison.differences.empty()) {
        banner << tr("What differs between the two runs besides the code (every ratio below measures it too):");
        for (const std::string &difference : comparison.differences)
            banner << QStringLiteral("• ") + q(difference);
    }
    if (!comparison.onlyInA.empty())
        banner << tr("Only in A: %1").arg(names(comparison.onlyInA));
    if (!comparison.onlyInB.empty())
        banner << tr("Only in B: %1").arg(names(comparison.onlyInB));
    if (!comparison.notCompared.empty())
        banner << tr("Not compared: %1").arg(names(comparison.notCompared));
    m_differences->setText(banner.join(QLatin1Char('\n')));
    m_differences->setVisible(!banner.isEmpty());
    fillTable(comparison);
    // The table as tall as its rows, so that the charts below keep the room.
    int height = m_table->horizontalHeader()->height() + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r)
        height += m_table->rowHeight(r);
    m_table->setMaximumHeight(height + 2);
    m_legendA->setText(QStringLiteral("A: ") + originA);
    m_legendB->setText(QStringLiteral("B: ") + originB);
    updateSwatches();
    m_panels->setEmptyText(tr("Neither file has panels that can be drawn."));
    m_panels->setItems(
        overlayItems(resultsPanelItems(*a.results, false), originA, resultsPanelItems(*b.results, false), originB));
}

void ResultsComparisonView::fillTable(const ResultsComparison &comparison)
{
    const bool cpu = comparison.harness == Harness::GoogleBenchmark;
    m_table->setHorizontalHeaderLabels({tr("Benchmark"), QStringLiteral("A"), QStringLiteral("B"), tr("B ÷ A"),
                                        cpu ? tr("U test p (time)") : tr("U test p"),
                                        cpu ? tr("U test p (CPU)") : QString(),
                                        tr("Verdict (95% interval of the ratio of medians)")});
    m_table->setColumnHidden(5, !cpu);
    m_table->setRowCount(static_cast<int>(comparison.benchmarks.size()));
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const ComparedBenchmark &c = comparison.benchmarks[static_cast<std::size_t>(r)];
        const ComparedFigure &f = c.figure;
        const QStringList cells{q(f.label),
                                valueText(f.a, f.isDuration),
                                valueText(f.b, f.isDuration),
                                f.ratio ? q(formatRatio(*f.ratio)) : QStringLiteral("—"),
                                pText(c.pValue),
                                pText(c.cpuPValue),
                                q(f.verdict) + (c.pNote.empty() ? QString() : QStringLiteral("; ") + q(c.pNote))};
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells[column]);
            item->setToolTip(plainToolTip(cells[column])); // a name holding <img …> stays text
            if (column > 0 && column < 6)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, column, item);
        }
    }
    m_table->resizeColumnsToContents();
}

QString ResultsComparisonView::titleText() const { return m_title->text(); }

QString ResultsComparisonView::differencesText() const
{
    return m_differences->isHidden() ? QString() : m_differences->text();
}

QString ResultsComparisonView::legendText() const { return m_legendA->text() + QLatin1Char('\n') + m_legendB->text(); }

void ResultsComparisonView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        updateSwatches();
    QWidget::changeEvent(event);
}

void ResultsComparisonView::updateSwatches()
{
    // A solid, B hatched, as in the charts below (the colours are the series' own).
    const int size = fontMetrics().height() - 4;
    for (int side : {0, 1})
        (side == 0 ? m_swatchA : m_swatchB)->setPixmap(PanelChart::sideSwatch(side, palette(), size));
}
