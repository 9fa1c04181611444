#include "ui/window/mainwindow.h"

#include "ui/timeline/answerstore.h"
#include "ui/library/libraryanswers.h"
#include "ui/window/aboutbox.h"
#include "ui/window/centralview.h"
#include "ui/window/closecontroller.h"
#include "ui/library/librarymodel.h"
#include "core/lesson/lessonrunner.h"
#include "ui/library/librarypane.h"
#include "ui/runs/liverunview.h"
#include "ui/window/mainactions.h"
#include "ui/window/opencontroller.h"
#include "ui/artifact/panelsview.h"
#include "ui/window/recentfiles.h"
#include "ui/window/runcontroller.h"
#include "ui/runs/runpanel.h"
#include "ui/window/scanstatus.h"
#include "ui/window/savecontroller.h"
#include "ui/window/welcomepage.h"
#include "ui/window/coursecontroller.h"
#include "ui/common/settingsfile.h"
#include "ui/window/docklayout.h"
#include "ui/library/courseprogress.h"
#include "core/artifact/artifact.h"

#include <QAction>
#include <QApplication>
#include <QGuiApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QCryptographicHash>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <utility>

namespace {

// Calls fit each time the watched widget's layout asks to be redone (children shown, hidden,
// resized), and once at the start.
class WidthKeeper : public QObject
{
public:
    WidthKeeper(QWidget *watched, std::function<void()> fit) : QObject(watched), m_fit(std::move(fit))
    {
        watched->installEventFilter(this);
        m_fit();
    }

    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::LayoutRequest)
            m_fit();
        return false;
    }

private:
    std::function<void()> m_fit;
};

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent),
      m_settingsNote(lessonscope::guardSettingsFiles()),
      m_store(new AnswerStore(this)),
      m_runner(new LessonRunner(this)),
      m_model(new LibraryModel(this))
{
    setWindowTitle(QStringLiteral("lessonscope[*]"));
    setAcceptDrops(true);
    m_open = new OpenController(m_model, this);
    m_save = new SaveController(m_model, this);
    m_actions = new MainActions(this);
    m_open->recentFiles()->attach(m_actions->recentMenu);
    // A saved run is one to come back to: Open Recent lists it.
    connect(m_save, &SaveController::saved, m_open->recentFiles(),
            [this](int, const QString &path) { m_open->recentFiles()->add(path); });

    m_centre = new CentralView(m_model, m_store, this);
    setCentralWidget(m_centre);
    connect(m_centre->welcome(), &WelcomePage::openFilesRequested, m_actions->open, &QAction::trigger);
    connect(m_centre->welcome(), &WelcomePage::openFolderRequested, m_actions->openFolder, &QAction::trigger);
    connect(m_centre->welcome(), &WelcomePage::openRecordedRequested, this, &MainWindow::openBundled);

    createDocks();
    m_close = new CloseController(m_model, m_library, m_open, m_save, this);
    // The course: the welcome page lists it, the library's recordings show each lesson's state,
    // and the artifact view leads through predict → observe → explain.
    auto *course = new CourseProgress(m_model, m_store, this);
    new LibraryAnswers(m_model, m_store, course, this); // the library's answer column
    m_course = new CourseController(this, course, m_store);
    createStatusBar();
    connectActions();
    connectRuns();
    restoreSettings();
    showSelection({});
    if (!m_settingsNote.isEmpty() || !m_layoutNote.isEmpty())
        statusBar()->showMessage(m_settingsNote.isEmpty() ? m_layoutNote : m_settingsNote);
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks()
{
    m_library = new LibraryPane(m_model, this);
    auto *libraryDock = new QDockWidget(tr("Library"), this);
    libraryDock->setObjectName(QStringLiteral("libraryDock"));
    libraryDock->setWidget(m_library);
    libraryDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                             | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::TopDockWidgetArea, libraryDock);
    connect(m_library, &LibraryPane::selectionChanged, this, &MainWindow::showSelection);

    m_runPanel = new RunPanel(m_runner, this);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_runPanel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Wide enough for the form as laid out, with room for the vertical scroll bar. Measured once,
    // before the lesson's fields existed, it was too narrow and cut the form off (the wider fonts
    // and frames of other styles, a dark Fusion one, made that show). The fields of a new form
    // are shown, and counted by the layout, only once the event loop has run: so it is measured
    // again whenever the panel's layout asks to be redone.
    new WidthKeeper(m_runPanel, [this, scroll] {
        const int scrollBar = scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll);
        scroll->setMinimumWidth(std::max(m_runPanel->sizeHint().width(), m_runPanel->minimumSizeHint().width())
                                + scrollBar + 2 * scroll->frameWidth());
    });
    auto *runDock = new QDockWidget(tr("Run"), this);
    runDock->setObjectName(QStringLiteral("runDock"));
    runDock->setWidget(scroll);
    addDockWidget(Qt::RightDockWidgetArea, runDock);
    resizeDocks({libraryDock}, {250}, Qt::Vertical); // eight rows, the course and a few runs
    resizeDocks({runDock}, {300}, Qt::Horizontal);

    m_actions->toggleLibrary = libraryDock->toggleViewAction();
    m_actions->toggleLibrary->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_actions->toggleRunPanel = runDock->toggleViewAction();
    m_actions->toggleRunPanel->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    m_actions->viewMenu->addAction(m_actions->toggleLibrary);
    m_actions->viewMenu->addAction(m_actions->toggleRunPanel);
}

void MainWindow::createStatusBar()
{
    statusBar()->addPermanentWidget(new ScanStatus(m_open, this));
    connect(m_open, &OpenController::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_save, &SaveController::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    // The title's "*" and the actions follow every save, of the entry shown or not.
    connect(m_save, &SaveController::saved, this, &MainWindow::updateActions);
    // Show what was just opened (files, a dropped folder, Open Recent), whatever was selected
    // before: a new row that leaves the old artifact on screen looks as if nothing happened.
    connect(m_open, &OpenController::opened, this, [this](const QList<int> &ids, bool) {
        if (!ids.isEmpty())
            m_library->selectIds({ids.constFirst()});
    });
}

void MainWindow::connectActions()
{
    MainActions *a = m_actions;
    connect(a->open, &QAction::triggered, this, [this] {
        const QStringList files
            = QFileDialog::getOpenFileNames(this, tr("Open Artifacts"), QString(),
                                            tr("Lesson artifacts and results files (*.json *.csv);;All files (*)"));
        if (!files.isEmpty())
            openPaths(files);
    });
    connect(a->openFolder, &QAction::triggered, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Open Folder of Artifacts"));
        if (!folder.isEmpty())
            openPaths({folder});
    });
    connect(a->openRecorded, &QAction::triggered, this, &MainWindow::openBundled);
    connect(a->save, &QAction::triggered, this, [this] {
        if (m_centre->shownIds().size() == 1)
            m_save->save(m_centre->shownIds().constFirst());
    });
    connect(a->saveAs, &QAction::triggered, this, [this] {
        if (m_centre->shownIds().size() == 1)
            m_save->saveAs(m_centre->shownIds().constFirst());
    });
    connect(a->exportPng, &QAction::triggered, this, [this] { m_centre->exportCurrent(int(PanelsView::Export::Png)); });
    connect(a->exportSvg, &QAction::triggered, this, [this] { m_centre->exportCurrent(int(PanelsView::Export::Svg)); });
    connect(a->exportCsv, &QAction::triggered, this, [this] { m_centre->exportCurrent(int(PanelsView::Export::Csv)); });
    connect(a->close, &QAction::triggered, m_close, &CloseController::closeSelected);
    connect(a->closeAll, &QAction::triggered, m_close, &CloseController::closeAll);
    connect(a->undoClose, &QAction::triggered, m_close, &CloseController::undo);
    a->undoClose->setEnabled(false);
    connect(m_close, &CloseController::undoAvailable, a->undoClose, &QAction::setEnabled);
    connect(a->quit, &QAction::triggered, this, &QWidget::close);
    connect(a->findInLibrary, &QAction::triggered, this, [this] {
        m_actions->toggleLibrary->setChecked(true);
        m_library->filterEdit()->setFocus(Qt::ShortcutFocusReason);
        m_library->filterEdit()->selectAll();
    });
    connect(a->logScale, &QAction::toggled, m_centre, &CentralView::setLogScale);
    connect(m_centre, &CentralView::logScaleChanged, a->logScale, &QAction::setChecked);
    connect(m_centre, &CentralView::hovered, this, [this](const QString &text) {
        if (text.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(text);
    });
    connect(m_centre, &CentralView::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(a->showCourse, &QAction::triggered, this, [this] { m_library->selectIds({}); });
    connect(a->showLiveRun, &QAction::triggered, this, [this] {
        m_library->selectIds({});
        m_centre->showLiveRun();
        updateActions();
    });
    connect(a->run, &QAction::triggered, m_runPanel, &RunPanel::run);
    connect(a->cancelRun, &QAction::triggered, m_runPanel, &RunPanel::cancel);
    connect(a->about, &QAction::triggered, this, [this] { showAboutBox(this); });
    connect(a->aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
    connect(m_model, &LibraryModel::entryChanged, this, [this](int id) {
        if (m_centre->shownIds().contains(id))
            showSelection(m_centre->shownIds());
    });
    // Once per removal, however many runs of rows it took out (the library pane keeps quiet until
    // then): closing 10,000 artifacts must not show the centre again 10,000 times.
    connect(m_model, &LibraryModel::removalFinished, this, [this] { showSelection(m_library->selectedIds()); });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateActions);
}

void MainWindow::connectRuns()
{
    m_runs = new RunController(m_runPanel, m_model, m_library, m_centre, this);
    connect(m_runs, &RunController::message, this,
            [this](const QString &text, int timeout) { statusBar()->showMessage(text, timeout); });
    connect(m_runner, &LessonRunner::runningChanged, this, &MainWindow::updateActions);
}

void MainWindow::showSelection(const QList<int> &ids)
{
    m_centre->showEntries(ids, m_runner->isRunning());
    if (ids.size() >= 1) {
        const LibraryEntry *entry = m_model->entry(ids.constFirst());
        if (entry && entry->artifact)
            m_runPanel->setLessonId(QString::fromStdString(entry->artifact->lessonId()));
    }
    updateActions();
}

void MainWindow::updateActions()
{
    const QList<int> shown = m_centre->shownIds();
    const int single = shown.size() == 1 ? shown.constFirst() : 0;
    m_actions->save->setEnabled(single && m_save->canSave(single));
    m_actions->saveAs->setEnabled(single && m_save->canSaveAs(single));
    for (QAction *action : {m_actions->exportPng, m_actions->exportSvg, m_actions->exportCsv})
        action->setEnabled(m_centre->canExport());
    m_actions->close->setEnabled(!m_library->selectedIds().isEmpty());
    m_actions->closeAll->setEnabled(m_model->rowCount() > 0);
    const bool running = m_runner->isRunning();
    m_actions->run->setEnabled(!running && m_runPanel->lesson());
    m_actions->cancelRun->setEnabled(running && m_runPanel->cancelButton()->isEnabled());
    m_actions->showLiveRun->setEnabled(m_centre->liveRunView()->job() != 0);

    // "*" says the document shown is not saved: a run made here, never a recording, a file, a
    // comparison or the course.
    const LibraryEntry *shownEntry
        = single && m_centre->page() == CentralView::Page::Artifact ? m_model->entry(single) : nullptr;
    setWindowTitle(shownEntry ? QStringLiteral("%1[*] — lessonscope").arg(shownEntry->displayName())
                              : QStringLiteral("lessonscope"));
    setWindowModified(shownEntry && shownEntry->unsaved);
}

void MainWindow::openPaths(const QStringList &paths)
{
    if (!paths.isEmpty())
        m_open->open(paths);
}

void MainWindow::openBundled()
{
    if (const int id = m_open->openBundled())
        m_library->selectIds({id});
}

void MainWindow::openCourse()
{
    openBundled();
    m_course->reopenSavedRuns();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // The run stops first, so the unsaved-runs question below offers the calls it measured.
    if (!m_runs->stopForClose()) {
        event->ignore();
        return;
    }
    if (!m_save->resolveUnsaved(m_model->unsavedIds())) {
        event->ignore();
        return;
    }
    m_open->cancel();
    saveSettings();
    event->accept();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (std::exchange(m_fitOnShow, false))
        keepOnScreen();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    const bool local = std::any_of(urls.begin(), urls.end(), [](const QUrl &url) { return url.isLocalFile(); });
    if (local)
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openPaths(paths);
}

namespace {

// Qt's restoreState() and restoreGeometry() trust their bytes, and some damaged layouts crash them
// (a SIGSEGV in QMainWindow::restoreState on Qt 6.4, on every start). So a layout is stored with
// its SHA-256 and restored only when the two agree and its size is plausible: a damaged, foreign or
// garbage settings file restores nothing, and the window opens with its default layout.
constexpr qsizetype kMaxLayoutBytes = 64 * 1024;
constexpr const char *kRestoringKey = "mainWindow/restoring";

QByteArray digestOf(const QByteArray &bytes) { return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256); }

void storeLayout(QSettings &settings, const QString &key, const QByteArray &bytes)
{
    settings.setValue(key, bytes);
    settings.setValue(key + QStringLiteral("Sha256"), digestOf(bytes));
}

QByteArray trustedLayout(const QSettings &settings, const QString &key)
{
    const QVariant value = settings.value(key);
    const QVariant digest = settings.value(key + QStringLiteral("Sha256"));
    if (value.typeId() != QMetaType::QByteArray || digest.typeId() != QMetaType::QByteArray)
        return {};
    const QByteArray bytes = value.toByteArray();
    if (bytes.size() > kMaxLayoutBytes || digest.toByteArray() != digestOf(bytes))
        return {};
    return bytes;
}

} // namespace

void MainWindow::restoreSettings()
{
    QSettings settings;
    // Set while a layout is restored and cleared once the window has run: a layout that crashed
    // the last start (the mark still set) is not restored again, so that no saved state, however
    // damaged, can lock a user out.
    if (settings.value(QLatin1String(kRestoringKey)).toBool()) {
        for (const char *key : {"mainWindow/geometry", "mainWindow/docks", "library/header"})
            settings.remove(QLatin1String(key));
        m_layoutNote = tr("The window's saved layout stopped lessonscope's last start; the default layout is used.");
    }
    settings.setValue(QLatin1String(kRestoringKey), true);
    settings.sync();
    QTimer::singleShot(0, this, [] { QSettings().remove(QLatin1String(kRestoringKey)); });
    if (restoreGeometry(trustedLayout(settings, QStringLiteral("mainWindow/geometry")))) {
        m_fitOnShow = true; // once shown, when its frame (title bar, borders) is known
        keepOnScreen();
    } else {
        // First start: a generous size, but never larger than the screen it opens on (a laptop's
        // 1280×800, say), where a window past the edges hides the run panel's buttons.
        QSize size(1320, 860);
        if (const QScreen *screen = this->screen()) {
            const QRect available = screen->availableGeometry();
            size = size.boundedTo(available.size() - frameSize() + geometry().size());
            move(available.topLeft());
        }
        resize(size);
    }
    if (const QByteArray docks = trustedLayout(settings, QStringLiteral("mainWindow/docks")); !docks.isEmpty())
        restoreDockLayout(*this, docks); // false: not a layout, and the default one stays
    if (const QByteArray header = trustedLayout(settings, QStringLiteral("library/header")); !header.isEmpty())
        m_library->restoreState(header);
    const QVariant logScale = settings.value(QStringLiteral("charts/logScale"), false);
    m_actions->logScale->setChecked(
        logScale.typeId() == QMetaType::Bool ? logScale.toBool() : logScale.toString() == QLatin1String("true"));
}

void MainWindow::keepOnScreen()
{
    // A geometry saved on another screen, or at another scale (1× then, 2× now: the same pixels
    // are twice as many logical ones), can come back larger than the screen or past its edges,
    // with the run panel's buttons out of reach. It is fitted into the screen it is mostly on
    // (else the window's own), size first, then position.
    if (isMaximized() || isFullScreen())
        return;
    const QScreen *screen = QGuiApplication::screenAt(geometry().center());
    if (!screen)
        screen = this->screen();
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    // The frame (title bar, borders) counts too, once the window has one.
    const QMargins frame(geometry().left() - frameGeometry().left(), geometry().top() - frameGeometry().top(),
                         frameGeometry().right() - geometry().right(), frameGeometry().bottom() - geometry().bottom());
    const QRect room = available.marginsRemoved(frame);
    QRect fitted(geometry().topLeft(), geometry().size().boundedTo(room.size()));
    fitted.moveLeft(std::clamp(fitted.left(), room.left(), room.right() - fitted.width() + 1));
    fitted.moveTop(std::clamp(fitted.top(), room.top(), room.bottom() - fitted.height() + 1));
    if (fitted != geometry())
        setGeometry(fitted);
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.remove(QLatin1String(kRestoringKey));
    storeLayout(settings, QStringLiteral("mainWindow/geometry"), saveGeometry());
    storeLayout(settings, QStringLiteral("mainWindow/docks"), saveDockLayout(*this));
    storeLayout(settings, QStringLiteral("library/header"), m_library->saveState());
    settings.setValue(QStringLiteral("charts/logScale"), m_actions->logScale->isChecked());
}
