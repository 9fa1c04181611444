// The explorer starts whatever its settings file holds: what it restores (the window's layout
// and geometry, the library's columns) comes from a file anyone can damage, and Qt's restoreState()
// crashes on some damaged layouts (Qt 6.4). Each case writes damaged settings and opens the window.
#include "explorertesting.h"
#include "ui/window/mainwindow.h"
#include "ui/window/savecontroller.h"

#include <QDockWidget>
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

private slots:
    void initTestCase() { isolateSettings(m_dir); }
    void init() { QSettings().clear(); }
    void everyDamagedByteOfTheLayoutIsSurvived();
    void wrongTypesAreIgnored();
    void garbageFileIsSurvived();
    void goodLayoutIsStillRestored();

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

QTEST_MAIN(TestWindowSettings)
#include "tst_windowsettings.moc"
