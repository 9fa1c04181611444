#include "core/library/openedfile.h"

#include "core/artifact/artifactfiles.h"
#include "core/lesson/lessonartifacts.h"
#include "core/peers/peerformats.h"

#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <new>

namespace lessonscope {

namespace {

OpenedFile fromArtifact(ReadResult read)
{
    return OpenedFile{std::move(read.artifact), nullptr, std::move(read.problems)};
}

OpenedFile fromPeer(PeerRead read)
{
    return OpenedFile{std::nullopt, std::move(read.results), std::move(read.problems)};
}

// JSON text begins with an object or an array (after a byte-order mark and white space); a CSV
// never does.
bool looksLikeJson(std::string_view bytes)
{
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF")
        bytes.remove_prefix(3);
    const std::size_t first = bytes.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && (bytes[first] == '{' || bytes[first] == '[');
}

std::string describeOpened(const OpenedFile &file)
{
    if (file.results)
        return std::string("a ") + harnessName(file.results->harness) + " file";
    if (file.artifact)
        return "a lesson artifact of "
            + (file.artifact->lessonId().empty() ? std::string("no lesson") : file.artifact->lessonId());
    return "unreadable";
}

} // namespace

OpenedFile openBytes(std::string_view bytes, const ReadLimits &limits)
{
    try {
        if (!looksLikeJson(bytes) && isGoogleBenchmarkCsv(bytes))
            return fromPeer(readGoogleBenchmarkCsv(bytes));
        JsonParseResult parsed = parseJson(bytes, limits);
        if (parsed.document) {
            if (const auto harness = recognisePeerJson(*parsed.document)) {
                PeerRead read = readPeerJson(*parsed.document, *harness);
                read.problems.insert(read.problems.begin(), parsed.problems.begin(), parsed.problems.end());
                return fromPeer(std::move(read));
            }
        } else if (auto cutShort = readCutShortGoogleBenchmarkJson(bytes, parsed.problems, limits)) {
            return fromPeer(std::move(*cutShort));
        }
        return fromArtifact(readParsedArtifact(std::move(parsed)));
    } catch (const std::bad_alloc &) {
        return OpenedFile{
            std::nullopt, nullptr, {{Severity::Error, {}, "there is not enough memory to read the file"}}};
    }
}

OpenedFile openFile(const QString &path, const ReadLimits &limits, std::string *bytes)
{
    std::string read;
    std::string failure;
    try {
        if (!readFileBytes(path, limits, &read, &failure))
            return OpenedFile{std::nullopt, nullptr, {{Severity::Error, {}, failure}}};
        OpenedFile opened = openBytes(read, limits);
        if (bytes)
            *bytes = std::move(read);
        return opened;
    } catch (const std::bad_alloc &) {
        return OpenedFile{
            std::nullopt, nullptr, {{Severity::Error, {}, "there is not enough memory to read the file"}}};
    }
}

std::string whyNotComparable(const OpenedFile &a, const OpenedFile &b)
{
    // A JSON object that is neither a lesson artifact (no schemaVersion) nor a known results file
    // has nothing to compare: an empty table would read as "no difference".
    for (const auto &[side, file] : {std::pair{"A", &a}, std::pair{"B", &b}}) {
        if (file->artifact && !file->artifact->schemaVersion())
            return std::string(side)
                + " is neither a lesson artifact (it has no schemaVersion) nor the results "
                  "of a harness lessonscope reads";
    }
    const bool same = (a.results && b.results && a.results->harness == b.results->harness)
        || (a.artifact && b.artifact && !a.results && !b.results);
    if (same)
        return {};
    if ((!a.artifact && !a.results) || (!b.artifact && !b.results))
        return "an unreadable file cannot be compared";
    return "A is " + describeOpened(a) + " and B " + describeOpened(b)
        + ": only two lesson artifacts, or two results files of the same harness, measure the same things";
}

QStringList findOpenableFiles(const QString &folder, const std::atomic<bool> *cancel)
{
    QStringList files = findArtifactFiles(folder, cancel, {QStringLiteral("*.json"), QStringLiteral("*.csv")});
    files.removeIf([](const QString &path) {
        if (!path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
            return false;
        // Its context lines and header row come first: the file's beginning says what it is.
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return false; // kept, so that reading it says why it cannot be read
        const QByteArray head = file.read(64 * 1024);
        return !isGoogleBenchmarkCsv(std::string_view(head.constData(), static_cast<std::size_t>(head.size())));
    });
    return files;
}

QStringList expandOpenablePaths(const QStringList &paths)
{
    QStringList expanded;
    for (const QString &path : paths) {
        if (QFileInfo(path).isDir())
            expanded += findOpenableFiles(path);
        else
            expanded.append(path);
    }
    return expanded;
}

} // namespace lessonscope
