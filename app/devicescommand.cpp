#include "devicescommand.h"

#include "commandline.h"
#include "core/opencl/opencldevices.h"

#include <QCommandLineParser>

using namespace lessonscope;

namespace {

QString text(const std::string &driverText) { return printable(QString::fromStdString(driverText)); }

QString field(const char *name, const QString &value)
{
    return QStringLiteral("           %1%2\n").arg(QLatin1String(name), -18).arg(value);
}

QString describeDevice(const OpenClDeviceInfo &device)
{
    QString out = QStringLiteral("%1%2\n").arg(QString::fromStdString(device.id()), -11).arg(text(device.name));
    out += field("type",
                 QStringLiteral("%1, %2 compute units%3")
                     .arg(text(device.type))
                     .arg(device.computeUnits)
                     .arg(device.available ? QString() : QStringLiteral(", not available now")));
    out += field("platform",
                 QStringLiteral("%1 (%2), %3")
                     .arg(text(device.platformName), text(device.platformVendor), text(device.platformVersion)));
    out += field("vendor", text(device.vendor));
    out += field("driver version", text(device.driverVersion));
    out += field("OpenCL version",
                 QStringLiteral("%1.%2 (%3); kernels in %4")
                     .arg(device.versionMajor)
                     .arg(device.versionMinor)
                     .arg(text(device.version), text(device.openClCVersion)));
    // What a run there does, as it does it: a float64 kernel is refused as the run opens it, before
    // anything is timed; a lesson comparing the two types has no float32-only form, nothing to compare.
    out += field("float64",
                 device.fp64 ? QStringLiteral("yes (cl_khr_fp64)")
                             : QStringLiteral("no (no cl_khr_fp64: a float64 run, or one comparing float64 with "
                                              "float32, refuses and says why; float32 runs)"));
    out += field("profiling timer", QStringLiteral("%1 ns resolution").arg(device.profilingTimerResolutionNs));
    out += field("memory",
                 device.hostUnifiedMemory ? QStringLiteral("the host's (CL_DEVICE_HOST_UNIFIED_MEMORY)")
                                          : QStringLiteral("its own: placement copies across a bus"));
    if (!device.compilerAvailable)
        out += field("compiler", QStringLiteral("none: it cannot build the product's kernel"));
    return out;
}

} // namespace

int devicesCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "List the devices a lesson can run on: the stream, always, and each OpenCL device the ICD loader finds."));
    if (const int exitCode = parseSubcommand(parser, QStringLiteral("devices"), arguments); exitCode >= 0)
        return exitCode;
    if (!parser.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("lessonscope devices: takes no argument (%1)\nTry 'lessonscope devices --help'.\n")
                     .arg(printable(parser.positionalArguments().join(QLatin1Char(' ')))));
        return 2;
    }

    QString out
        = QStringLiteral("stream     the modelled device, the default: a worker thread of lessonscope that the host\n"
                         "           dispatches to and waits for, timed by the host's clock\n\n");
    const OpenClDeviceList list = listOpenClDevices();
    if (list.devices.empty())
        out += QStringLiteral("opencl     no OpenCL device: %1\n").arg(text(list.problem));
    for (const OpenClDeviceInfo &device : list.devices)
        out += describeDevice(device) + QLatin1Char('\n');
    if (!list.devices.empty() && !list.problem.empty())
        out += QStringLiteral("note: %1\n").arg(text(list.problem));
    printOut(out);
    return 0;
}
