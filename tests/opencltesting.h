#pragma once

// What the OpenCL tests share: the first device or a skip that says why there is none (where PoCL
// is installed tst_devicescommand fails instead, so a skip cannot hide a broken loader).

#include "core/opencl/opencldevices.h"
#include "core/opencl/openclsession.h"

#include <QTest>

#include <memory>

namespace opencltesting {

// Returns nullptr after QSKIP's message when this machine has no OpenCL device.
inline std::unique_ptr<lessonscope::OpenClSession> openFirstDevice()
{
    const lessonscope::OpenClDeviceList list = lessonscope::listOpenClDevices();
    if (list.devices.empty())
        return nullptr;
    return std::make_unique<lessonscope::OpenClSession>(0);
}

#define OPENCL_SESSION_OR_SKIP(session)                                                                                \
    auto session = opencltesting::openFirstDevice();                                                                   \
    if (!session)                                                                                                      \
        QSKIP(qPrintable(QStringLiteral("no OpenCL device: ")                                                          \
                         + QString::fromStdString(lessonscope::listOpenClDevices().problem)));

} // namespace opencltesting
