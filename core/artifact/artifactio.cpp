#include "core/artifact/artifactio.h"

#include "core/artifact/readerdiagnostics.h"
#include "core/artifact/jsonwriter.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <new>

namespace lessonscope {

namespace {

ReadResult failed(std::string message)
{
    ReadResult result;
    result.problems.push_back(Problem{Severity::Error, std::string(), std::move(message)});
    return result;
}

} // namespace

ReadResult readDocument(std::string_view bytes, Validator validate, const ReadLimits &limits)
{
    try {
        JsonParseResult parsed = parseJson(bytes, limits);
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
        Artifact artifact(*parsed.document);
        parsed.document.reset(); // the artifact holds its own copy; free the parsed one early
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

ReadResult readDocumentFile(const QString &path, Validator validate, const ReadLimits &limits)
{
    try {
        const QFileInfo info(path);
        if (!info.exists()) {
            QFile missing(path); // let the OS say why ("No such file or directory", a broken link)
            missing.open(QIODevice::ReadOnly);
            return failed("the file cannot be read: " + missing.errorString().toStdString());
        }
        if (info.isDir())
            return failed("this is a folder, not an artifact file");
        if (!info.isFile())
            return failed("this is not a regular file (a device, pipe or socket); lessonscope reads "
                          "artifacts from files");
        // Refuse by size before reading a byte, as the limit promises.
        if (static_cast<std::uint64_t>(info.size()) > limits.maxBytes)
            return failed(detail::tooLargeMessage("the file", static_cast<std::uint64_t>(info.size()),
                                                  limits.maxBytes));
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return failed("the file cannot be read: " + file.errorString().toStdString());
        // At most one byte over the limit, in case the file grew since it was measured.
        const QByteArray bytes = file.read(static_cast<qint64>(limits.maxBytes) + 1);
        if (file.error() != QFileDevice::NoError)
            return failed("the file cannot be read: " + file.errorString().toStdString());
        return readDocument(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                            validate, limits);
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
    JsonWriteOptions options;
    options.indent = 2;
    return writeJson(artifact.json(), options);
}

bool writeArtifactFile(const Artifact &artifact, const QString &path, QString *error)
{
    const auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    std::string text;
    try {
        text = serializeArtifact(artifact);
    } catch (const std::exception &exception) {
        return fail(QStringLiteral("cannot save %1: %2").arg(path, QString::fromUtf8(exception.what())));
    }
    // QSaveFile writes a temporary file beside the target and renames it over the target only
    // when everything was written: a failure at any point leaves the old file as it was.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(QStringLiteral("cannot save %1: %2").arg(path, file.errorString()));
    // Qt 6.4's commit() renames even when its final flush wrote only part of the data (a full
    // disk, a file-size limit): flush first and give up on any shortfall, so the rename happens
    // only for a complete file. The destructor then removes the temporary file.
    if (file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size())
        || !file.flush()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return fail(QStringLiteral("cannot save %1: not all of it could be written (%2)").arg(path, reason));
    }
    if (!file.commit())
        return fail(QStringLiteral("cannot save %1: %2").arg(path, file.errorString()));
    if (error)
        error->clear();
    return true;
}

} // namespace lessonscope
