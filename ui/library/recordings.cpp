#include "ui/library/recordings.h"

#include "core/lesson/lessonartifacts.h"
#include "ui/library/libraryentry.h"

#include <QFile>
#include <QHash>

#include <nlohmann/json.hpp>

using namespace lessonscope;

namespace recordings {

QString pathOf(const std::string &lessonId)
{
    return QStringLiteral(":/lessonscope/recorded/%1.recorded.json").arg(QString::fromStdString(lessonId));
}

std::optional<LibraryEntry> entryOf(const std::string &lessonId)
{
    QFile file(pathOf(lessonId));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt; // a lesson without a recording opens once it is run
    const QByteArray bytes = file.readAll();
    ReadResult result = readArtifact(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    LibraryEntry entry;
    entry.origin = LibraryEntry::Origin::Bundled;
    entry.path = file.fileName();
    entry.artifact = std::move(result.artifact);
    entry.problems = std::move(result.problems);
    return entry;
}

bool isRecording(const LibraryEntry &entry)
{
    if (entry.origin == LibraryEntry::Origin::Bundled)
        return true;
    if (!entry.artifact || entry.origin == LibraryEntry::Origin::Run)
        return false;
    // The resources never change while the program runs: each lesson's recording is read once.
    static QHash<QString, std::optional<Artifact>> known;
    const QString lessonId = QString::fromStdString(entry.artifact->lessonId());
    auto it = known.find(lessonId);
    if (it == known.end()) {
        std::optional<LibraryEntry> recording = entryOf(entry.artifact->lessonId());
        it = known.insert(lessonId, recording ? recording->artifact : std::nullopt);
    }
    const std::optional<Artifact> &recording = *it;
    // The cheap keys first: a folder of 10,000 other runs compares no document.
    return recording && recording->contentHash() == entry.artifact->contentHash()
        && recording->generatedAt() == entry.artifact->generatedAt() && recording->json() == entry.artifact->json();
}

} // namespace recordings
