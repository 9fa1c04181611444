#include "explorertesting.h"
#include "core/lesson/environmentinfo.h"
#include "ui/library/courseprogress.h"
#include "ui/library/libraryfilter.h"
#include "ui/library/librarypane.h"
#include "ui/library/librarymodel.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QHeaderView>
#include <QStyle>
#include <QTreeView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace explorertesting;

// The library: one row per artifact, columns a user reads at a glance, sorted and filtered.
class TestLibraryModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void seedRowReadsAtAGlance();
    void passesTheModelTester();
    void replacesByPath();
    void sortsDurationsAsNumbers();
    void filtersEveryWord_data();
    void filtersEveryWord();
    void answerColumnIsLeftToTheTimeline();
    void filterFindsUnreadableFilesByError();
    void setupAndFolderTellRunsApart();
    void countReadsAsPeopleCount();
    void removesRunsOfRowsAtOnce();
    void lookupsHoldBetweenRuns();
    void runsAreToldApart();
    void aSelectedRowStaysWhileTheFilterDoesNotChange();
    void theDefaultColumnsReadWhole();
    void aFileMeasuredHereIsTheLearnersOnAnyDevice();

private:
    QTemporaryDir m_settings;
};

namespace {

QString cell(const QAbstractItemModel &model, int row, int column)
{
    return model.index(row, column).data().toString();
}

// count entries named /lib/0.json, /lib/1.json, …: no artifact, so thousands cost nothing to make.
std::vector<int> fillPaths(LibraryModel &model, int count)
{
    std::vector<LibraryEntry> entries(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        entries[static_cast<std::size_t>(i)].path = QStringLiteral("/lib/%1.json").arg(i);
    return model.addOrReplace(std::move(entries));
}

// Three entries: the seed, a copy with a slower median, and an unreadable file.
void fill(LibraryModel &model)
{
    model.addOrReplace(entryFrom(seedBytes(), QStringLiteral("/data/seed.json")));
    LibraryEntry slower
        = entryFrom(seedWith("\\\"warm_median_seconds\\\": 8.500181138515472e-06", "\\\"warm_median_seconds\\\": 0.5"),
                    QStringLiteral("/data/slower.json"));
    model.addOrReplace(slower);
    model.addOrReplace(entryFrom("{ not json", QStringLiteral("/data/broken.json")));
}

} // namespace

void TestLibraryModel::initTestCase() { isolateSettings(m_settings); }

void TestLibraryModel::seedRowReadsAtAGlance()
{
    LibraryModel model;
    model.addOrReplace(entryFrom(seedBytes(), seedPath()));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(cell(model, 0, LibraryModel::LessonColumn), QStringLiteral("performance-01"));
    QCOMPARE(cell(model, 0, LibraryModel::TitleColumn), QStringLiteral("Time the completed result"));
    QCOMPARE(cell(model, 0, LibraryModel::KindColumn), QStringLiteral("executed"));
    QCOMPARE(cell(model, 0, LibraryModel::ProvenanceColumn), QStringLiteral("recorded_cpu_computation"));
    QCOMPARE(cell(model, 0, LibraryModel::BackendColumn), QStringLiteral("cpu"));
    QCOMPARE(cell(model, 0, LibraryModel::KeyFigureColumn), QStringLiteral("8.50 µs"));
    QCOMPARE(cell(model, 0, LibraryModel::StatusColumn), QStringLiteral("valid"));
    QCOMPARE(cell(model, 0, LibraryModel::FileColumn), QStringLiteral("seed-performance-01.json"));
    QVERIFY(cell(model, 0, LibraryModel::GeneratedColumn).startsWith(QStringLiteral("2026-10-2")));
    QCOMPARE(model.index(0, LibraryModel::GeneratedColumn).data(LibraryModel::SortRole).toString(),
             QStringLiteral("2026-10-20T10:45:58.968076+00:00"));
    QCOMPARE(model.headerData(LibraryModel::KeyFigureColumn, Qt::Horizontal).toString(), QStringLiteral("Key figure"));
}

void TestLibraryModel::passesTheModelTester()
{
    LibraryModel model;
    LibraryFilter filter;
    filter.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.sort(LibraryModel::KeyFigureColumn);

    fill(model);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(cell(model, 2, LibraryModel::StatusColumn), QStringLiteral("unreadable"));
    QCOMPARE(cell(model, 2, LibraryModel::LessonColumn), QStringLiteral("(unreadable)"));
    filter.setFilterText(QStringLiteral("slower"));
    QCOMPARE(filter.rowCount(), 1);
    filter.setFilterText(QString());
    model.setAnswer(model.idAtRow(0), QStringLiteral("✓"));
    model.markSaved(model.idAtRow(1), QStringLiteral("/data/elsewhere.json"));
    model.remove(model.idAtRow(1));
    QCOMPARE(model.rowCount(), 2);
    std::vector<LibraryEntry> entries;
    entries.push_back(entryFrom(seedBytes(), QStringLiteral("/a.json")));
    model.setEntries(std::move(entries));
    QCOMPARE(model.rowCount(), 1);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestLibraryModel::replacesByPath()
{
    LibraryModel model;
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &LibraryModel::entryChanged);
    const int first = model.addOrReplace(entryFrom(seedBytes(), QStringLiteral("/data/a.json")));
    const int again = model.addOrReplace(entryFrom("[]", QStringLiteral("/data/a.json")));
    QCOMPARE(again, first); // the same file read again keeps its row and id
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.constFirst().constFirst().toInt(), first);
    QVERIFY(model.entry(first)->hasErrors());
    // Unsaved runs have no path: each is its own row.
    LibraryEntry run = entryFrom(seedBytes());
    run.origin = LibraryEntry::Origin::Run;
    run.unsaved = true;
    const int runId = model.addOrReplace(run);
    model.addOrReplace(run);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.unsavedIds().size(), std::size_t(2));
    QCOMPARE(cell(model, model.rowOf(runId), LibraryModel::FileColumn),
             QStringLiteral("unsaved run")); // not numbered: made elsewhere than the run panel
    QVERIFY(cell(model, model.rowOf(runId), LibraryModel::StatusColumn).contains(QStringLiteral("unsaved")));
    QVERIFY(model.index(model.rowOf(runId), 0).data(Qt::FontRole).value<QFont>().italic());
    model.markSaved(runId, QStringLiteral("/data/run.json"));
    QCOMPARE(model.unsavedIds().size(), std::size_t(1));
    QCOMPARE(model.findByPath(QStringLiteral("/data/run.json")), runId);
}

void TestLibraryModel::sortsDurationsAsNumbers()
{
    LibraryModel model;
    // 8.50 µs, 500 ms and 90.0 ns: as text "500 ms" < "8.50 µs" < "90.0 ns"; as numbers the reverse.
    model.addOrReplace(entryFrom(seedBytes(), QStringLiteral("/a.json")));
    model.addOrReplace(
        entryFrom(seedWith("\\\"warm_median_seconds\\\": 8.500181138515472e-06", "\\\"warm_median_seconds\\\": 0.5"),
                  QStringLiteral("/b.json")));
    model.addOrReplace(
        entryFrom(seedWith("\\\"warm_median_seconds\\\": 8.500181138515472e-06", "\\\"warm_median_seconds\\\": 9e-08"),
                  QStringLiteral("/c.json")));
    LibraryFilter filter;
    filter.setSourceModel(&model);
    filter.sort(LibraryModel::KeyFigureColumn, Qt::AscendingOrder);
    QStringList order;
    for (int row = 0; row < filter.rowCount(); ++row)
        order << filter.index(row, LibraryModel::KeyFigureColumn).data().toString();
    QCOMPARE(order, (QStringList{QStringLiteral("90.0 ns"), QStringLiteral("8.50 µs"), QStringLiteral("500 ms")}));
}

void TestLibraryModel::filterFindsUnreadableFilesByError()
{
    LibraryModel model;
    model.addOrReplace(entryFrom(seedBytes(), QStringLiteral("/data/seed.json")));
    model.addOrReplace(entryFrom("{ not json", QStringLiteral("/data/broken.json")));
    LibraryFilter filter;
    filter.setSourceModel(&model);
    filter.setFilterText(QStringLiteral("error"));
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, LibraryModel::FileColumn).data().toString(), QStringLiteral("broken.json"));
}

void TestLibraryModel::setupAndFolderTellRunsApart()
{
    LibraryModel model;
    model.addOrReplace(entryFrom(seedBytes(), QStringLiteral("/data/one/seed.json")));
    model.addOrReplace(entryFrom(seedBytes(), QStringLiteral("/data/two/seed.json")));
    const QString setup = cell(model, 0, LibraryModel::SetupColumn);
    QVERIFY2(setup.contains(QStringLiteral("64×32")), qPrintable(setup)); // the shape, as the header says it
    QCOMPARE(cell(model, 0, LibraryModel::FolderColumn), QDir::toNativeSeparators(QStringLiteral("/data/one")));
    QCOMPARE(cell(model, 1, LibraryModel::FolderColumn), QDir::toNativeSeparators(QStringLiteral("/data/two")));
    QCOMPARE(model.headerData(LibraryModel::FolderColumn, Qt::Horizontal).toString(), QStringLiteral("Folder"));
}

void TestLibraryModel::countReadsAsPeopleCount()
{
    LibraryModel model;
    LibraryPane pane(&model);
    fillPaths(model, 10'013);
    QTRY_COMPARE(pane.countText(), QStringLiteral("10,013 artifacts"));
    pane.filterEdit()->setText(QStringLiteral("/lib/1000"));
    QTRY_COMPARE(pane.countText(), QStringLiteral("11 of 10,013 shown")); // 1000.json and 10000 … 10009
    pane.filterEdit()->clear();
    QList<int> all;
    for (const LibraryEntry &entry : model.entries())
        all << entry.id;
    model.remove(all);
    QTRY_COMPARE(pane.countText(), QStringLiteral("no artifacts"));
}

void TestLibraryModel::filtersEveryWord_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("rows");
    QTest::newRow("nothing typed") << QString() << 3;
    QTest::newRow("lesson") << QStringLiteral("performance-01") << 2;
    QTest::newRow("case-insensitive") << QStringLiteral("CPU") << 2;
    QTest::newRow("two words, both must match") << QStringLiteral("cpu slower") << 1;
    QTest::newRow("status") << QStringLiteral("unreadable") << 1;
    QTest::newRow("file name") << QStringLiteral("broken.json") << 1;
    QTest::newRow("folder") << QStringLiteral("/data") << 3;
    QTest::newRow("path, folder and file") << QStringLiteral("data/broken") << 1;
    QTest::newRow("no match") << QStringLiteral("gpu") << 0;
    QTest::newRow("spaces only") << QStringLiteral("   ") << 3;
}

void TestLibraryModel::filtersEveryWord()
{
    QFETCH(QString, text);
    QFETCH(int, rows);
    LibraryModel model;
    fill(model);
    LibraryFilter filter;
    filter.setSourceModel(&model);
    filter.setFilterText(text);
    QCOMPARE(filter.rowCount(), rows);
}

void TestLibraryModel::answerColumnIsLeftToTheTimeline()
{
    LibraryModel model;
    const int id = model.addOrReplace(entryFrom(seedBytes(), QStringLiteral("/a.json")));
    QCOMPARE(cell(model, 0, LibraryModel::AnswerColumn), QString());
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setAnswer(id, QStringLiteral("✗"));
    QCOMPARE(cell(model, 0, LibraryModel::AnswerColumn), QStringLiteral("✗"));
    QCOMPARE(changed.count(), 1);
}

// Closing a big library removes by runs of adjacent rows, not row by row: one rowsRemoved per run
// (every other row of 10,000 is 5,000 runs; all of them, one), and one removalFinished. Counted, not
// timed: row by row, this was 10,000 re-indexings and 10,000 reactions of every view.
void TestLibraryModel::removesRunsOfRowsAtOnce()
{
    LibraryModel model;
    const std::vector<int> ids = fillPaths(model, 10'000);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy finished(&model, &LibraryModel::removalFinished);

    QList<int> even;
    for (std::size_t i = 0; i < ids.size(); i += 2)
        even << ids[i];
    model.remove(even);
    QCOMPARE(model.rowCount(), 5'000);
    QCOMPARE(removed.count(), 5'000);
    QCOMPARE(finished.count(), 1);
    // Highest run first, so the row numbers given are the rows the entries had.
    QCOMPARE(removed.constFirst().at(1).toInt(), 9'998);
    QCOMPARE(removed.constLast().at(1).toInt(), 0);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const QString path = QStringLiteral("/lib/%1.json").arg(i);
        if (i % 2 == 0) {
            QVERIFY(!model.entry(ids[i]));
            QCOMPARE(model.findByPath(path), 0);
        } else {
            QCOMPARE(model.rowOf(ids[i]), static_cast<int>(i / 2));
            QCOMPARE(model.findByPath(path), ids[i]);
        }
    }

    // What is left, in any order, with an id that is gone and one given twice: one run.
    removed.clear();
    finished.clear();
    QList<int> rest{ids[0], ids[1], ids[1]};
    for (std::size_t i = ids.size() - 1; i >= 3; i -= 2)
        rest << ids[i];
    model.remove(rest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.constFirst().at(1).toInt(), 0);
    QCOMPARE(removed.constFirst().at(2).toInt(), 4'999);
    QCOMPARE(finished.count(), 1);

    model.remove(QList<int>{ids[0]}); // nothing left to remove: no signal at all
    QCOMPARE(finished.count(), 1);
}

// Between one run's rowsRemoved and the next, a listener that looks entries up by id (the window
// does) finds the survivors at their current rows and the removed ones gone.
void TestLibraryModel::lookupsHoldBetweenRuns()
{
    LibraryModel model;
    LibraryFilter filter; // sorted against the model's order, as the library view may be
    filter.setSourceModel(&model);
    filter.sort(LibraryModel::FileColumn, Qt::DescendingOrder);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const std::vector<int> ids = fillPaths(model, 20);
    const QList<int> gone{ids[17], ids[1], ids[2], ids[5], ids[9], ids[10], ids[11], ids[19]};
    int checks = 0;
    connect(&model, &QAbstractItemModel::rowsAboutToBeRemoved, this, [&](const QModelIndex &, int first, int last) {
        for (int row = first; row <= last; ++row) // still there, and found
            QCOMPARE(model.rowOf(model.idAtRow(row)), row);
    });
    connect(&model, &QAbstractItemModel::rowsRemoved, this, [&] {
        QVERIFY(model.isRemoving());
        for (const int id : ids) {
            const int row = model.rowOf(id);
            if (row < 0)
                continue;
            QCOMPARE(model.idAtRow(row), id);
            QCOMPARE(model.entry(id)->id, id);
            QCOMPARE(model.findByPath(model.entry(id)->path), id);
            ++checks;
        }
        int found = 0;
        for (const int id : ids)
            found += model.rowOf(id) >= 0 ? 1 : 0;
        QCOMPARE(found, model.rowCount());
    });
    model.remove(gone);
    QVERIFY(!model.isRemoving());
    QCOMPARE(model.rowCount(), 12);
    QCOMPARE(filter.rowCount(), 12);
    QVERIFY(checks > 0);
    for (const int id : gone)
        QCOMPARE(model.rowOf(id), -1);
    QCOMPARE(model.idAtRow(0), ids[0]);
    QCOMPARE(model.idAtRow(1), ids[3]);
    QCOMPARE(model.idAtRow(11), ids[18]);
}

// Two runs of a lesson in one session differ by more than their time: they are numbered.
void TestLibraryModel::runsAreToldApart()
{
    LibraryModel model;
    LibraryEntry run = entryFrom(seedBytes());
    run.origin = LibraryEntry::Origin::Run;
    run.unsaved = true;
    run.runNumber = 1;
    const int first = model.addOrReplace(run);
    run.runNumber = 2;
    run.cancelled = true;
    const int second = model.addOrReplace(run);
    QCOMPARE(cell(model, model.rowOf(first), LibraryModel::FileColumn), QStringLiteral("unsaved run 1"));
    QCOMPARE(cell(model, model.rowOf(second), LibraryModel::FileColumn), QStringLiteral("unsaved run 2 (cancelled)"));
}

// With a filter on, saving the selected run changes its cells ("unsaved" goes): the row stays
// selected and shown until the filter itself changes.
void TestLibraryModel::aSelectedRowStaysWhileTheFilterDoesNotChange()
{
    LibraryModel model;
    LibraryPane pane(&model);
    LibraryEntry run = entryFrom(seedBytes());
    run.origin = LibraryEntry::Origin::Run;
    run.unsaved = true;
    const int id = model.addOrReplace(run);
    model.addOrReplace(entryFrom(seedBytes(), QStringLiteral("/data/other.json")));
    pane.filterEdit()->setText(QStringLiteral("unsaved"));
    QCOMPARE(pane.filter()->rowCount(), 1);
    pane.selectIds({id});
    QSignalSpy selection(&pane, &LibraryPane::selectionChanged);
    model.markSaved(id, QStringLiteral("/data/saved.json"));
    QCOMPARE(pane.filter()->rowCount(), 1);
    QCOMPARE(pane.selectedIds(), QList<int>{id});
    QCOMPARE(selection.count(), 0);
    pane.filterEdit()->setText(QStringLiteral("unsaved ")); // the same words: nothing changes
    QCOMPARE(pane.filter()->rowCount(), 1);
    pane.filterEdit()->setText(QStringLiteral("unsaved run")); // a new filter: it applies to all
    QCOMPARE(pane.filter()->rowCount(), 0);
}

// At the default widths the columns a learner reads are not cut.
void TestLibraryModel::theDefaultColumnsReadWhole()
{
    LibraryModel model;
    LibraryPane pane(&model);
    const QHeaderView *header = pane.view()->header();
    const QFontMetrics metrics = pane.view()->fontMetrics();
    const int icon = pane.view()->style()->pixelMetric(QStyle::PM_SmallIconSize);
    const auto fits = [&](int column, const QString &text) {
        return header->sectionSize(column)
            >= metrics.horizontalAdvance(text) + 12 + (column == LibraryModel::StatusColumn ? icon : 0);
    };
    QVERIFY(fits(LibraryModel::StatusColumn, QStringLiteral("2 warnings · unsaved")));
    QVERIFY(fits(LibraryModel::AnswerColumn, QStringLiteral("predicted ✓ · run here · compared")));
    QVERIFY(fits(LibraryModel::TitleColumn, QStringLiteral("Place the inputs before the timer")));
    QVERIFY(fits(LibraryModel::SetupColumn, QStringLiteral("64×32 · 32×16 float32, 2,000 warm calls")));
    // A results file's row: its harness, and its counts.
    QVERIFY(fits(LibraryModel::LessonColumn, QStringLiteral("Google Benchmark")));
    QVERIFY(fits(LibraryModel::TitleColumn, QStringLiteral("13 benchmarks, 10 repetitions each")));
    // And the learner's answer comes right after the lesson's title, not past the window's edge.
    QCOMPARE(header->visualIndex(LibraryModel::AnswerColumn), 2);
}

// A file measured on this machine's CPU is the learner's own run, whether a GPU computed it or
// the CPU; a recording is not, nor a run measured on another CPU.
void TestLibraryModel::aFileMeasuredHereIsTheLearnersOnAnyDevice()
{
    const auto fileWith = [](const std::string &provenance, const std::string &cpu) {
        lessonscope::Json document = entryFrom(seedBytes()).artifact->json();
        document["provenance"] = provenance;
        document["environment"]["cpu"] = cpu;
        LibraryEntry entry;
        entry.path = QStringLiteral("/a/mine.json");
        entry.artifact = lessonscope::Artifact(std::move(document));
        return entry;
    };
    const std::string here = lessonscope::cpuModel();
    QVERIFY(CourseProgress::madeOnThisMachine(fileWith("measured_cpu_computation", here)));
    QVERIFY(CourseProgress::madeOnThisMachine(fileWith("measured_gpu_computation", here)));
    QVERIFY(!CourseProgress::madeOnThisMachine(fileWith("recorded_cpu_computation", here)));
    QVERIFY(!CourseProgress::madeOnThisMachine(fileWith("measured_cpu_computation", here + " (another)")));
}

QTEST_MAIN(TestLibraryModel)
#include "tst_librarymodel.moc"
