// Every lesson's exported trace — of its recording and of a fresh run on this machine — read by
// real third-party readers of Chrome Trace Event JSON (tests/traces/readers/check-traces.mjs:
// @tracerbench/trace-model, speedscope's importer, Perfetto's documented rules), which must find
// no error, drop no event and see no overlap that is not nesting. Skipped, saying so, only when
// node is not installed; the readers are installed by scripts/install-trace-readers.sh.
#include "core/lesson/lessonregistry.h"
#include "coretesting.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace lessonscope;

namespace {

const QString kReaders = QStringLiteral(LESSONSCOPE_SOURCE_DIR "/tests/traces/readers");

struct Ran {
    int exitCode = -1;
    QString output;
};

Ran run(const QString &program, const QStringList &arguments, int timeoutMs = 240000)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return {-1, QStringLiteral("%1 did not finish").arg(program)};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAll())};
}

} // namespace

class TestTraceReaders : public QObject
{
    Q_OBJECT

private:
    QString m_node;
    QTemporaryDir m_dir;

    // The trace of an artifact, written by export-trace as a user would; checked by the readers.
    void checkTraceOf(const QString &artifact, const QString &name)
    {
        const QString trace = m_dir.filePath(name + QStringLiteral(".trace.json"));
        const Ran exported = run(QStringLiteral(LESSONSCOPE_BINARY),
                                 {QStringLiteral("export-trace"), artifact, QStringLiteral("-o"), trace});
        QVERIFY2(exported.exitCode == 0, qPrintable(exported.output));
        const Ran checked = run(m_node, {kReaders + QStringLiteral("/check-traces.mjs"), trace});
        qInfo().noquote() << checked.output.trimmed();
        QVERIFY2(checked.exitCode == 0, qPrintable(checked.output));
    }

private slots:
    void initTestCase()
    {
        m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
        if (m_node.isEmpty())
            QSKIP("node is not installed, so no third-party trace reader can be run (Debian: nodejs and npm; "
                  "then scripts/install-trace-readers.sh)");
        QVERIFY(m_dir.isValid());
        // The readers, exactly as package-lock.json locks them (a no-op once installed).
        const Ran installed
            = run(QStringLiteral("bash"), {QStringLiteral(LESSONSCOPE_SOURCE_DIR "/scripts/install-trace-readers.sh")});
        QVERIFY2(installed.exitCode == 0, qPrintable(installed.output));
        QVERIFY2(
            QFileInfo::exists(kReaders + QStringLiteral("/node_modules/@tracerbench/trace-model")),
            "the trace readers are not installed: run scripts/install-trace-readers.sh (it needs the npm registry)");
    }

    void recording_data()
    {
        QTest::addColumn<QString>("lesson");
        for (const Lesson *lesson : courseLessons())
            QTest::newRow(lesson->info().id.c_str()) << QString::fromStdString(lesson->info().id);
    }

    void recording()
    {
        QFETCH(QString, lesson);
        const QString recorded
            = QStringLiteral(LESSONSCOPE_SOURCE_DIR "/resources/recorded/%1.recorded.json").arg(lesson);
        if (!QFileInfo::exists(recorded))
            QSKIP("this lesson has no recording yet");
        checkTraceOf(recorded, lesson + QStringLiteral("-recorded"));
    }

    void freshRun_data() { recording_data(); }

    // Run on this machine with the lesson's own defaults, as a user would.
    void freshRun()
    {
        QFETCH(QString, lesson);
        const QString artifact = m_dir.filePath(lesson + QStringLiteral(".json"));
        const Ran ran
            = run(QStringLiteral(LESSONSCOPE_BINARY), {QStringLiteral("run"), lesson, QStringLiteral("-o"), artifact});
        // A run that could not measure (a busy or sanitized machine) still writes its trace.
        QVERIFY2(ran.exitCode == 0 || ran.output.contains(QStringLiteral("could not measure")), qPrintable(ran.output));
        checkTraceOf(artifact, lesson + QStringLiteral("-fresh"));
    }

    // The schematic trace of an artifact without a measured one (the pipeline's seed).
    void schematic() { checkTraceOf(coretesting::seedPath(), QStringLiteral("seed-schematic")); }
};

QTEST_GUILESS_MAIN(TestTraceReaders)
#include "tst_tracereaders.moc"
