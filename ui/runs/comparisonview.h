#pragma once

#include <QWidget>

struct LibraryEntry;
class PanelsView;
class QLabel;
class QTableWidget;

// Two artifacts of the same lesson: a table of their numbers side by side and their panels
// overlaid, every series named by its origin.
class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonView(QWidget *parent = nullptr);

    // a is shown first (the reference of the ratios), b second.
    void setEntries(const LibraryEntry &a, const LibraryEntry &b);

    PanelsView *panels() const { return m_panels; }
    QTableWidget *table() const { return m_table; }
    QString originA() const { return m_originA; }
    QString originB() const { return m_originB; }

    // The shared legend of the overlaid charts: "A: recorded — jax 0.9.2", "B: …".
    QString legendText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateSwatches();

    QLabel *m_title = nullptr;
    QLabel *m_swatchA = nullptr;
    QLabel *m_swatchB = nullptr;
    QLabel *m_legendA = nullptr;
    QLabel *m_legendB = nullptr;
    QLabel *m_subtitle = nullptr;
    QTableWidget *m_table = nullptr;
    PanelsView *m_panels = nullptr;
    QString m_originA;
    QString m_originB;
};
