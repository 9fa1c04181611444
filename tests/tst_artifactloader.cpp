#include "core/library/artifactloader.h"
#include "explorertesting.h"
#include "core/library/folderwatcher.h"
#include "ui/library/librarymodel.h"
#include "ui/window/opencontroller.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace explorertesting;

// Opening off the GUI thread: folders searched recursively, progress, cancel, kept current.
class TestArtifactLoader : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void readsFolderTreesOffTheGuiThread();
    void cancelDropsTheRest();
    void missingAndBrokenFilesBecomeProblems();
    void watcherKeepsFoldersCurrent();

private:
    QString makeTree(const QString &name, int files);
    QTemporaryDir m_dir;
};

void TestArtifactLoader::initTestCase() { isolateSettings(m_dir); }

QString TestArtifactLoader::makeTree(const QString &name, int files)
{
    const QString root = m_dir.filePath(name);
    const QByteArray seed = seedBytes();
    for (int i = 0; i < files; ++i) {
        const QString folder = QStringLiteral("%1/group%2/sub%3").arg(root).arg(i % 4).arg(i % 3);
        QDir().mkpath(folder);
        writeFile(QStringLiteral("%1/artifact-%2.json").arg(folder).arg(i), seed);
    }
    writeFile(root + QStringLiteral("/notes.txt"), "not an artifact, not *.json");
    return root;
}

void TestArtifactLoader::readsFolderTreesOffTheGuiThread()
{
    const QString root = makeTree(QStringLiteral("tree"), 30);
    ArtifactLoader loader;
    QSignalSpy loaded(&loader, &ArtifactLoader::filesLoaded);
    QSignalSpy progress(&loader, &ArtifactLoader::progress);
    QSignalSpy scanned(&loader, &ArtifactLoader::folderScanned);
    QSignalSpy finished(&loader, &ArtifactLoader::finished);
    const int job = loader.load({root});
    QVERIFY(loader.isBusy());
    QVERIFY(finished.wait(20'000));
    QCOMPARE(finished.constFirst().at(0).toInt(), job);
    QCOMPARE(finished.constFirst().at(1).toBool(), false);
    QVERIFY(!loader.isBusy());

    int count = 0;
    for (const QList<QVariant> &batch : std::as_const(loaded)) {
        const auto files = batch.at(1).value<QList<LoadedFile>>();
        for (const LoadedFile &file : files) {
            QVERIFY(file.result.ok());
            QVERIFY(file.path.endsWith(QStringLiteral(".json")));
            ++count;
        }
    }
    QCOMPARE(count, 30);
    QCOMPARE(progress.constFirst().at(2).toInt(), -1); // searching first
    QCOMPARE(progress.last().at(1).toInt(), 30);
    QCOMPARE(progress.last().at(2).toInt(), 30);
    QCOMPARE(scanned.count(), 1);
    const QStringList directories = scanned.constFirst().at(2).toStringList();
    QCOMPARE(directories.size(), 1 + 4 + 12); // the root, group0..3, their sub folders
}

void TestArtifactLoader::cancelDropsTheRest()
{
    const QString root = makeTree(QStringLiteral("big"), 400);
    ArtifactLoader loader;
    QSignalSpy loaded(&loader, &ArtifactLoader::filesLoaded);
    QSignalSpy finished(&loader, &ArtifactLoader::finished);
    const int job = loader.load({root});
    loader.cancel(job);
    QCOMPARE(finished.count(), 1); // at once
    QCOMPARE(finished.constFirst().at(1).toBool(), true);
    QVERIFY(!loader.isBusy());
    // Once the worker has returned, everything it still sent is queued for the loader: deliver
    // all of it, and none may come out. The worker always sends at least its closing "finished",
    // so the check cannot pass by looking before anything arrived.
    loader.waitForWorkers();
    QVERIFY(loader.deliverPending() >= 1);
    QCOMPARE(loaded.count(), 0); // what the worker still sent was dropped
    QCOMPARE(finished.count(), 1);
}

void TestArtifactLoader::missingAndBrokenFilesBecomeProblems()
{
    const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
    writeFile(broken, "{\"schemaVersion\": 1,");
    ArtifactLoader loader;
    QSignalSpy loaded(&loader, &ArtifactLoader::filesLoaded);
    QSignalSpy finished(&loader, &ArtifactLoader::finished);
    loader.load({broken, m_dir.filePath(QStringLiteral("missing.json"))});
    QVERIFY(finished.wait(10'000));
    QList<LoadedFile> files;
    for (const QList<QVariant> &batch : std::as_const(loaded))
        files += batch.at(1).value<QList<LoadedFile>>();
    QCOMPARE(files.size(), 2);
    for (const LoadedFile &file : files) {
        QVERIFY(!file.result.ok());
        QVERIFY(!file.result.problems.empty());
    }
}

void TestArtifactLoader::watcherKeepsFoldersCurrent()
{
    const QString root = makeTree(QStringLiteral("watched"), 3);
    LibraryModel model;
    OpenController controller(&model);
    QSignalSpy opened(&controller, &OpenController::opened);
    controller.open({root});
    QVERIFY(opened.wait(10'000));
    QCOMPARE(model.rowCount(), 3);
    QVERIFY(controller.watcher()->folders().contains(QFileInfo(root).absoluteFilePath()));

    // A new file in a subfolder appears; a deleted one goes.
    writeFile(root + QStringLiteral("/group1/sub1/new.json"), seedBytes());
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 4, 10'000);
    QVERIFY(QFile::remove(root + QStringLiteral("/group0/sub0/artifact-0.json")));
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 3, 10'000);
    // A file replaced with a broken one is read again.
    writeFile(root + QStringLiteral("/group1/sub1/new.json.tmp"), "[]");
    QVERIFY(QFile::remove(root + QStringLiteral("/group1/sub1/new.json")));
    QVERIFY(QFile::rename(root + QStringLiteral("/group1/sub1/new.json.tmp"),
                          root + QStringLiteral("/group1/sub1/new.json")));
    QTRY_VERIFY_WITH_TIMEOUT(
        model.entry(model.findByPath(root + QStringLiteral("/group1/sub1/new.json")))
            && model.entry(model.findByPath(root + QStringLiteral("/group1/sub1/new.json")))->hasErrors(),
        10'000);
}

QTEST_MAIN(TestArtifactLoader)
#include "tst_artifactloader.moc"
