#include "ui/runs/comparisonview.h"
#include "ui/common/plaintext.h"

#include "core/lesson/artifactcomparison.h"
#include "ui/runs/comparison.h"
#include "ui/library/libraryentry.h"
#include "ui/charts/panelchart.h"
#include "ui/artifact/panelsview.h"
#include "core/base/units.h"

#include <QDateTime>

#include <algorithm>
#include <QEvent>
#include <QPainter>
#include <QPixmap>
#include <QScrollArea>
#include <QTimer>
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
    return QString::fromStdString(isDuration ? formatDuration(*value) : formatNumber(*value));
}

QString timeOf(const Artifact &artifact)
{
    const QDateTime time = QDateTime::fromString(QString::fromStdString(artifact.generatedAt()), Qt::ISODateWithMs);
    return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                          : shownText(artifact.generatedAt());
}

} // namespace

ComparisonView::ComparisonView(QWidget *parent) : QWidget(parent)
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

    // Different experiments: every difference named above the numbers, so that no ratio is read
    // as the code's alone.
    m_differences = new QLabel(this);
    m_differences->setTextFormat(Qt::PlainText);
    m_differences->setWordWrap(true);
    m_differences->setFrameShape(QFrame::StyledPanel);
    m_differences->setMargin(6);
    m_differences->setAccessibleName(tr("What differs between the two experiments"));

    m_table = new QTableWidget(0, 5, this);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::TabFocus);
    // The numbers as wide as they are; the verdict, a sentence, takes the rest and wraps.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Stretch);
    m_table->setAccessibleName(tr("The two artifacts' numbers side by side"));
    m_table->setWordWrap(true); // the verdict is a sentence: it wraps, never "…"
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Fitted once the columns have their widths, after every layout pass that moved them.
    m_fitLater = new QTimer(this);
    m_fitLater->setSingleShot(true);
    m_fitLater->setInterval(0);
    connect(m_fitLater, &QTimer::timeout, this, &ComparisonView::fitTable);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, m_fitLater, qOverload<>(&QTimer::start));

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

    // Everything in one page that scrolls: with the banner, the table and three charts it is
    // taller than many windows.
    auto *page = new QWidget;
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(page);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_title);
    layout->addWidget(m_subtitle);
    layout->addWidget(m_differences);
    layout->addWidget(m_table);
    layout->addLayout(legend);
    layout->addWidget(m_panels, 1);
}

void ComparisonView::setEntries(const LibraryEntry &a, const LibraryEntry &b)
{
    const Artifact &artifactA = *a.artifact;
    const Artifact &artifactB = *b.artifact;
    std::tie(m_originA, m_originB)
        = distinctOrigins(a.originLabel(), timeOf(artifactA), b.originLabel(), timeOf(artifactB));

    m_title->setText(tr("Comparing two runs of %1").arg(shownText(artifactA.lessonId())));
    // Said where the intervals are: they bound the noise between rounds or samples, not a bias.
    m_subtitle->setText(tr("A: %1 — %2    B: %3 — %4    An interval bounds noise, not a bias every run shares.")
                            .arg(m_originA, a.displayName(), m_originB, b.displayName()));

    const ArtifactComparison comparison = compareArtifacts(artifactA, artifactB);
    // A side with errors cannot be shown as intended: said first, above everything it compares.
    QString errors;
    for (const auto &[side, entry] : {std::pair{"A", &a}, std::pair{"B", &b}}) {
        const int count = countOf(entry->problems, Severity::Error);
        if (count == 0)
            continue;
        const auto first = std::find_if(entry->problems.begin(), entry->problems.end(),
                                        [](const Problem &p) { return p.severity == Severity::Error; });
        errors += tr("⚠ %1 has %2, the first at %3: %4. Its figures may not mean what they say.\n\n")
                      .arg(QLatin1String(side), count == 1 ? tr("1 error") : tr("%1 errors").arg(count),
                           shownText(displayPointer(first->pointer)), shownText(first->message, kMaxShownParagraph));
    }
    QStringList differences;
    for (const std::string &difference : comparison.differences)
        differences << QStringLiteral("• ") + shownText(difference, kMaxShownParagraph);
    QString banner = differences.isEmpty()
        ? QString()
        : tr("These are different experiments: every ratio below measures these differences as well as the code.\n%1")
              .arg(differences.join(QLatin1Char('\n')));
    for (const std::string &warning : disturbanceWarnings(comparison))
        banner += (banner.isEmpty() ? QString() : QStringLiteral("\n\n")) + QStringLiteral("⚠ ")
            + shownText(warning, kMaxShownParagraph);
    banner = (errors + banner).trimmed();
    m_differences->setText(banner);
    m_differences->setVisible(!banner.isEmpty());
    fillTable(comparison);
    fitTable();

    m_legendA->setText(QStringLiteral("A: ") + m_originA);
    m_legendB->setText(QStringLiteral("B: ") + m_originB);
    updateSwatches();
    m_panels->setEmptyText(tr("Neither artifact has panels that can be drawn."));
    m_panels->setItems(overlayPanels(artifactA, m_originA, artifactB, m_originB));
}

void ComparisonView::fillTable(const ArtifactComparison &comparison)
{
    m_table->setHorizontalHeaderLabels({tr("Quantity"), QStringLiteral("A: ") + m_originA,
                                        QStringLiteral("B: ") + m_originB, tr("B ÷ A"),
                                        tr("Verdict (the ratio with its interval)")});
    m_table->setRowCount(static_cast<int>(comparison.figures.size()));
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const ComparedFigure &f = comparison.figures[static_cast<std::size_t>(r)];
        const QStringList cells
            = {QString::fromStdString(f.label), valueText(f.a, f.isDuration), valueText(f.b, f.isDuration),
               f.ratio ? QString::fromStdString(formatRatio(*f.ratio)) : QStringLiteral("—"),
               QString::fromStdString(f.verdict)};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c > 0 && c < 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            const std::optional<double> exact = c == 1 ? f.a : c == 2 ? f.b : std::nullopt;
            if (exact)
                item->setToolTip(QString::number(*exact, 'g', 17));
            if (c == 4)
                item->setToolTip(cells[c]);
            m_table->setItem(r, c, item);
        }
    }
}

void ComparisonView::fitTable()
{
    m_table->resizeRowsToContents();
    int height = m_table->horizontalHeader()->height() + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r)
        height += m_table->rowHeight(r);
    m_table->setFixedHeight(height);
}

void ComparisonView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_fitLater->start(); // a narrower table wraps its verdicts onto more lines
}

QString ComparisonView::differencesText() const
{
    return m_differences->isHidden() ? QString() : m_differences->text();
}

QString ComparisonView::legendText() const { return m_legendA->text() + QLatin1Char('\n') + m_legendB->text(); }

void ComparisonView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        updateSwatches();
    QWidget::changeEvent(event);
}

void ComparisonView::updateSwatches()
{
    // A side is drawn, not coloured: A solid, B hatched, as in every chart below; the colours
    // stay the series' own.
    const int size = fontMetrics().height() - 4;
    for (int side : {0, 1})
        (side == 0 ? m_swatchA : m_swatchB)->setPixmap(PanelChart::sideSwatch(side, palette(), size));
}
