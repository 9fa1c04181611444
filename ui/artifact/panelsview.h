#pragma once

#include "ui/artifact/panelitem.h"
#include "ui/charts/panelexport.h"

#include <QList>
#include <QWidget>

class PanelChart;
class QCheckBox;
class QGridLayout;
class QLabel;
class QPushButton;

// The panels of one artifact (or of an overlay of two): charts for the panels that can be drawn,
// placeholders with the raw JSON for those that cannot, a log-scale switch shared by all charts.
// Each chart's context menu offers the exports; the chart last clicked is the current one.
class PanelsView : public QWidget
{
    Q_OBJECT

public:
    using Export = PanelExportFormat;
    QPushButton *resetZoomButton() const { return m_resetZoom; }
    QCheckBox *logScaleBox() const { return m_logBox; }

    // Panels drawn at most (docs/security.md, "Limits"): a chart is a heavy widget, and 1,000
    // of them made a window (and a rendered image) 124,595 pixels tall. The rest are named in a
    // note above the charts.
    static constexpr int kMaxPanels = 24;

    explicit PanelsView(QWidget *parent = nullptr);

    // At most this many panels are drawn (kMaxPanels unless lowered, e.g. to what fits an image).
    void setMaxPanels(int maxPanels);

    void setItems(std::vector<PanelItem> items);
    // Nothing to draw: says why.
    void setEmptyText(const QString &text);
    // The log-scale switch and the hint (hidden in still images, where they cannot be used).
    void setControlsVisible(bool visible);

    QList<PanelChart *> charts() const { return m_charts; }
    int placeholderCount() const { return m_placeholders; }
    PanelChart *currentChart() const;

    bool logScale() const { return m_logScale; }

public slots:
    void setLogScale(bool logScale);

signals:
    void logScaleChanged(bool logScale);
    void hovered(const QString &text);
    void exportRequested(PanelChart *chart, PanelsView::Export format);

private:
    void clearPanels();
    void showNotDrawn(std::size_t panels, int drawn);
    QWidget *placeholderFor(const PanelItem &item);
    void showMenu(PanelChart *chart, const QPoint &globalPosition);

    QCheckBox *m_logBox = nullptr;
    QLabel *m_hint = nullptr;
    QPushButton *m_resetZoom = nullptr; // every line chart's whole range again
    QLabel *m_empty = nullptr;
    QLabel *m_note = nullptr; // panels not drawn
    QWidget *m_area = nullptr;
    QGridLayout *m_grid = nullptr;
    QList<PanelChart *> m_charts;
    QList<QWidget *> m_cells;
    PanelChart *m_current = nullptr;
    int m_placeholders = 0;
    bool m_logScale = false;
    bool m_controls = true;
    int m_maxPanels = kMaxPanels;
};
