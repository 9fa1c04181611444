#pragma once

#include <QWidget>

struct LibraryEntry;
class PanelsView;
class ProblemsView;
class QTabWidget;
class QTableWidget;
class ResultsHeader;

// A results file of another harness (core/peers/): its header and warnings, then tabs for its
// panels (medians, families over their argument, counters, each benchmark's samples and their
// distribution), a table of its benchmarks (median, interval, spread, CPU time, counters,
// errors — none dropped), what the file says of the machine, and its problems.
class ResultsView : public QWidget
{
    Q_OBJECT

public:
    enum Tab { PanelsTab, BenchmarksTab, ContextTab, ProblemsTab };

    explicit ResultsView(QWidget *parent = nullptr);

    void setEntry(const LibraryEntry &entry);
    int entryId() const { return m_entryId; }

    ResultsHeader *header() const { return m_header; }
    PanelsView *panels() const { return m_panels; }
    QTableWidget *benchmarks() const { return m_benchmarks; }
    QTableWidget *context() const { return m_context; }
    ProblemsView *problems() const { return m_problems; }
    QTabWidget *tabs() const { return m_tabs; }

private:
    void fillBenchmarks(const LibraryEntry &entry);
    void fillContext(const LibraryEntry &entry);

    ResultsHeader *m_header = nullptr;
    QTabWidget *m_tabs = nullptr;
    PanelsView *m_panels = nullptr;
    QTableWidget *m_benchmarks = nullptr;
    QTableWidget *m_context = nullptr;
    ProblemsView *m_problems = nullptr;
    int m_entryId = 0;
};
