#pragma once

// The one place that decides what a file is: a lesson artifact, or the results of another harness
// (Google Benchmark JSON or CSV, hyperfine, pyperf, nanobench: core/peers/peerformats.h). The
// library's loader, `validate`, `show`, `render`, `compare` and the explorer all open files
// here, so every format reaches every entry point the same way. A lesson artifact is read
// exactly as readArtifact reads it; a results file is read as it is and never rewritten.

#include "core/artifact/artifactio.h"
#include "core/peers/resultsfile.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>
#include <string_view>

namespace lessonscope {

struct OpenedFile {
    std::optional<Artifact> artifact;           // a lesson artifact (or any other JSON object)
    std::shared_ptr<const ResultsFile> results; // the results of another harness
    Problems problems;

    bool ok() const { return (artifact || results) && !hasErrors(problems); }
    bool isResults() const { return results != nullptr; }
};

OpenedFile openBytes(std::string_view bytes, const ReadLimits &limits = {});
// Refuses what readArtifactFile refuses (folders, devices, FIFOs, files over the size limit).
// bytes, when given, receives what was read: `show --json` prints a results file as it is.
OpenedFile openFile(const QString &path, const ReadLimits &limits = {}, std::string *bytes = nullptr);

// What lessonscope opens in a folder, recursively and sorted by path: every *.json (an artifact,
// or a harness's JSON results), and each *.csv that is a Google Benchmark CSV — a folder of runs
// also holds the panels' own CSV exports, which are not results and are left out. Stops early when
// cancel is set.
QStringList findOpenableFiles(const QString &folder, const std::atomic<bool> *cancel = nullptr);
// A path as given: a folder expands to its openable files, anything else stays as it is (a file is
// read whatever its extension, and a missing path is reported when it is read).
QStringList expandOpenablePaths(const QStringList &paths);

// Whether two opened files can be compared, and if not why, in one sentence ("A is a Google
// Benchmark file and B a lesson artifact of LESSON: …"); empty when they can.
std::string whyNotComparable(const OpenedFile &a, const OpenedFile &b);

} // namespace lessonscope
