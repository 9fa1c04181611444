// The explorer leads a newcomer through the course: the welcome page lists the lessons in order
// with the learner's state and the next lesson; a lesson whose prediction is not answered opens
// on its prediction; after the answer the view leads to a run on this machine, then to the
// comparison with the recorded run, then to the next lesson. And a disturbed run says so where
// its numbers are shown.

#include "core/lesson/disturbance.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lesson/lessonrunner.h"
#include "core/trace/timeline.h"
#include "explorertesting.h"
#include "ui/artifact/artifactheader.h"
#include "ui/artifact/artifactview.h"
#include "ui/artifact/lessonpathbar.h"
#include "ui/library/librarymodel.h"
#include "ui/library/librarypane.h"
#include "ui/runs/comparisonview.h"
#include "ui/runs/liverunview.h"
#include "ui/artifact/panelsview.h"
#include "ui/charts/panelchart.h"
#include "ui/runs/runpanel.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/diagramview.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/window/centralview.h"
#include "ui/window/mainactions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/opencontroller.h"
#include "ui/window/savecontroller.h"
#include "ui/window/welcomepage.h"

#include <nlohmann/json.hpp>

#include <QAction>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

using namespace explorertesting;
using namespace lessonscope;

namespace {

const LibraryEntry *selectedEntry(MainWindow &window)
{
    const QList<int> ids = window.library()->selectedIds();
    return ids.size() == 1 ? window.model()->entry(ids.constFirst()) : nullptr;
}

// The correct candidate of the artifact's prediction, as the timeline names it.
QString correctCandidate(const Artifact &artifact)
{
    const auto timeline = timelineOf(artifact);
    const CallTimeline call = timeline->call(timeline->representativeCall());
    for (const TimelineCandidate &candidate : call.candidates) {
        if (candidate.correct)
            return QString::fromStdString(candidate.key);
    }
    return {};
}

QByteArray withEvidence(const QByteArray &seed, std::int64_t involuntary)
{
    Json document = Json::parse(seed.toStdString());
    InterferenceEvidence evidence;
    evidence.seconds = 0.5;
    evidence.host.involuntary = involuntary;
    evidence.device.voluntary = 2001;
    evidence.deviceThreads = 1;
    evidence.loadAverage = 0.1;
    evidence.cpus = 2;
    document["environment"]["interference"] = interferenceToJson(evidence);
    return QByteArray::fromStdString(document.dump(2));
}

} // namespace

class TestCourse : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void welcomeShowsTheCourseInOrder();
    void predictThenObserveThenExplain();
    void disturbedRunIsFlaggedWhereItsNumbersAre();
    void liveRunShowsCallsAsTheLessonMeansThem();

private:
    QTemporaryDir m_dir;
    MainWindow *m_window = nullptr;
};

void TestCourse::initTestCase()
{
    isolateSettings(m_dir);
}

void TestCourse::init()
{
    QSettings().clear(); // every test starts a new learner
    m_window = new MainWindow;
    m_window->resize(1280, 860);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestCourse::cleanup()
{
    m_window->saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
    m_window->close();
    delete m_window;
    m_window = nullptr;
}

void TestCourse::welcomeShowsTheCourseInOrder()
{
    m_window->openBundled();
    m_window->actions()->showCourse->trigger();
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Welcome);
    QTRY_COMPARE(m_window->centre()->welcome()->courseLines().size(), int(courseLessons().size()));
    const QStringList lines = m_window->centre()->welcome()->courseLines();
    for (int i = 0; i < lines.size(); ++i) {
        const std::string &id = courseLessons()[static_cast<std::size_t>(i)]->info().id;
        QVERIFY2(lines[i].startsWith(QStringLiteral("%1. %2 — ").arg(i + 1).arg(QString::fromStdString(id))), qPrintable(lines[i]));
        QVERIFY2(lines[i].endsWith(QStringLiteral("not tried")), qPrintable(lines[i]));
    }
    QPushButton *next = m_window->centre()->welcome()->nextLessonButton();
    QVERIFY(next->isVisible());
    QVERIFY2(next->text().startsWith(QStringLiteral("Start the course: ")), qPrintable(next->text()));
    saveScreenshot(*m_window, QStringLiteral("course-welcome.png"));

    // The library's recordings show the same state.
    QTRY_COMPARE(m_window->model()->entries().front().answer, QStringLiteral("not tried"));

    next->click();
    const LibraryEntry *shown = selectedEntry(*m_window);
    QVERIFY(shown && shown->artifact);
    QCOMPARE(shown->artifact->lessonId(), courseLessons().front()->info().id);
}

void TestCourse::predictThenObserveThenExplain()
{
    m_window->openBundled();
    ArtifactView *view = m_window->centre()->artifactView();
    LessonPathBar *bar = view->pathBar();
    const LibraryEntry *recording = selectedEntry(*m_window);
    QVERIFY(recording && recording->artifact);
    const int recordingId = recording->id;

    // Predict: the unanswered lesson opens on its prediction; the results are one click away.
    QCOMPARE(view->tabs()->currentIndex(), int(ArtifactView::DiagramTab));
    QVERIFY(view->tabs()->isTabEnabled(ArtifactView::PanelsTab));
    QVERIFY2(bar->stepText().startsWith(QStringLiteral("① Predict")), qPrintable(bar->stepText()));
    saveScreenshot(*m_window, QStringLiteral("course-prediction-first.png"));
    view->tabs()->setCurrentIndex(ArtifactView::PanelsTab);
    bar->actionButton()->click();
    QCOMPARE(view->tabs()->currentIndex(), int(ArtifactView::DiagramTab));

    // Observe: once answered, the bar offers the run on this machine.
    const QString correct = correctCandidate(*recording->artifact);
    QVERIFY(!correct.isEmpty());
    view->diagram()->prediction()->answerWith(correct);
    QTRY_VERIFY2(bar->stepText().startsWith(QStringLiteral("② Observe")), qPrintable(bar->stepText()));
    QVERIFY(bar->stepText().contains(QStringLiteral("right ✓")));
    QTRY_VERIFY(m_window->model()->entry(recordingId)->answer.startsWith(QStringLiteral("predicted ✓")));

    QSignalSpy finished(m_window->runPanel()->runner(), &LessonRunner::finished);
    bar->actionButton()->click();
    QVERIFY(m_window->runPanel()->runner()->isRunning());
    QVERIFY(finished.wait(120'000));

    // Explain: the new run is shown, answered already (the lesson was), and leads to the comparison.
    QTRY_VERIFY(selectedEntry(*m_window) && selectedEntry(*m_window)->origin == LibraryEntry::Origin::Run);
    QCOMPARE(view->tabs()->currentIndex(), int(ArtifactView::PanelsTab));
    QTRY_VERIFY2(bar->stepText().startsWith(QStringLiteral("③ Explain")), qPrintable(bar->stepText()));
    QVERIFY(bar->nextButton()->isVisible()); // the lesson is done: predicted and run here
    bar->actionButton()->click();
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Comparison);
    QCOMPARE(m_window->library()->selectedIds().size(), 2);
    QVERIFY(m_window->library()->selectedIds().contains(recordingId));
    saveScreenshot(*m_window, QStringLiteral("course-comparison.png"));

    // The next lesson opens on its prediction, and the course says where the learner is.
    m_window->library()->selectIds({recordingId});
    QTRY_VERIFY(bar->nextButton()->isVisible());
    bar->nextButton()->click();
    const LibraryEntry *next = selectedEntry(*m_window);
    QVERIFY(next && next->artifact);
    QCOMPARE(next->artifact->lessonId(), courseLessons()[1]->info().id);
    QCOMPARE(view->tabs()->currentIndex(), int(ArtifactView::DiagramTab));
    m_window->actions()->showCourse->trigger();
    QTRY_VERIFY(m_window->centre()->welcome()->courseLines().value(0).endsWith(
        QStringLiteral("predicted ✓ · run on this machine")));
    QVERIFY(m_window->centre()->welcome()->nextLessonButton()->text().startsWith(QStringLiteral("Continue: ")));
}

void TestCourse::disturbedRunIsFlaggedWhereItsNumbersAre()
{
    const QString disturbed = m_dir.filePath(QStringLiteral("disturbed.json"));
    const QString quiet = m_dir.filePath(QStringLiteral("quiet.json"));
    writeFile(disturbed, withEvidence(seedBytes(), 400));
    writeFile(quiet, withEvidence(seedBytes(), 0));
    QSignalSpy opened(m_window->openController(), &OpenController::opened);
    m_window->openPaths({quiet});
    QVERIFY(opened.wait(10'000));
    ArtifactHeader *header = m_window->centre()->artifactView()->header();
    QVERIFY(header->disturbanceText().isEmpty());

    m_window->openPaths({disturbed});
    QVERIFY(opened.wait(10'000));
    QVERIFY2(header->disturbanceText().startsWith(QStringLiteral("⚠ This run was disturbed: the scheduler took the CPU")),
             qPrintable(header->disturbanceText()));
    QVERIFY(header->disturbanceText().contains(QStringLiteral("Close other programs")));
    m_window->centre()->artifactView()->tabs()->setCurrentIndex(ArtifactView::PanelsTab);
    saveScreenshot(*m_window, QStringLiteral("course-disturbed-run.png"));

    LibraryModel *model = m_window->model();
    const int disturbedRow = model->rowOf(selectedEntry(*m_window)->id);
    const QString keyFigure = model->index(disturbedRow, LibraryModel::KeyFigureColumn).data().toString();
    QVERIFY2(keyFigure.endsWith(QStringLiteral("· disturbed")), qPrintable(keyFigure));
    const int quietRow = disturbedRow == 0 ? 1 : 0;
    QVERIFY(!model->index(quietRow, LibraryModel::KeyFigureColumn).data().toString().contains(QStringLiteral("disturbed")));

    // Compared, the disturbed side is named in the banner.
    m_window->library()->selectIds({model->idAtRow(0), model->idAtRow(1)});
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Comparison);
    QVERIFY2(m_window->centre()->comparisonView()->differencesText().contains(QStringLiteral("was disturbed while it ran")),
             qPrintable(m_window->centre()->comparisonView()->differencesText()));
}

// While a run measures, a lesson about the first call shows it apart; any other lesson's calls
// are all of a kind ("Calls as measured"), the first of them included, never called "after the first".
void TestCourse::liveRunShowsCallsAsTheLessonMeansThem()
{
    LiveRunView live;
    live.start(1, QStringLiteral("performance-05"), QStringLiteral("2,000 warm calls"));
    QCOMPARE(live.panels()->charts().size(), 1);
    QVERIFY(live.panels()->charts().constFirst()->panel().title.startsWith(QStringLiteral("Calls as measured")));
    live.addFirstCall(1, 1e-6);
    live.addWarmSamples(1, 0, {2e-6, 3e-6});
    QCOMPARE(live.warmSampleCount(), std::size_t(3));
    QCOMPARE(live.panels()->charts().constFirst()->chartPoints(0).size(), 3);

    live.start(2, QStringLiteral("performance-01"), QStringLiteral("7 warm calls"));
    QCOMPARE(live.panels()->charts().size(), 2);
    QCOMPARE(live.panels()->charts().constFirst()->panel().title, QStringLiteral("First call"));
}

QTEST_MAIN(TestCourse)
#include "tst_course.moc"
