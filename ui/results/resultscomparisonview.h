#pragma once

#include <QWidget>

struct LibraryEntry;
namespace lessonscope {
struct ResultsComparison;
}
class PanelsView;
class QLabel;
class QTableWidget;

// Two results files of one harness (core/peers/resultscomparison.h), as `lessonscope compare`
// prints them: what differs between the two runs, named first; per benchmark A, B, B ÷ A with its
// 95% interval and verdict, and compare.py's U test p-values; the benchmarks only one file has;
// and the two files' panels overlaid, A and B each in its colour.
class ResultsComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit ResultsComparisonView(QWidget *parent = nullptr);

    // a is the reference of the ratios. Both must hold results of the same harness.
    void setEntries(const LibraryEntry &a, const LibraryEntry &b);

    PanelsView *panels() const { return m_panels; }
    QTableWidget *table() const { return m_table; }
    QString titleText() const;
    // The differences and the benchmarks only one side has, as shown; empty when there are none.
    QString differencesText() const;
    QString legendText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void fillTable(const lessonscope::ResultsComparison &comparison);
    void updateSwatches();

    QLabel *m_title = nullptr;
    QLabel *m_subtitle = nullptr;
    QLabel *m_differences = nullptr;
    QTableWidget *m_table = nullptr;
    QLabel *m_swatchA = nullptr;
    QLabel *m_swatchB = nullptr;
    QLabel *m_legendA = nullptr;
    QLabel *m_legendB = nullptr;
    PanelsView *m_panels = nullptr;
};
