// The explorer on what the new parts let in (issue 19): artifact text that is markup reaches no
// widget, tool tip or status line as rich text; artifact text of megabytes reaches no widget
// whole; a header never says another run's contentHash matches. Each case opens hostile
// files in the real window (offscreen) and looks at every widget, tool tip and model cell.

#include "core/lesson/lessonrunner.h"
#include "explorertesting.h"
#include "ui/artifact/artifactheader.h"
#include "ui/artifact/artifactview.h"
#include "ui/common/plaintext.h"
#include "ui/library/librarypane.h"
#include "ui/library/librarymodel.h"
#include "ui/runs/comparisonview.h"
#include "ui/runs/runpanel.h"
#include "ui/window/centralview.h"
#include "ui/window/mainactions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/opencontroller.h"
#include "ui/window/savecontroller.h"

#include <nlohmann/json.hpp>

#include <QAbstractButton>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>

#include <limits>

using namespace explorertesting;
using namespace lessonscope;

namespace {

// The seed with keys set by JSON Pointer, written to dir as name.
QString writeVariant(const QTemporaryDir &dir, const QString &name,
                     const std::vector<std::pair<std::string, Json>> &set)
{
    Json document = coretesting::seedArtifact().json();
    for (const auto &[pointer, value] : set)
        document[Json::json_pointer(pointer)] = value;
    const QString path = dir.filePath(name);
    writeFile(path, QByteArray::fromStdString(document.dump(2)));
    return path;
}

// A tool tip Qt would lay out as HTML, unless it is plainToolTip's escaped paragraph.
bool richToolTip(const QString &tip)
{
    return Qt::mightBeRichText(tip) && !tip.startsWith(QStringLiteral("<p style=\"white-space:pre-wrap\">"));
}

// Every text the window shows: labels, buttons, tool tips, the status line and the library's cells.
QStringList everyText(MainWindow &window)
{
    QStringList texts;
    for (QWidget *widget : window.findChildren<QWidget *>()) {
        texts << widget->toolTip();
        if (auto *label = qobject_cast<QLabel *>(widget))
            texts << label->text();
        if (auto *button = qobject_cast<QAbstractButton *>(widget))
            texts << button->text();
    }
    texts << window.statusBar()->currentMessage();
    const LibraryModel *model = window.model();
    for (int row = 0; row < model->rowCount(); ++row) {
        for (int column = 0; column < model->columnCount(); ++column) {
            for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
                texts << model->index(row, column).data(role).toString();
        }
    }
    return texts;
}

// The largest width and height a widget took, over every resize it met while this watched it.
class LargestSize : public QObject
{
public:
    explicit LargestSize(QWidget *watched) { watched->installEventFilter(this); }
    QSize size() const { return m_size; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize)
            m_size = m_size.expandedTo(static_cast<QWidget *>(watched)->size());
        return false;
    }

private:
    QSize m_size;
};

// The tallest size hint among the window's widgets that are shown, and whose it is.
std::pair<int, QString> tallestSizeHint(MainWindow &window)
{
    std::pair<int, QString> tallest{window.sizeHint().height(), QStringLiteral("MainWindow")};
    for (const QWidget *widget : window.findChildren<QWidget *>()) {
        if (widget->isVisibleTo(&window) && widget->sizeHint().height() > tallest.first)
            tallest = {widget->sizeHint().height(), QString::fromLatin1(widget->metaObject()->className())};
    }
    return tallest;
}

void openAndShow(MainWindow &window, const QStringList &paths)
{
    QSignalSpy opened(window.openController(), &OpenController::opened);
    window.openPaths(paths);
    QVERIFY(opened.wait(60'000));
    for (int row = 0; row < window.model()->rowCount(); ++row) { // each file shown in turn
        window.library()->selectIds({window.model()->index(row, 0).data(LibraryModel::EntryIdRole).toInt()});
        QCoreApplication::processEvents();
    }
}

// The seed with its warm samples (the stdout's and the line panel's, x numbered from 1) and its
// first call replaced, and its stated median, written to dir as name. null leaves a value as it is.
QString writeFigures(const QTemporaryDir &dir, const QString &name, const Json &samples, const Json &first,
                     const Json &stated)
{
    Json document = coretesting::seedArtifact().json();
    Json out = Json::parse(document["stdout"].get<std::string>());
    Json &panels = document["data"]["panels"];
    if (!samples.is_null()) {
        out["warm_samples_seconds"] = samples;
        panels[1]["series"][0]["y"] = samples;
        Json x = Json::array();
        for (std::size_t i = 1; samples.is_array() && i <= samples.size(); ++i)
            x.push_back(i);
        panels[1]["x"] = samples.is_array() ? x : samples;
    }
    if (!first.is_null()) {
        out["first_call_seconds"] = first;
        panels[0]["series"][0]["y"] = Json::array({first});
    }
    if (!stated.is_null())
        out["warm_median_seconds"] = stated;
    document["stdout"] = out.dump(2) + "\n";
    const QString path = dir.filePath(name);
    writeFile(path, QByteArray::fromStdString(document.dump(2)));
    return path;
}

} // namespace

class TestHostileExplorer : public QObject
{
    Q_OBJECT

public:
    static void initMain() { useOffscreenScreen(1600, 1000, 1.0); }

private slots:
    void initTestCase() { isolateSettings(m_dir); }
    void markupInToolTipsIsText();
    void megabytesOfTextReachNoWidget();
    void anotherRunsContentHashIsNotReproducible();
    void aFolderOfHostileEvidenceOpens();
    void aFolderOfHostileFiguresCompares();
    void theRunPanelRefusesARunOfHours();

private:
    QTemporaryDir m_dir;
};

// A generatedAt or a governor name holding <img src=…> made the explorer load that path from a
// tool tip: every tool tip built from a file is plain text now.
void TestHostileExplorer::markupInToolTipsIsText()
{
    QTemporaryDir dir;
    const std::string markup = "<img src=\"/nonexistent/decoy.png\"><b>bold</b>";
    const Json evidence = Json::parse(R"({"seconds": 0.5, "host": {"voluntarySwitches": 1, "involuntarySwitches": 900},
        "device": {"voluntarySwitches": 1, "involuntarySwitches": 900, "threads": 1}, "loadAverage": 0.1, "cpus": 2})");
    Json disturbed = evidence;
    disturbed["governor"] = "<img src=\"/x\">";
    const QString path = writeVariant(dir, QStringLiteral("markup.json"),
                                      {{"/generatedAt", markup},
                                       {"/provenance", markup},
                                       {"/kind", markup},
                                       {"/environment/interference", disturbed},
                                       {"/environment/jax", markup}});
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    openAndShow(window, {path});
    int seen = 0;
    const LibraryModel *model = window.model();
    QStringList tips;
    for (QWidget *widget : window.findChildren<QWidget *>())
        tips << widget->toolTip();
    for (int row = 0; row < model->rowCount(); ++row) {
        for (int column = 0; column < model->columnCount(); ++column)
            tips << model->index(row, column).data(Qt::ToolTipRole).toString();
    }
    for (const QString &tip : std::as_const(tips)) {
        if (!tip.contains(QStringLiteral("img")))
            continue;
        ++seen;
        QVERIFY2(!richToolTip(tip), qPrintable(tip));
    }
    for (const QLabel *label : window.findChildren<QLabel *>()) {
        if (label->text().contains(QStringLiteral("<img")))
            QVERIFY2(label->textFormat() == Qt::PlainText, qPrintable(label->text()));
    }
    QVERIFY(seen >= 3); // the date's tool tip, the evidence's, the library's cells
    window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
}

// A 1 MB kind, provenance or lessonId made the explorer's memory climb 0.7 GB a second; a 10 MB
// diagram title kept its main thread busy. No text a widget is given is longer than a paragraph,
// and none makes the window or a widget in it ask for more room than a screen has: a 1 MB id
// once made the window as wide as the id, 28 GB of backing store (docs/security.md). Text of
// one long word and text of words (which wraps, onto as many lines as it has) are both tried.
void TestHostileExplorer::megabytesOfTextReachNoWidget()
{
    QTemporaryDir dir;
    const std::string mega(1 << 20, 'K');
    const std::string tenMega(10 << 20, 'T');
    std::string words; // the same sizes in words of eight characters
    while (words.size() < (1 << 20))
        words += "wordy K ";
    std::string tenMegaWords;
    while (tenMegaWords.size() < (10 << 20))
        tenMegaWords += words;
    QStringList paths;
    for (const char *pointer :
         {"/kind", "/provenance", "/lessonId", "/generatedAt", "/environment/jax", "/environment/backend"}) {
        const QString name = QString::fromLatin1(pointer).mid(1).replace(QLatin1Char('/'), QLatin1Char('-'));
        paths << writeVariant(dir, name + QStringLiteral(".json"), {{pointer, mega}});
        paths << writeVariant(dir, name + QStringLiteral("-words.json"), {{pointer, words}});
    }
    paths << writeVariant(dir, QStringLiteral("title.json"), {{"/diagram/title", tenMega}});
    paths << writeVariant(dir, QStringLiteral("prediction.json"), {{"/diagram/prediction", tenMega}});
    paths << writeVariant(dir, QStringLiteral("reading.json"),
                          {{"/diagram/reading", tenMega}, {"/diagram/scope", mega}});
    paths << writeVariant(dir, QStringLiteral("diagram-words.json"),
                          {{"/diagram/title", tenMegaWords},
                           {"/diagram/prediction", tenMegaWords},
                           {"/diagram/reading", tenMegaWords},
                           {"/diagram/scope", words}});
    MainWindow window;
    const LargestSize largest(&window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    openAndShow(window, paths);
    int tallest = 0;
    // With each file shown in turn, not only the last: the run dock named a lesson it cannot run
    // by its whole id, and a 1 MB id made the window as wide as the id (gigabytes of window).
    for (int row = 0; row < window.model()->rowCount(); ++row) {
        window.library()->selectIds({window.model()->index(row, 0).data(LibraryModel::EntryIdRole).toInt()});
        QCoreApplication::processEvents();
        for (const QString &text : everyText(window))
            QVERIFY2(text.size() <= kMaxShownParagraph + 200,
                     qPrintable(QString::number(text.size()) + QLatin1Char(' ') + text.left(80)));
        QVERIFY2(window.sizeHint().width() < 20'000, qPrintable(QString::number(window.sizeHint().width())));
        // A screen is a few thousand pixels tall; a wrapped megabyte is hundreds of thousands.
        const auto [height, whose] = tallestSizeHint(window);
        const QString file
            = QFileInfo(window.model()->entry(window.library()->selectedIds().constFirst())->path).fileName();
        QVERIFY2(height < 5'000, qPrintable(QStringLiteral("%1: %2 asks for %3 pixels").arg(file, whose).arg(height)));
        tallest = std::max(tallest, height);
    }
    // The window itself, whatever it met in between: no taller than its screen (1000 pixels).
    qInfo("largest window %d×%d, tallest size hint %d", largest.size().width(), largest.size().height(), tallest);
    QVERIFY2(largest.size().height() <= 1000 && largest.size().width() < 20'000,
             qPrintable(QStringLiteral("%1×%2").arg(largest.size().width()).arg(largest.size().height())));
    window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
}

// The explorer started on a folder holding a file whose device.threads was null died with it.
// Opened as a folder, every such file is a row, each is shown in turn, and their conditions read
// "not known" rather than as arithmetic on what is out of range.
void TestHostileExplorer::aFolderOfHostileEvidenceOpens()
{
    QTemporaryDir dir;
    const Json evidence = Json::parse(R"({"seconds": 0.5, "host": {"voluntarySwitches": 1, "involuntarySwitches": 2},
        "device": {"voluntarySwitches": 1, "involuntarySwitches": 2, "threads": 1}, "loadAverage": 0.1, "cpus": 2})");
    const std::vector<std::pair<std::string, Json>> hostile = {
        {"/device/threads", nullptr},
        {"/device/threads", "4"},
        {"/device/threads", Json::array({1})},
        {"/host/involuntarySwitches", -2000},
        {"/host/involuntarySwitches", std::numeric_limits<std::int64_t>::max()},
        {"/device/involuntarySwitches", std::numeric_limits<std::int64_t>::max()},
        {"/seconds", 1e308},
        {"/cpus", 0},
    };
    for (std::size_t i = 0; i < hostile.size(); ++i) {
        Json changed = evidence;
        changed[Json::json_pointer(hostile[i].first)] = hostile[i].second;
        writeVariant(dir, QStringLiteral("evidence-%1.json").arg(i), {{"/environment/interference", changed}});
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    openAndShow(window, {dir.path()});
    QCOMPARE(window.model()->rowCount(), int(hostile.size()));
    window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
}

// The explorer started on a folder of files whose figures a comparison reads (a stated median
// that is not the samples', the largest and the smallest doubles, samples that are not numbers,
// errors, a long series) was reported to abort. Every pair of one lesson's such files is compared
// as a user compares them, selecting both rows, on linear and on log axes: each is a comparison
// whose every figure has a verdict (a figure neither side has as a number had none), and a side
// with errors is named first.
void TestHostileExplorer::aFolderOfHostileFiguresCompares()
{
    QTemporaryDir dir;
    const double largest = std::numeric_limits<double>::max();
    const double smallest = std::numeric_limits<double>::denorm_min();
    Json many = Json::array();
    for (int i = 0; i < 200'000; ++i)
        many.push_back(i % 2 == 0 ? 1e-5 + i * 1e-12 : largest / (i + 1));
    writeFigures(dir, QStringLiteral("stated-median.json"), nullptr, nullptr, 1.0);
    writeFigures(dir, QStringLiteral("largest.json"), Json(std::vector<double>(7, largest)), largest, largest);
    writeFigures(dir, QStringLiteral("smallest.json"), Json(std::vector<double>(7, smallest)), smallest, smallest);
    writeFigures(dir, QStringLiteral("extremes.json"),
                 Json::array({largest, smallest, largest, smallest, 0.0, largest, smallest}), smallest, largest);
    writeFigures(dir, QStringLiteral("negative.json"), Json::array({-1.0, -largest, 0.0, -smallest, -2.0, -3.0, 0.0}),
                 0.0, -1.0);
    writeFigures(dir, QStringLiteral("wrong-types.json"),
                 Json::array({"fast", nullptr, true, Json::object(), Json::array(), 1e-5, "1e-5"}), "slow", "8e-6");
    writeFigures(dir, QStringLiteral("not-a-list.json"), "samples", Json::array({1}), Json::object());
    writeFigures(dir, QStringLiteral("long-series.json"), many, 1e-2, 1e-5);
    writeVariant(
        dir, QStringLiteral("errors.json"),
        {{"/data/panels/0/kind", 7}, {"/data/panels/1/series/0/y", "y"}, {"/environment/interference", "disturbed"}});
    writeVariant(dir, QStringLiteral("recording.json"), {});
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    openAndShow(window, {dir.path()});
    const LibraryModel *model = window.model();
    QCOMPARE(model->rowCount(), 10);
    int compared = 0;
    for (const bool logScale : {false, true}) {
        window.actions()->logScale->setChecked(logScale);
        for (int first = 0; first < model->rowCount(); ++first) {
            for (int second = first + 1; second < model->rowCount(); ++second) {
                const LibraryEntry *a = model->entry(model->index(first, 0).data(LibraryModel::EntryIdRole).toInt());
                const LibraryEntry *b = model->entry(model->index(second, 0).data(LibraryModel::EntryIdRole).toInt());
                window.library()->selectIds({a->id, b->id});
                QCoreApplication::processEvents();
                const QString pair
                    = QFileInfo(a->path).fileName() + QStringLiteral(" · ") + QFileInfo(b->path).fileName();
                QVERIFY2(window.centre()->page() == CentralView::Page::Comparison,
                         qPrintable(pair + QLatin1Char('\n') + window.centre()->noteText()));
                ++compared;
                const ComparisonView *view = window.centre()->comparisonView();
                QVERIFY2(!(a->hasErrors() || b->hasErrors())
                             || view->differencesText().startsWith(QStringLiteral("⚠ ")),
                         qPrintable(pair + QLatin1Char('\n') + view->differencesText()));
                QVERIFY2(view->table()->rowCount() >= 1, qPrintable(pair));
                for (int r = 0; r < view->table()->rowCount(); ++r)
                    QVERIFY2(!view->table()->item(r, 4)->text().isEmpty(),
                             qPrintable(pair + QStringLiteral(": ") + view->table()->item(r, 0)->text()));
            }
        }
    }
    QCOMPARE(compared, 2 * 45);
    window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
}

// Each value in range, the run beyond what a lesson runs (performance-01 at 4096³ took minutes,
// nearly all of it the reference check): the run panel says why before anything is measured.
void TestHostileExplorer::theRunPanelRefusesARunOfHours()
{
    MainWindow window;
    window.resize(1280, 860);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openBundled();
    RunPanel *panel = window.runPanel();
    QTRY_VERIFY(panel->lesson());
    QCOMPARE(panel->lesson()->info().id, std::string("performance-01"));
    panel->setValues({{"m", std::int64_t(4096)}, {"k", std::int64_t(4096)}, {"n", std::int64_t(4096)}});
    window.actions()->run->trigger();
    QVERIFY(!panel->runner()->isRunning());
    QVERIFY2(panel->statusText().contains(QStringLiteral("(2048³) a lesson runs")), qPrintable(panel->statusText()));
    saveScreenshot(window, QStringLiteral("run-refused.png"));
    window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
}

void TestHostileExplorer::anotherRunsContentHashIsNotReproducible()
{
    const ReadResult four = readArtifactFile(
        QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/performance-04.recorded.json"));
    const ReadResult five = readArtifactFile(
        QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/performance-05.recorded.json"));
    QVERIFY(four.artifact && five.artifact);
    const auto hashField = [](const LibraryEntry &entry) {
        ArtifactHeader header;
        header.setEntry(entry);
        for (const QLabel *caption : header.findChildren<QLabel *>()) {
            if (caption->text() == QLatin1String("Content hash:"))
                return qobject_cast<QLabel *>(caption->buddy())->text();
        }
        return QString();
    };
    LibraryEntry honest;
    honest.artifact = five.artifact;
    QVERIFY2(hashField(honest).contains(QStringLiteral("(matches this lesson and its parameters)")),
             qPrintable(hashField(honest)));
    Json document = five.artifact->json();
    document["contentHash"] = four.artifact->contentHash();
    LibraryEntry lying;
    lying.artifact = Artifact(document);
    lying.problems = validateArtifact(document);
    const QString shown = hashField(lying);
    QVERIFY2(shown.contains(QStringLiteral("(does not match)")) && !shown.contains(QStringLiteral("matches this")),
             qPrintable(shown));
}

QTEST_MAIN(TestHostileExplorer)
#include "tst_hostileexplorer.moc"
