#include "core/base/units.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace lessonscope;

class TestUnits : public QObject
{
    Q_OBJECT

private slots:
    void formatDuration_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("expected");

        QTest::newRow("zero") << 0.0 << QStringLiteral("0 s");
        QTest::newRow("sub-nanosecond") << 0.4e-9 << QStringLiteral("0.40 ns");
        QTest::newRow("nanoseconds") << 640e-9 << QStringLiteral("640 ns");
        QTest::newRow("rounds up into µs") << 999.96e-9 << QStringLiteral("1.00 µs");
        QTest::newRow("seed warm median") << 8.500181138515472e-06 << QStringLiteral("8.50 µs");
        QTest::newRow("seed first warm") << 3.833277150988579e-05 << QStringLiteral("38.3 µs");
        QTest::newRow("seed first call") << 0.029204250313341618 << QStringLiteral("29.2 ms");
        QTest::newRow("hundreds of ms") << 0.1234 << QStringLiteral("123 ms");
        QTest::newRow("seconds") << 1.2 << QStringLiteral("1.20 s");
        QTest::newRow("long") << 4321.0 << QStringLiteral("4321 s");
        QTest::newRow("negative keeps sign") << -2.5e-6 << QStringLiteral("-2.50 µs");
        QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN() << QStringLiteral("n/a");
    }

    void formatDuration()
    {
        QFETCH(double, seconds);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(lessonscope::formatDuration(seconds)), expected);
    }

    void unitChoice()
    {
        QCOMPARE(QString::fromUtf8(durationUnitFor(8.5e-6).symbol), QString::fromUtf8("µs"));
        QCOMPARE(durationUnitFor(8.5e-6).secondsPerUnit, 1e-6);
        QCOMPARE(QString::fromLatin1(durationUnitFor(0.02).symbol), QStringLiteral("ms"));
        QCOMPARE(QString::fromLatin1(durationUnitFor(3e-9).symbol), QStringLiteral("ns"));
        QCOMPARE(QString::fromLatin1(durationUnitFor(12).symbol), QStringLiteral("s"));
    }

    void ratios_data()
    {
        QTest::addColumn<double>("ratio");
        QTest::addColumn<QString>("expected");
        QTest::newRow("thousands") << 1530.4 << QStringLiteral("1,530×");
        QTest::newRow("millions") << 3935537.2 << QStringLiteral("3,935,537×");
        QTest::newRow("hundred") << 99.6 << QStringLiteral("100×");
        QTest::newRow("tens") << 46.53 << QStringLiteral("46.5×");
        QTest::newRow("units") << 1.4236 << QStringLiteral("1.42×");
        QTest::newRow("below one") << 0.5123 << QStringLiteral("0.51×");
        QTest::newRow("tiny") << 2.54e-07 << QStringLiteral("0.00000025×");
        QTest::newRow("nan") << std::nan("") << QStringLiteral("n/a");
        QTest::newRow("astronomical") << 1e308 << QString::fromUtf8("1.00 × 10³⁰⁸×");
        // Not twenty zeros ("0.00000000000000000000×") but the power of ten (issue 19).
        QTest::newRow("beyond twenty decimals") << 1e-30 << QString::fromUtf8("1.00 × 10⁻³⁰×");
        QTest::newRow("a denormal") << 4.9406564584124654e-324 << QString::fromUtf8("4.94 × 10⁻³²⁴×");
    }

    void ratios()
    {
        QFETCH(double, ratio);
        QFETCH(QString, expected);
        const QString text = QString::fromStdString(lessonscope::formatRatio(ratio));
        QCOMPARE(text, expected);
        QVERIFY(!text.contains(QLatin1Char('e'))); // never an exponent
    }

    void hugeDurationsKeepTheirUnit()
    {
        // A hostile file's 1e308 s reads as a number of seconds, not 309 digits cut off.
        QCOMPARE(QString::fromStdString(lessonscope::formatDuration(1e308)), QString::fromUtf8("1.00 × 10³⁰⁸ s"));
        QCOMPARE(QString::fromStdString(lessonscope::formatDuration(86400)), QString::fromUtf8("86400 s"));
        // ... and a denormal's 5 × 10⁻³²⁴ s is not "0.00 ns".
        QCOMPARE(QString::fromStdString(lessonscope::formatDuration(4.9406564584124654e-324)),
                 QString::fromUtf8("4.94 × 10⁻³²⁴ s"));
    }

    void numbers_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("error") << 2.384185791015625e-07 << QString::fromUtf8("2.38 × 10⁻⁷");
        QTest::newRow("rounds up a power") << 9.996e-07 << QString::fromUtf8("1.00 × 10⁻⁶");
        QTest::newRow("large") << 1.2e9 << QString::fromUtf8("1.20 × 10⁹");
        QTest::newRow("plain") << 0.01534 << QStringLiteral("0.0153");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0");
        QTest::newRow("thousands") << 1818.0 << QStringLiteral("1818");
        // A denormal read "inf × 10⁻³²³": 10⁻³²⁴ is 0 as a double (issue 19).
        QTest::newRow("a denormal") << 4.9406564584124654e-324 << QString::fromUtf8("4.94 × 10⁻³²⁴");
        QTest::newRow("the largest double") << 1.7976931348623157e308 << QString::fromUtf8("1.80 × 10³⁰⁸");
        QTest::newRow("negative") << -2.5e-8 << QString::fromUtf8("-2.50 × 10⁻⁸");
    }

    void numbers()
    {
        QFETCH(double, value);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(lessonscope::formatNumber(value)), expected);
    }

    void shapes()
    {
        QCOMPARE(QString::fromStdString(formatShape({64, 32})), QString::fromUtf8("64×32"));
        QCOMPARE(QString::fromStdString(formatShape({})), QString());
    }
};

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
