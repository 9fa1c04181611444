#pragma once

#include "core/base/bytesink.h"

#include <QString>

#include <functional>
#include <string_view>

namespace lessonscope {

// Every file lessonscope writes (artifacts, traces, images, exports) goes through here, so that
// each write has the same guarantees (docs/security.md, "Saving is atomic"):
//  - the file at path is the old one or the complete new one, never a mix: the bytes go to an
//    unnamed temporary file beside it that is synced and then renamed over it;
//  - every write is checked, so a full disk fails the save with the system's reason ("No space
//    left on device") and leaves the old file;
//  - only regular files are written: a folder, a device, a FIFO or a socket at path (or where a
//    symbolic link at path leads) is refused, never replaced by a regular file;
//  - with ExistingFile::Keep, the final step refuses to replace a file, even one that appeared
//    while this one was being written (the new file is linked in place, which fails if the name
//    is taken).
// A symbolic link at path is followed, as QSaveFile does: the file it points at is replaced and
// the link stays.

enum class ExistingFile {
    Replace, // the caller asked, or the command replaces by design
    Keep,    // refuse to replace any file of that name
};

// Produces the file's content through sink and returns true, or returns false to give up (after a
// failed sink, or a failure of its own). It may throw; the write then fails with the exception's text.
using FileWriter = std::function<bool(const ByteSink &sink)>;

// Returns false and sets error (a clause, "No space left on device", without the path) on failure.
bool writeFileAtomically(const QString &path, const FileWriter &writer, QString *error,
                         ExistingFile existing = ExistingFile::Replace);
bool writeFileAtomically(const QString &path, std::string_view bytes, QString *error,
                         ExistingFile existing = ExistingFile::Replace);

// Why nothing may be written at path: a folder, or not a regular file (after following links), or
// the system's reason it cannot be looked at. Empty when path is absent or a regular file.
QString destinationProblem(const QString &path);

// Why a save to path would fail before it is tried: destinationProblem, an empty name, a folder
// that does not exist or is not a folder, or one that no file can be made in (tried, the way the
// save will). Empty when a save may succeed. For the commands that measure or draw first and
// write last (`run -o`), so that no work is done for a file that cannot be written.
QString writableDestinationProblem(const QString &path);

// The message for a name that is taken when ExistingFile::Keep was asked for.
QString existingFileMessage();

} // namespace lessonscope
