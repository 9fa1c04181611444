#include "ui/runs/devicefield.h"

#include "core/base/utf8.h"
#include "core/lesson/lesson.h"
#include "core/opencl/opencldevices.h"

#include <QGuiApplication>

#include <utility>
#include <vector>

using namespace lessonscope;

namespace {

QString q(const std::string &text) { return QString::fromStdString(text); }

// Each OpenCL device the loader finds, asked once per process (the loader loads every driver the
// first time: tens of milliseconds, and PoCL's compiler).
const std::vector<std::pair<QString, QString>> &openClChoices()
{
    static const std::vector<std::pair<QString, QString>> choices = [] {
        std::vector<std::pair<QString, QString>> list;
        for (const OpenClDeviceInfo &device : listOpenClDevices().devices)
            list.emplace_back(q(device.id()), q(printableText(device.id() + " — " + device.name)));
        return list;
    }();
    return choices;
}

} // namespace

DeviceField::DeviceField(bool realDeviceOnly, QWidget *parent) : QComboBox(parent)
{
    addItem(realDeviceOnly ? tr("the first OpenCL device (this lesson needs a device's own clock)")
                           : tr("stream — the modelled device"),
            QString::fromLatin1(kStreamDevice));
    setToolTip(tr("Where the lesson's work runs: the stream (a worker thread of lessonscope, timed by the "
                  "host's clock) or an OpenCL device, timed by the host and by the device's own clock. "
                  "The devices are looked for when this list is first opened."));
    setAccessibleName(tr("Device"));
}

void DeviceField::listDevices()
{
    if (m_listed)
        return;
    m_listed = true;
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    for (const auto &[id, text] : openClChoices())
        addItem(text, id);
    QGuiApplication::restoreOverrideCursor();
}

void DeviceField::showPopup()
{
    listDevices();
    QComboBox::showPopup();
}
