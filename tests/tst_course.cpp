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
#include "ui/library/recordings.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/coursecounts.h"
#include "ui/window/closecontroller.h"
#include "ui/window/coursecontroller.h"
#include "ui/window/recentfiles.h"
#include "ui/timeline/diagramview.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"
#include "ui/window/centralview.h"
#include "ui/window/mainactions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/opencontroller.h"
#include "ui/window/savecontroller.h"
#include "ui/window/welcomepage.h"

#include <nlohmann/json.hpp>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
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
QString candidateOf(const Artifact &artifact, bool correct)
{
    const auto timeline = timelineOf(artifact);
    const CallTimeline call = timeline->call(timeline->representativeCall());
    for (const TimelineCandidate &candidate : call.candidates) {
        if (candidate.correct == correct)
            return QString::fromStdString(candidate.key);
    }
    return {};
}

QString wrongCandidate(const Artifact &artifact) { return candidateOf(artifact, false); }

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
    return QByteArray::fromStdString(withInterference(Json::parse(seed.toStdString()), involuntary).dump(2));
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
    void predictRunCompareSaveAndRestart();
    void disturbedRunChangesNothing();
    void showingTheResultsAnywayCountsAsSeen();
    void aCopyOfTheRecordingIsTheRecording();
    void theCourseEndsWithItsSummary();
    void anEarlierVersionsAnswerIsKept();
    void disturbedRunIsFlaggedWhereItsNumbersAre();
    void liveRunShowsCallsAsTheLessonMeansThem();

private:
    void restart(); // a new window on the same settings, as after quitting and starting again
    // The run selected, or (when this machine was busy and the run does not count) a quiet copy
    // of it added and selected, after checking that the disturbed one changed nothing; its id.
    int countingRunSelected();

    QTemporaryDir m_dir;
    MainWindow *m_window = nullptr;
};

void TestCourse::restart()
{
    cleanup();
    m_window = new MainWindow;
    m_window->resize(1280, 860);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

int TestCourse::countingRunSelected()
{
    const LibraryEntry *run = selectedEntry(*m_window);
    if (!run || !run->artifact)
        return 0;
    if (courseRefusal(*run->artifact).isEmpty())
        return run->id;
    const QString lessonId = QString::fromStdString(run->artifact->lessonId());
    if (m_window->answers()->record(lessonId).ranHere)
        return 0; // a run that does not count must not count
    LibraryEntry quiet = *run;
    quiet.artifact = asCounted(*run->artifact);
    const int id = m_window->model()->addOrReplace(quiet);
    m_window->library()->selectIds({id});
    return id;
}

void TestCourse::initTestCase() { isolateSettings(m_dir); }

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
        QVERIFY2(lines[i].startsWith(QStringLiteral("%1. %2 — ").arg(i + 1).arg(QString::fromStdString(id))),
                 qPrintable(lines[i]));
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

// The course as a learner lives it: predict on the recording, run it here, see the answer on
// the run and try again there, compare, save; then restart with the same settings — the course
// is where it was, and Continue points to the next unfinished step.
void TestCourse::predictRunCompareSaveAndRestart()
{
    m_window->openBundled();
    ArtifactView *view = m_window->centre()->artifactView();
    LessonPathBar *bar = view->pathBar();
    const LibraryEntry *recording = selectedEntry(*m_window);
    QVERIFY(recording && recording->artifact);
    const int recordingId = recording->id;
    const QString lessonId = QString::fromStdString(recording->artifact->lessonId());

    // Predict: the unanswered lesson opens on its prediction, the figures that answer it covered.
    QCOMPARE(view->tabs()->currentIndex(), int(ArtifactView::DiagramTab));
    QVERIFY(view->tabs()->isTabEnabled(ArtifactView::PanelsTab));
    QVERIFY(view->resultsCovered());
    QVERIFY(view->header()->resultsHidden());
    QVERIFY2(bar->stepText().startsWith(QStringLiteral("① Predict")), qPrintable(bar->stepText()));
    // Nor does the library's row: its key figure would answer the prompt.
    const auto keyFigure = [&](int id) {
        return m_window->model()->index(m_window->model()->rowOf(id), LibraryModel::KeyFigureColumn).data().toString();
    };
    QCOMPARE(keyFigure(recordingId), QStringLiteral("predict first"));
    saveScreenshot(*m_window, QStringLiteral("course-prediction-first.png"));
    view->tabs()->setCurrentIndex(ArtifactView::PanelsTab);
    bar->actionButton()->click();
    QCOMPARE(view->tabs()->currentIndex(), int(ArtifactView::DiagramTab));
    QVERIFY(view->diagram()->prediction()->timeline()->hasFocus() || !m_window->isActiveWindow());

    // Observe: once answered, the figures show and the bar offers the run on this machine.
    const QString correct = correctCandidate(*recording->artifact);
    QVERIFY(!correct.isEmpty());
    view->diagram()->prediction()->answerWith(correct);
    QVERIFY(!view->resultsCovered());
    QVERIFY(!view->header()->resultsHidden());
    QTRY_VERIFY2(bar->stepText().startsWith(QStringLiteral("② Observe")), qPrintable(bar->stepText()));
    QVERIFY(bar->stepText().contains(QStringLiteral("right ✓")));
    QTRY_VERIFY(m_window->model()->entry(recordingId)->answer.startsWith(QStringLiteral("predicted ✓")));
    QTRY_VERIFY2(keyFigure(recordingId).endsWith(QStringLiteral("µs")), qPrintable(keyFigure(recordingId)));

    QSignalSpy finished(m_window->runner(), &LessonRunner::finished);
    bar->actionButton()->click();
    QVERIFY(m_window->runner()->isRunning());
    QVERIFY(finished.wait(120'000));
    QTRY_VERIFY(selectedEntry(*m_window) && selectedEntry(*m_window)->origin == LibraryEntry::Origin::Run);
    const int runId = countingRunSelected();
    QVERIFY(runId);

    // The run shows the lesson's answer, with what it reads on this run; an answer given on it
    // is a retry: the first answer stays the course's grade.
    QCOMPARE(view->tabs()->currentIndex(), int(ArtifactView::PanelsTab));
    PredictionPanel *prediction = view->diagram()->prediction();
    QCOMPARE(prediction->answer(), std::optional(correct));
    QVERIFY2(prediction->answerNoteText().startsWith(
                 QStringLiteral("Your answer to this lesson, given on the recorded run")),
             qPrintable(prediction->answerNoteText()));
    prediction->tryAgain();
    prediction->answerWith(wrongCandidate(*selectedEntry(*m_window)->artifact));
    QCOMPARE(m_window->answers()->record(lessonId).retries.size(), 1);
    QVERIFY(m_window->answers()->record(lessonId).first->correct);

    // Explain: the comparison with the recorded run, which the course notes.
    QTRY_VERIFY2(bar->stepText().startsWith(QStringLiteral("③ Explain")), qPrintable(bar->stepText()));
    QVERIFY(m_window->actions()->compareWithRecorded->isEnabled());
    // Run › Compare With the Recorded Run, by its shortcut as a keyboard user reaches it.
    QCOMPARE(m_window->actions()->compareWithRecorded->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    QTest::keySequence(m_window, m_window->actions()->compareWithRecorded->shortcut());
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Comparison);
    QCOMPARE(m_window->library()->selectedIds().size(), 2);
    QVERIFY(m_window->library()->selectedIds().contains(recordingId));
    QVERIFY(m_window->answers()->record(lessonId).compared);
    saveScreenshot(*m_window, QStringLiteral("course-comparison.png"));

    // Save the run: the course keeps where, and Open Recent lists it.
    const QString saved = m_dir.filePath(QStringLiteral("my-run.json"));
    m_window->saveController()->setChoosePath([&saved](const QString &) { return saved; });
    QVERIFY(m_window->saveController()->save(runId));
    QCOMPARE(m_window->answers()->record(lessonId).savedRuns, QStringList{saved});
    QVERIFY(m_window->openController()->recentFiles()->paths().contains(saved));

    // The lesson is done; the next lesson opens on its prediction, from the bar or the Run menu.
    m_window->library()->selectIds({recordingId});
    QTRY_VERIFY2(bar->stepText().startsWith(QStringLiteral("✓ Done")), qPrintable(bar->stepText()));
    QVERIFY(m_window->actions()->nextLesson->isEnabled());
    QCOMPARE(m_window->actions()->nextLesson->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    QTest::keySequence(m_window, m_window->actions()->nextLesson->shortcut());
    const LibraryEntry *next = selectedEntry(*m_window);
    QVERIFY(next && next->artifact);
    QCOMPARE(next->artifact->lessonId(), courseLessons()[1]->info().id);
    QCOMPARE(view->tabs()->currentIndex(), int(ArtifactView::DiagramTab));

    m_window->actions()->showCourse->trigger();
    QTRY_VERIFY(m_window->centre()->welcome()->courseLines().value(0).endsWith(
        QStringLiteral("predicted ✓ · run here · compared")));
    const QStringList before = m_window->centre()->welcome()->courseLines();
    const QString continueText = m_window->centre()->welcome()->nextLessonButton()->text();
    QCOMPARE(
        continueText,
        QStringLiteral("Continue: %1 — predict").arg(QString::fromStdString(courseLessons()[1]->info().texts.title)));

    // Closing everything forgets nothing of the course.
    m_window->saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
    m_window->closer()->closeAll();
    QTRY_COMPARE(m_window->model()->rowCount(), 0);
    m_window->actions()->showCourse->trigger();
    QTRY_COMPARE(m_window->centre()->welcome()->courseLines(), before);

    // Restart with the same settings: the course state is unchanged, the saved run is open
    // again, and Continue points to the next unfinished step.
    restart();
    QSignalSpy opened(m_window->openController(), &OpenController::opened);
    m_window->openCourse();
    QVERIFY(opened.wait(10'000));
    QVERIFY(m_window->model()->findByPath(saved));
    m_window->actions()->showCourse->trigger();
    QTRY_COMPARE(m_window->centre()->welcome()->courseLines(), before);
    QCOMPARE(m_window->centre()->welcome()->nextLessonButton()->text(), continueText);
    QVERIFY(m_window->openController()->recentFiles()->paths().contains(saved));
    saveScreenshot(*m_window, QStringLiteral("course-restart.png"));
    m_window->centre()->welcome()->nextLessonButton()->click();
    const LibraryEntry *continued = selectedEntry(*m_window);
    QVERIFY(continued && continued->artifact);
    QCOMPARE(continued->artifact->lessonId(), courseLessons()[1]->info().id);
    QCOMPARE(m_window->centre()->artifactView()->tabs()->currentIndex(), int(ArtifactView::DiagramTab));
}

// A run that does not count (disturbed) changes nothing in the course: the recording's
// answer stands, the lesson still asks for a run, and the bar says why.
void TestCourse::disturbedRunChangesNothing()
{
    m_window->openBundled();
    const LibraryEntry *recording = selectedEntry(*m_window);
    const std::string lessonId = recording->artifact->lessonId();
    LibraryEntry run;
    run.origin = LibraryEntry::Origin::Run;
    run.unsaved = true;
    Json document = withInterference(recording->artifact->json(), 400);
    document["generatedAt"] = "2026-12-01T10:00:00Z"; // another artifact than the recording
    run.artifact = Artifact(std::move(document));
    const int runId = m_window->model()->addOrReplace(run);
    m_window->library()->selectIds({runId});
    LessonPathBar *bar = m_window->centre()->artifactView()->pathBar();
    QVERIFY2(bar->stepText().startsWith(QStringLiteral("① Predict on the recorded run: This run was disturbed")),
             qPrintable(bar->stepText()));
    m_window->centre()->artifactView()->diagram()->prediction()->answerWith(correctCandidate(*run.artifact));
    QVERIFY(!m_window->answers()->record(QString::fromStdString(lessonId)).predicted());
    QVERIFY(!m_window->answers()->record(QString::fromStdString(lessonId)).ranHere);
    QVERIFY(!m_window->actions()->compareWithRecorded->isEnabled());
}

// One click shows the covered figures, everywhere they were hidden, and the course keeps that
// they were seen before the prediction.
void TestCourse::showingTheResultsAnywayCountsAsSeen()
{
    m_window->openBundled();
    ArtifactView *view = m_window->centre()->artifactView();
    const LibraryEntry *recording = selectedEntry(*m_window);
    QVERIFY(recording && recording->artifact);
    const int id = recording->id;
    const QString lessonId = QString::fromStdString(recording->artifact->lessonId());
    const auto keyFigure = [&] {
        return m_window->model()->index(m_window->model()->rowOf(id), LibraryModel::KeyFigureColumn).data().toString();
    };
    QVERIFY(view->resultsCovered());
    QCOMPARE(keyFigure(), QStringLiteral("predict first"));
    view->showResultsButton()->click();
    QVERIFY(m_window->answers()->record(lessonId).resultsSeen);
    QVERIFY(!m_window->answers()->record(lessonId).predicted());
    QVERIFY(!view->resultsCovered());
    QVERIFY(!view->header()->resultsHidden());
    QTRY_VERIFY2(keyFigure().endsWith(QStringLiteral("µs")), qPrintable(keyFigure()));
}

// A folder of copies: a copy of a recording counts as the recording (Compare works), and the
// course's Open adds no second copy of a lesson already open.
void TestCourse::aCopyOfTheRecordingIsTheRecording()
{
    const std::optional<LibraryEntry> bundled = recordings::entryOf(courseLessons().front()->info().id);
    QVERIFY(bundled);
    QFile resource(bundled->path);
    QVERIFY(resource.open(QIODevice::ReadOnly));
    const QString copy = m_dir.filePath(QStringLiteral("copies/first.json"));
    QDir().mkpath(QFileInfo(copy).absolutePath());
    writeFile(copy, resource.readAll());
    QSignalSpy opened(m_window->openController(), &OpenController::opened);
    m_window->openPaths({QFileInfo(copy).absolutePath()});
    QVERIFY(opened.wait(10'000));
    QCOMPARE(m_window->model()->rowCount(), 1);
    m_window->openBundled();
    QCOMPARE(m_window->model()->rowCount(), int(courseLessons().size())); // the copy stands for the first
    QCOMPARE(selectedEntry(*m_window)->path, QFileInfo(copy).absoluteFilePath());
    m_window->library()->selectIds({});
    m_window->course()->openLesson(QString::fromStdString(courseLessons().front()->info().id));
    QCOMPARE(m_window->model()->rowCount(), int(courseLessons().size()));
    QCOMPARE(selectedEntry(*m_window)->path, QFileInfo(copy).absoluteFilePath());
}

// Once every lesson is done, the welcome page is the course-complete page: each lesson's first
// answer, its retries and the learner's own numbers.
void TestCourse::theCourseEndsWithItsSummary()
{
    AnswerStore *store = m_window->answers();
    int lessonIndex = 0;
    for (const Lesson *lesson : courseLessons()) {
        const QString id = QString::fromStdString(lesson->info().id);
        AnswerStore::Answer answer;
        answer.candidate = QStringLiteral("some-stop");
        answer.correct = lessonIndex % 2 == 0;
        answer.answeredOn = QStringLiteral("the recorded run");
        store->commit(id, answer);
        if (lessonIndex == 1) {
            answer.correct = true;
            store->commit(id, answer);
        }
        store->markRunHere(id, QStringLiteral("warm median %1 µs").arg(lessonIndex + 1));
        store->markCompared(id);
        ++lessonIndex;
    }
    m_window->openBundled();
    m_window->actions()->showCourse->trigger();
    WelcomePage *welcome = m_window->centre()->welcome();
    QTRY_VERIFY(welcome->showsCourseComplete());
    // Every other lesson right at the first try, from the first: half of them, rounded up.
    const int lessons = int(courseLessons().size());
    QVERIFY2(welcome->completeText().startsWith(QStringLiteral("You predicted %1 of %2 lessons right at the first try")
                                                    .arg((lessons + 1) / 2)
                                                    .arg(lessons)),
             qPrintable(welcome->completeText()));
    QVERIFY2(welcome->courseLines().value(1).endsWith(
                 QStringLiteral("first answer ✗, 1 retry — your run: warm median 2 µs")),
             qPrintable(welcome->courseLines().value(1)));
    QVERIFY(!welcome->nextLessonButton()->isVisible());
    saveScreenshot(*m_window, QStringLiteral("course-complete.png"));
}

// An answer an earlier lessonscope kept per artifact content becomes the lesson's first answer.
void TestCourse::anEarlierVersionsAnswerIsKept()
{
    const std::optional<LibraryEntry> bundled = recordings::entryOf(courseLessons().front()->info().id);
    const QString hash = QString::fromStdString(bundled->artifact->contentHash());
    const QString correct = correctCandidate(*bundled->artifact);
    {
        QSettings settings;
        settings.setValue(QStringLiteral("answers/%1/stop").arg(hash), correct);
        settings.setValue(QStringLiteral("answers/%1/correct").arg(hash), true);
    }
    restart();
    m_window->openBundled();
    const AnswerStore::LessonRecord record
        = m_window->answers()->record(QString::fromStdString(courseLessons().front()->info().id));
    QVERIFY(record.first);
    QCOMPARE(record.first->candidate, correct);
    QVERIFY(record.first->correct);
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
    QVERIFY2(
        header->disturbanceText().startsWith(QStringLiteral("⚠ This run was disturbed: the scheduler took the CPU")),
        qPrintable(header->disturbanceText()));
    QVERIFY(header->disturbanceText().contains(QStringLiteral("Close other programs")));
    m_window->centre()->artifactView()->tabs()->setCurrentIndex(ArtifactView::PanelsTab);
    saveScreenshot(*m_window, QStringLiteral("course-disturbed-run.png"));

    LibraryModel *model = m_window->model();
    const int disturbedRow = model->rowOf(selectedEntry(*m_window)->id);
    const QString keyFigure = model->index(disturbedRow, LibraryModel::KeyFigureColumn).data().toString();
    QVERIFY2(keyFigure.endsWith(QStringLiteral("· disturbed")), qPrintable(keyFigure));
    const int quietRow = disturbedRow == 0 ? 1 : 0;
    QVERIFY(
        !model->index(quietRow, LibraryModel::KeyFigureColumn).data().toString().contains(QStringLiteral("disturbed")));

    // Compared, the disturbed side is named in the banner.
    m_window->library()->selectIds({model->idAtRow(0), model->idAtRow(1)});
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Comparison);
    QVERIFY2(
        m_window->centre()->comparisonView()->differencesText().contains(QStringLiteral("was disturbed while it ran")),
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
