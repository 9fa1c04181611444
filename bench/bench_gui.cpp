// Figures for the GUI scale items of docs/performance.md (issue 6). Prints, never judges.
//
//   QT_QPA_PLATFORM=offscreen bench_gui folder DIR
//       Open Folder in a shown MainWindow: time to the first rows, time to all rows, and the GUI
//       thread's longest stall (a 10 ms timer measuring its own lateness while the folder loads).
//       Then close them all as a user would (select all, Close, Discard): the time until the
//       library is empty and the window drawn again, and the longest stall while closing.
//   QT_QPA_PLATFORM=offscreen bench_gui panel FILE
//       Open one artifact (bench/make_big_panel.py makes a 1,000,000-sample one) and draw it:
//       time from Open to the window drawn with its line panel, then zoom and pan steps.
//       Peak memory: run it under /usr/bin/time -v.
//   QT_QPA_PLATFORM=offscreen bench_gui compare A B
//       The comparison view of two artifacts (make_big_panel.py with N = 10,000,000 for the big
//       case): time from reading both to the view drawn with its overlaid panels. Peak memory:
//       run it under /usr/bin/time -v, and compare with `panel` on one of the two.
//   QT_QPA_PLATFORM=offscreen bench_gui explorer-compare A B
//       The same in a shown MainWindow: both opened, both selected in the library, the comparison
//       drawn; the whole window's memory.
//   QT_QPA_PLATFORM=offscreen bench_gui run SAMPLES
//       A performance-01 run (default sizes) from the run panel with SAMPLES warm samples: its
//       time with the live view drawing beside it and with no GUI, the sample batches the live
//       view received, the GUI thread's longest stall, and the save of the artifact.
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lesson/lessonrunner.h"
#include "ui/library/librarymodel.h"
#include "ui/library/librarypane.h"
#include "ui/window/mainactions.h"
#include "ui/artifact/panelsview.h"
#include "ui/library/libraryentry.h"
#include "core/library/artifactloader.h"
#include "ui/runs/comparisonview.h"
#include "ui/runs/liverunview.h"
#include "ui/runs/runpanel.h"
#include "ui/window/savecontroller.h"
#include "ui/charts/panelchart.h"
#include "ui/window/mainwindow.h"
#include "ui/window/opencontroller.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QFile>
#include <QFileInfo>
#include <QTimer>
#include <QTreeView>
#include <QEventLoop>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace {

// Measures how late a 10 ms timer fires: the longest time the event loop was busy elsewhere.
class StallMeter
{
public:
    StallMeter()
    {
        m_timer.setInterval(10);
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            m_longest = std::max(m_longest, now - m_last - 10'000'000);
            m_last = now;
        });
        m_clock.start();
        m_last = 0;
        m_timer.start();
    }
    double longestMs() const { return static_cast<double>(m_longest) / 1e6; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_longest = 0;
};

// The window as a learner's laptop shows it, drawn once before anything is timed.
void showAtLaptopSize(MainWindow &window)
{
    window.resize(1280, 800);
    window.show();
    QCoreApplication::processEvents();
}

int benchFolder(const QString &dir)
{
    MainWindow window;
    showAtLaptopSize(window);
    // Files read from disk are not unsaved, so Close asks nothing; should it ask, the answer is Discard.
    window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });

    // Local loops, not QApplication::quit(): in Qt 6 quitting asks the windows to close, and the
    // window must stay open for the second half.
    QElapsedTimer clock;
    qint64 firstRows = -1;
    qint64 allRows = -1;
    int rows = 0;
    double openStall = 0;
    {
        StallMeter stalls;
        QEventLoop loop;
        const QMetaObject::Connection painted
            = QObject::connect(window.model(), &QAbstractItemModel::rowsInserted, [&] {
                  if (firstRows < 0) {
                      QCoreApplication::processEvents(); // let the view paint them
                      firstRows = clock.nsecsElapsed();
                  }
              });
        QObject::connect(window.openController(), &OpenController::opened, &loop, [&](const QList<int> &ids, bool) {
            allRows = clock.nsecsElapsed();
            rows = static_cast<int>(ids.size());
            QTimer::singleShot(50, &loop, &QEventLoop::quit);
        });
        clock.start();
        window.openPaths({dir});
        loop.exec();
        QObject::disconnect(painted);
        openStall = stalls.longestMs();
    }
    std::printf("folder: %d artifacts\n", rows);
    std::printf("first rows visible: %.1f ms\n", static_cast<double>(firstRows) / 1e6);
    std::printf("all rows:           %.1f ms\n", static_cast<double>(allRows) / 1e6);
    std::printf("longest GUI stall:  %.1f ms (10 ms timer lateness)\n", openStall);

    // Close them all: Ctrl+A in the library, then Ctrl+W, from inside the event loop the stall
    // meter watches. Timed until the library is empty and the window has drawn the result.
    qint64 closed = -1;
    double closeStall = 0;
    {
        StallMeter stalls;
        QEventLoop loop;
        QTimer::singleShot(20, &loop, [&] {
            window.library()->view()->selectAll();
            clock.start();
            window.actions()->close->trigger();
            QCoreApplication::processEvents(); // the repaint the removal asked for
            closed = clock.nsecsElapsed();
            QTimer::singleShot(50, &loop, &QEventLoop::quit);
        });
        loop.exec();
        closeStall = stalls.longestMs();
    }
    const int left = window.model()->rowCount();
    std::printf("close all (select all, Close, Discard): %.1f ms, %d rows left\n", static_cast<double>(closed) / 1e6,
                left);
    std::printf("longest GUI stall while closing: %.1f ms (10 ms timer lateness)\n", closeStall);
    return left == 0 ? 0 : 1;
}

int benchPanel(const QString &file)
{
    MainWindow window;
    showAtLaptopSize(window);

    QElapsedTimer clock;
    clock.start();
    bool opened = false;
    QObject::connect(window.openController(), &OpenController::opened, [&] { opened = true; });
    window.openPaths({file});
    PanelChart *line = nullptr;
    std::size_t samples = 0;
    while (!line && clock.elapsed() < 60'000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        if (!opened)
            continue;
        for (PanelChart *chart : window.findChildren<PanelChart *>()) {
            if (chart->panel().isLine() && chart->isVisible() && chart->chartSeriesCount() > 0) {
                line = chart;
                samples = chart->panel().series.front().y.size();
            }
        }
    }
    if (!line) {
        std::fprintf(stderr, "bench_gui: no line panel shown for %s\n", qPrintable(file));
        return 1;
    }
    window.grab(); // draws the whole window, the chart included
    const double openDraw = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    std::printf("panel: %zu samples, %lld points drawn\n", samples,
                static_cast<long long>(line->chartPoints(0).size()));
    std::printf("open + draw:        %.1f ms\n", openDraw);

    // Zoom in ten wheel notches, pan, zoom out: each step re-thins and redraws the chart.
    QElapsedTimer step;
    double longest = 0;
    const auto timed = [&](auto &&action) {
        step.start();
        action();
        line->grab();
        longest = std::max(longest, static_cast<double>(step.nsecsElapsed()) / 1e6);
    };
    const auto [from, to] = line->xView();
    const double middle = (from + to) / 2;
    for (int i = 0; i < 10; ++i)
        timed([&] { line->zoomAt(middle, 0.5); });
    const auto [zoomFrom, zoomTo] = line->xView();
    std::printf("zoomed to %.0f..%.0f: %lld points drawn\n", zoomFrom, zoomTo,
                static_cast<long long>(line->chartPoints(0).size()));
    for (int i = 0; i < 20; ++i)
        timed([&] {
            line->setXView(zoomFrom + (i + 1) * (zoomTo - zoomFrom) / 10, zoomTo + (i + 1) * (zoomTo - zoomFrom) / 10);
        });
    for (int i = 0; i < 10; ++i)
        timed([&] { line->zoomAt(middle, 2); });
    std::printf("longest zoom/pan step (re-thin + draw): %.1f ms\n", longest);
    return 0;
}

// This process's resident memory now and at its peak, in MiB (/proc/self/status).
std::pair<double, double> residentMiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    double now = 0, peak = 0;
    if (status.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : status.readAll().split('\n')) {
            const QList<QByteArray> words = line.simplified().split(' ');
            if (words.size() >= 2 && words[0] == "VmRSS:")
                now = words[1].toDouble() / 1024;
            if (words.size() >= 2 && words[0] == "VmHWM:")
                peak = words[1].toDouble() / 1024;
        }
    }
    return {now, peak};
}

int benchCompare(const QString &fileA, const QString &fileB)
{
    QElapsedTimer clock;
    clock.start();
    // Read as the explorer reads them: by its loader, in parallel, delivered in order.
    std::vector<LibraryEntry> entries;
    {
        ArtifactLoader loader;
        QEventLoop loop;
        QObject::connect(&loader, &ArtifactLoader::filesLoaded, [&entries](int, const QList<LoadedFile> &files) {
            for (const LoadedFile &file : files) {
                LibraryEntry entry;
                entry.path = file.path;
                entry.artifact = file.result.artifact;
                entry.problems = file.result.problems;
                entries.push_back(std::move(entry));
            }
        });
        QObject::connect(&loader, &ArtifactLoader::finished, &loop, &QEventLoop::quit);
        loader.load({fileA, fileB});
        loop.exec();
    }
    if (entries.size() != 2 || !entries[0].artifact || !entries[1].artifact) {
        std::fprintf(stderr, "bench_gui: cannot read %s and %s as artifacts\n", qPrintable(fileA), qPrintable(fileB));
        return 1;
    }
    const LibraryEntry &a = entries[0];
    const LibraryEntry &b = entries[1];
    const double readMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    const auto [readRss, readPeak] = residentMiB();
    ComparisonView view;
    view.resize(1280, 900);
    view.show();
    view.setEntries(a, b);
    view.grab(); // draws the table and every overlaid chart
    const double drawnMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    std::size_t points = 0;
    for (const PanelChart *chart : view.panels()->findChildren<PanelChart *>())
        points += chart->panel().pointCount();
    std::printf("compare: %zu points in the overlaid panels\n", points);
    const auto [drawnRss, drawnPeak] = residentMiB();
    std::printf("read both:             %.1f ms, resident %.0f MiB (peak %.0f MiB)\n", readMs, readRss, readPeak);
    std::printf("read + compare + draw: %.1f ms, resident %.0f MiB (peak %.0f MiB)\n", drawnMs, drawnRss, drawnPeak);
    // The baseline, in the same run: nlohmann's own parser on A's text, which lessonscope's reader
    // (limits, located duplicates, validation) is built on. After the figures above: it adds a
    // document's memory.
    QFile text(fileA);
    if (text.open(QIODevice::ReadOnly)) {
        const QByteArray bytes = text.readAll();
        clock.restart();
        const nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(bytes.begin(), bytes.end());
        const double baselineMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
        std::printf("baseline: nlohmann::ordered_json::parse of A alone %.1f ms (%zu keys); "
                    "read both / baseline = %.2f\n",
                    baselineMs, parsed.size(), readMs / baselineMs);
    }
    return 0;
}

// The explorer as a learner uses it: both files opened, both selected in the library, the
// comparison drawn. Memory is the whole window's: the library's documents, the artifact view
// that showed the first one, and the comparison.
int explorerCompare(const QString &fileA, const QString &fileB)
{
    MainWindow window;
    showAtLaptopSize(window);
    QElapsedTimer clock;
    clock.start();
    {
        QEventLoop loop;
        QObject::connect(window.openController(), &OpenController::opened, &loop,
                         [&loop](const QList<int> &, bool) { QTimer::singleShot(50, &loop, &QEventLoop::quit); });
        window.openPaths({fileA, fileB});
        loop.exec();
    }
    const double openedMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    const auto [openRss, openPeak] = residentMiB();
    clock.restart();
    window.library()->view()->selectAll();
    QCoreApplication::processEvents();
    window.grab(); // draws the comparison shown
    const double comparedMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    const auto [rss, peak] = residentMiB();
    std::size_t points = 0;
    for (const ComparisonView *view : window.findChildren<ComparisonView *>()) {
        for (const PanelChart *chart : view->panels()->findChildren<PanelChart *>())
            points += chart->panel().pointCount();
    }
    std::printf("explorer: %d rows, %zu points in the comparison's panels\n", window.model()->rowCount(), points);
    std::printf("open both (shown):        %.1f ms, resident %.0f MiB (peak %.0f MiB)\n", openedMs, openRss, openPeak);
    std::printf("select both, compare, draw: %.1f ms, resident %.0f MiB (peak %.0f MiB)\n", comparedMs, rss, peak);
    return points > 0 ? 0 : 1;
}

int benchExplorerCompare(const QString &fileA, const QString &fileB)
{
    const int status = explorerCompare(fileA, fileB);
    // The window closed and its documents freed: a peak reached while tearing down counts too.
    std::printf("after closing the window: peak %.0f MiB\n", residentMiB().second);
    return status;
}

int benchRun(int samples)
{
    lessonscope::ParameterValues values{{"samples", std::int64_t(samples)}};
    const lessonscope::Lesson *lesson = lessonscope::findLesson("performance-01");
    if (!lesson) {
        std::fprintf(stderr, "bench_gui: performance-01 is not registered\n");
        return 1;
    }
    if (const auto error = lesson->resolveParameters(values)) {
        std::fprintf(stderr, "bench_gui: %s\n", error->c_str());
        return 2;
    }

    MainWindow window;
    showAtLaptopSize(window);
    window.openBundled(); // as a learner would: the lesson open, then Run
    QCoreApplication::processEvents();
    RunPanel *panel = window.runPanel();
    LessonRunner *runner = panel->runner();
    // A local loop, not QApplication::quit(): in Qt 6 quitting asks the windows to close, and the
    // main window rightly asks what to do with the unsaved run — a modal dialog nobody answers.
    QEventLoop runLoop;
    QObject::connect(runner, &LessonRunner::failed, &runLoop, &QEventLoop::quit);
    int batches = 0;
    int received = 0;
    QObject::connect(runner, &LessonRunner::warmSamplesMeasured, [&](int, int, const QList<double> &batch) {
        ++batches;
        received += static_cast<int>(batch.size());
    });
    int newId = 0;
    QObject::connect(runner, &LessonRunner::finished, [&] {
        QTimer::singleShot(0, qApp, [&] {
            const std::vector<int> unsaved = window.model()->unsavedIds();
            newId = unsaved.empty() ? 0 : unsaved.back();
            runLoop.quit();
        });
    });
    panel->setValues(values);
    StallMeter stalls;
    QElapsedTimer clock;
    clock.start();
    window.actions()->run->trigger();
    if (!runner->isRunning()) {
        std::fprintf(stderr, "bench_gui: the run did not start\n");
        return 1;
    }
    runLoop.exec();
    const double withGui = static_cast<double>(clock.nsecsElapsed()) / 1e6;

    // The same run with no window: what the GUI must not slow down.
    double headless = 0;
    {
        LessonRunner headlessRunner;
        QElapsedTimer headlessClock;
        headlessClock.start();
        headlessRunner.start(*lesson, values);
        QEventLoop loop;
        QObject::connect(&headlessRunner, &LessonRunner::finished, &loop, &QEventLoop::quit);
        loop.exec();
        headless = static_cast<double>(headlessClock.nsecsElapsed()) / 1e6;
    }
    std::printf("run with no GUI:          %.0f ms\n", headless);

    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("run.json"));
    QElapsedTimer saveClock;
    saveClock.start();
    const bool saved = newId && window.saveController()->saveTo(newId, target);
    const double saveMs = static_cast<double>(saveClock.nsecsElapsed()) / 1e6;

    std::printf("run: performance-01, %d warm samples\n", samples);
    std::printf("run with the live view:   %.0f ms\n", withGui);
    std::printf("live view: %d samples in %d batches\n", received, batches);
    std::printf("longest GUI stall:        %.1f ms (10 ms timer lateness)\n", stalls.longestMs());
    std::printf("saved: %s (%.1f MiB) in %.0f ms\n", saved ? "yes" : "NO",
                static_cast<double>(QFileInfo(target).size()) / (1 << 20), saveMs);
    return saved ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // figures show as they come, even if stopped
    QStandardPaths::setTestModeEnabled(true); // leave the user's settings and recent files alone
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("lessonscope-bench"));
    const QStringList args = QCoreApplication::arguments();
    if (args.size() == 3 && args[1] == QLatin1String("folder"))
        return benchFolder(args[2]);
    if (args.size() == 3 && args[1] == QLatin1String("panel"))
        return benchPanel(args[2]);
    if (args.size() == 4 && args[1] == QLatin1String("explorer-compare"))
        return benchExplorerCompare(args[2], args[3]);
    if (args.size() == 4 && args[1] == QLatin1String("compare"))
        return benchCompare(args[2], args[3]);
    if (args.size() == 3 && args[1] == QLatin1String("run"))
        return benchRun(args[2].toInt());
    std::fprintf(stderr,
                 "usage: bench_gui folder DIR | panel FILE | compare A B | explorer-compare A B | run SAMPLES\n");
    return 2;
}
