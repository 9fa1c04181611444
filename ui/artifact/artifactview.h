#pragma once

#include "core/artifact/artifact.h"

#include <QWidget>

#include <optional>

struct LibraryEntry;
class AnswerStore;
class ArtifactHeader;
class CourseProgress;
class LessonPathBar;
class DiagramView;
class PanelsView;
class ProblemsView;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QTabWidget;
class QTableWidget;

// Everything about one artifact: the header, then tabs for its panels (charts), its diagram and
// prediction, its stdout (laid out for reading when JSON, once its tab is shown), its environment
// and its problems. Until the lesson's prediction is answered, the header's figures and the
// panels, which give the answer away, are covered; "Show the Results Anyway" uncovers them and
// the course notes that they were seen first.
class ArtifactView : public QWidget
{
    Q_OBJECT

public:
    enum Tab { PanelsTab, DiagramTab, StdoutTab, EnvironmentTab, ProblemsTab };

    // store: the course (answers, what was seen); not owned.
    explicit ArtifactView(AnswerStore *store, QWidget *parent = nullptr);

    // An artifact whose prediction is not answered yet opens on its prediction (the Diagram tab):
    // predict first, then observe. The other tabs stay one click away.
    void setEntry(const LibraryEntry &entry);
    int entryId() const { return m_entryId; }
    void setCourseProgress(const CourseProgress *progress);
    LessonPathBar *pathBar() const { return m_pathBar; }

    ArtifactHeader *header() const { return m_header; }
    PanelsView *panels() const { return m_panels; }
    DiagramView *diagram() const { return m_diagram; }
    ProblemsView *problems() const { return m_problems; }
    QPlainTextEdit *stdoutView() const { return m_stdout; }
    QTableWidget *environment() const { return m_environment; }
    QTabWidget *tabs() const { return m_tabs; }
    // Whether the figures that answer the prediction are covered (the header's and the panels).
    bool resultsCovered() const;
    QPushButton *showResultsButton() const { return m_showResults; }

private:
    void fillStdoutIfShown();
    bool awaitsPrediction(const lessonscope::Artifact &artifact) const;
    QWidget *makeCover();
    void updateCover();

    AnswerStore *m_store = nullptr;
    ArtifactHeader *m_header = nullptr;
    QStackedWidget *m_panelsPage = nullptr; // the cover, or the panels
    QWidget *m_cover = nullptr;
    QPushButton *m_showResults = nullptr;
    QString m_lessonId;
    bool m_predictable = false; // the artifact has a prompt to answer
    LessonPathBar *m_pathBar = nullptr;
    const CourseProgress *m_progress = nullptr;
    QTabWidget *m_tabs = nullptr;
    PanelsView *m_panels = nullptr;
    DiagramView *m_diagram = nullptr;
    QPlainTextEdit *m_stdout = nullptr;
    QTableWidget *m_environment = nullptr;
    ProblemsView *m_problems = nullptr;
    int m_entryId = 0;
    std::optional<lessonscope::Artifact> m_pendingStdout; // shown in the Stdout tab once it is current
};
