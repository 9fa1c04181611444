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
#include "ui/runs/runpanel.h"
#include "ui/window/mainactions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/opencontroller.h"
#include "ui/window/savecontroller.h"

#include <nlohmann/json.hpp>

#include <QAbstractButton>
#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

#include <limits>

using namespace explorertesting;
using namespace lessonscope;

namespace {

// The seed with keys set by JSON Pointer, written to dir as name.
QString writeVariant(const QTemporaryDir &dir, const QString &name, const std::vector<std::pair<std::string, Json>> &set)
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
                                      {{"/generatedAt", markup}, {"/provenance", markup}, {"/kind", markup},
                                       {"/environment/interference", disturbed}, {"/environment/jax", markup}});
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
// diagram title kept its main thread busy. No text a widget is given is longer than a paragraph.
void TestHostileExplorer::megabytesOfTextReachNoWidget()
{
    QTemporaryDir dir;
    const std::string mega(1 << 20, 'K');
    const std::string tenMega(10 << 20, 'T');
    QStringList paths;
    for (const char *pointer : {"/kind", "/provenance", "/lessonId", "/generatedAt", "/environment/jax", "/environment/backend"})
        paths << writeVariant(dir, QString::fromLatin1(pointer).mid(1).replace(QLatin1Char('/'), QLatin1Char('-')) + QStringLiteral(".json"),
                              {{pointer, mega}});
    paths << writeVariant(dir, QStringLiteral("title.json"), {{"/diagram/title", tenMega}});
    paths << writeVariant(dir, QStringLiteral("prediction.json"), {{"/diagram/prediction", tenMega}});
    paths << writeVariant(dir, QStringLiteral("reading.json"), {{"/diagram/reading", tenMega}, {"/diagram/scope", mega}});
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    openAndShow(window, paths);
    // With each file shown in turn, not only the last: the run dock named a lesson it cannot run
    // by its whole id, and a 1 MB id made the window as wide as the id (gigabytes of window).
    for (int row = 0; row < window.model()->rowCount(); ++row) {
        window.library()->selectIds({window.model()->index(row, 0).data(LibraryModel::EntryIdRole).toInt()});
        QCoreApplication::processEvents();
        for (const QString &text : everyText(window))
            QVERIFY2(text.size() <= kMaxShownParagraph + 200, qPrintable(QString::number(text.size()) + QLatin1Char(' ') + text.left(80)));
        QVERIFY2(window.sizeHint().width() < 20'000, qPrintable(QString::number(window.sizeHint().width())));
    }
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
    const ReadResult four = readArtifactFile(QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/performance-04.recorded.json"));
    const ReadResult five = readArtifactFile(QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/performance-05.recorded.json"));
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
    QVERIFY2(hashField(honest).contains(QStringLiteral("(matches this lesson and its parameters)")), qPrintable(hashField(honest)));
    Json document = five.artifact->json();
    document["contentHash"] = four.artifact->contentHash();
    LibraryEntry lying;
    lying.artifact = Artifact(document);
    lying.problems = validateArtifact(document);
    const QString shown = hashField(lying);
    QVERIFY2(shown.contains(QStringLiteral("(does not match)")) && !shown.contains(QStringLiteral("matches this")), qPrintable(shown));
}

QTEST_MAIN(TestHostileExplorer)
#include "tst_hostileexplorer.moc"
