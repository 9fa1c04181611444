#pragma once

#include <QWidget>

struct LibraryEntry;
namespace lessonscope {
struct ArtifactComparison;
}
class PanelsView;
class QLabel;
class QTableWidget;

// Two artifacts: what differs between the two experiments (named above everything else), a
// table of their figures side by side with each ratio's interval (95% within a run, 99% between
// runs' rounds) and verdict (wrapped, never cut), and their panels overlaid, every series named by
// its origin. The page scrolls when the window is smaller than it.
class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonView(QWidget *parent = nullptr);

    // a is shown first (the reference of the ratios), b second.
    void setEntries(const LibraryEntry &a, const LibraryEntry &b);

    PanelsView *panels() const { return m_panels; }
    QTableWidget *table() const { return m_table; }
    // The differences between the two experiments as shown; empty when they are the same.
    QString differencesText() const;
    QString originA() const { return m_originA; }
    QString originB() const { return m_originB; }

    // The shared legend of the overlaid charts: "A: recorded — jax 0.9.2", "B: …".
    QString legendText() const;

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateSwatches();
    void fillTable(const lessonscope::ArtifactComparison &comparison);
    void fitTable(); // every row as tall as its wrapped verdict, the table as tall as its rows

    QLabel *m_title = nullptr;
    QLabel *m_swatchA = nullptr;
    QLabel *m_swatchB = nullptr;
    QLabel *m_legendA = nullptr;
    QLabel *m_legendB = nullptr;
    QLabel *m_subtitle = nullptr;
    QLabel *m_differences = nullptr;
    QTableWidget *m_table = nullptr;
    PanelsView *m_panels = nullptr;
    QString m_originA;
    QString m_originB;
    class QTimer *m_fitLater = nullptr;
};
