#pragma once

#include <QList>
#include <QPair>
#include <QWidget>

#include <string>

struct LibraryEntry;
namespace lessonscope {
class Artifact;
}
class QGridLayout;
class QLabel;

// The top of the artifact view: what the artifact is (title, lesson, kind, provenance, when,
// where from), its key numbers in readable units, its status, and its two hashes with what is
// known of them.
class ArtifactHeader : public QWidget
{
    Q_OBJECT

public:
    explicit ArtifactHeader(QWidget *parent = nullptr);

    void setEntry(const LibraryEntry &entry);
    // The disturbed-run warning as shown (empty when hidden), for tests.
    QString disturbanceText() const;
    // Until the prediction is answered the figures, which answer it, are not shown: a line says
    // where they are. Set after setEntry().
    void setResultsHidden(bool hidden);
    bool resultsHidden() const { return m_resultsHidden; }
    // A run still measuring: a title and a line of text, no fields.
    void setRunning(const QString &title, const QString &detail);

    QString titleText() const;
    QString summaryText() const;

private:
    QLabel *field(int row, int pair, const QString &name);
    void showFields(bool artifactFields);
    void setSource(const LibraryEntry &entry);
    void showUnreadable(const LibraryEntry &entry);
    void setSummary(const lessonscope::Artifact &artifact);
    void setEnvironment(const lessonscope::Artifact &artifact);
    void setHashes(const lessonscope::Artifact &artifact);
    void setConditions(const lessonscope::Artifact &artifact);
    void setHash(QLabel *label, const std::string &hash, const QString &qualifier, const QString &meaning);

    QLabel *m_title = nullptr;
    QLabel *m_subtitle = nullptr;
    QLabel *m_summary = nullptr;
    QWidget *m_fields = nullptr;
    QGridLayout *m_grid = nullptr;
    QLabel *m_generated = nullptr;
    QLabel *m_source = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_environment = nullptr;
    QLabel *m_contentHash = nullptr;
    QLabel *m_rendererHash = nullptr;
    QLabel *m_conditions = nullptr;                 // the interference evidence, always
    QLabel *m_disturbance = nullptr;                // a warning, when the run was disturbed
    QList<QPair<QLabel *, QLabel *>> m_fieldLabels; // (caption, value)
    QString m_figures;                              // the summary line of figures, shown unless hidden
    bool m_resultsHidden = false;
};
