// A watched folder is kept current at a bounded cost (issue 14): a change re-reads only the files
// that changed (by modification time and size), and one folder never has two refreshes running
// at once (one runs, at most one more waits). Checked by counting files read and jobs running,
// never by timing.

#include "core/library/artifactloader.h"
#include "core/library/folderwatcher.h"
#include "ui/library/librarymodel.h"
#include "ui/window/opencontroller.h"

#include "coretesting.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

Q_DECLARE_METATYPE(QList<LoadedFile>)

class TestFolderRefresh : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void aChangeRereadsOnlyWhatChanged();
    void refreshesOfOneFolderNeverOverlap();

private:
    // A folder of count copies of the seed, opened in controller; returns the folder.
    QString openFolder(OpenController &controller, const QString &name, int count);
    // Every file the loader delivered while spy recorded.
    static int filesIn(const QSignalSpy &loaded);

    QTemporaryDir m_dir;
};

void TestFolderRefresh::initTestCase()
{
    qRegisterMetaType<QList<LoadedFile>>();
    QVERIFY(m_dir.isValid());
}

QString TestFolderRefresh::openFolder(OpenController &controller, const QString &name, int count)
{
    const QString folder = m_dir.filePath(name);
    QDir().mkpath(folder);
    const QByteArray seed = coretesting::readBytes(coretesting::seedPath());
    for (int i = 0; i < count; ++i)
        coretesting::writeBytes(folder + QStringLiteral("/a%1.json").arg(i), seed);
    QSignalSpy opened(&controller, &OpenController::opened);
    controller.open({folder});
    if (!opened.wait(30'000))
        qFatal("the folder did not open");
    return QFileInfo(folder).absoluteFilePath();
}

int TestFolderRefresh::filesIn(const QSignalSpy &loaded)
{
    int files = 0;
    for (const QList<QVariant> &batch : loaded)
        files += static_cast<int>(batch.at(1).value<QList<LoadedFile>>().size());
    return files;
}

void TestFolderRefresh::aChangeRereadsOnlyWhatChanged()
{
    LibraryModel model;
    OpenController controller(&model);
    const QString folder = openFolder(controller, QStringLiteral("one"), 20);
    QCOMPARE(model.rowCount(), 20);

    // One file grows (a different size, whatever the clock's resolution), one appears.
    QByteArray changed = coretesting::readBytes(folder + QStringLiteral("/a3.json"));
    changed.append('\n');
    QVERIFY(coretesting::writeBytes(folder + QStringLiteral("/a3.json"), changed));
    QVERIFY(coretesting::writeBytes(folder + QStringLiteral("/new.json"), changed));

    QSignalSpy loaded(controller.loader(), &ArtifactLoader::filesLoaded);
    QSignalSpy finished(controller.loader(), &ArtifactLoader::finished);
    emit controller.watcher()->folderChanged(folder);
    QVERIFY(finished.wait(30'000));
    QCOMPARE(filesIn(loaded), 2); // not all 21
    QCOMPARE(model.rowCount(), 21);
}

void TestFolderRefresh::refreshesOfOneFolderNeverOverlap()
{
    LibraryModel model;
    OpenController controller(&model);
    const QString folder = openFolder(controller, QStringLiteral("two"), 5);
    ArtifactLoader *loader = controller.loader();

    int mostAtOnce = 0;
    connect(loader, &ArtifactLoader::progress, this,
            [&] { mostAtOnce = std::max(mostAtOnce, int(loader->jobs().size())); });
    QSignalSpy finished(loader, &ArtifactLoader::finished);
    for (int i = 0; i < 5; ++i) {
        emit controller.watcher()->folderChanged(folder);
        mostAtOnce = std::max(mostAtOnce, int(loader->jobs().size()));
    }
    // One runs, one waits: the five changes cost two refreshes.
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 30'000);
    QVERIFY(!loader->isBusy());
    QCOMPARE(mostAtOnce, 1);
    QCOMPARE(finished.count(), 2);
}

QTEST_MAIN(TestFolderRefresh)

#include "tst_folderrefresh.moc"
