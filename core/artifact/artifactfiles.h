#pragma once

#include <QString>
#include <QStringList>

#include <atomic>

namespace lessonscope {

// The artifact files a folder holds: every *.json below it, recursively, sorted by path so that
// reports come out in the same order every time. Symbolic links to folders are not followed, so a
// link cycle cannot make the walk endless. Stops early (returning what it found) when cancel is set.
QStringList findArtifactFiles(const QString &folder, const std::atomic<bool> *cancel = nullptr);

// A path as given: a folder expands to its artifact files, anything else stays as it is (a file is
// read whatever its extension, and a missing path is reported when it is read).
QStringList expandArtifactPaths(const QStringList &paths);

} // namespace lessonscope
