#pragma once

#include "core/artifact/artifact.h"
#include "core/artifact/jsonreader.h"
#include "core/artifact/jsonwriter.h"
#include "core/artifact/problem.h"
#include "core/base/atomicfile.h"

#include <QString>

#include <optional>
#include <string>
#include <string_view>

namespace lessonscope {

// What reading gives: the artifact when the bytes are a JSON object (even an invalid one, so that
// whatever can be shown is shown), and every problem found, parse and validation alike.
struct ReadResult {
    std::optional<Artifact> artifact;
    Problems problems;

    bool ok() const { return artifact.has_value() && !hasErrors(problems); }
};

// What checks a parsed document: validateFormat (core/artifact/validation.h), or validateArtifact
// (core/lesson/lessonartifacts.h), which adds the lesson's own checks.
using Validator = Problems (*)(const Json &document);

// Parses and validates. Never throws; never aborts, whatever the bytes. Most callers want
// readArtifact (core/lesson/lessonartifacts.h): these, with the lesson's checks.
ReadResult readDocument(std::string_view bytes, Validator validate, const ReadLimits &limits = {});
// The same on a document parseJson already parsed (what reading a file of another format parses
// once, to tell which format it is).
ReadResult readParsedDocument(JsonParseResult parsed, Validator validate);
// Refuses files over limits.maxBytes before reading them, and anything but a regular file (checked
// on the opened file too, which is opened without blocking: a FIFO swapped in never hangs it).
ReadResult readDocumentFile(const QString &path, Validator validate, const ReadLimits &limits = {});
// A file's bytes, read with the same refusals (a folder, a device, a FIFO, over limits.maxBytes);
// false with the reason, a sentence, in *failure.
bool readFileBytes(const QString &path, const ReadLimits &limits, std::string *bytes, std::string *failure);

// The artifact as lessonscope saves it: 2-space indent, no trailing newline, like the recorded
// artifacts. UTF-8 is written as is. Throws std::invalid_argument for a string that is not valid
// UTF-8 (possible only in a document built in memory; writeArtifactFile reports it as a failure).
std::string serializeArtifact(const Artifact &artifact);
// The same text in pieces (writeJson's sink form), never held whole.
void serializeArtifact(const Artifact &artifact, const JsonSink &sink);

// Writes atomically through writeFileAtomically (core/base/atomicfile.h): the file at path is
// either the old one or the complete new one, never a mix; only a regular file is replaced, and
// with ExistingFile::Keep no file at all. Returns false and fills error ("cannot save PATH: why").
bool writeArtifactFile(const Artifact &artifact, const QString &path, QString *error = nullptr,
                       ExistingFile existing = ExistingFile::Replace);

} // namespace lessonscope
