#include "core/artifact/artifactfiles.h"

#include <QDirIterator>
#include <QFileInfo>

#include "core/base/utf8.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <unistd.h>

namespace lessonscope {

QStringList findArtifactFiles(const QString &folder, const std::atomic<bool> *cancel, const QStringList &patterns)
{
    QStringList files;
    QDirIterator it(folder, patterns, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            break;
        const QString path = it.next();
        if (!path.contains(QChar::ReplacementCharacter)) // findUnreachablePaths reports those
            files.append(path);
    }
    std::sort(files.begin(), files.end());
    return files;
}

namespace {

bool isUtf8(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8SequenceLength(text, i);
        if (length == 0)
            return false;
        i += length;
    }
    return true;
}

} // namespace

std::vector<SkippedPath> findUnreachablePaths(const QString &folder)
{
    // Walked by the file system's own bytes: Qt's iterators pass over a name they cannot decode
    // without a word, which is exactly what must be reported here.
    namespace fs = std::filesystem;
    std::vector<SkippedPath> skipped;
    const auto say = [&skipped](const fs::path &path, const char *reason) {
        skipped.push_back({QString::fromStdString(printableText(path.native())), QString::fromLatin1(reason)});
    };
    std::error_code error;
    fs::recursive_directory_iterator it(folder.toStdString(), fs::directory_options::none, error);
    if (error)
        return skipped;
    for (const fs::recursive_directory_iterator end; it != end; it.increment(error)) {
        if (error) { // a folder it may not open: reported, and the walk goes on beside it
            error.clear();
            continue;
        }
        const fs::path &path = it->path();
        if (!isUtf8(path.filename().native())) {
            say(path, "its name is not valid UTF-8, so lessonscope cannot open it by name; rename it");
            if (it->is_directory(error))
                it.disable_recursion_pending();
            continue;
        }
        if (it->is_directory(error) && !it->is_symlink(error) && ::access(path.c_str(), R_OK | X_OK) != 0)
            say(path, "this folder cannot be read (permission denied): the artifacts in it, if any, were not checked");
    }
    std::sort(skipped.begin(), skipped.end(),
              [](const SkippedPath &x, const SkippedPath &y) { return x.path < y.path; });
    return skipped;
}

} // namespace lessonscope
