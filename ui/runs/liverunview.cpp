#include "ui/runs/liverunview.h"

#include "ui/artifact/artifactheader.h"
#include "ui/charts/panelchart.h"
#include "ui/artifact/panelsview.h"
#include "core/lesson/lessonregistry.h"

#include <QLocale>
#include <QVBoxLayout>

namespace {

// What every run on the stream reports while it measures (RunObserver): its first call, and the
// calls after it as they come, each timed from dispatch to observed readiness. The lesson's own
// panels come with its artifact, when the run ends.
PanelItem livePanel(const QString &kind, const QString &title, const QString &xlabel = {})
{
    PanelItem item;
    item.kind = kind;
    item.drawable = true;
    item.plot.kind = kind;
    item.plot.title = title;
    item.plot.ylabel = QStringLiteral("seconds");
    if (kind == QLatin1String("bar")) {
        item.plot.labels = {LiveRunView::tr("first")};
    } else {
        item.plot.xlabel = xlabel;
        item.plot.series.push_back({LiveRunView::tr("completed call"), {}, {}});
    }
    return item;
}

} // namespace

LiveRunView::LiveRunView(QWidget *parent) : QWidget(parent)
{
    m_header = new ArtifactHeader(this);
    m_panels = new PanelsView(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_header);
    layout->addWidget(m_panels, 1);
}

void LiveRunView::start(int job, const QString &lessonId, const QString &description)
{
    m_job = job;
    m_lessonId = lessonId;
    m_description = description;
    m_x.clear();
    m_warm.clear();
    m_header->setRunning(tr("Running %1 on this machine…").arg(lessonId), description);
    // A lesson about the first call shows it apart; any other's calls are all of one kind.
    const lessonscope::Lesson *lesson = lessonscope::findLesson(lessonId.toStdString());
    m_firstApart = lesson && lesson->info().firstCallApart;
    if (m_firstApart) {
        m_panels->setItems(
            {livePanel(QStringLiteral("bar"), tr("First call")),
             livePanel(QStringLiteral("line"), tr("Calls after the first"), tr("call after the first"))});
    } else {
        m_panels->setItems(
            {livePanel(QStringLiteral("line"), tr("Calls as measured (dispatch to observed readiness)"), tr("call"))});
    }
}

void LiveRunView::setProgress(int job, int done, int total)
{
    if (job != m_job)
        return;
    const QLocale locale;
    m_header->setRunning(done < total ? tr("Running %1 on this machine: call %2 of %3")
                                            .arg(m_lessonId, locale.toString(done), locale.toString(total))
                                      : tr("Running %1 on this machine: all %2 calls measured, making the artifact…")
                                            .arg(m_lessonId, locale.toString(total)),
                         m_description);
}

void LiveRunView::addFirstCall(int job, double seconds)
{
    if (job != m_job || m_panels->charts().isEmpty())
        return;
    if (!m_firstApart) { // one call of the run like the others
        addCall(seconds);
        m_panels->charts().constFirst()->setSeriesData(0, m_x, m_warm);
        return;
    }
    PlotPanel panel = m_panels->charts().constFirst()->panel();
    panel.series = {{tr("completed call"), {}, {seconds}}};
    m_panels->charts().constFirst()->setPanel(panel);
}

void LiveRunView::addCall(double seconds)
{
    m_warm.push_back(seconds);
    m_x.push_back(static_cast<double>(m_warm.size()));
}

void LiveRunView::addWarmSamples(int job, int firstIndex, const QList<double> &seconds)
{
    // Shown apart, the first call is not among m_warm; shown together, it is its first point.
    const int offset = m_firstApart ? 0 : 1;
    const int chart = m_firstApart ? 1 : 0;
    if (job != m_job || m_panels->charts().size() <= chart || firstIndex + offset != static_cast<int>(m_warm.size()))
        return;
    for (double value : seconds)
        addCall(value);
    m_panels->charts().at(chart)->setSeriesData(0, m_x, m_warm);
}

void LiveRunView::finish(int job, const QString &message)
{
    if (job != m_job)
        return;
    m_header->setRunning(message, m_description);
}
