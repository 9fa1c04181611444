#pragma once

#include <QList>
#include <QStackedWidget>

class AnswerStore;
class ArtifactView;
class ComparisonView;
class LibraryModel;
class LiveRunView;
struct LibraryEntry;
class PanelChart;
class PanelsView;
class QLabel;
class ResultsComparisonView;
class ResultsView;
class WelcomePage;

// The centre of the main window, one page at a time: a welcome when nothing is selected, the
// artifact, the comparison of two artifacts of the same lesson, another harness's results file,
// the comparison of two of one harness, the run in progress, or a note saying why a selection
// cannot be shown.
class CentralView : public QStackedWidget
{
    Q_OBJECT

public:
    enum class Page { Welcome, Artifact, Comparison, LiveRun, Note, Results, ResultsComparison };

    // store: the course, for the artifact view; not owned.
    CentralView(const LibraryModel *model, AnswerStore *store, QWidget *parent = nullptr);

    // Shows what these library entries call for; with none, the run in progress if there is one.
    void showEntries(const QList<int> &ids, bool runInProgress);
    void showLiveRun();
    QList<int> shownIds() const { return m_shown; }

    Page page() const;
    QString noteText() const;
    // The panels of the page shown, or nullptr.
    PanelsView *visiblePanels() const;
    QList<PanelsView *> allPanels() const;

    // Whether the page shown has a chart for the exports to act on (the last clicked).
    bool canExport() const;
    // Asks where, then writes the current chart (PNG, SVG) or its series (CSV).
    void exportCurrent(int format);

    WelcomePage *welcome() const { return m_welcome; }
    ArtifactView *artifactView() const { return m_artifactView; }
    ComparisonView *comparisonView() const { return m_comparisonView; }
    LiveRunView *liveRunView() const { return m_liveRunView; }
    ResultsView *resultsView() const { return m_resultsView; }
    ResultsComparisonView *resultsComparisonView() const { return m_resultsComparisonView; }

public slots:
    void setLogScale(bool logScale);

signals:
    void logScaleChanged(bool logScale);
    // Hover text over a chart ("" when leaving), and reports such as "Exported …".
    void hovered(const QString &text);
    void message(const QString &text);
    // After every showEntries(): the page was worked out again, perhaps rebuilt.
    void entriesShown(const QList<int> &ids);

private:
    void showPageFor(const QList<int> &ids, bool runInProgress);
    void showPair(const LibraryEntry *a, const LibraryEntry *b);
    void showNote(const QString &text);
    void exportChart(PanelChart *chart, int format);
    QString exportBaseName() const;

    const LibraryModel *m_model;
    WelcomePage *m_welcome = nullptr;
    ArtifactView *m_artifactView = nullptr;
    ComparisonView *m_comparisonView = nullptr;
    LiveRunView *m_liveRunView = nullptr;
    ResultsView *m_resultsView = nullptr;
    ResultsComparisonView *m_resultsComparisonView = nullptr;
    QLabel *m_note = nullptr;
    QList<int> m_shown;
};
