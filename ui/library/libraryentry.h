#pragma once

#include "core/artifact/artifact.h"
#include "core/artifact/problem.h"
#include "core/peers/resultsfile.h"

#include <QDateTime>
#include <QString>

#include <memory>
#include <optional>

// One row of the library: an artifact as opened (from a file, the bundled resource, or a run made
// in this session), or another harness's results file (core/library/openedfile.h), with what
// validation said about it. Plain data; the LibraryModel owns them.
struct LibraryEntry {
    enum class Origin {
        File,    // opened from a file; its content is someone's recorded artifact
        Bundled, // the recorded lesson compiled into the program (read-only)
        Run,     // made on this machine in this session; unsaved until written
    };

    int id = 0; // unique for the life of the library, assigned by LibraryModel
    Origin origin = Origin::File;
    QString path; // the file it was read from or last saved to; empty for an unsaved run
    std::optional<lessonscope::Artifact> artifact; // absent when the bytes are not a JSON object
    // A results file of Google Benchmark, hyperfine, pyperf or nanobench: shown, never saved.
    std::shared_ptr<const lessonscope::ResultsFile> results;
    lessonscope::Problems problems;
    QDateTime modified; // the file's modification time when it was read
    bool unsaved = false;
    bool cancelled = false; // a run cancelled part-way: the calls measured before the cancel
    int runNumber = 0;      // a run of this session: 1, 2, … in the order they were made; 0 otherwise
    QString answer;         // the prediction answer (✓/✗); filled by LibraryAnswers
    // The key figure gives the lesson's answer away and the learner has not predicted yet (nor
    // asked to see the results): the row does not show it. Set by LibraryAnswers.
    bool keyFigureHidden = false;

    bool hasErrors() const { return lessonscope::hasErrors(problems) || (!artifact && !results); }
    // "seed.json", "<lesson>.recorded.json (bundled)", "unsaved run 2", "unsaved run 3 (cancelled)"
    QString displayName() const;
    // "valid", "2 warnings", "3 errors"
    QString statusText() const;
    // Who made it, for comparison legends: "recorded — jax 0.9.2", "this machine — eigen 3.4.0"
    // (a run of this session, or a lessonscope artifact whose CPU is this one's), "another
    // machine — eigen 3.4.0" (a lessonscope artifact from elsewhere).
    QString originLabel() const;
    // The artifact as the learner knows it, beside an answer given on it: "the recorded run",
    // "your run of 11:13:30", else the file's name.
    QString learnerName() const;
};
