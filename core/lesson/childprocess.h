#pragma once

// Fresh processes for a lesson that must measure what happens once per process (the first call):
// the parent's run() starts "lessonscope measure-child LESSON ARGS…" one child at a time, and each
// child measures in a process of its own (Lesson::measureInChild) and prints one JSON object.

#include "core/base/jsonfwd.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <string>

namespace lessonscope {

class RunObserver;

// The environment variable naming the lessonscope executable to start (tests set it to the build's).
inline constexpr const char *kProgramEnvironmentVariable = "LESSONSCOPE_PROGRAM";
// The hidden subcommand a child runs.
inline constexpr const char *kMeasureChildCommand = "measure-child";

// LESSONSCOPE_PROGRAM when set, else this very executable.
QString lessonscopeProgram();

struct ChildResult {
    std::shared_ptr<const Json> output; // the child's JSON stdout; null when it failed
    std::int64_t processId = 0;         // the operating system's id of the child
    bool cancelled = false;             // the observer asked to stop while the child ran
    std::string error;                  // why there is no output, in one sentence
};

// Starts lessonscopeProgram() measure-child lessonId arguments…, waits for it (stopping it when
// observer.isCancelled() turns true) and reads its stdout as one JSON object. Never throws.
ChildResult runMeasuringChild(const std::string &lessonId, const QStringList &arguments,
                              const RunObserver &observer);

} // namespace lessonscope
