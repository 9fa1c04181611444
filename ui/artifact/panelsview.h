#pragma once

#include "ui/artifact/panelitem.h"

#include <QList>
#include <QWidget>

class PanelChart;
class QCheckBox;
class QGridLayout;
class QLabel;

// The panels of one artifact (or of an overlay of two): charts for the panels that can be drawn,
// placeholders with the raw JSON for those that cannot, a log-scale switch shared by all charts.
// Each chart's context menu offers the exports; the chart last clicked is the current one.
class PanelsView : public QWidget
{
    Q_OBJECT

public:
    enum class Export { Png, Svg, Csv };

    explicit PanelsView(QWidget *parent = nullptr);

    void setItems(const std::vector<PanelItem> &items);
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
    QWidget *placeholderFor(const PanelItem &item);
    void showMenu(PanelChart *chart, const QPoint &globalPosition);

    QCheckBox *m_logBox = nullptr;
    QLabel *m_hint = nullptr;
    QLabel *m_empty = nullptr;
    QWidget *m_area = nullptr;
    QGridLayout *m_grid = nullptr;
    QList<PanelChart *> m_charts;
    QList<QWidget *> m_cells;
    PanelChart *m_current = nullptr;
    int m_placeholders = 0;
    bool m_logScale = false;
    bool m_controls = true;
};
