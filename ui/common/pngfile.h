#pragma once

#include <QString>

class QImage;

// Every PNG lessonscope writes (a chart exported, `lessonscope render`) is encoded here, in
// memory, then written through the one atomic path (core/base/atomicfile.h): a full disk leaves
// the old image whole, where QImageWriter would leave a truncated one in its place. Returns false
// and sets error (the encoder's or the system's reason) on failure.
bool writePngFile(const QImage &image, const QString &path, QString *error);
