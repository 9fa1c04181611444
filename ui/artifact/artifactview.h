#pragma once

#include "core/artifact/artifact.h"

#include <QWidget>

#include <optional>

struct LibraryEntry;
class ArtifactHeader;
class DiagramView;
class PanelsView;
class ProblemsView;
class QPlainTextEdit;
class QTabWidget;
class QTableWidget;

// Everything about one artifact: the header, then tabs for its panels (charts), its diagram and
// prediction, its stdout (laid out for reading when JSON, once its tab is shown), its environment
// and its problems.
class ArtifactView : public QWidget
{
    Q_OBJECT

public:
    enum Tab { PanelsTab, DiagramTab, StdoutTab, EnvironmentTab, ProblemsTab };

    explicit ArtifactView(QWidget *parent = nullptr);

    void setEntry(const LibraryEntry &entry);
    int entryId() const { return m_entryId; }

    ArtifactHeader *header() const { return m_header; }
    PanelsView *panels() const { return m_panels; }
    DiagramView *diagram() const { return m_diagram; }
    ProblemsView *problems() const { return m_problems; }
    QPlainTextEdit *stdoutView() const { return m_stdout; }
    QTableWidget *environment() const { return m_environment; }
    QTabWidget *tabs() const { return m_tabs; }

private:
    void fillStdoutIfShown();

    ArtifactHeader *m_header = nullptr;
    QTabWidget *m_tabs = nullptr;
    PanelsView *m_panels = nullptr;
    DiagramView *m_diagram = nullptr;
    QPlainTextEdit *m_stdout = nullptr;
    QTableWidget *m_environment = nullptr;
    ProblemsView *m_problems = nullptr;
    int m_entryId = 0;
    std::optional<lessonscope::Artifact> m_pendingStdout; // shown in the Stdout tab once it is current
};
