// lessonscope devices, run as a user would: the stream always, each OpenCL device the ICD loader
// finds, and "no OpenCL device" said plainly where there is none (a loader with no vendors file,
// or a build without OpenCL).
#include "core/opencl/opencldevices.h"
#include "coretesting.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace lessonscope;

namespace {

coretesting::Outcome runDevices(const QStringList &arguments, const QProcessEnvironment &environment)
{
    return coretesting::runLessonscope(QStringList{QStringLiteral("devices")} + arguments, environment);
}

} // namespace

class TestDevicesCommand : public QObject
{
    Q_OBJECT

private slots:
    void aLoaderWithNoVendorsFindsNoDevice()
    {
        QTemporaryDir emptyVendors;
        QVERIFY(emptyVendors.isValid());
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("OCL_ICD_VENDORS"), emptyVendors.path());
        const coretesting::Outcome outcome = runDevices({}, environment);
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY2(outcome.out.startsWith(QStringLiteral("stream ")), qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains(QStringLiteral("no OpenCL device")), qPrintable(outcome.out));
        QVERIFY(!outcome.out.contains(QStringLiteral("opencl:0")));
        if (openClBuiltIn())
            QVERIFY2(outcome.out.contains(QStringLiteral("found no vendor driver")), qPrintable(outcome.out));
        else
            QVERIFY2(outcome.out.contains(QStringLiteral("built without OpenCL")), qPrintable(outcome.out));
        QCOMPARE(outcome.err, QString());
    }

    // A lesson asked to run on a device the loader does not have fails before measuring, says
    // why, and writes nothing; on the stream it runs as ever.
    void aRunOnADeviceThatIsNotThereSaysWhy()
    {
        QTemporaryDir emptyVendors;
        QVERIFY(emptyVendors.isValid());
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("OCL_ICD_VENDORS"), emptyVendors.path());
        const QString missing = emptyVendors.filePath(QStringLiteral("device.json"));
        const coretesting::Outcome onDevice = coretesting::runLessonscope(
            {QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("--device"),
             QStringLiteral("opencl:0"), QStringLiteral("-o"), missing},
            environment);
        QCOMPARE(onDevice.exitCode, 1);
        QVERIFY2(onDevice.err.contains(openClBuiltIn() ? QStringLiteral("there is no OpenCL device opencl:0")
                                                       : QStringLiteral("built without OpenCL")),
                 qPrintable(onDevice.err));
        QVERIFY(!QFile::exists(missing));
        const QString stream = emptyVendors.filePath(QStringLiteral("stream.json"));
        const coretesting::Outcome onStream = coretesting::runLessonscope(
            {QStringLiteral("run"), QStringLiteral("performance-01"), QStringLiteral("--samples"), QStringLiteral("3"),
             QStringLiteral("-o"), stream},
            environment);
        QVERIFY2(onStream.out.contains(QStringLiteral("wrote ")), qPrintable(onStream.err));
        QVERIFY(QFile::exists(stream));
    }

    // scripts/setup.sh installs PoCL: where it is installed, a build with OpenCL must list it, so
    // that the device tests' skips (no device) cannot hide a broken loader.
    void listsPoclWhereItIsInstalled()
    {
        if (!openClBuiltIn())
            QSKIP("this lessonscope was built without OpenCL");
        // Where the loader looks: the folder OCL_ICD_VENDORS names, else /etc/OpenCL/vendors.
        const QString vendors = qEnvironmentVariable("OCL_ICD_VENDORS", QStringLiteral("/etc/OpenCL/vendors"));
        if (!QFile::exists(vendors + QStringLiteral("/pocl.icd")))
            QSKIP("PoCL is not installed (pocl-opencl-icd; scripts/setup.sh installs it)");
        const coretesting::Outcome outcome = runDevices({}, QProcessEnvironment::systemEnvironment());
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY2(outcome.out.startsWith(QStringLiteral("stream ")), qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains(QStringLiteral("\nopencl:0 ")), qPrintable(outcome.out));
        QVERIFY(outcome.out.contains(QStringLiteral("Portable Computing Language")));
        for (const char *field : {"platform", "driver version", "OpenCL version", "float64", "profiling timer", "type"})
            QVERIFY2(outcome.out.contains(QLatin1String(field)), field);
        QVERIFY(!outcome.out.contains(QStringLiteral("no OpenCL device")));
        // What the command lists is what the core lists.
        const OpenClDeviceList list = listOpenClDevices();
        QVERIFY(!list.devices.empty());
        QVERIFY(outcome.out.contains(QString::fromStdString(list.devices.front().driverVersion)));
    }

    void refusesWhatItDoesNotTake()
    {
        const coretesting::Outcome outcome
            = runDevices({QStringLiteral("extra")}, QProcessEnvironment::systemEnvironment());
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY(outcome.err.contains(QStringLiteral("devices")));
        QCOMPARE(runDevices({QStringLiteral("--help")}, QProcessEnvironment::systemEnvironment()).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestDevicesCommand)
#include "tst_devicescommand.moc"
