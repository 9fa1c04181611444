// The explorer starts whatever its settings file holds: what it restores (the window's layout
// and geometry, the library's columns) comes from a file anyone can damage, and Qt's restoreState()
// crashes on some damaged layouts (Qt 6.4). Each case writes damaged settings and opens the window.
#include "explorertesting.h"
#include "ui/window/mainwindow.h"
#include "ui/window/savecontroller.h"

#include <QCryptographicHash>
#include <QDockWidget>
#include <QScreen>
#include <QRandomGenerator>
#include <QSettings>
#include <QTest>

using namespace explorertesting;

namespace {

const QString kState = QStringLiteral("mainWindow/state");

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
        QVERIFY(window.close());
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.findChildren<QDockWidget *>().constFirst()->isHidden(), "a saved layout was not restored");
    window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
}

void TestWindowSettings::offScreenGeometryComesBackOnScreen()
{
    // Geometries saved at 1× on a larger screen, restored on this one at 2× (half as many
    // logical pixels): past the right and bottom edges, past the left and top ones, and larger
    // than the screen.
    for (const QRect &saved : {QRect(1900, 1100, 1320, 860), QRect(-3000, -2000, 900, 700), QRect(40, 30, 2520, 1560)}) {
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
                                .arg(saved.x()).arg(saved.y()).arg(saved.width()).arg(saved.height())
                                .arg(restored.x()).arg(restored.y()).arg(restored.width()).arg(restored.height())
                                .arg(available.width()).arg(available.height())));
        // What fitted was kept: a window that fits is not made smaller.
        if (saved.width() <= available.width() && saved.height() <= available.height() - 40)
            QCOMPARE(window.size(), saved.size());
        window.saveController()->setAskUnsaved([](int) { return SaveController::UnsavedChoice::Discard; });
    }
}

QTEST_MAIN(TestWindowSettings)
#include "tst_windowsettings.moc"
