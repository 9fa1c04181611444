// Other harnesses' results files in the explorer (ui/results/): the library's row, the results
// view's header, warnings, panels and benchmarks, the comparison of two of one harness, the
// refusal of two that measure different things, and the image `render` draws.
#include "core/library/openedfile.h"
#include "ui/window/artifactrenderer.h"
#include "ui/artifact/panelsview.h"
#include "ui/charts/panelchart.h"
#include "ui/library/librarymodel.h"
#include "ui/results/resultscomparisonview.h"
#include "ui/results/resultsheader.h"
#include "ui/results/resultsview.h"
#include "ui/timeline/answerstore.h"
#include "ui/window/centralview.h"
#include "explorertesting.h"
#include "peertesting.h"

#include <QAbstractItemModelTester>
#include <QTableWidget>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>

using namespace lessonscope;
using namespace peertesting;

namespace {

LibraryEntry entryOf(const QString &fixture)
{
    OpenedFile opened = openFixture(fixture);
    LibraryEntry entry;
    entry.path = fixturePath(fixture);
    entry.artifact = std::move(opened.artifact);
    entry.results = std::move(opened.results);
    entry.problems = std::move(opened.problems);
    return entry;
}

const PanelChart *chartTitled(const PanelsView *panels, const QString &title)
{
    for (const PanelChart *chart : panels->charts()) {
        if (chart->panel().title == title)
            return chart;
    }
    return nullptr;
}

// The share of an image's pixels that are not its most common colour: a drawn page is far from
// blank.
double drawnShare(const QImage &image)
{
    QHash<QRgb, int> counts;
    for (int y = 0; y < image.height(); y += 4) {
        for (int x = 0; x < image.width(); x += 4)
            ++counts[image.pixel(x, y)];
    }
    int most = 0, total = 0;
    for (const int count : counts) {
        most = std::max(most, count);
        total += count;
    }
    return total ? 1.0 - double(most) / total : 0;
}

} // namespace

class TestResultsView : public QObject
{
    Q_OBJECT

private slots:
    void theLibraryRowSaysHarnessDateHostAndCounts()
    {
        LibraryModel model;
        QAbstractItemModelTester tester(&model);
        const int id = model.addOrReplace(entryOf(QStringLiteral("gb-repetitions.json")));
        const int row = model.rowOf(id);
        const auto cell = [&](int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(cell(LibraryModel::LessonColumn), QStringLiteral("Google Benchmark"));
        QCOMPARE(cell(LibraryModel::TitleColumn), QStringLiteral("13 benchmarks, 10 repetitions each · on vm"));
        QCOMPARE(cell(LibraryModel::BackendColumn), QStringLiteral("Google Benchmark 1.6–1.7"));
        QVERIFY(!cell(LibraryModel::GeneratedColumn).isEmpty());
        QVERIFY(cell(LibraryModel::StatusColumn).contains(QLatin1String("warning")));
        QVERIFY(!model.entry(id)->hasErrors());
    }

    void oneFileShowsItsWarningsPanelsAndBenchmarks()
    {
        ResultsView view;
        view.resize(1200, 900);
        const LibraryEntry entry = entryOf(QStringLiteral("gb-repetitions.json"));
        view.setEntry(entry);
        QVERIFY(view.header()->titleText().startsWith(QStringLiteral("Google Benchmark 1.6–1.7 results (JSON)")));
        QVERIFY(view.header()->warningsText().contains(QLatin1String("load average at the start")));
        QVERIFY(view.header()->warningsText().contains(QLatin1String("debug build")));
        // The family over its argument, on log axes, with the file's n log n fit beside it.
        const PanelChart *family = chartTitled(view.panels(), QStringLiteral("BM_Sort: median by n"));
        QVERIFY(family);
        QVERIFY(family->panel().logX);
        QCOMPARE(family->panel().series.size(), std::size_t(2));
        QVERIFY(family->panel().series[1].label.startsWith(QLatin1String("the file's fit")));
        QVERIFY(chartTitled(view.panels(), QStringLiteral("items_per_second")));
        // Every benchmark in the table, the one that did not run with its error.
        QCOMPARE(view.benchmarks()->rowCount(), 13);
        bool error = false;
        for (int r = 0; r < view.benchmarks()->rowCount(); ++r)
            error = error || view.benchmarks()->item(r, 7)->text().contains(QLatin1String("could not be opened"));
        QVERIFY(error);
        QVERIFY(view.context()->rowCount() > 5);
    }

    void aPyperfFileShowsItsDistribution()
    {
        ResultsView view;
        view.setEntry(entryOf(QStringLiteral("pyperf-sort.json")));
        const PanelChart *distribution
            = chartTitled(view.panels(), QStringLiteral("sort 1000 floats: distribution of its 60 values"));
        QVERIFY(distribution);
        double counted = 0;
        for (const double y : distribution->panel().series.front().y)
            counted += y;
        QCOMPARE(counted, 60.0);
    }

    void twoFilesOfOneHarnessAreCompared()
    {
        LibraryModel model;
        const QTemporaryDir dir;
        AnswerStore store(dir.filePath(QStringLiteral("answers.ini")));
        CentralView centre(&model, &store);
        const int a = model.addOrReplace(entryOf(QStringLiteral("gb-quiet.json")));
        const int b = model.addOrReplace(entryOf(QStringLiteral("gb-loaded.json")));
        centre.showEntries({b, a}, false);
        QCOMPARE(centre.page(), CentralView::Page::ResultsComparison);
        ResultsComparisonView *view = centre.resultsComparisonView();
        QCOMPARE(view->table()->rowCount(), 3);
        for (int r = 0; r < 3; ++r) {
            QVERIFY(view->table()->item(r, 4)->text().contains(QLatin1String("differs")));  // real time
            QVERIFY(!view->table()->item(r, 5)->text().contains(QLatin1String("differs"))); // CPU time
            QVERIFY(view->table()->item(r, 6)->text().contains(QLatin1String("slower")));
        }
        QVERIFY(view->legendText().contains(QLatin1String("A: gb-quiet.json"))); // the older run is A
        QVERIFY(chartTitled(view->panels(), QStringLiteral("BM_Sum: repetitions in order (real time)")));
        // The legend marks the sides as the charts draw them, A solid and B hatched, never by a
        // colour the charts give the series themselves (B's swatch was green over blue B bars).
        QList<QImage> swatches;
        for (const QLabel *label : view->findChildren<QLabel *>()) {
            if (!label->pixmap().isNull())
                swatches << label->pixmap().toImage();
        }
        QCOMPARE(swatches.size(), 2);
        const int size = swatches.front().width();
        QCOMPARE(swatches[0], PanelChart::sideSwatch(0, view->palette(), size).toImage());
        QCOMPARE(swatches[1], PanelChart::sideSwatch(1, view->palette(), size).toImage());
        QVERIFY(swatches[0] != swatches[1]);
    }

    // hyperfine's commands matched by name, each with its verdict and p-value; the banner says
    // the files do not name their machine.
    void aHyperfineComparisonMatchesItsCommands()
    {
        LibraryModel model;
        const QTemporaryDir dir;
        AnswerStore store(dir.filePath(QStringLiteral("answers.ini")));
        CentralView centre(&model, &store);
        centre.resize(1280, 900);
        const int a = model.addOrReplace(entryOf(QStringLiteral("hf-compare.json")));
        const int b = model.addOrReplace(entryOf(QStringLiteral("hf-compare-loaded.json")));
        centre.showEntries({a, b}, false);
        QCOMPARE(centre.page(), CentralView::Page::ResultsComparison);
        ResultsComparisonView *view = centre.resultsComparisonView();
        QCOMPARE(view->table()->rowCount(), 2);
        QCOMPARE(view->table()->item(0, 0)->text(), QStringLiteral("seq 100000 | sort -n >/dev/null"));
        for (int r = 0; r < 2; ++r)
            QVERIFY(view->table()->item(r, 6)->text().contains(QLatin1String("slower")));
        centre.show();
        QVERIFY(QTest::qWaitForWindowExposed(&centre));
        explorertesting::saveScreenshot(centre, QStringLiteral("hyperfine-comparison.png"));
    }

    // A benchmark named with markup is shown as its text, in the cell and in its tool tip: Qt
    // would load an <img> of a rich-text tool tip.
    void markupInABenchmarkNameStaysText()
    {
        const QTemporaryDir dir;
        nlohmann::json quiet
            = nlohmann::json::parse(coretesting::readBytes(fixturePath(QStringLiteral("gb-quiet.json"))).toStdString());
        const nlohmann::json first = quiet["benchmarks"][0];
        for (nlohmann::json &row : quiet["benchmarks"]) {
            if (row["name"] == first["name"])
                row["name"] = "<img src=\"/nonexistent/decoy.png\">BM";
            if (row.contains("run_name") && row["run_name"] == first["run_name"])
                row["run_name"] = "<img src=\"/nonexistent/decoy.png\">BM";
        }
        const auto entryAt = [&](const QString &name) {
            const QString path = dir.filePath(name);
            if (!coretesting::writeBytes(path, QByteArray::fromStdString(quiet.dump())))
                qFatal("cannot write %s", qPrintable(path));
            OpenedFile opened = openFile(path);
            LibraryEntry entry;
            entry.path = path;
            entry.results = std::move(opened.results);
            entry.problems = std::move(opened.problems);
            return entry;
        };
        LibraryModel model;
        AnswerStore store(dir.filePath(QStringLiteral("answers.ini")));
        CentralView centre(&model, &store);
        const int ia = model.addOrReplace(entryAt(QStringLiteral("a.json")));
        const int ib = model.addOrReplace(entryAt(QStringLiteral("b.json")));
        centre.showEntries({ia, ib}, false);
        ResultsComparisonView *view = centre.resultsComparisonView();
        bool seen = false;
        for (int r = 0; r < view->table()->rowCount(); ++r) {
            const QTableWidgetItem *name = view->table()->item(r, 0);
            if (!name->text().contains(QStringLiteral("<img")))
                continue;
            seen = true;
            QVERIFY2(name->toolTip().startsWith(QStringLiteral("<p style=\"white-space:pre-wrap\">")),
                     qPrintable(name->toolTip()));
            QVERIFY(name->toolTip().contains(QStringLiteral("&lt;img")));
        }
        QVERIFY(seen);
    }

    void whatCannotBeComparedIsSaid()
    {
        LibraryModel model;
        const QTemporaryDir dir;
        AnswerStore store(dir.filePath(QStringLiteral("answers.ini")));
        CentralView centre(&model, &store);
        const int gb = model.addOrReplace(entryOf(QStringLiteral("gb-quiet.json")));
        const int hf = model.addOrReplace(entryOf(QStringLiteral("hf-compare.json")));
        centre.showEntries({gb, hf}, false);
        QCOMPARE(centre.page(), CentralView::Page::Note);
        QVERIFY(centre.noteText().contains(QLatin1String("cannot be compared")));
        QVERIFY(centre.noteText().contains(QLatin1String("hyperfine")));
        centre.showEntries({hf}, false);
        QCOMPARE(centre.page(), CentralView::Page::Results);
    }

    void renderDrawsTheResults()
    {
        const QImage image
            = renderArtifact(entryOf(QStringLiteral("gb-family.json")), RenderView::All, QSize(1200, 900));
        QCOMPARE(image.size(), QSize(1200, 900));
        QVERIFY(drawnShare(image) > 0.05);
    }
};

QTEST_MAIN(TestResultsView)
#include "tst_resultsview.moc"
