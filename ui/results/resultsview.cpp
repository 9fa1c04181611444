#include "ui/results/resultsview.h"

#include "core/base/units.h"
#include "core/peers/resultssummary.h"
#include "core/timing/statistics.h"
#include "ui/artifact/panelsview.h"
#include "ui/artifact/problemsview.h"
#include "ui/library/libraryentry.h"
#include "ui/results/resultsheader.h"
#include "ui/results/resultsitems.h"

#include <QHeaderView>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace lessonscope;

namespace {

QString q(const std::string &text) { return QString::fromStdString(text); }

QTableWidget *table(const QStringList &headers, const QString &name, QWidget *parent)
{
    auto *widget = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    widget->setHorizontalHeaderLabels(headers);
    widget->horizontalHeader()->setStretchLastSection(true);
    widget->verticalHeader()->hide();
    widget->setEditTriggers(QAbstractItemView::NoEditTriggers);
    widget->setAlternatingRowColors(true);
    widget->setAccessibleName(name);
    return widget;
}

// One benchmark's row: what describeBenchmark says, in columns.
QStringList rowOf(const BenchmarkResult &b)
{
    if (!b.error.empty())
        return {q(b.name), QStringLiteral("—"), QString(), QString(),
                QString(), QString(),           QString(), QObject::tr("did not run: %1").arg(q(b.error))};
    const auto value = [&b](double v) { return q(formatBenchmarkValue(b, v)); };
    const auto typical = b.typical();
    QString interval;
    if (b.samples.size() >= 2) {
        const MedianInterval i = medianInterval(b.samples, kZ95);
        interval = QStringLiteral("%1–%2").arg(value(i.low), value(i.high));
    }
    const auto cv = coefficientOfVariation(b);
    QStringList counters;
    for (const BenchmarkCounter &c : b.counters)
        counters << QStringLiteral("%1 %2%3").arg(q(c.name), q(formatNumber(c.value)),
                                                  c.unit.empty() ? QString() : QLatin1Char(' ') + q(c.unit));
    const auto failed = std::count_if(b.exitCodes.begin(), b.exitCodes.end(), [](int code) { return code != 0; });
    return {q(b.name),
            typical ? value(*typical) : QStringLiteral("—"),
            interval,
            QStringLiteral("%1 %2").arg(b.samples.size()).arg(q(b.sampleName + (b.samples.size() == 1 ? "" : "s"))),
            cv ? q(formatShare(*cv)) : QString(),
            b.cpuSamples.empty() ? QString() : q(formatDuration(median(b.cpuSamples))),
            counters.join(QStringLiteral("; ")),
            failed ? QObject::tr("%1 of %2 runs failed").arg(failed).arg(b.exitCodes.size()) : QString()};
}

} // namespace

ResultsView::ResultsView(QWidget *parent) : QWidget(parent)
{
    m_header = new ResultsHeader(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_panels = new PanelsView;
    m_benchmarks = table({tr("Benchmark"), tr("Median"), tr("95% interval"), tr("Samples"), tr("cv"), tr("CPU"),
                          tr("Counters"), tr("Errors")},
                         tr("The benchmarks"), m_tabs);
    m_context = table({tr("Key"), tr("Value")}, tr("What the file says of the machine and the run"), m_tabs);
    m_problems = new ProblemsView(m_tabs);
    // A results file has a panel per benchmark and family, rows of them: they scroll, or their
    // minimum heights add up past the screen (seven panels asked for 1,030 pixels).
    auto *panelsScroll = new QScrollArea(m_tabs);
    panelsScroll->setWidget(m_panels);
    panelsScroll->setWidgetResizable(true);
    panelsScroll->setFrameShape(QFrame::NoFrame);
    m_tabs->addTab(panelsScroll, tr("&Panels"));
    m_tabs->addTab(m_benchmarks, tr("&Benchmarks"));
    m_tabs->addTab(m_context, tr("&Context"));
    m_tabs->addTab(m_problems, tr("P&roblems"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_header);
    layout->addWidget(m_tabs, 1);
}

void ResultsView::setEntry(const LibraryEntry &entry)
{
    m_entryId = entry.id;
    m_header->setEntry(entry);
    m_problems->setProblems(entry.problems, entry.results != nullptr);
    const int count = static_cast<int>(entry.problems.size());
    m_tabs->setTabText(ProblemsTab, count == 0 ? tr("P&roblems") : tr("P&roblems (%1)").arg(count));
    m_panels->setEmptyText(tr("These results have nothing to draw."));
    m_panels->setItems(entry.results ? resultsPanelItems(*entry.results) : std::vector<PanelItem>{});
    fillBenchmarks(entry);
    fillContext(entry);
    if (entry.hasErrors())
        m_tabs->setCurrentIndex(ProblemsTab);
}

void ResultsView::fillBenchmarks(const LibraryEntry &entry)
{
    m_benchmarks->setRowCount(0);
    if (!entry.results)
        return;
    const auto &benchmarks = entry.results->benchmarks;
    m_benchmarks->setRowCount(static_cast<int>(benchmarks.size()));
    for (int row = 0; row < static_cast<int>(benchmarks.size()); ++row) {
        const QStringList cells = rowOf(benchmarks[static_cast<std::size_t>(row)]);
        for (int column = 0; column < cells.size(); ++column)
            m_benchmarks->setItem(row, column, new QTableWidgetItem(cells[column]));
    }
    m_benchmarks->resizeColumnsToContents();
}

void ResultsView::fillContext(const LibraryEntry &entry)
{
    m_context->setRowCount(0);
    if (!entry.results)
        return;
    const auto &context = entry.results->context;
    m_context->setRowCount(static_cast<int>(context.size()));
    for (int row = 0; row < static_cast<int>(context.size()); ++row) {
        m_context->setItem(row, 0, new QTableWidgetItem(q(context[static_cast<std::size_t>(row)].first)));
        m_context->setItem(row, 1, new QTableWidgetItem(q(context[static_cast<std::size_t>(row)].second)));
    }
    m_context->resizeColumnToContents(0);
}
