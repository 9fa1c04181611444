#include "ui/runs/comparisonview.h"

#include "ui/runs/comparison.h"
#include "ui/library/libraryentry.h"
#include "ui/charts/panelchart.h"
#include "ui/artifact/panelsview.h"
#include "core/base/units.h"

#include <QDateTime>
#include <QEvent>
#include <QPixmap>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace lessonscope;

namespace {

QString valueText(const std::optional<double> &value, bool isDuration)
{
    if (!value)
        return QStringLiteral("—");
    return isDuration ? QString::fromStdString(formatDuration(*value)) : QString::number(*value, 'g', 3);
}

QString timeOf(const Artifact &artifact)
{
    const QDateTime time = QDateTime::fromString(QString::fromStdString(artifact.generatedAt()), Qt::ISODateWithMs);
    return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                          : QString::fromStdString(artifact.generatedAt());
}

} // namespace

ComparisonView::ComparisonView(QWidget *parent)
    : QWidget(parent)
{
    // Every label here shows the artifacts' own titles and origins: plain text, never HTML.
    m_title = new QLabel(this);
    m_title->setTextFormat(Qt::PlainText);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_subtitle = new QLabel(this);
    m_subtitle->setTextFormat(Qt::PlainText);
    m_subtitle->setWordWrap(true);
    m_subtitle->setForegroundRole(QPalette::PlaceholderText);

    m_table = new QTableWidget(0, 4, this);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::TabFocus);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->setAccessibleName(tr("The two artifacts' numbers side by side"));
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);

    m_panels = new PanelsView(this);

    m_swatchA = new QLabel(this);
    m_swatchB = new QLabel(this);
    m_legendA = new QLabel(this);
    m_legendB = new QLabel(this);
    m_legendA->setTextFormat(Qt::PlainText);
    m_legendB->setTextFormat(Qt::PlainText);
    auto *legend = new QHBoxLayout;
    legend->addStretch(1);
    legend->addWidget(m_swatchA);
    legend->addWidget(m_legendA);
    legend->addSpacing(24);
    legend->addWidget(m_swatchB);
    legend->addWidget(m_legendB);
    legend->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_title);
    layout->addWidget(m_subtitle);
    layout->addWidget(m_table);
    layout->addLayout(legend);
    layout->addWidget(m_panels, 1);
}

void ComparisonView::setEntries(const LibraryEntry &a, const LibraryEntry &b)
{
    const Artifact &artifactA = *a.artifact;
    const Artifact &artifactB = *b.artifact;
    std::tie(m_originA, m_originB) = distinctOrigins(a.originLabel(), timeOf(artifactA), b.originLabel(), timeOf(artifactB));

    m_title->setText(tr("Comparing two runs of %1").arg(QString::fromStdString(artifactA.lessonId())));
    m_subtitle->setText(tr("A: %1 — %2    B: %3 — %4").arg(m_originA, a.displayName(), m_originB, b.displayName()));

    const std::vector<ComparisonRow> rows = comparisonRows(artifactA, artifactB);
    m_table->setHorizontalHeaderLabels({tr("Quantity"), QStringLiteral("A: ") + m_originA,
                                        QStringLiteral("B: ") + m_originB, tr("B ÷ A")});
    m_table->setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const ComparisonRow &row = rows[static_cast<std::size_t>(r)];
        const bool isRatioRow = r == static_cast<int>(rows.size()) - 1;
        const QString textA = isRatioRow ? (row.a ? tr("1× (reference)") : QStringLiteral("—")) : valueText(row.a, row.isDuration);
        const QString textB = isRatioRow ? (row.b ? QStringLiteral("%1×").arg(*row.b, 0, 'g', 3) : QStringLiteral("—"))
                                     : valueText(row.b, row.isDuration);
        const QString ratio = row.ratio ? QStringLiteral("%1×").arg(*row.ratio, 0, 'g', 3) : QString();
        const QStringList cells = {row.quantity, textA, textB, ratio};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 1 && row.a && !isRatioRow)
                item->setToolTip(QString::number(*row.a, 'g', 17));
            if (c == 2 && row.b && !isRatioRow)
                item->setToolTip(QString::number(*row.b, 'g', 17));
            m_table->setItem(r, c, item);
        }
    }
    int height = m_table->horizontalHeader()->height() + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r)
        height += m_table->rowHeight(r);
    m_table->setFixedHeight(height);

    m_legendA->setText(QStringLiteral("A: ") + m_originA);
    m_legendB->setText(QStringLiteral("B: ") + m_originB);
    updateSwatches();
    m_panels->setEmptyText(tr("Neither artifact has panels that can be drawn."));
    m_panels->setItems(overlayPanels(artifactA, m_originA, artifactB, m_originB));
}

QString ComparisonView::legendText() const
{
    return m_legendA->text() + QLatin1Char('\n') + m_legendB->text();
}

void ComparisonView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        updateSwatches();
    QWidget::changeEvent(event);
}

void ComparisonView::updateSwatches()
{
    const int side = fontMetrics().height() - 4;
    for (int slot : {0, 1}) {
        QPixmap swatch(side, side);
        swatch.fill(PanelChart::slotColor(slot, palette()));
        (slot == 0 ? m_swatchA : m_swatchB)->setPixmap(swatch);
    }
}
