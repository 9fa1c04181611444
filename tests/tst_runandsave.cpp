// What the explorer says and suggests around a run: the run dock after a run ended (finished or
// cancelled), its progress bar then and after another lesson is selected, the dock's width for
// its form whatever the style; the call selector's entries; what Save, Export trace and the PNG
// export suggest, the unsaved-runs question, and the title's "*" after a save.
#include "core/lesson/lessonregistry.h"
#include "core/lesson/lessonrunner.h"
#include "explorertesting.h"
#include "ui/library/librarymodel.h"
#include "ui/library/librarypane.h"
#include "ui/runs/runpanel.h"
#include "ui/window/mainactions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/savecontroller.h"
#include "ui/artifact/artifactview.h"
#include "ui/artifact/panelsview.h"
#include "ui/charts/panelexport.h"
#include "ui/common/savefolders.h"
#include "ui/timeline/diagramview.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"
#include "ui/window/centralview.h"
#include "ui/window/opencontroller.h"
#include "core/base/units.h"
#include "core/trace/timeline.h"

#include <QAction>
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QImageReader>
#include <QMessageBox>
#include <QPushButton>
#include <QTabWidget>
#include <QLabel>
#include <QDockWidget>
#include <QLocale>
#include <QPalette>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace explorertesting;

class TestRunAndSave : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { isolateSettings(m_dir); }
    void init();
    void cleanup();
    void cancelSaysTheCallsWereKept();
    void cancelledTextSaysWhatHappened();
    void progressDescribesTheEndedRun();
    void dockCoversItsFormUnderADarkFusionStyle();
    void callSelectorGivesDurationsAndJumps();
    void saveSuggestsAFolderThatExists();
    void savingClearsTheTitlesStar();
    void unsavedQuestionNamesWhatItSaves();
    void traceExportSuggestsTheArtifactsName();
    void pngExportOffersSizes();

private:
    QDockWidget *runDock() const { return m_window->findChild<QDockWidget *>(QStringLiteral("runDock")); }
    int runSmall(int samples, int dimension = 8);
    // Selects the bundled recording of this lesson (openBundled() opened one per lesson).
    void selectBundled(const std::string &lessonId);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestRunAndSave::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 860);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestRunAndSave::cleanup()
{
    m_window->saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
    m_window->close();
    m_window.reset();
}

int TestRunAndSave::runSmall(int samples, int dimension)
{
    RunPanel *panel = m_window->runPanel();
    const auto d = std::int64_t(dimension);
    panel->setValues({{"samples", std::int64_t(samples)}, {"m", d}, {"k", d}, {"n", d}});
    m_window->actions()->run->trigger();
    return panel->runner()->currentJob();
}

void TestRunAndSave::selectBundled(const std::string &lessonId)
{
    for (const LibraryEntry &entry : m_window->model()->entries()) {
        if (entry.origin == LibraryEntry::Origin::Bundled && entry.artifact && entry.artifact->lessonId() == lessonId) {
            m_window->library()->selectIds({entry.id});
            return;
        }
    }
    QFAIL("no bundled recording of the lesson");
}

void TestRunAndSave::cancelSaysTheCallsWereKept()
{
    m_window->openBundled();
    RunPanel *panel = m_window->runPanel();
    QSignalSpy cancelled(panel->runner(), &LessonRunner::cancelled);
    QSignalSpy samples(panel->runner(), &LessonRunner::warmSamplesMeasured);
    QVERIFY(runSmall(100'000, 256) > 0); // minutes of work: Cancel comes first
    QVERIFY(samples.wait(30'000));
    m_window->actions()->cancelRun->trigger();
    QVERIFY(cancelled.wait(30'000));
    const int calls = cancelled.constFirst().at(1).toInt();
    QVERIFY(calls > 0);

    // The library has them, and the dock says so with their number (as the status bar does).
    const std::vector<int> unsaved = m_window->model()->unsavedIds();
    QCOMPARE(unsaved.size(), std::size_t(1));
    QVERIFY(m_window->model()->entry(unsaved.front())->cancelled);
    const QString count = QLocale().toString(calls);
    QVERIFY2(
        panel->statusText().contains(QStringLiteral("the %1 measured calls were kept as a partial run").arg(count)),
        qPrintable(panel->statusText()));
    QVERIFY2(!panel->statusText().contains(QStringLiteral("nothing")), qPrintable(panel->statusText()));
    // The bar says how the run ended, with the calls it counted, not "223 of 100,000 calls" as if running.
    QVERIFY2(panel->progressText().startsWith(QStringLiteral("Cancelled after %1 of 100,001 calls").arg(count)),
             qPrintable(panel->progressText()));
    QCOMPARE(panel->progressBar()->value(), calls);
    saveScreenshot(*runDock(), QStringLiteral("rundock-after-cancel.png"));

    // Another lesson offered: the last run's count is not this lesson's; the bar says nothing.
    selectBundled("performance-02");
    QCOMPARE(panel->progressText(), QString());
    QCOMPARE(panel->statusText(), QStringLiteral("Ready."));
    saveScreenshot(*runDock(), QStringLiteral("rundock-other-lesson.png"));
}

void TestRunAndSave::cancelledTextSaysWhatHappened()
{
    QCOMPARE(RunPanel::cancelledText(225, true),
             QStringLiteral("Cancelled after 225 calls; the 225 measured calls were kept as a partial run, selected in "
                            "the library and not saved yet."));
    // Calls measured but no artifact made of them: nothing may be claimed kept.
    QCOMPARE(RunPanel::cancelledText(225, false), QStringLiteral("Cancelled after 225 calls; nothing was kept."));
    QVERIFY(RunPanel::cancelledText(1, true).contains(QStringLiteral("the measured call was kept")));
    QVERIFY(RunPanel::cancelledText(0, false).contains(QStringLiteral("nothing was measured")));
}

void TestRunAndSave::progressDescribesTheEndedRun()
{
    m_window->openBundled();
    RunPanel *panel = m_window->runPanel();
    QCOMPARE(panel->progressText(), QString()); // nothing run yet: nothing counted
    QSignalSpy finished(panel->runner(), &LessonRunner::finished);
    QVERIFY(runSmall(40, 8) > 0);
    QVERIFY(finished.wait(60'000));
    // samples 40 warm calls after the first one.
    QCOMPARE(panel->progressText(), QStringLiteral("All 41 calls measured"));
    QVERIFY(panel->statusText().startsWith(QStringLiteral("Done in ")));
    // The same lesson's recording selected: the bar still speaks of the last run, which it names.
    selectBundled("performance-01");
    QCOMPARE(panel->progressText(), QStringLiteral("All 41 calls measured"));
    selectBundled("performance-03");
    QCOMPARE(panel->progressText(), QString());
    QCOMPARE(panel->progressBar()->value(), 0);
}

void TestRunAndSave::dockCoversItsFormUnderADarkFusionStyle()
{
    // As `lessonscope -style fusion` under a dark desktop theme starts.
    m_window.reset();
    QStyle *previousStyle = QApplication::style();
    const QString previousName = previousStyle ? previousStyle->name() : QString();
    const QPalette previousPalette = QApplication::palette();
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(darkPalette());
    init();

    m_window->openBundled();
    QDockWidget *dock = runDock();
    QVERIFY(dock);
    auto *scroll = qobject_cast<QScrollArea *>(dock->widget());
    QVERIFY(scroll);
    RunPanel *panel = m_window->runPanel();
    for (const lessonscope::Lesson *lesson : lessonscope::courseLessons()) {
        selectBundled(lesson->info().id);
        QVERIFY(panel->lesson());
        QCOMPARE(panel->lesson()->info().id, lesson->info().id);
        // The dock at its narrowest still shows the whole form, with room for the vertical bar.
        // (The new form's fields are shown, and laid out, once the event loop has run.)
        QTRY_VERIFY(
            std::ranges::all_of(panel->findChildren<QLabel *>(), [](QLabel *label) { return label->isVisible(); }));
        const auto needed = [&] {
            return panel->minimumSizeHint().width()
                + scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll);
        };
        QTRY_VERIFY2(dock->minimumSizeHint().width() >= needed(),
                     qPrintable(QStringLiteral("%1: dock %2 < form %3")
                                    .arg(QString::fromStdString(lesson->info().id))
                                    .arg(dock->minimumSizeHint().width())
                                    .arg(needed())));
        m_window->resizeDocks({dock}, {1}, Qt::Horizontal);
        QTRY_VERIFY2(scroll->viewport()->width() >= panel->minimumSizeHint().width(),
                     qPrintable(QStringLiteral("viewport %1 < form %2")
                                    .arg(scroll->viewport()->width())
                                    .arg(panel->minimumSizeHint().width())));
        QTRY_VERIFY2(!scroll->horizontalScrollBar()->isVisible(),
                     qPrintable(QStringLiteral("viewport %1, form %2, scrolls to %3")
                                    .arg(scroll->viewport()->width())
                                    .arg(panel->minimumSizeHint().width())
                                    .arg(scroll->horizontalScrollBar()->maximum())));
        saveScreenshot(*dock,
                       QStringLiteral("rundock-fusion-dark-%1.png").arg(QString::fromStdString(lesson->info().id)));
    }

    cleanup();
    QApplication::setPalette(previousPalette);
    QApplication::setStyle(QStyleFactory::create(previousName));
    init();
}

void TestRunAndSave::callSelectorGivesDurationsAndJumps()
{
    // A fresh run of hundreds of calls, traced (the selector lists the calls of a measured trace).
    m_window->openBundled();
    QSignalSpy finished(m_window->runPanel()->runner(), &LessonRunner::finished);
    QVERIFY(runSmall(300) > 0);
    QVERIFY(finished.wait(60'000));
    ArtifactView *view = m_window->centre()->artifactView();
    view->tabs()->setCurrentIndex(ArtifactView::DiagramTab);
    PredictionPanel *prediction = view->diagram()->prediction();
    const lessonscope::LessonTimeline &model = prediction->timelineModel();
    QVERIFY(model.isMeasured() && model.callCount() > 5);
    QComboBox *calls = prediction->callSelector();
    const auto seconds
        = [&](int index) { return QString::fromStdString(lessonscope::formatDuration(*model.callSeconds(index))); };

    // The jumps first, each with the duration of the call it names.
    int fastest = 1;
    int slowest = 1;
    for (int i = 1; i < model.callCount(); ++i) {
        fastest = *model.callSeconds(i) < *model.callSeconds(fastest) ? i : fastest;
        slowest = *model.callSeconds(i) > *model.callSeconds(slowest) ? i : slowest;
    }
    const QList<std::pair<QString, int>> jumps{{QStringLiteral("Median call ("), model.representativeCall()},
                                               {QStringLiteral("First call ("), 0},
                                               {QStringLiteral("Fastest warm call ("), fastest},
                                               {QStringLiteral("Slowest warm call ("), slowest},
                                               {QStringLiteral("Last call ("), model.callCount() - 1}};
    for (int row = 0; row < jumps.size(); ++row) {
        const QString text = calls->itemText(row);
        QVERIFY2(text.startsWith(jumps[row].first)
                     && (text.endsWith(seconds(jumps[row].second) + QLatin1Char(')'))
                         || text.endsWith(seconds(jumps[row].second) + QStringLiteral(", interrupted)"))),
                 qPrintable(text));
        QCOMPARE(calls->itemData(row).toInt(), jumps[row].second);
    }
    // Then every call, by its title, with its duration.
    const int firstListed = int(jumps.size()) + 1; // after the separator
    QCOMPARE(calls->count(), firstListed + model.callCount());
    for (int i = 0; i < model.callCount(); ++i) {
        QCOMPARE(calls->itemData(firstListed + i).toInt(), i);
        const QString listed = calls->itemText(firstListed + i);
        QVERIFY2(listed.endsWith(QStringLiteral(", ") + seconds(i))
                     || listed.endsWith(QStringLiteral(", ") + seconds(i) + QStringLiteral(", interrupted")),
                 qPrintable(calls->itemText(firstListed + i)));
    }
    // Picking the slowest shows it.
    calls->setCurrentIndex(3);
    emit calls->activated(3);
    QCOMPARE(prediction->timeline()->callIndex(), slowest);
    calls->showPopup();
    saveScreenshot(*calls->view()->window(), QStringLiteral("call-selector-popup.png"));
    calls->hidePopup();
    saveScreenshot(*prediction, QStringLiteral("call-selector.png"));
}

void TestRunAndSave::saveSuggestsAFolderThatExists()
{
    // A home without Documents (and no last folder): the suggestion is in home, and nothing is made.
    const QByteArray home = qgetenv("HOME");
    QTemporaryDir fakeHome;
    qputenv("HOME", fakeHome.path().toLocal8Bit());
    QSettings().remove(QStringLiteral("lastSaveFolder"));
    m_window->openBundled();
    QSignalSpy finished(m_window->runPanel()->runner(), &LessonRunner::finished);
    QVERIFY(runSmall(5) > 0);
    QVERIFY(finished.wait(60'000));
    QString suggested;
    m_window->saveController()->setChoosePath([&suggested](const QString &path) {
        suggested = path;
        return QString();
    });
    m_window->actions()->save->trigger();
    qputenv("HOME", home);
    QVERIFY2(QFileInfo(suggested).absoluteDir().exists(), qPrintable(suggested));
    QCOMPARE(QFileInfo(suggested).absolutePath(), QFileInfo(fakeHome.path()).absoluteFilePath());
    QVERIFY(QFileInfo(suggested).fileName().startsWith(QStringLiteral("performance-01-")));
    QVERIFY(!QFileInfo::exists(fakeHome.filePath(QStringLiteral("Documents")))); // created nothing
    QCOMPARE(QDir(fakeHome.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());
    // A folder saved to before is suggested again while it exists, and forgotten once it is gone.
    QTemporaryDir last;
    QSettings().setValue(QStringLiteral("lastSaveFolder"), last.path());
    QCOMPARE(SaveController::saveFolder(), last.path());
    QSettings().setValue(QStringLiteral("lastSaveFolder"), last.filePath(QStringLiteral("gone")));
    QVERIFY(QFileInfo(SaveController::saveFolder()).isDir());
}

void TestRunAndSave::savingClearsTheTitlesStar()
{
    m_window->openBundled();
    QSignalSpy finished(m_window->runPanel()->runner(), &LessonRunner::finished);
    QVERIFY(runSmall(5) > 0);
    QVERIFY(finished.wait(60'000));
    const int run = m_window->model()->unsavedIds().front();
    const auto star = [this] { return m_window->windowHandle()->title().contains(QLatin1Char('*')); };
    QVERIFY(star()); // the unsaved run is shown
    // "*" is the shown document's: a recording, a comparison, the course are never unsaved.
    const int recording = m_window->model()->entries().front().id;
    m_window->library()->selectIds({recording});
    QVERIFY2(!star(), qPrintable(m_window->windowHandle()->title()));
    m_window->library()->selectIds({recording, run});
    QCOMPARE(m_window->centre()->page(), CentralView::Page::Comparison);
    QVERIFY2(!star(), qPrintable(m_window->windowHandle()->title()));
    m_window->library()->selectIds({});
    QVERIFY(!star());
    m_window->library()->selectIds({run});
    QVERIFY(star());
    // Saved, whichever is shown: no "*" left.
    m_window->saveController()->setChoosePath(
        [this](const QString &) { return m_dir.filePath(QStringLiteral("star.json")); });
    QVERIFY(m_window->saveController()->save(run));
    QVERIFY(!m_window->isWindowModified());
    QVERIFY2(!star(), qPrintable(m_window->windowHandle()->title()));
    // A file that failed to load is not unsaved either.
    const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
    writeFile(broken, QByteArrayLiteral("{not json"));
    QSignalSpy opened(m_window->openController(), &OpenController::opened);
    m_window->openPaths({broken});
    QVERIFY(opened.wait(10'000));
    QVERIFY2(!star(), qPrintable(m_window->windowHandle()->title()));
}

void TestRunAndSave::unsavedQuestionNamesWhatItSaves()
{
    const auto saveText = [](int count) {
        const std::unique_ptr<QMessageBox> box = SaveController::unsavedQuestion(count, nullptr);
        auto *save = qobject_cast<QPushButton *>(box->button(QMessageBox::SaveAll));
        return save && box->defaultButton() == save ? save->text().remove(QLatin1Char('&')) : QString();
    };
    QCOMPARE(saveText(1), QStringLiteral("Save Run…"));
    QCOMPARE(saveText(3), QStringLiteral("Save All 3 Runs…"));
}

void TestRunAndSave::traceExportSuggestsTheArtifactsName()
{
    const auto suggestion
        = [this] { return m_window->centre()->artifactView()->diagram()->prediction()->suggestedTracePath(); };
    // A recording inside the program: named after it, in the save folder.
    m_window->openBundled();
    const LibraryEntry *bundled = m_window->model()->entry(m_window->library()->selectedIds().constFirst());
    QCOMPARE(suggestion(),
             QDir(SaveController::saveFolder())
                 .filePath(artifactBaseName(*bundled->artifact) + QStringLiteral(".trace.json")));
    // Beside the artifact's file, named after it.
    const QString seed = m_dir.filePath(QStringLiteral("trace/seed.json"));
    QDir().mkpath(QFileInfo(seed).absolutePath());
    writeFile(seed, seedBytes());
    QSignalSpy opened(m_window->openController(), &OpenController::opened);
    m_window->openPaths({seed});
    QVERIFY(opened.wait(10'000));
    QCOMPARE(suggestion(), QFileInfo(seed).absolutePath() + QStringLiteral("/seed.trace.json"));
    // An unsaved run: named after it, in the save folder.
    QSignalSpy finished(m_window->runPanel()->runner(), &LessonRunner::finished);
    QVERIFY(runSmall(5) > 0);
    QVERIFY(finished.wait(60'000));
    const LibraryEntry *run = m_window->model()->entry(m_window->model()->unsavedIds().front());
    QCOMPARE(
        suggestion(),
        QDir(SaveController::saveFolder()).filePath(artifactBaseName(*run->artifact) + QStringLiteral(".trace.json")));
}

void TestRunAndSave::pngExportOffersSizes()
{
    m_window->openBundled();
    // The recording opens on its prediction, its panels covered; shown anyway, the charts are
    // exported as shown on their tab.
    m_window->centre()->artifactView()->tabs()->setCurrentIndex(ArtifactView::PanelsTab);
    QVERIFY(m_window->centre()->artifactView()->resultsCovered());
    m_window->centre()->artifactView()->showResultsButton()->click();
    QVERIFY(!m_window->centre()->artifactView()->resultsCovered());
    QCoreApplication::processEvents();
    const QList<PanelChart *> charts = m_window->centre()->artifactView()->panels()->charts();
    QVERIFY(!charts.isEmpty());
    const PanelChart &chart = *charts.constFirst();
    const QList<PngSize> sizes = pngSizes(chart);
    QCOMPARE(sizes.size(), 3);
    QString error;
    const QString shown = m_dir.filePath(QStringLiteral("shown.png"));
    const QString twice = m_dir.filePath(QStringLiteral("twice.png"));
    QVERIFY2(writePanelExport(chart, PanelsView::Export::Png, shown, &error, sizes[0].scale), qPrintable(error));
    QVERIFY2(writePanelExport(chart, PanelsView::Export::Png, twice, &error, sizes[1].scale), qPrintable(error));
    const QSize one = QImageReader(shown).size();
    const QSize two = QImageReader(twice).size();
    QVERIFY(one.width() > 100);
    QCOMPARE(two, one * 2);
    // Each choice says the pixels it makes.
    QVERIFY2(sizes[0].label.contains(QStringLiteral("%1 × %2 px").arg(one.width()).arg(one.height())),
             qPrintable(sizes[0].label));
    QVERIFY2(sizes[1].label.contains(QStringLiteral("%1 × %2 px").arg(two.width()).arg(two.height())),
             qPrintable(sizes[1].label));
    // Drawn again, not enlarged: the large image has detail a blown-up small one cannot have.
    const QImage big = QImage(twice).convertToFormat(QImage::Format_RGB32);
    const QImage blown = QImage(shown).scaled(two).convertToFormat(QImage::Format_RGB32);
    QVERIFY(big != blown);
}

QTEST_MAIN(TestRunAndSave)
#include "tst_runandsave.moc"
