#include "core/artifact/artifactfiles.h"

#include <QDirIterator>
#include <QFileInfo>

#include <algorithm>

namespace lessonscope {

QStringList findArtifactFiles(const QString &folder, const std::atomic<bool> *cancel)
{
    QStringList files;
    QDirIterator it(folder, {QStringLiteral("*.json")}, QDir::Files | QDir::Readable | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            break;
        files.append(it.next());
    }
    std::sort(files.begin(), files.end());
    return files;
}

QStringList expandArtifactPaths(const QStringList &paths)
{
    QStringList expanded;
    for (const QString &path : paths) {
        if (QFileInfo(path).isDir())
            expanded += findArtifactFiles(path);
        else
            expanded.append(path);
    }
    return expanded;
}

} // namespace lessonscope
