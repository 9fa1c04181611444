#include "ui/artifact/panelsview.h"

#include "ui/charts/panelchart.h"
#include "core/artifact/problemlimit.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QVBoxLayout>

#include <QPushButton>

#include <algorithm>

PanelsView::PanelsView(QWidget *parent) : QWidget(parent)
{
    m_logBox = new QCheckBox(tr("&Logarithmic value axis"), this);
    m_logBox->setToolTip(tr("Show the values on a logarithmic scale (non-positive values are left out)"));
    connect(m_logBox, &QCheckBox::toggled, this, &PanelsView::setLogScale);
    m_hint = new QLabel(tr("Hover a point for its exact value · the wheel zooms a line chart, dragging pans, "
                           "double-click shows all · right-click to export"),
                        this);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    m_hint->setWordWrap(true);
    m_resetZoom = new QPushButton(tr("Reset &Zoom"), this);
    m_resetZoom->setToolTip(tr("Show every line chart's whole range again"));
    connect(m_resetZoom, &QPushButton::clicked, this, [this] {
        for (PanelChart *chart : std::as_const(m_charts))
            chart->resetXView();
    });
    auto *top = new QHBoxLayout;
    top->addWidget(m_logBox);
    top->addSpacing(12);
    top->addWidget(m_hint, 1);
    top->addWidget(m_resetZoom);

    m_empty = new QLabel(this);
    m_empty->setTextFormat(Qt::PlainText);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_empty->hide();

    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("panelsNote"));
    m_note->setTextFormat(Qt::PlainText);
    m_note->setWordWrap(true);
    m_note->hide();

    m_area = new QWidget(this);
    m_grid = new QGridLayout(m_area);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(8);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_note); // above the charts: seen even when they do not all fit
    layout->addWidget(m_empty, 1);
    layout->addWidget(m_area, 1);
}

void PanelsView::clearPanels()
{
    qDeleteAll(m_cells);
    m_cells.clear();
    m_charts.clear();
    m_current = nullptr;
    m_placeholders = 0;
}

void PanelsView::setItems(std::vector<PanelItem> items)
{
    clearPanels();
    const int count = static_cast<int>(std::min(items.size(), static_cast<std::size_t>(m_maxPanels)));
    showNotDrawn(items.size(), count);
    const int columns = count <= 3 ? std::max(count, 1) : 2;
    for (int i = 0; i < count; ++i) {
        PanelItem &item = items[static_cast<std::size_t>(i)];
        QWidget *cell = nullptr;
        if (item.drawable) {
            auto *chart = new PanelChart(m_area);
            chart->setAccessibleName(tr("Chart: %1").arg(item.plot.title));
            chart->setPanel(std::move(item.plot)); // the chart keeps the only copy of its points
            chart->setLogScale(m_logScale);
            chart->setFocusPolicy(Qt::StrongFocus);
            connect(chart, &PanelChart::hovered, this, &PanelsView::hovered);
            connect(chart, &PanelChart::activated, this, [this, chart] { m_current = chart; });
            connect(chart, &PanelChart::contextMenuRequested, this,
                    [this, chart](const QPoint &at) { showMenu(chart, at); });
            m_charts.append(chart);
            cell = chart;
        } else {
            cell = placeholderFor(item);
            ++m_placeholders;
        }
        m_grid->addWidget(cell, i / columns, i % columns);
        m_cells.append(cell);
    }
    for (int c = 0; c < columns; ++c)
        m_grid->setColumnStretch(c, 1);
    m_empty->setVisible(count == 0);
    m_area->setVisible(count > 0);
    m_logBox->setEnabled(!m_charts.isEmpty());
    m_logBox->setVisible(m_controls);
    // A panel whose file asks for a log axis (its values span orders of magnitude) keeps it
    // whatever the box says: the box says so rather than read "unchecked" above a log axis.
    const auto ownLog
        = std::count_if(m_charts.cbegin(), m_charts.cend(), [](const PanelChart *c) { return c->panel().logScale; });
    m_logBox->setText(
        ownLog == 0 ? tr("&Logarithmic value axis")
            : ownLog == 1
            ? tr("&Logarithmic value axis (one panel has one always: its file asks for it)")
            : tr("&Logarithmic value axis (%1 panels have one always: their file asks for it)").arg(ownLog));
    m_hint->setVisible(m_controls && !m_charts.isEmpty());
    const bool anyLine
        = std::any_of(m_charts.cbegin(), m_charts.cend(), [](const PanelChart *c) { return c->panel().isLine(); });
    m_resetZoom->setVisible(m_controls && anyLine);
    if (count == 0 && m_empty->text().isEmpty())
        m_empty->setText(tr("This artifact has no panels."));
}

void PanelsView::setMaxPanels(int maxPanels) { m_maxPanels = std::clamp(maxPanels, 1, kMaxPanels); }

void PanelsView::showNotDrawn(std::size_t panels, int drawn)
{
    const auto left = panels - static_cast<std::size_t>(drawn);
    m_note->setVisible(left > 0);
    if (left > 0) {
        const QString total = QString::fromStdString(lessonscope::groupedNumber(panels));
        m_note->setText(left == 1 ? tr("The first %1 of %2 panels are drawn; 1 more is not.").arg(drawn).arg(total)
                                  : tr("The first %1 of %2 panels are drawn; %3 more are not.")
                                        .arg(drawn)
                                        .arg(total, QString::fromStdString(lessonscope::groupedNumber(left))));
    }
}

void PanelsView::setEmptyText(const QString &text) { m_empty->setText(text); }

QWidget *PanelsView::placeholderFor(const PanelItem &item)
{
    auto *box = new QGroupBox(item.plot.title.isEmpty() ? item.pointer : item.plot.title, m_area);
    auto *note = new QLabel(box);
    note->setTextFormat(Qt::PlainText); // the note quotes the panel's own fields
    note->setText(item.note);
    note->setWordWrap(true);
    note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *raw = new QPlainTextEdit(item.rawJson, box);
    raw->setReadOnly(true);
    raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    raw->setAccessibleName(tr("Panel as written"));
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(note);
    layout->addWidget(raw, 1);
    box->setMinimumSize(280, 240);
    return box;
}

void PanelsView::setControlsVisible(bool visible)
{
    m_controls = visible;
    m_logBox->setVisible(visible);
    m_hint->setVisible(visible && !m_charts.isEmpty());
}

PanelChart *PanelsView::currentChart() const
{
    if (m_current)
        return m_current;
    return m_charts.isEmpty() ? nullptr : m_charts.constFirst();
}

void PanelsView::setLogScale(bool logScale)
{
    if (m_logScale == logScale)
        return;
    m_logScale = logScale;
    m_logBox->setChecked(logScale);
    for (PanelChart *chart : std::as_const(m_charts))
        chart->setLogScale(logScale);
    emit logScaleChanged(logScale);
}

void PanelsView::showMenu(PanelChart *chart, const QPoint &globalPosition)
{
    QMenu menu(this);
    menu.addAction(tr("Export as &PNG…"), this, [this, chart] { emit exportRequested(chart, Export::Png); });
    menu.addAction(tr("Export as &SVG…"), this, [this, chart] { emit exportRequested(chart, Export::Svg); });
    menu.addAction(tr("Export series as &CSV…"), this, [this, chart] { emit exportRequested(chart, Export::Csv); });
    if (chart->canShowDistribution()) {
        menu.addSeparator();
        const bool shown = chart->isDistributionShown();
        menu.addAction(shown ? tr("Show the Samples in &Order") : tr("Show as &Distribution"), this,
                       [chart, shown] { chart->setDistributionShown(!shown); });
    }
    menu.exec(globalPosition);
}
