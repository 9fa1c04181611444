#pragma once

#include <QString>
#include <QStringList>

#include <atomic>
#include <vector>

namespace lessonscope {

// The artifact files a folder holds: every file below it, recursively, whose name matches one of
// patterns (*.json unless told), sorted by path so that reports come out in the same order every
// time — unreadable ones too, so that reading them says why. Symbolic links to folders are not
// followed, so a link cycle cannot make the walk endless. Stops early (returning what it found)
// when cancel is set. What else a folder may hold that lessonscope opens (a results file's CSV)
// is core/library's to say: findOpenableFiles.
QStringList findArtifactFiles(const QString &folder, const std::atomic<bool> *cancel = nullptr,
                              const QStringList &patterns = {QStringLiteral("*.json")});

// What a walk could not look into, each with the reason: a folder it may not read, a name that is
// not UTF-8 (Qt cannot name such a file to open it).
struct SkippedPath {
    QString path;
    QString reason;
};
std::vector<SkippedPath> findUnreachablePaths(const QString &folder);

} // namespace lessonscope
