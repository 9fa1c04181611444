#include "ui/artifact/artifactheader.h"
#include "ui/artifact/artifactview.h"
#include "ui/timeline/diagramview.h"
#include "explorertesting.h"
#include "ui/charts/panelchart.h"
#include "ui/artifact/panelsview.h"
#include "ui/artifact/problemsview.h"

#include <QFontDatabase>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

using namespace explorertesting;

// The artifact view: what a user sees of one artifact, sound or broken.
class TestArtifactView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void seedGivesTwoChartsWithItsValues();
    void seedShowsHeaderStdoutEnvironmentDiagram();
    void invalidFileShowsProblemsAndNoChart_data();
    void invalidFileShowsProblemsAndNoChart();
    void brokenPanelIsAPlaceholderTheRestIsDrawn();
    void textStdoutIsShownAsWritten();
    void markupInTheFileIsShownAsText();

private:
    QTemporaryDir m_dir;
};

void TestArtifactView::initTestCase() { isolateSettings(m_dir); }

void TestArtifactView::seedGivesTwoChartsWithItsValues()
{
    ArtifactView view(nullptr); // no course: nothing covered
    view.resize(1100, 800);
    view.setEntry(entryFrom(seedBytes(), seedPath()));
    const QList<PanelChart *> charts = view.panels()->charts();
    QCOMPARE(charts.size(), 2);
    QCOMPARE(view.panels()->placeholderCount(), 0);

    // First call: one bar, 0.029204250313341618 s, shown in ms.
    PanelChart *first = charts[0];
    QCOMPARE(first->panel().title, QStringLiteral("First call"));
    QCOMPARE(first->chartSeriesCount(), 1);
    QCOMPARE(first->chartSeriesName(0), QStringLiteral("synchronized call"));
    QCOMPARE(first->valueAxisTitle(), QStringLiteral("time (ms)"));
    QCOMPARE(first->chartPoints(0).size(), 1);
    QCOMPARE(first->chartPoints(0).at(0).y(), 0.029204250313341618 / 1e-3);

    // Warm calls: the seven samples at x = 1..7, shown in µs.
    const double warm[] = {3.833277150988579e-05, 1.7374753952026367e-05, 1.2500211596488953e-05, 8.500181138515472e-06,
                           8.20821151137352e-06,  8.458271622657776e-06,  7.125083357095718e-06};
    PanelChart *line = charts[1];
    QCOMPARE(line->panel().title, QStringLiteral("Warm calls"));
    QCOMPARE(line->valueAxisTitle(), QStringLiteral("time (µs)"));
    const QList<QPointF> points = line->chartPoints(0);
    QCOMPARE(points.size(), 7);
    for (int i = 0; i < 7; ++i) {
        QCOMPARE(points[i].x(), double(i + 1));
        QCOMPARE(points[i].y(), warm[i] / 1e-6);
        QCOMPARE(line->panel().series[0].y[static_cast<std::size_t>(i)], warm[i]); // the source, untouched
    }
}

void TestArtifactView::seedShowsHeaderStdoutEnvironmentDiagram()
{
    ArtifactView view(nullptr); // no course: nothing covered
    view.setEntry(entryFrom(seedBytes(), seedPath()));
    QCOMPARE(view.header()->titleText(), QStringLiteral("Time the completed result"));
    const QString summary = view.header()->summaryText();
    QVERIFY2(summary.contains(QStringLiteral("first call: 29.2 ms")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("warm median: 8.50 µs (median of 7 warm calls)")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("64×32 · 32×16 float32")), qPrintable(summary));

    QCOMPARE(view.environment()->rowCount(), 5);
    QCOMPARE(view.environment()->item(0, 0)->text(), QStringLiteral("backend"));
    QCOMPARE(view.environment()->item(2, 1)->text(), QStringLiteral("0.9.2"));
    QCOMPARE(view.problems()->problemCount(), 0);
    QCOMPARE(view.tabs()->tabText(ArtifactView::ProblemsTab), QStringLiteral("P&roblems"));

    QVERIFY(view.stdoutView()->toPlainText().isEmpty()); // laid out when its tab is shown
    view.tabs()->setCurrentIndex(ArtifactView::StdoutTab);
    const QString out = view.stdoutView()->toPlainText();
    QVERIFY(out.startsWith(QStringLiteral("{\n  \"backend\": \"TFRT_CPU_0\",")));
    QVERIFY(out.indexOf(QStringLiteral("\"backend\""))
            < out.indexOf(QStringLiteral("\"max_abs_error\""))); // key order kept
    // Arrays of numbers flow onto lines; the text is the same JSON as the artifact's stdout.
    QVERIFY2(out.contains(QStringLiteral("\"input_shape\": [\n    64, 32\n  ],")), qPrintable(out));
    QVERIFY2(
        out.contains(QStringLiteral("\"warm_samples_seconds\": [\n    3.833277150988579e-05, 1.7374753952026367e-05,")),
        qPrintable(out));
    const LibraryEntry seed = entryFrom(seedBytes(), seedPath());
    QCOMPARE(QJsonDocument::fromJson(out.toUtf8()),
             QJsonDocument::fromJson(QByteArray::fromStdString(seed.artifact->stdoutText())));
    for (const QString &line : out.split(u'\n'))
        QVERIFY2(line.size() <= 100, qPrintable(line));
    // Monospace: the platform's fixed-pitch font is asked for (what it resolves to, and whether
    // that is truly fixed-pitch, depends on the fonts this machine has installed).
    QCOMPARE(view.stdoutView()->font(), QFontDatabase::systemFont(QFontDatabase::FixedFont));

    DiagramView *diagram = view.diagram();
    QVERIFY(diagram->accessibleDescription().startsWith(QStringLiteral("The host dispatches and waits")));
    QVERIFY(!diagram->isExplanationShown()); // the learner predicts first
    diagram->setExplanationShown(true);
    QVERIFY(diagram->isExplanationShown());
}

void TestArtifactView::invalidFileShowsProblemsAndNoChart_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("pointer");
    QTest::newRow("truncated JSON") << seedBytes().left(700) << QString();
    QTest::newRow("not an object") << QByteArray("[1, 2, 3]") << QString();
    QTest::newRow("empty file") << QByteArray() << QString();
    QTest::newRow("unknown schemaVersion")
        << seedWith("\"schemaVersion\": 1", "\"schemaVersion\": 99") << QStringLiteral("/schemaVersion");
}

void TestArtifactView::invalidFileShowsProblemsAndNoChart()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, pointer);
    const LibraryEntry entry = entryFrom(bytes, QStringLiteral("/tmp/broken.json"));
    QVERIFY(entry.hasErrors());
    ArtifactView view(nullptr); // no course: nothing covered
    view.setEntry(entry);
    QCOMPARE(view.panels()->charts().size(), 0);
    QVERIFY(view.problems()->problemCount() > 0);
    QCOMPARE(view.tabs()->currentIndex(), int(ArtifactView::ProblemsTab)); // the problems come first
    QVERIFY(view.tabs()->tabText(ArtifactView::ProblemsTab).contains(QStringLiteral("(")));
    const QStringList rows = view.problems()->rowTexts();
    QVERIFY(rows.constFirst().startsWith(QStringLiteral("error")));
    if (!pointer.isEmpty()) {
        QVERIFY2(rows.filter(pointer).size() > 0, qPrintable(rows.join(QLatin1Char('\n'))));
    }
}

void TestArtifactView::brokenPanelIsAPlaceholderTheRestIsDrawn()
{
    // The warm calls' y loses a value: its length no longer matches x.
    const QByteArray bytes
        = seedWith("8.458271622657776e-06,\n              7.125083357095718e-06\n", "8.458271622657776e-06\n");
    const LibraryEntry entry = entryFrom(bytes);
    QVERIFY(entry.artifact);
    QVERIFY(entry.hasErrors());
    ArtifactView view(nullptr); // no course: nothing covered
    view.setEntry(entry);
    QCOMPARE(view.panels()->charts().size(), 1);
    QCOMPARE(view.panels()->charts().constFirst()->panel().title, QStringLiteral("First call"));
    QCOMPARE(view.panels()->placeholderCount(), 1);
    QVERIFY(view.problems()->rowTexts().filter(QStringLiteral("/data/panels/1")).size() > 0);
}

void TestArtifactView::textStdoutIsShownAsWritten()
{
    const QByteArray bytes = seedWith("\"stdout\": \"{", "\"stdout\": \"plain text, not JSON\\n{");
    const LibraryEntry entry = entryFrom(bytes);
    QVERIFY(entry.artifact);
    ArtifactView view(nullptr); // no course: nothing covered
    view.setEntry(entry);
    view.tabs()->setCurrentIndex(ArtifactView::StdoutTab);
    QVERIFY(view.stdoutView()->toPlainText().startsWith(QStringLiteral("plain text, not JSON\n{")));
}

void TestArtifactView::markupInTheFileIsShownAsText()
{
    // Titles, labels and the prompt holding HTML: a user sees the characters, and no label reads
    // them as HTML (an <img> would make Qt open the file it names).
    const QString markup = QStringLiteral("<img src=\"/nonexistent/x.png\"><b>First call</b>");
    QByteArray bytes
        = seedWith("\"title\": \"First call\"", "\"title\": \"<img src=\\\"/nonexistent/x.png\\\"><b>First call</b>\"");
    bytes.replace("\"title\": \"Time the completed result\"",
                  "\"title\": \"<img src=\\\"/nonexistent/y.png\\\">Lesson\"");
    bytes.replace("\"prediction\": \"Where", "\"prediction\": \"<img src=\\\"/nonexistent/z.png\\\">Where");
    const LibraryEntry entry = entryFrom(bytes);
    QVERIFY(entry.artifact);
    ArtifactView view(nullptr); // no course: nothing covered
    view.resize(1100, 800);
    view.setEntry(entry);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    const QList<PanelChart *> charts = view.panels()->charts();
    QVERIFY(!charts.isEmpty());
    QCOMPARE(charts[0]->panel().title, markup);

    int shown = 0;
    for (const QLabel *label : view.findChildren<QLabel *>()) {
        if (!label->text().contains(QStringLiteral("<img")))
            continue;
        ++shown;
        QVERIFY2(label->textFormat() == Qt::PlainText || !Qt::mightBeRichText(label->text()),
                 qPrintable(QStringLiteral("a label reads %1 as HTML").arg(label->text())));
    }
    QVERIFY(shown >= 2); // the lesson's title and its prompt, at least, as the file has them
}

QTEST_MAIN(TestArtifactView)
#include "tst_artifactview.moc"
