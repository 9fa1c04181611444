#include "ui/common/pngfile.h"

#include "core/base/atomicfile.h"

#include <QBuffer>
#include <QImage>
#include <QImageWriter>

bool writePngFile(const QImage &image, const QString &path, QString *error)
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter encoder(&buffer, "png");
    if (!encoder.write(image)) {
        if (error)
            *error = encoder.errorString();
        return false;
    }
    return lessonscope::writeFileAtomically(
        path, std::string_view(png.constData(), static_cast<std::size_t>(png.size())), error);
}
