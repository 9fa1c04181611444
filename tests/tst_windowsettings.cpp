// The explorer starts whatever its settings file holds: what it restores (the window's layout
// and geometry, the library's columns) comes from a file anyone can damage, and Qt's restoreState()
// crashes on some damaged layouts (Qt 6.4). Each case writes damaged settings and opens the window.
#include "explorertesting.h"
#include "ui/library/librarypane.h"
#include "ui/window/mainwindow.h"
#include "ui/window/savecontroller.h"

#include <QCryptographicHash>
#include <QDockWidget>
#include <QHeaderView>
#include <QTreeView>
#include <QScreen>
#include <QRandomGenerator>
#include <QSettings>
#include <QStatusBar>
#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace explorertesting;

namespace {

const QString kState = QStringLiteral("mainWindow/docks");

// Opens the window on the settings as they are, and closes it without saving them again.
void openWindow()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
}

} // namespace

class TestWindowSettings : public QObject
{
    Q_OBJECT

public:
    // One screen of 2560×1600 pixels at 2×, 1280×800 logical ones (a laptop's): a window saved
    // at 1× on a larger screen comes back to it.
    static void initMain() { useOffscreenScreen(2560, 1600, 2.0); }

private slots:
    void initTestCase() { isolateSettings(m_dir); }
    void init() { QSettings().clear(); }
    void everyDamagedByteOfTheLayoutIsSurvived();
    void wrongTypesAreIgnored();
    void garbageFileIsSurvived();
    void goodLayoutIsStillRestored();
    void offScreenGeometryComesBackOnScreen();
    void damagedWordsWithTheirDigestAreSurvived_data();
    void damagedWordsWithTheirDigestAreSurvived();
    void aLayoutThatStoppedTheLastStartIsNotRestoredAgain();
    void aSettingsFileThatIsAFifoDoesNotBlockTheStart();

private:
    QTemporaryDir m_dir;
};

void TestWindowSettings::everyDamagedByteOfTheLayoutIsSurvived()
{
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.close()); // saves the settings
    }
    QSettings settings;
    const QByteArray state = settings.value(kState).toByteArray();
    QVERIFY(state.size() > 16);
    // Each byte in turn set to values that make counts and sizes huge or negative.
    for (qsizetype i = 0; i < state.size(); ++i) {
        for (const char value : {char(0xFF), char(0x7F)}) {
            QByteArray damaged = state;
            if (damaged[i] == value)
                continue;
            damaged[i] = value;
            settings.setValue(kState, damaged);
            settings.sync();
            openWindow();
        }
    }
}

void TestWindowSettings::wrongTypesAreIgnored()
{
    QSettings settings;
    settings.setValue(kState, QStringList{QStringLiteral("a"), QStringLiteral("b")});
    settings.setValue(QStringLiteral("mainWindow/geometry"), 42);
    settings.setValue(QStringLiteral("library/header"), QRect(1, 2, 3, 4));
    settings.setValue(QStringLiteral("charts/logScale"), QStringLiteral("maybe"));
    settings.sync();
    openWindow();
}

void TestWindowSettings::garbageFileIsSurvived()
{
    const QString path = QSettings().fileName();
    QRandomGenerator random(14);
    for (int round = 0; round < 8; ++round) {
        QByteArray garbage(4096, Qt::Uninitialized);
        for (char &byte : garbage)
            byte = static_cast<char>(random.bounded(256));
        if (round % 2 == 1) // a file that looks like settings, with garbage values
            garbage = "[mainWindow]\nstate=@ByteArray(" + garbage.toPercentEncoding() + ")\ngeometry=@Variant("
                + garbage.left(64) + ")\n";
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(garbage);
        file.close();
        openWindow();
    }
}

void TestWindowSettings::goodLayoutIsStillRestored()
{
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto docks = window.findChildren<QDockWidget *>();
        QVERIFY(!docks.isEmpty());
        docks.constFirst()->hide();
        QHeaderView *header = window.library()->findChild<QTreeView *>()->header();
        header->setSectionHidden(1, true);
        header->moveSection(0, 2);
        header->resizeSection(2, 333);
        QVERIFY(window.close());
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.findChildren<QDockWidget *>().constFirst()->isHidden(), "a saved layout was not restored");
    const QHeaderView *header = window.library()->findChild<QTreeView *>()->header();
    QVERIFY2(header->isSectionHidden(1), "the library's columns were not restored");
    QCOMPARE(header->visualIndex(0), 2);
    QCOMPARE(header->sectionSize(2), 333);
    window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
}

void TestWindowSettings::offScreenGeometryComesBackOnScreen()
{
    // Geometries saved at 1× on a larger screen, restored on this one at 2× (half as many
    // logical pixels): past the right and bottom edges, past the left and top ones, and larger
    // than the screen.
    for (const QRect &saved :
         {QRect(1900, 1100, 1320, 860), QRect(-3000, -2000, 900, 700), QRect(40, 30, 2520, 1560)}) {
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.setGeometry(saved);
            QCoreApplication::processEvents();
            const QByteArray geometry = window.saveGeometry();
            QSettings settings;
            settings.setValue(QStringLiteral("mainWindow/geometry"), geometry);
            settings.setValue(QStringLiteral("mainWindow/geometrySha256"),
                              QCryptographicHash::hash(geometry, QCryptographicHash::Sha256));
            settings.sync();
            window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
        } // destroyed, not closed: the settings stay as written
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect available = window.screen()->availableGeometry();
        QCOMPARE(available.size(), QSize(1280, 800));
        const QRect restored = window.frameGeometry();
        QVERIFY2(available.contains(restored),
                 qPrintable(QStringLiteral("saved %1,%2 %3×%4: restored %5,%6 %7×%8 on a screen of %9×%10")
                                .arg(saved.x())
                                .arg(saved.y())
                                .arg(saved.width())
                                .arg(saved.height())
                                .arg(restored.x())
                                .arg(restored.y())
                                .arg(restored.width())
                                .arg(restored.height())
                                .arg(available.width())
                                .arg(available.height())));
        // What fitted was kept: a window that fits is not made smaller.
        if (saved.width() <= available.width() && saved.height() <= available.height() - 40)
            QCOMPARE(window.size(), saved.size());
        window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
    }
}

void TestWindowSettings::damagedWordsWithTheirDigestAreSurvived_data()
{
    QTest::addColumn<QString>("key");
    QTest::newRow("the library's columns") << QStringLiteral("library/header");
    QTest::newRow("the window's docks") << kState;
    QTest::newRow("the window's geometry") << QStringLiteral("mainWindow/geometry");
}

// The SHA-256 only stops random garbage: a layout whose 32-bit words are damaged, stored with its
// right digest, crashed the explorer in QHeaderView::restoreState at every start (issue 19).
void TestWindowSettings::damagedWordsWithTheirDigestAreSurvived()
{
    QFETCH(QString, key);
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.close()); // saves the settings
    }
    QSettings settings;
    const QByteArray state = settings.value(key).toByteArray();
    QVERIFY(state.size() >= 8);
    for (qsizetype at = 0; at + 4 <= state.size(); ++at) {
        for (const quint32 word : {0x7FFFFFFFu, 0xFFFFFFFFu, 0x80000000u, 0x00010000u}) {
            QByteArray damaged = state;
            for (int b = 0; b < 4; ++b)
                damaged[at + b] = static_cast<char>(word >> (24 - 8 * b)); // QDataStream is big-endian
            settings.setValue(key, damaged);
            settings.setValue(key + QStringLiteral("Sha256"),
                              QCryptographicHash::hash(damaged, QCryptographicHash::Sha256));
            settings.sync();
            openWindow();
        }
    }
}

// Whatever a saved layout does to Qt, it does it once: a start that did not get through its
// restore leaves a mark, and the next start opens with the default layout and says why.
void TestWindowSettings::aLayoutThatStoppedTheLastStartIsNotRestoredAgain()
{
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChildren<QDockWidget *>().constFirst()->hide();
        QVERIFY(window.close());
    }
    QSettings().setValue(QStringLiteral("mainWindow/restoring"), true); // as a crash in the restore leaves it
    QSettings().sync();
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(!window.findChildren<QDockWidget *>().constFirst()->isHidden(),
             "the layout that stopped the last start came back");
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("default layout")));
    QTRY_VERIFY(!QSettings().contains(QStringLiteral("mainWindow/restoring"))); // this start got through
    window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
}

// A FIFO in place of the settings file blocked the explorer's start forever: QSettings opens it
// blocking. A watchdog writes to the FIFO after a minute, which would unblock a start that waits.
void TestWindowSettings::aSettingsFileThatIsAFifoDoesNotBlockTheStart()
{
    const QString path = lessonscope::settingsFilePath();
    QFile::remove(path);
    QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
    std::atomic<bool> done{false}, unblocked{false};
    std::thread watchdog([&] {
        for (int i = 0; i < 600 && !done; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (done)
            return;
        unblocked = true;
        const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_NONBLOCK);
        if (fd >= 0)
            ::close(fd);
    });
    {
        MainWindow window;
        done = true;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("is not a regular file")),
                 qPrintable(window.statusBar()->currentMessage()));
        window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
        QVERIFY(window.close());
    }
    done = true;
    watchdog.join();
    QVERIFY2(!unblocked, "the start waited on the FIFO");
    QVERIFY(QFileInfo(path).exists() && !QFileInfo(path).isFile()); // nothing saved over it
    QFile::remove(path);
    isolateSettings(m_dir); // this session's settings had gone to an empty folder
}

QTEST_MAIN(TestWindowSettings)
#include "tst_windowsettings.moc"
