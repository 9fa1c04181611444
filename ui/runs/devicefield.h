#pragma once

#include <QComboBox>

// The run panel's Device field: the stream, then the OpenCL devices this machine has, listed
// when the learner first opens the list or a device is chosen for them. Listing loads every
// OpenCL driver into the process (PoCL and its LLVM: about 60 MiB resident, and its threads), a
// cost a learner who never runs on a device should not pay when the explorer starts.
class DeviceField : public QComboBox
{
    Q_OBJECT

public:
    // realDeviceOnly: the lesson runs on a real device only, and its first choice is the first
    // OpenCL device, not the stream (Lesson::needsRealDevice).
    explicit DeviceField(bool realDeviceOnly, QWidget *parent = nullptr);

    // Adds the devices to this field, once; the loader is asked once per process.
    void listDevices();
    bool devicesListed() const { return m_listed; }
    void showPopup() override;

private:
    bool m_listed = false;
};
