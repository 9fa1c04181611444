#pragma once

#include <QStringList>

// lessonscope devices: the stream, always, and each OpenCL device the ICD loader finds.
int devicesCommand(const QStringList &arguments);
