#include "core/lessons/performance-01/performance01contract.h"
#include "core/lesson/lessonregistry.h"
#include "ui/artifact/artifactview.h"
#include "ui/window/centralview.h"
#include "ui/runs/comparisonview.h"
#include "explorertesting.h"
#include "core/lesson/lessonrunner.h"
#include "ui/library/librarymodel.h"
#include "ui/library/librarypane.h"
#include "ui/library/libraryfilter.h"
#include "ui/runs/liverunview.h"
#include "ui/window/mainactions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/opencontroller.h"
#include "ui/charts/panelchart.h"
#include "ui/artifact/panelsview.h"
#include "ui/window/recentfiles.h"
#include "ui/window/runcontroller.h"
#include "ui/runs/runpanel.h"
#include "ui/window/savecontroller.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QDropEvent>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

#include <algorithm>

using namespace explorertesting;

namespace {

// The run's threads alive in this process, by the names they are given: the runner's worker
// ("ls-run-<job>", LessonRunner::start) and the stream's ("ls-stream", DeviceStream).
QStringList runThreads()
{
    QStringList names;
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString &task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(task + QStringLiteral("/comm")));
        if (!comm.open(QIODevice::ReadOnly))
            continue; // it ended as it was read
        const QString name = QString::fromUtf8(comm.readAll()).trimmed();
        if (name.startsWith(QStringLiteral("ls-run-")) || name == QStringLiteral("ls-stream"))
            names << name;
    }
    return names;
}

// The recordings openBundled() opens: one per lesson of the course.
int bundledCount() { return static_cast<int>(lessonscope::courseLessons().size()); }

} // namespace

// The explorer as a user drives it: open, look, rerun, compare, save, quit.
class TestMainWindow : public QObject
{
    Q_OBJECT

public:
    // A screen the window and its remembered size (1111×777) fit in.
    static void initMain() { useOffscreenScreen(1920, 1200, 1.0); }

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void opensTheBundledLesson();
    void opensFilesFromTheCommandLine();
    void shortcutsKeepTheirUsualMeanings();
    void brokenFileOpensIntoItsProblems();
    void dropOpensFilesAndFolders();
    void runFromTheGuiAddsAnUnsavedArtifact();
    void cancelFromTheGuiKeepsWhatWasMeasured();
    void comparesTwoOfTheSameLesson();
    void quittingWithUnsavedRunsAsks();
    void quittingDuringALongRunStopsIt();
    void filterFindsAsYouType();
    void closingManyShowsTheOutcomeOnce();
    void closeAllAsksOnceAndUndoReopens();
    void remembersGeometryAndChoices();
    void fitsALaptopScreen();

private:
    QString copySeed(const QString &name);
    int runSmall(int samples, int dimension = 8);

    QTemporaryDir m_dir;
    MainWindow *m_window = nullptr;
};

void TestMainWindow::initTestCase() { isolateSettings(m_dir); }

void TestMainWindow::init()
{
    m_window = new MainWindow;
    m_window->resize(1280, 860);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestMainWindow::cleanup()
{
    // A run a failed test left going is stopped without the modal question, which would block.
    m_window->runs()->setAskStop([] { return true; });
    m_window->saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
    m_window->close();
    delete m_window;
    m_window = nullptr;
}

void TestMainWindow::fitsALaptopScreen()
{
    // On a 1280×800 screen the window must fit, whatever it shows: a minimum size taller than
    // the screen puts the run panel's buttons and the library below its edge (the window opened
    // 1,389 pixels tall on a 1,000-pixel screen with a results file open: seven panels' minimum
    // heights). The central view's own minimum is what the window's layout grows to.
    QSignalSpy opened(m_window->openController(), &OpenController::opened);
    m_window->openPaths({QStringLiteral(LESSONSCOPE_TEST_DATA "/peers/gb-family.json"),
                         QStringLiteral(LESSONSCOPE_TEST_DATA "/peers/hf-compare.json")});
    QVERIFY(opened.wait(10'000));
    m_window->openBundled();
    QCOMPARE(m_window->model()->rowCount(), bundledCount() + 2);
    for (int row = 0; row < m_window->model()->rowCount(); ++row) {
        m_window->library()->selectIds({m_window->model()->index(row, 0).data(LibraryModel::EntryIdRole).toInt()});
        QCoreApplication::processEvents();
        const QSize least = m_window->minimumSizeHint().expandedTo(m_window->centre()->minimumSizeHint());
        QVERIFY2(least.width() <= 1280 && least.height() <= 800 - 40,
                 qPrintable(QStringLiteral("row %1: at least %2×%3").arg(row).arg(least.width()).arg(least.height())));
    }
}

QString TestMainWindow::copySeed(const QString &name)
{
    const QString path = m_dir.filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    writeFile(path, seedBytes());
    return path;
}

int TestMainWindow::runSmall(int samples, int dimension)
{
    RunPanel *panel = m_window->runPanel();
    const auto d = std::int64_t(dimension);
    panel->setValues({{"samples", std::int64_t(samples)}, {"m", d}, {"k", d}, {"n", d}});
    m_window->actions()->run->trigger();
    return panel->runner()->currentJob();
}

void TestMainWindow::opensTheBundledLesson()
{
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Welcome);
    m_window->openBundled();
    // Every lesson of the course has its recording, opened in course order.
    QCOMPARE(m_window->model()->rowCount(), bundledCount());
    const LibraryEntry &entry = m_window->model()->entries().front();
    QCOMPARE(entry.artifact->lessonId(), std::string("performance-01"));
    QCOMPARE(entry.origin, LibraryEntry::Origin::Bundled);
    QVERIFY(!entry.hasErrors());
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Artifact);
    QCOMPARE(m_window->centre()->artifactView()->panels()->charts().size(), 2);
    QVERIFY(!m_window->actions()->save->isEnabled());  // recorded: nothing to save
    QVERIFY(m_window->actions()->saveAs->isEnabled()); // but a copy can be made
    QVERIFY(m_window->runPanel()->lesson());           // and its lesson can be rerun
    QVERIFY(m_window->actions()->run->isEnabled());

    // No OpenCL driver is loaded before the learner opens the Device list (PoCL and its LLVM are
    // about 60 MiB of the explorer's memory); opening it lists them.
    const auto driverMapped = [] {
        QFile maps(QStringLiteral("/proc/self/maps"));
        return maps.open(QIODevice::ReadOnly) && maps.readAll().contains("libpocl");
    };
    QComboBox *device = nullptr;
    for (QComboBox *box : m_window->runPanel()->findChildren<QComboBox *>())
        device = box->accessibleName() == QStringLiteral("Device") ? box : device;
    QVERIFY(device);
    QVERIFY(!m_window->runPanel()->devicesListed());
    QCOMPARE(device->count(), 1);
    QVERIFY(!driverMapped());
    device->showPopup();
    QVERIFY(m_window->runPanel()->devicesListed());
    device->hidePopup();
    if (device->count() > 1 && QFileInfo::exists(QStringLiteral("/etc/OpenCL/vendors/pocl.icd")))
        QVERIFY(driverMapped()); // the check above could see a loaded PoCL
}

void TestMainWindow::opensFilesFromTheCommandLine()
{
    const QString seed = copySeed(QStringLiteral("cli/seed.json"));
    QSignalSpy opened(m_window->openController(), &OpenController::opened);
    m_window->openPaths({seed});
    QVERIFY(opened.wait(10'000));
    QCOMPARE(m_window->model()->rowCount(), 1);
    QCOMPARE(m_window->library()->selectedIds().size(), 1);
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Artifact);
    QCOMPARE(m_window->centre()->artifactView()->panels()->charts().size(), 2);
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("seed.json")));
    QCOMPARE(m_window->openController()->recentFiles()->paths().constFirst(), QFileInfo(seed).absoluteFilePath());
    QVERIFY(!m_window->actions()->recentMenu->actions().isEmpty());
    QVERIFY(m_window->actions()->exportPng->isEnabled());

    // Opening the same file again refreshes its row rather than adding one.
    m_window->openPaths({seed});
    QVERIFY(opened.wait(10'000));
    QCOMPARE(m_window->model()->rowCount(), 1);

    // Opening another while one is selected shows the one just opened, not the old selection.
    const QString other = copySeed(QStringLiteral("cli/other.json"));
    m_window->openPaths({other});
    QVERIFY(opened.wait(10'000));
    QCOMPARE(m_window->model()->rowCount(), 2);
    QCOMPARE(m_window->library()->selectedIds().size(), 1);
    const LibraryEntry *shown = m_window->model()->entry(m_window->library()->selectedIds().constFirst());
    QVERIFY(shown && shown->path.endsWith(QStringLiteral("other.json")));
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("other.json")));
}

void TestMainWindow::shortcutsKeepTheirUsualMeanings()
{
    // Ctrl+P means Print everywhere else: no action of lessonscope's may take it for something else.
    const QKeySequence print(QKeySequence::Print);
    for (const QAction *action : m_window->findChildren<QAction *>())
        QVERIFY2(!action->shortcuts().contains(print), qPrintable(action->text()));
}

void TestMainWindow::brokenFileOpensIntoItsProblems()
{
    const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
    writeFile(broken, seedBytes().left(500));
    QSignalSpy opened(m_window->openController(), &OpenController::opened);
    m_window->openPaths({broken});
    QVERIFY(opened.wait(10'000));
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Artifact);
    ArtifactView *view = m_window->centre()->artifactView();
    QCOMPARE(view->panels()->charts().size(), 0);
    QCOMPARE(view->tabs()->currentIndex(), int(ArtifactView::ProblemsTab));
    QVERIFY(m_window->model()->entries().front().hasErrors());
}

void TestMainWindow::dropOpensFilesAndFolders()
{
    const QString folder = m_dir.filePath(QStringLiteral("dropped"));
    copySeed(QStringLiteral("dropped/a.json"));
    copySeed(QStringLiteral("dropped/deeper/b.json"));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(folder)});
    QSignalSpy opened(m_window->openController(), &OpenController::opened);
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window, &drop);
    QVERIFY(opened.wait(10'000));
    QCOMPARE(m_window->model()->rowCount(), 2);

    QMimeData text;
    text.setText(QStringLiteral("not a file"));
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.ignore();
    QCoreApplication::sendEvent(m_window, &refused);
    QVERIFY(!refused.isAccepted());
}

void TestMainWindow::runFromTheGuiAddsAnUnsavedArtifact()
{
    m_window->openBundled();
    LessonRunner *runner = m_window->runPanel()->runner();
    QSignalSpy finished(runner, &LessonRunner::finished);
    QSignalSpy inserted(m_window->model(), &QAbstractItemModel::rowsInserted);
    const int job = runSmall(40);
    QVERIFY(job > 0);
    QCOMPARE(m_window->centre()->page(), CentralView::Page::LiveRun);
    QVERIFY(m_window->actions()->cancelRun->isEnabled());
    QVERIFY(finished.wait(60'000));
    // They appeared live: forty clean, and any other work interrupted (replaced by more).
    QVERIFY(m_window->centre()->liveRunView()->warmSampleCount() >= std::size_t(40));

    QCOMPARE(inserted.count(), 1);
    QCOMPARE(m_window->model()->rowCount(), bundledCount() + 1);
    const std::vector<int> unsaved = m_window->model()->unsavedIds();
    QCOMPARE(unsaved.size(), std::size_t(1));
    QCOMPARE(m_window->library()->selectedIds(), QList<int>{unsaved.front()}); // the new one is selected
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Artifact);
    QCOMPARE(m_window->centre()->artifactView()->panels()->charts().size(), 3); // + where the timer stops
    QVERIFY(m_window->isWindowModified());
    QVERIFY(m_window->actions()->save->isEnabled());

    // Save: atomically, to the chosen file; the entry is then saved.
    const QString target = m_dir.filePath(QStringLiteral("saved-run.json"));
    m_window->saveController()->setChoosePath([&target](const QString &suggested) {
        return suggested.contains(QStringLiteral("performance-01-")) ? target : QString();
    });
    m_window->actions()->save->trigger();
    QVERIFY(QFileInfo::exists(target));
    QVERIFY(m_window->model()->unsavedIds().empty());
    QVERIFY(!m_window->isWindowModified());
    const lessonscope::ReadResult reread = lessonscope::readArtifactFile(target);
    QVERIFY(reread.ok());
    QVERIFY(lessonscope::performance01::readFigures(*reread.artifact).warm.seconds.size() >= std::size_t(40));
}

void TestMainWindow::cancelFromTheGuiKeepsWhatWasMeasured()
{
    m_window->openBundled();
    LessonRunner *runner = m_window->runPanel()->runner();
    QSignalSpy cancelled(runner, &LessonRunner::cancelled);
    QSignalSpy samples(runner, &LessonRunner::warmSamplesMeasured);
    QVERIFY(runSmall(100'000, 256) > 0); // minutes of work: Cancel comes first
    QVERIFY(samples.wait(30'000));
    m_window->actions()->cancelRun->trigger();
    QVERIFY(cancelled.wait(30'000));
    // The calls measured before Cancel join the library as an unsaved artifact marked cancelled.
    QCOMPARE(m_window->model()->rowCount(), bundledCount() + 1);
    const std::vector<int> unsaved = m_window->model()->unsavedIds();
    QCOMPARE(unsaved.size(), std::size_t(1));
    const LibraryEntry *kept = m_window->model()->entry(unsaved.front());
    QVERIFY(kept && kept->artifact && kept->cancelled);
    QCOMPARE(kept->displayName(), QStringLiteral("unsaved run 1 (cancelled)"));
    QCOMPARE(lessonscope::performance01::readFigures(*kept->artifact).warm.seconds.size(),
             std::size_t(cancelled.constFirst().at(1).toInt() - 1));
    QCOMPARE(m_window->library()->selectedIds(), QList<int>{unsaved.front()});
    QVERIFY(m_window->actions()->run->isEnabled());
    QVERIFY(!m_window->actions()->cancelRun->isEnabled());
}

void TestMainWindow::comparesTwoOfTheSameLesson()
{
    m_window->openBundled();
    QSignalSpy finished(m_window->runPanel()->runner(), &LessonRunner::finished);
    runSmall(25);
    QVERIFY(finished.wait(60'000));
    QList<int> ids; // performance-01's recording and the run, not the other lessons' recordings
    for (const LibraryEntry &entry : m_window->model()->entries()) {
        if (entry.artifact && entry.artifact->lessonId() == "performance-01")
            ids << entry.id;
    }
    QCOMPARE(ids.size(), 2);
    m_window->library()->selectIds(ids);
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Comparison);
    ComparisonView *view = m_window->centre()->comparisonView();
    QCOMPARE(view->originA(), QStringLiteral("recorded — jax 0.9.2"));
    QVERIFY2(view->originB().startsWith(QStringLiteral("this machine — eigen ")), qPrintable(view->originB()));
    const QList<PanelChart *> charts = view->panels()->charts();
    QCOMPARE(charts.size(), 3);
    PanelChart *warm = charts[1];
    QCOMPARE(warm->panel().title, QStringLiteral("Warm calls"));
    QCOMPARE(warm->chartSeriesCount(), 2);
    QCOMPARE(warm->chartSeriesName(0), view->originA());
    QCOMPARE(warm->chartSeriesName(1), view->originB());
    QCOMPARE(warm->chartPoints(0).size(), 7);
    QVERIFY(warm->chartPoints(1).size() >= 25); // 25 clean, and any other work interrupted
    // Only this machine's run has the timer-boundary panel: its two series keep their names, tagged B.
    PanelChart *boundary = charts[2];
    QCOMPARE(boundary->panel().title, QStringLiteral("Where the timer stops"));
    QCOMPARE(boundary->chartSeriesName(0), QStringLiteral("dispatch only (B)"));
    QCOMPARE(boundary->chartSeriesName(1), QStringLiteral("synchronized call (B)"));
    QVERIFY(boundary->legendVisible());

    // Two of different lessons: a note says why nothing is compared.
    LibraryEntry other = entryFrom(seedWith("\"lessonId\": \"performance-01\"", "\"lessonId\": \"performance-02\""),
                                   m_dir.filePath(QStringLiteral("p2.json")));
    const int otherId = m_window->model()->addOrReplace(other);
    m_window->library()->selectIds({ids.constFirst(), otherId});
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Note);
    QVERIFY(m_window->centre()->noteText().contains(QStringLiteral("different lessons")));
}

void TestMainWindow::quittingWithUnsavedRunsAsks()
{
    m_window->openBundled();
    QSignalSpy finished(m_window->runPanel()->runner(), &LessonRunner::finished);
    runSmall(5);
    QVERIFY(finished.wait(60'000));
    int asked = 0;
    m_window->saveController()->setAskUnsaved([&asked](int count) {
        asked = count;
        return SaveController::UnsavedChoice::Cancel;
    });
    QVERIFY(!m_window->close()); // cancelled: the window stays
    QCOMPARE(asked, 1);
    QVERIFY(m_window->isVisible());

    // Save all: Save As for the run; a file that holds a recorded artifact is not replaced unasked.
    const QString recorded = copySeed(QStringLiteral("recorded.json"));
    const QByteArray before = seedBytes();
    QString question;
    m_window->saveController()->setChoosePath([&recorded](const QString &) { return recorded; });
    m_window->saveController()->setConfirm([&question](const QString &, const QString &text) {
        question = text;
        return false;
    });
    m_window->saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::SaveAll; });
    QVERIFY(!m_window->close()); // the save was refused, so quitting stops
    QVERIFY(question.contains(QStringLiteral("recorded artifact")));
    QFile file(recorded);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), before);
    QCOMPARE(m_window->model()->unsavedIds().size(), std::size_t(1));
}

// Cancel, then Quit during the longest run the limits allow: closing stops the run and returns
// only once its threads are gone, and the calls it measured are offered by the unsaved-runs
// question. Quitting used to cancel and close at once: the run's threads lived on past close()
// (joined only by ~LessonRunner) and its measured calls never reached the library.
void TestMainWindow::quittingDuringALongRunStopsIt()
{
    m_window->openBundled();
    LessonRunner *runner = m_window->runner();
    QSignalSpy first(runner, &LessonRunner::firstCallMeasured);
    QSignalSpy samples(runner, &LessonRunner::warmSamplesMeasured);
    QSignalSpy cancelled(runner, &LessonRunner::cancelled);
    QSignalSpy finished(runner, &LessonRunner::finished);
    QSignalSpy partial(runner, &LessonRunner::partialRun);
    // 256 samples of 2048³ (matrixlesson::kMostCallMultiplyAdds, kMostRunMultiplyAdds) in
    // float64, the slower type: each call is about a second, and cannot be interrupted.
    RunPanel *panel = m_window->runPanel();
    panel->setValues({{"samples", std::int64_t(256)},
                      {"m", std::int64_t(2048)},
                      {"k", std::int64_t(2048)},
                      {"n", std::int64_t(2048)},
                      {"dtype", std::string("float64")}});
    m_window->actions()->run->trigger();
    QVERIFY(runner->isRunning());
    // The first call's report: the run is then in its warm-up or samples, one call in progress.
    // (Waiting for the warm samples too took three calls: past two minutes under the sanitizers.)
    QVERIFY(first.wait(200'000));
    QVERIFY(runner->isRunning());
    QVERIFY(!runThreads().isEmpty()); // the names looked for below are the run's

    m_window->actions()->cancelRun->trigger();
    // The calls reported by then: the first, and the warm samples.
    int before = first.count();
    for (const QList<QVariant> &batch : std::as_const(samples))
        before += static_cast<int>(batch.at(2).value<QList<double>>().size());
    QVERIFY(runner->isRunning()); // the call in progress goes on

    int asked = 0;
    int unsaved = -1;
    m_window->runs()->setAskStop([&asked] {
        ++asked;
        return true;
    });
    m_window->saveController()->setAskUnsaved([&unsaved](int count) {
        unsaved = count;
        return SaveController::UnsavedChoice::Discard;
    });
    QVERIFY(m_window->close());
    QCOMPARE(asked, 1);
    QCOMPARE(runThreads(), QStringList());
    QVERIFY(!runner->isRunning());
    QCOMPARE(cancelled.count(), 1);
    QCOMPARE(finished.count(), 0);
    QCOMPARE(partial.count(), 1);
    const int calls = cancelled.constFirst().at(1).toInt();
    QVERIFY2(calls >= before && calls <= before + 2, qPrintable(QStringLiteral("%1 then %2").arg(before).arg(calls)));
    QCOMPARE(unsaved, 1); // the partial run, offered before the window went

    // Nothing was left to arrive later.
    QCOMPARE(runner->deliverPending(), 0);
    QCoreApplication::processEvents();
    QCOMPARE(cancelled.count(), 1);
    QCOMPARE(finished.count(), 0);
    QCOMPARE(partial.count(), 1);
}

void TestMainWindow::filterFindsAsYouType()
{
    m_window->openBundled();
    m_window->model()->addOrReplace(entryFrom("{", m_dir.filePath(QStringLiteral("broken.json"))));
    m_window->actions()->findInLibrary->trigger();
    QLineEdit *edit = m_window->library()->filterEdit();
    QTRY_VERIFY(edit->hasFocus());
    QTest::keyClicks(edit, QStringLiteral("unread"));
    QCOMPARE(m_window->library()->filter()->rowCount(), 1);
    edit->clear();
    QCOMPARE(m_window->library()->filter()->rowCount(), bundledCount() + 1);
}

// Close on many selected artifacts: the window works out what to show once, not once per row or
// per run of rows (10,000 of them froze it for minutes). Counted, not timed.
void TestMainWindow::closingManyShowsTheOutcomeOnce()
{
    constexpr int count = 200;
    for (int i = 0; i < count; ++i)
        copySeed(QStringLiteral("many/%1.json").arg(i, 3, 10, QLatin1Char('0')));
    QSignalSpy opened(m_window->openController(), &OpenController::opened);
    m_window->openPaths({m_dir.filePath(QStringLiteral("many"))});
    QVERIFY(opened.wait(10'000));
    QCOMPARE(m_window->model()->rowCount(), count);

    // Every other row, as the view shows them: about as many runs of rows as rows to close.
    QTreeView *view = m_window->library()->view();
    QItemSelection everyOther;
    QList<int> kept;
    for (int row = 0; row < count; ++row) {
        const QModelIndex index = view->model()->index(row, 0);
        if (row % 2 == 0)
            everyOther.select(index, index);
        else
            kept << index.data(LibraryModel::EntryIdRole).toInt();
    }
    view->selectionModel()->select(everyOther, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(m_window->library()->selectedIds().size(), count / 2);

    QSignalSpy shown(m_window->centre(), &CentralView::entriesShown);
    QSignalSpy reported(m_window->library(), &LibraryPane::selectionChanged);
    m_window->actions()->close->trigger();
    QCOMPARE(m_window->model()->rowCount(), count / 2);
    QCOMPARE(shown.count(), 1);
    QCOMPARE(reported.count(), 0); // the pane left the reaction to the window
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Welcome);
    QVERIFY(!m_window->actions()->close->isEnabled());
    QList<int> left;
    for (const LibraryEntry &entry : m_window->model()->entries())
        left << entry.id;
    std::sort(kept.begin(), kept.end());
    std::sort(left.begin(), left.end());
    QCOMPARE(left, kept);

    // The rest, all selected: one run of rows, one update.
    view->selectAll();
    shown.clear();
    m_window->actions()->close->trigger();
    QCOMPARE(m_window->model()->rowCount(), 0);
    QCOMPARE(shown.count(), 1);
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Welcome);
}

void TestMainWindow::remembersGeometryAndChoices()
{
    m_window->resize(1111, 777);
    m_window->actions()->logScale->setChecked(true);
    QVERIFY(m_window->centre()->artifactView()->panels()->logScale()); // one switch for every chart
    QVERIFY(m_window->close());
    delete m_window;

    m_window = new MainWindow;
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QCOMPARE(m_window->size(), QSize(1111, 777));
    QVERIFY(m_window->actions()->logScale->isChecked());
    QVERIFY(m_window->centre()->comparisonView()->panels()->logScale());
    m_window->actions()->logScale->setChecked(false);
}

// File › Close All: one question for every unsaved run, one folder for all of them when they are
// saved; Edit › Undo opens again what was just closed.
void TestMainWindow::closeAllAsksOnceAndUndoReopens()
{
    m_window->openBundled();
    for (int i = 0; i < 3; ++i) {
        LibraryEntry run;
        run.origin = LibraryEntry::Origin::Run;
        run.unsaved = true;
        run.artifact = m_window->model()->entries().front().artifact;
        m_window->model()->addOrReplace(run);
    }
    const int rows = m_window->model()->rowCount();
    QVERIFY(m_window->actions()->closeAll->isEnabled());
    QVERIFY(!m_window->actions()->undoClose->isEnabled());
    int questions = 0;
    int folders = 0;
    QTemporaryDir saved;
    m_window->saveController()->setAskUnsaved([&questions](int count) {
        ++questions;
        return count == 3 ? SaveController::UnsavedChoice::SaveAll : SaveController::UnsavedChoice::Cancel;
    });
    m_window->saveController()->setChooseFolder([&folders, &saved](const QString &) {
        ++folders;
        return saved.path();
    });
    m_window->saveController()->setChoosePath([](const QString &) -> QString {
        qWarning("a run was asked a file name of its own");
        return {};
    });
    m_window->actions()->closeAll->trigger();
    QCOMPARE(questions, 1);
    QCOMPARE(folders, 1);
    QCOMPARE(QDir(saved.path()).entryList(QDir::Files).size(), 3); // same second, distinct names
    QTRY_COMPARE(m_window->model()->rowCount(), 0);
    QVERIFY(m_window->actions()->undoClose->isEnabled());

    m_window->actions()->undoClose->trigger();
    QCOMPARE(m_window->model()->rowCount(), rows);
    QVERIFY(!m_window->actions()->undoClose->isEnabled());
    QVERIFY(m_window->model()->unsavedIds().empty()); // saved as they were closed
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
