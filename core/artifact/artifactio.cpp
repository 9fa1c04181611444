#include "core/artifact/artifactio.h"

#include "core/artifact/readerdiagnostics.h"
#include "core/artifact/jsonwriter.h"

#include <nlohmann/json.hpp>

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace lessonscope {

namespace {

const char *const kFolderMessage = "this is a folder, not an artifact file";
const char *const kNotRegularMessage
    = "this is not a regular file (a device, pipe or socket); lessonscope reads artifacts from files";

ReadResult failed(std::string message)
{
    ReadResult result;
    result.problems.push_back(Problem{Severity::Error, std::string(), std::move(message)});
    return result;
}

} // namespace

ReadResult readParsedDocument(JsonParseResult parsed, Validator validate)
{
    try {
        ReadResult result;
        result.problems = std::move(parsed.problems);
        if (!parsed.document)
            return result;
        if (!parsed.document->is_object()) {
            // Not an artifact at all: validation says what the root is instead.
            Problems problems = validate(*parsed.document);
            result.problems.insert(result.problems.end(), problems.begin(), problems.end());
            return result;
        }
        Artifact artifact(std::move(parsed.document)); // shared, never copied
        Problems problems = validate(artifact.json());
        result.problems.insert(result.problems.end(), problems.begin(), problems.end());
        result.artifact = std::move(artifact);
        return result;
    } catch (const std::bad_alloc &) {
        return failed("there is not enough memory to read the document");
    } catch (const std::exception &error) {
        return failed(std::string("the document cannot be read: ") + error.what());
    }
}

ReadResult readDocument(std::string_view bytes, Validator validate, const ReadLimits &limits)
{
    try {
        return readParsedDocument(parseJson(bytes, limits), validate);
    } catch (const std::bad_alloc &) {
        return failed("there is not enough memory to read the document");
    }
}

namespace {

// Opens path for reading without ever blocking, then checks what was opened: the check before the
// open (a folder, a device, a FIFO are refused without opening them) can be outrun by a file
// swapped in between, and a FIFO opened without O_NONBLOCK would wait forever for a writer.
// Returns the descriptor, or -1 with the reason in *failure.
int openRegularFile(const QString &path, struct stat *status, std::string *failure)
{
    const QByteArray name = QFile::encodeName(path);
    if (::stat(name.constData(), status) == 0 && !S_ISREG(status->st_mode)) {
        *failure = S_ISDIR(status->st_mode) ? kFolderMessage : kNotRegularMessage;
        return -1;
    }
    const int fd = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        *failure = "the file cannot be read: " + std::string(std::strerror(errno));
        return -1;
    }
    if (::fstat(fd, status) != 0 || !S_ISREG(status->st_mode)) {
        *failure = S_ISDIR(status->st_mode) ? kFolderMessage : kNotRegularMessage;
        ::close(fd);
        return -1;
    }
    return fd;
}

// The open file, but at most one byte over maxBytes (in case the file grew since it was measured);
// false with the reason in *failure.
bool readAtMost(int fd, std::uint64_t maxBytes, std::string *bytes, std::string *failure)
{
    char buffer[64 * 1024];
    while (bytes->size() <= maxBytes) {
        const std::size_t wanted = std::min<std::uint64_t>(sizeof buffer, maxBytes + 1 - bytes->size());
        const ssize_t got = ::read(fd, buffer, wanted);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            *failure = "the file cannot be read: " + std::string(std::strerror(errno));
            return false;
        }
        if (got == 0)
            return true;
        bytes->append(buffer, static_cast<std::size_t>(got));
    }
    return true;
}

} // namespace

bool readFileBytes(const QString &path, const ReadLimits &limits, std::string *bytes, std::string *failure)
{
    struct stat status { };
    const int fd = openRegularFile(path, &status, failure);
    if (fd < 0)
        return false;
    // Refuse by size before reading a byte, as the limit promises.
    if (static_cast<std::uint64_t>(status.st_size) > limits.maxBytes) {
        ::close(fd);
        *failure = detail::tooLargeMessage("the file", static_cast<std::uint64_t>(status.st_size), limits.maxBytes);
        return false;
    }
    // At most one byte over the limit, in case the file grew since it was measured.
    bytes->clear();
    bytes->reserve(static_cast<std::size_t>(status.st_size));
    const bool read = readAtMost(fd, limits.maxBytes, bytes, failure);
    ::close(fd);
    return read;
}

ReadResult readDocumentFile(const QString &path, Validator validate, const ReadLimits &limits)
{
    try {
        std::string bytes;
        std::string failure;
        if (!readFileBytes(path, limits, &bytes, &failure))
            return failed(failure);
        return readDocument(bytes, validate, limits);
    } catch (const std::bad_alloc &) {
        return failed("there is not enough memory to read the file");
    } catch (const std::exception &error) {
        return failed(std::string("the file cannot be read: ") + error.what());
    }
}

std::string serializeArtifact(const Artifact &artifact)
{
    // Python's json.dumps(indent=2, ensure_ascii=False) layout, which wrote the recorded artifacts:
    // reading and writing one gives back the same bytes (see jsonwriter.h for why not nlohmann's
    // dump). Throws std::invalid_argument for a string that is not UTF-8.
    return writeJson(artifact.json(), JsonWriteOptions{2, false});
}

void serializeArtifact(const Artifact &artifact, const JsonSink &sink)
{
    writeJson(artifact.json(), JsonWriteOptions{2, false}, sink);
}

bool writeArtifactFile(const Artifact &artifact, const QString &path, QString *error, ExistingFile existing)
{
    QString reason;
    std::string text;
    try {
        text = serializeArtifact(artifact);
    } catch (const std::exception &exception) {
        reason = QString::fromUtf8(exception.what());
    }
    if (reason.isEmpty() && writeFileAtomically(path, text, &reason, existing)) {
        if (error)
            error->clear();
        return true;
    }
    if (error)
        *error = QStringLiteral("cannot save %1: %2").arg(path, reason);
    return false;
}

} // namespace lessonscope
