#pragma once

#include "core/artifact/problem.h"

#include <QString>

#include <optional>
#include <string>

namespace lessonscope {
class Artifact;
}
struct LibraryEntry;

// The course's recorded lessons compiled into the program (resources/recorded/, one
// <lessonId>.recorded.json per lesson).
namespace recordings {

// The resource path of a lesson's recording.
QString pathOf(const std::string &lessonId);
// The lesson's recording as a library entry (Origin::Bundled); nothing when this build has none.
std::optional<LibraryEntry> entryOf(const std::string &lessonId);
// Whether an entry is a lesson's recording: the bundled one, or a file with the same content (a
// copy of it in a folder of artifacts). Read once per lesson.
bool isRecording(const LibraryEntry &entry);

} // namespace recordings
