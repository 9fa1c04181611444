#pragma once

#include <QList>
#include <QWidget>

#include <vector>

class ArtifactHeader;
class PanelsView;

// What a run shows while it measures: the lesson's First call and Warm calls charts, the warm
// samples appearing as they are measured (pushed to the chart with replace(), thinned when long).
class LiveRunView : public QWidget
{
    Q_OBJECT

public:
    explicit LiveRunView(QWidget *parent = nullptr);

    void start(int job, const QString &lessonId, const QString &description);
    int job() const { return m_job; }

    void setProgress(int job, int done, int total);
    void addFirstCall(int job, double seconds);
    void addWarmSamples(int job, int firstIndex, const QList<double> &seconds);
    void finish(int job, const QString &message);

    PanelsView *panels() const { return m_panels; }
    std::size_t warmSampleCount() const { return m_warm.size(); }

private:
    void addCall(double seconds);
    ArtifactHeader *m_header = nullptr;
    PanelsView *m_panels = nullptr;
    QString m_lessonId;
    QString m_description;
    int m_job = 0;
    std::vector<double> m_x;
    std::vector<double> m_warm; // the calls after the first; all of them unless m_firstApart
    bool m_firstApart = true;
};
